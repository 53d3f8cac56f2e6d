import { type ChargeLine, type CheckedContainer, type OrderType, type PayerRow, portDayKey } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { orderCharges, orderContainers, orderFiles, orders } from '../../db/schema';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';
import type { LiveHolder, YardVisit } from './order-checks';
import { orderNoOf, pinOf } from './order-numbers';

export interface SavedOrderRow {
  OrderNo: string;
  PinCode: string;
  TotalAmount: number;
  MoneyCredit: string;
  OrderStatus: string;
  /** Saved containers of job mode TRAR (the payment's bill-of-lading warning). */
  TrarCount: number;
}

/** An order saved under a ClientKey, with the fingerprint of the draft that saved it (null for orders saved before it). */
export interface KeyedOrderRow extends SavedOrderRow {
  DraftHash: string | null;
}

/** A save's outcome: saved; the same ClientKey saved before; a container another live order took meanwhile. */
export type InsertOutcome =
  | { kind: 'saved'; order: SavedOrderRow }
  | { kind: 'duplicate' }
  | { kind: 'taken'; ContainerNo: string; pin: string; CustomerCode: string }
  | { kind: 'edoGone'; EdoNo: string }
  | { kind: 'bookingFull'; BookingNo: string; IsoSizetype: string };

/** What a booking allows an order (empty pickup or export drop-off): counted again when the order is saved. */
export interface BookingLimit {
  BookingNo: string;
  OperationCode: string;
  kind: 'empty_pickup' | 'fcl_pre_advice';
  /** Booked boxes per ISO size type. */
  quantities: Record<string, number>;
}

export interface NewOrder {
  OrderType: OrderType;
  TerminalCode: string;
  CustomerCode: string;
  JobModeCode: string;
  MoneyCredit: string;
  OperationCode: string;
  VesselKey: string | null;
  BookingNo: string | null;
  BLNo: string | null;
  /** The depot of an empty pickup / empty return (checked against the terminal's 'Danh mục depot'), else null. */
  DepotCode?: string | null;
  ShipperName: string | null;
  Note: string | null;
  ExpDate: Date;
  CreatedBy: string;
  ClientKey: string | null;
  /** Fingerprint of the draft saved under ClientKey: a reused key with another draft is refused. */
  DraftHash: string | null;
  Amount: number;
  VatAmount: number;
  TotalAmount: number;
  PricedAt: Date;
  /** 1 import, 2 export (the classes catalogue) for the containers, or null. */
  ClassCode: number | null;
  /** An import pickup of a line not on eDO: staff check its paper D/O (it always waits for them). */
  PaperDo: boolean;
  /** The booking it is made against (empty pickups, export drop-offs), counted again under the save's lock. */
  booking: BookingLimit | null;
  containers: CheckedContainer[];
  lines: ChargeLine[];
  /**
   * An extension (gia hạn) of this order: its containers are that order's, so neither it nor its other extensions count
   * as another live order holding them.
   */
  ExtendsOrderNo?: string | null;
}

/** An active depot of a terminal and its own lift charge (VND per container, before VAT). */
export interface DepotFact {
  DepotCode: string;
  DepotName: string;
  Address: string | null;
  LiftCharge: number;
}

/** The row the confirmation and the detail read. */
export interface OrderRecord {
  OrderNo: string;
  PinCode: string;
  OrderType: string | null;
  TerminalCode: string;
  JobModeCode: string;
  JobModeName: string | null;
  OperationCode: string | null;
  VesselKey: string | null;
  VesselName: string | null;
  VesselImVoy: string | null;
  VesselExVoy: string | null;
  BLNo: string | null;
  BookingNo: string | null;
  DepotCode: string | null;
  DepotName: string | null;
  ExpDate: Date | null;
  CustomerCode: string;
  CustomerName: string | null;
  TaxCode: string | null;
  MoneyCredit: string;
  OrderStatus: string;
  TransactionId: string | null;
  TotalAmount: number;
  RejectReason: string | null;
  ApprovedBy: string | null;
  ApprovedTime: Date | null;
  TosStatus: string;
  TosMessage: string | null;
  InvoiceNo: string | null;
  /** A paid or credit order approved with an amount to bill: its invoice is expected. */
  InvoiceFailed: boolean;
  TosRetrying: boolean;
  CreatedTime: Date;
  /** Every container out of the gate (HT). */
  CompletedAt: Date | null;
  ExtendsOrderNo: string | null;
}

const five = () => Math.floor(Math.random() * 100_000);
const two = () => 1 + Math.floor(Math.random() * 99);

/** SQL of order creation: what the checks read, the one-transaction save, the detail. */
export function createOrderCreateRepository(db: Db) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));

  return {
    async operator(code: string) {
      const [r] = await rows<{ OperationCode: string; IsLF: string | null }>(
        sql`select operation_code "OperationCode", is_lf "IsLF" from shipping_lines where operation_code = ${code} and is_active`,
      );
      return r ?? null;
    },

    /** The vessel call at the terminal, null when the terminal has no call of that key. */
    async vesselAt(key: string, terminal: string) {
      const [r] = await rows<{ VesselName: string | null; VesselImVoy: string | null; VesselExVoy: string | null }>(
        sql`select vessel_name "VesselName", vessel_im_voy "VesselImVoy", vessel_ex_voy "VesselExVoy"
              from vessel_voyages where vessel_key = ${key} and terminal_code = ${terminal}`,
      );
      return r ?? null;
    },

    async localSizes(operation: string) {
      return rows<{ LocalSizetype: string; IsoSizetype: string; CargoTypeCode: string | null; CargoEmptyCode: string | null }>(
        sql`select upper(local_sizetype) "LocalSizetype", upper(iso_sizetype) "IsoSizetype", cargo_type_code "CargoTypeCode",
                   cargo_empty_code "CargoEmptyCode"
              from size_types where operation_code = ${operation}`,
      );
    },

    async cargoTypes() {
      return rows<{ CargoTypeCode: string; CargoTypeName: string }>(
        sql`select cargo_type_code "CargoTypeCode", cargo_type_name "CargoTypeName" from cargo_types`,
      );
    },

    /** Open visits (DateOut null) at the terminal of the given containers, the latest per container. */
    async yardVisits(terminal: string, containerNos: string[]): Promise<YardVisit[]> {
      if (!containerNos.length) return [];
      return rows<YardVisit>(
        sql`select distinct on (container_no) container_no "ContainerNo", iso_sizetype "IsoSizetype", fe "FE",
                   operation_code "OperationCode", cargo_type_code "CargoTypeCode", bl_no "BLNo",
                   booking_no "BookingNo", date_in "DateIn", class_code "ClassCode", is_local_foreign "IsLocalForeign",
                   customs_status "CustomsStatus", vessel_key "VesselKey", vessel_name "VesselName",
                   vessel_im_voy "VesselImVoy", vessel_ex_voy "VesselExVoy"
              from port_containers
             where terminal_code = ${terminal} and date_out is null and container_no = any(${sql.param(containerNos)}::text[])
             order by container_no, date_in desc`,
      ).then((list) => list.map((v) => ({ ...v, DateIn: new Date(v.DateIn) })));
    },

    /** Containers of a bill of lading still in the terminal's yard. */
    async billInYard(terminal: string, blNo: string): Promise<string[]> {
      const list = await rows<{ c: string }>(
        sql`select distinct container_no c from port_containers
             where terminal_code = ${terminal} and date_out is null and bl_no = ${blNo} order by 1`,
      );
      return list.map((r) => r.c);
    },

    /** Containers already in a live order (A/P/C, not expired, not yet out of the gate) of the terminal → the PIN shown (before '-') and its customer. */
    async liveOrders(terminal: string, containerNos: string[]): Promise<Map<string, LiveHolder>> {
      if (!containerNos.length) return new Map();
      const list = await rows<{ c: string; pin: string; cu: string }>(
        sql`select c.container_no c, split_part(o.pin_code, '-', 1) pin, o.customer_code cu
              from order_containers c join orders o on o.order_no = c.order_no
             where c.container_no = any(${sql.param(containerNos)}::text[]) and o.terminal_code = ${terminal}
               and o.order_status in ('A', 'P', 'C') and (o.exp_date is null or o.exp_date > now())
               and c.gate_out_time is null
             order by o.created_time desc`,
      );
      const found = new Map<string, LiveHolder>();
      for (const r of list) if (!found.has(r.c)) found.set(r.c, { pin: r.pin, CustomerCode: r.cu });
      return found;
    },

    /** Active customers with a tax code (a customer account: only its own). */
    /** The terminal's active depots ('Danh mục depot'), by code. */
    async depots(terminal: string): Promise<DepotFact[]> {
      return rows<DepotFact>(
        sql`select depot_code "DepotCode", depot_name "DepotName", address "Address", lift_charge "LiftCharge"
              from depots where terminal_code = ${terminal} and is_active order by depot_code`,
      );
    },

    async payersByTax(taxCode: string, only: string | null): Promise<PayerRow[]> {
      return rows<PayerRow>(
        sql`select customer_code "CustomerCode", customer_name "CustomerName", tax_code "TaxCode", address "Address", email "Email",
                   money_credit "MoneyCredit"
              from customers
             where tax_code = ${taxCode} and is_active ${only ? sql`and customer_code = ${only}` : sql``}
             order by customer_code`,
      );
    },

    async payer(code: string): Promise<PayerRow | null> {
      const [r] = await rows<PayerRow>(
        sql`select customer_code "CustomerCode", customer_name "CustomerName", tax_code "TaxCode", address "Address", email "Email",
                   money_credit "MoneyCredit"
              from customers where customer_code = ${code} and is_active`,
      );
      return r ?? null;
    },

    async savedByClientKey(userId: string, clientKey: string): Promise<KeyedOrderRow | null> {
      const [r] = await rows<KeyedOrderRow>(
        sql`select o.order_no "OrderNo", o.pin_code "PinCode", o.total_amount::float8 "TotalAmount", o.money_credit "MoneyCredit",
                   o.order_status "OrderStatus", o.client_draft_hash "DraftHash",
                   (select count(*)::int from order_containers c where c.order_no = o.order_no and o.job_mode_code = 'TRAR') "TrarCount"
              from orders o where o.created_by = ${userId} and o.client_key = ${clientKey}`,
      );
      return r ? { ...r, TotalAmount: Number(r.TotalAmount), TrarCount: Number(r.TrarCount) } : null;
    },

    /**
     * The order, its containers and its charge lines in one transaction. Its number is the next serial of its terminal
     * and port day, taken under a transaction lock of that day (saves of one day wait for each other for a moment);
     * its PIN is a fresh one of the day. A second save with the same ClientKey of the same user inserts nothing
     * (`duplicate`: the caller reads the first one); a container a live order of the terminal holds by now is `taken`.
     */
    async insert(o: NewOrder, now: Date): Promise<InsertOutcome> {
      return db.transaction(async (tx): Promise<InsertOutcome> => {
        const day = portDayKey(now, 'YYMMDD');
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('smartport.order-no'), ${Number(day)}::int)`);
        if (o.ClientKey) {
          const dup = rowsOf(await tx.execute(sql`select 1 from orders where created_by = ${o.CreatedBy} and client_key = ${o.ClientKey}`));
          if (dup.length) return { kind: 'duplicate' };
        }
        // Under the day's lock no other save commits meanwhile: a container another order took since the check is refused.
        const nos = o.containers.map((c) => c.ContainerNo);
        const extended = o.ExtendsOrderNo ?? '';
        const [taken] = rowsOf<{ c: string; pin: string; cu: string }>(
          await tx.execute(sql`select c.container_no c, split_part(o.pin_code, '-', 1) pin, o.customer_code cu
              from order_containers c join orders o on o.order_no = c.order_no
             where c.container_no = any(${sql.param(nos)}::text[]) and o.terminal_code = ${o.TerminalCode}
               and o.order_status in ('A', 'P', 'C') and (o.exp_date is null or o.exp_date > now())
               and o.completed_at is null and c.gate_out_time is null
               and (${extended} = '' or (o.order_no <> ${extended} and coalesce(o.extends_order_no, '') <> ${extended})) limit 1`),
        );
        if (taken) return { kind: 'taken', ContainerNo: taken.c, pin: taken.pin, CustomerCode: taken.cu };
        // The eDOs the rows were released by, still active, held (FOR SHARE) until commit: a revocation waits for this
        // order and then cancels it with the others.
        const edoNos = [...new Set(o.containers.map((c) => c.EdoNo).filter((e): e is string => !!e))];
        if (edoNos.length) {
          const live = rowsOf<{ e: string }>(
            await tx.execute(sql`select edo_no e from edos where edo_no = any(${sql.param(edoNos)}::text[])
              and status = 'A' and valid_until >= now() for share`),
          ).map((r) => r.e);
          const gone = edoNos.find((e) => !live.includes(e));
          if (gone) return { kind: 'edoGone', EdoNo: gone };
        }
        // The booking's boxes, counted again under the day's lock: two customers racing for its last boxes get one each
        // at most, the second is refused.
        if (o.booking) {
          const b = o.booking;
          const used = rowsOf<{ s: string; n: number }>(
            await tx.execute(sql`select c.iso_sizetype s, count(*)::int n from order_containers c join orders x on x.order_no = c.order_no
              where x.booking_no = ${b.BookingNo} and x.operation_code = ${b.OperationCode} and x.terminal_code = ${o.TerminalCode}
                and x.order_type = ${b.kind}
                and (x.order_status = 'C' or (x.order_status in ('A', 'P') and (x.exp_date is null or x.exp_date > now())))
              group by 1`),
          );
          const mine = new Map<string, number>();
          for (const c of o.containers) mine.set(c.IsoSizetype, (mine.get(c.IsoSizetype) ?? 0) + 1);
          for (const [size, n] of mine) {
            const already = Number(used.find((u) => u.s === size)?.n ?? 0);
            if (already + n > (b.quantities[size] ?? 0)) return { kind: 'bookingFull', BookingNo: b.BookingNo, IsoSizetype: size };
          }
        }
        const prefix = `${o.TerminalCode}${day}`;
        const [last] = rowsOf<{ n: string | null }>(
          await tx.execute(sql`select max(substring(order_no from ${prefix.length + 1}::int)::bigint)::text n from orders
            where order_no >= ${`${prefix}0000000`} and order_no <= ${`${prefix}9999999`}
              and substring(order_no from ${prefix.length + 1}::int) ~ '^[0-9]{7}$'`),
        );
        const serial = Number(last?.n ?? 0) + 1;
        const OrderNo = orderNoOf(o.TerminalCode, day, serial);
        let PinCode = pinOf(day, five(), two());
        for (let i = 0; i < 20; i++) {
          const shown = PinCode.split('-')[0] as string;
          const candidates = Array.from({ length: 100 }, (_, k) => `${shown}-${String(k).padStart(2, '0')}`);
          const taken = rowsOf(await tx.execute(sql`select 1 from orders where pin_code = any(${sql.param(candidates)}::text[]) limit 1`));
          if (!taken.length) break;
          PinCode = pinOf(day, five(), two());
        }
        const inserted = await tx
          .insert(orders)
          .values({
            OrderNo,
            PinCode,
            TerminalCode: o.TerminalCode,
            CustomerCode: o.CustomerCode,
            JobModeCode: o.JobModeCode,
            MoneyCredit: o.MoneyCredit,
            OrderStatus: 'A',
            TotalAmount: o.TotalAmount,
            OperationCode: o.OperationCode,
            VesselKey: o.VesselKey,
            BookingNo: o.BookingNo,
            BLNo: o.BLNo,
            DepotCode: o.DepotCode ?? null,
            ShipperName: o.ShipperName,
            ExpDate: o.ExpDate,
            SkipApproval: false,
            PaperDo: o.PaperDo,
            Source: 'SMP',
            Note: o.Note,
            CreatedBy: o.CreatedBy,
            CreatedTime: now,
            OrderType: o.OrderType,
            Amount: o.Amount,
            VatAmount: o.VatAmount,
            PricedAt: o.PricedAt,
            ClientKey: o.ClientKey,
            ClientDraftHash: o.DraftHash,
            ExtendsOrderNo: o.ExtendsOrderNo ?? null,
          })
          .onConflictDoNothing()
          .returning({ OrderNo: orders.OrderNo });
        if (!inserted.length) return { kind: 'duplicate' };
        const amountOf = new Map<string, number>();
        for (const l of o.lines) if (l.ContainerNo) amountOf.set(l.ContainerNo, (amountOf.get(l.ContainerNo) ?? 0) + l.Total);
        await tx.insert(orderContainers).values(
          o.containers.map((c) => ({
            OrderNo,
            ContainerNo: c.ContainerNo,
            IsoSizetype: c.IsoSizetype,
            FE: c.FE,
            Teu: c.Teu,
            CargoTypeCode: c.CargoTypeCode,
            Commodity: c.Commodity,
            ClassCode: o.ClassCode,
            IsLocalForeign: c.IsLocalForeign,
            CusHold: c.CusHold,
            EdoNo: c.EdoNo,
            POL: c.POL,
            POD: c.POD,
            FPOD: c.FPOD,
            MCWeight: c.MCWeight,
            SealNo: c.SealNo,
            Temperature: c.Temperature,
            Vent: c.Vent,
            VentUnit: c.VentUnit,
            ImoClass: c.Class,
            Unno: c.Unno,
            OogTop: c.OogTop,
            OogLeft: c.OogLeft,
            OogRight: c.OogRight,
            OogBack: c.OogBack,
            OogFront: c.OogFront,
            Amount: amountOf.get(c.ContainerNo) ?? 0,
            LocalSizetype: c.LocalSizetype,
            DateIn: c.DateIn ? new Date(c.DateIn) : null,
            PlugHours: c.PlugHours,
          })),
        );
        if (o.lines.length) {
          await tx.insert(orderCharges).values(
            o.lines.map((l) => ({
              OrderNo,
              LineNo: l.LineNo,
              ContainerNo: l.ContainerNo,
              JobModeCode: l.JobModeCode,
              JobModeName: l.JobModeName,
              ChargeKind: l.ChargeKind,
              Source: l.Source,
              TariffCode: l.TariffCode,
              TariffName: l.TariffName,
              IsoSizetype: l.IsoSizetype,
              FE: l.FE,
              CargoTypeCode: l.CargoTypeCode,
              Quantity: l.Quantity,
              Unit: l.Unit,
              UnitPrice: l.UnitPrice,
              TariffCurrency: l.TariffCurrency,
              TariffPrice: l.TariffPrice,
              ExchangeRate: l.ExchangeRate,
              Amount: l.Amount,
              VatRate: l.VatRate,
              VatAmount: l.VatAmount,
              Total: l.Total,
              Explanation: l.Explanation,
            })),
          );
        }
        // Counted from the rows saved, as every later reader of the order counts them.
        const TrarCount = o.JobModeCode === 'TRAR' ? o.containers.length : 0;
        return {
          kind: 'saved',
          order: { OrderNo, PinCode, TotalAmount: o.TotalAmount, MoneyCredit: o.MoneyCredit, OrderStatus: 'A', TrarCount },
        };
      });
    },

    /**
     * A file attached to an order not yet approved (A, P), at most `maxFiles` per order, under the order's row lock:
     * 'closed' when the order moved on, 'full' at the limit; else the order's file count after it.
     */
    async addFile(
      orderNo: string,
      f: { FileName: string; ContentType: string; Content: Uint8Array; CreatedBy: string },
      maxFiles: number,
    ): Promise<{ kind: 'added'; count: number } | { kind: 'closed' } | { kind: 'full' }> {
      return db.transaction(async (tx) => {
        const [o] = rowsOf<{ s: string }>(await tx.execute(sql`select order_status s from orders where order_no = ${orderNo} for update`));
        if (!o || (o.s !== 'A' && o.s !== 'P')) return { kind: 'closed' as const };
        const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int n from order_files where order_no = ${orderNo}`));
        if (Number(n?.n ?? 0) >= maxFiles) return { kind: 'full' as const };
        await tx.insert(orderFiles).values({
          OrderNo: orderNo,
          FileName: f.FileName,
          ContentType: f.ContentType,
          FileSize: f.Content.length,
          Content: f.Content,
          CreatedBy: f.CreatedBy,
        });
        return { kind: 'added' as const, count: Number(n?.n ?? 0) + 1 };
      });
    },

    async order(scope: OrderScope, orderNo: string): Promise<OrderRecord | null> {
      const [r] = await rows<OrderRecord>(
        sql`select o.order_no "OrderNo", o.pin_code "PinCode", o.order_type "OrderType", o.terminal_code "TerminalCode",
                   o.job_mode_code "JobModeCode", j.job_mode_name "JobModeName", o.operation_code "OperationCode",
                   o.vessel_key "VesselKey", v.vessel_name "VesselName", v.vessel_im_voy "VesselImVoy", v.vessel_ex_voy "VesselExVoy",
                   o.bl_no "BLNo", o.booking_no "BookingNo", o.depot_code "DepotCode", d.depot_name "DepotName",
                   o.exp_date "ExpDate", o.customer_code "CustomerCode", cu.customer_name "CustomerName", cu.tax_code "TaxCode", o.money_credit "MoneyCredit", o.order_status "OrderStatus",
                   o.transaction_id "TransactionId", o.total_amount::float8 "TotalAmount", o.reject_reason "RejectReason",
                   o.approved_by "ApprovedBy", o.approved_time "ApprovedTime", o.tos_status "TosStatus", o.tos_message "TosMessage",
                   (select i.invoice_series || '-' || i.invoice_no from invoices i where i.order_no = o.order_no order by i.issue_date desc limit 1) "InvoiceNo",
                   exists (select 1 from payment_followups f where f.order_no = o.order_no and f.kind = 'invoice' and f.status = 'failed') "InvoiceFailed",
                   (o.tos_status = 'failed' and o.tos_next_try is not null) "TosRetrying",
                   o.created_time "CreatedTime", o.completed_at "CompletedAt", o.extends_order_no "ExtendsOrderNo"
              from orders o
              left join job_modes j on j.job_mode_code = o.job_mode_code
              left join vessel_voyages v on v.vessel_key = o.vessel_key
              left join customers cu on cu.customer_code = o.customer_code
              left join depots d on d.terminal_code = o.terminal_code and d.depot_code = o.depot_code
             where ${inOrderScope(scope, 'o')} and o.order_no = ${orderNo}`,
      );
      if (!r) return null;
      const at = (v: Date | string | null) => (v == null ? null : new Date(v));
      return {
        ...r,
        TotalAmount: Number(r.TotalAmount),
        ExpDate: at(r.ExpDate),
        ApprovedTime: at(r.ApprovedTime),
        CreatedTime: new Date(r.CreatedTime),
        CompletedAt: at(r.CompletedAt),
      };
    },

    async containers(orderNo: string) {
      return rows<Record<string, unknown>>(
        sql`select c.container_no "ContainerNo", c.iso_sizetype "IsoSizetype", c.local_sizetype "LocalSizetype", c.teu "Teu", c.fe "FE",
                   coalesce(c.cargo_type_code, '') "CargoTypeCode", ct.cargo_type_name "CargoTypeName",
                   coalesce(c.is_local_foreign, 'F') "IsLocalForeign", c.cus_hold "CusHold", c.edo_no "EdoNo", c.commodity "Commodity", c.mc_weight::float8 "MCWeight",
                   c.seal_no "SealNo", c.pol "POL", c.pod "POD", c.fpod "FPOD", c.temperature::float8 "Temperature", c.vent "Vent",
                   c.vent_unit "VentUnit", c.imo_class "Class", c.unno "Unno", c.oog_top "OogTop", c.oog_left "OogLeft",
                   c.oog_right "OogRight", c.oog_back "OogBack", c.oog_front "OogFront", c.plug_hours::float8 "PlugHours",
                   c.date_in "DateIn", c.allocated_at "AllocatedAt", c.gate_in_time "GateInTime", c.gate_out_time "GateOutTime"
              from order_containers c left join cargo_types ct on ct.cargo_type_code = c.cargo_type_code
             where c.order_no = ${orderNo}
             order by c.container_no`,
      );
    },

    async charges(orderNo: string): Promise<ChargeLine[]> {
      const list = await rows<ChargeLine>(
        sql`select line_no "LineNo", container_no "ContainerNo", job_mode_code "JobModeCode", job_mode_name "JobModeName",
                   charge_kind "ChargeKind", source "Source", tariff_code "TariffCode", tariff_name "TariffName",
                   iso_sizetype "IsoSizetype", fe "FE", cargo_type_code "CargoTypeCode", quantity::float8 "Quantity", unit "Unit",
                   unit_price::float8 "UnitPrice", tariff_currency "TariffCurrency", tariff_price::float8 "TariffPrice",
                   exchange_rate::float8 "ExchangeRate", amount::float8 "Amount", vat_rate "VatRate", vat_amount::float8 "VatAmount",
                   total::float8 "Total", explanation "Explanation"
              from order_charges where order_no = ${orderNo} order by line_no`,
      );
      return list.map((l) => ({
        ...l,
        Quantity: Number(l.Quantity),
        UnitPrice: Number(l.UnitPrice),
        TariffPrice: Number(l.TariffPrice),
        ExchangeRate: l.ExchangeRate == null ? null : Number(l.ExchangeRate),
        Amount: Number(l.Amount),
        VatAmount: Number(l.VatAmount),
        Total: Number(l.Total),
      }));
    },

    /**
     * A credit order confirmed to be paid later: A → P (waits for staff, or for customs while it holds a container) or
     * C (approved at once), only from A with no transaction, so a replay changes nothing. Answers the new state when
     * this call changed it, else null.
     */
    async confirmPayLater(orderNo: string, approvalNeeded: boolean): Promise<{ OrderStatus: 'P' | 'C'; SkipApproval: boolean } | null> {
      const r = await rows<{ OrderStatus: 'P' | 'C'; SkipApproval: boolean }>(
        sql`update orders o set order_status = case when ${approvalNeeded} or o.paper_do or h.held then 'P' else 'C' end,
               skip_approval = not (${approvalNeeded} or o.paper_do) and not h.held,
               customs_wait = not (${approvalNeeded} or o.paper_do) and h.held
              from (select exists (select 1 from order_containers c where c.order_no = ${orderNo} and c.cus_hold) held) h
             where o.order_no = ${orderNo} and o.order_status = 'A' and o.transaction_id is null and o.money_credit = 'C'
             returning o.order_status "OrderStatus", o.skip_approval "SkipApproval"`,
      );
      return r[0] ?? null;
    },
  };
}
export type OrderCreateRepository = ReturnType<typeof createOrderCreateRepository>;
