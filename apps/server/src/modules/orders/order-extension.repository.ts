import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';

/** An order as its extension (gia hạn) reads it: what it was priced with, and where its trucks stand. */
export interface ExtensionSource {
  OrderNo: string;
  OrderType: string | null;
  TerminalCode: string;
  CustomerCode: string;
  JobModeCode: string;
  MoneyCredit: string;
  OperationCode: string | null;
  VesselKey: string | null;
  BLNo: string | null;
  BookingNo: string | null;
  ExpDate: Date | null;
  OrderStatus: string;
  Source: string;
  ExtendsOrderNo: string | null;
  CreatedBy: string | null;
  /** When the order was priced: the tariffs and rules its extension is priced with. */
  PricedAt: Date;
}

/** A container of the order with the facts its price was computed from, and whether it left the yard. */
export interface ExtensionContainer {
  ContainerNo: string;
  IsoSizetype: string;
  LocalSizetype: string | null;
  Teu: number;
  FE: 'F' | 'E';
  CargoTypeCode: string;
  IsLocalForeign: 'L' | 'F';
  Commodity: string | null;
  MCWeight: number | null;
  SealNo: string | null;
  POL: string | null;
  POD: string | null;
  FPOD: string | null;
  Temperature: number | null;
  Vent: string | null;
  VentUnit: string | null;
  Class: string | null;
  Unno: string | null;
  OogTop: number | null;
  OogLeft: number | null;
  OogRight: number | null;
  OogBack: number | null;
  OogFront: number | null;
  PlugHours: number | null;
  DateIn: Date | null;
  ClassCode: number | null;
  GateOutTime: Date | null;
}

/** An unpaid extension order waiting for its payment. */
export interface UnpaidExtension {
  OrderNo: string;
  PinCode: string;
  ExtendsOrderNo: string;
  ExpDate: Date;
  TotalAmount: number;
  OrderStatus: string;
}

const date = (v: Date | string | null) => (v == null ? null : new Date(v));

/** SQL of extension orders (gia hạn): the order extended, its containers, what its paid extensions cover. */
export function createOrderExtensionRepository(db: Db) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));

  return {
    /** The order within the scope (null scope: the yard's own reading, any portal order). */
    async source(scope: OrderScope | null, orderNo: string): Promise<ExtensionSource | null> {
      const [r] = await rows<ExtensionSource & { PricedAt: Date | string; ExpDate: Date | string | null }>(
        sql`select o.order_no "OrderNo", o.order_type "OrderType", o.terminal_code "TerminalCode", o.customer_code "CustomerCode",
                   o.job_mode_code "JobModeCode", o.money_credit "MoneyCredit", o.operation_code "OperationCode",
                   o.vessel_key "VesselKey", o.bl_no "BLNo", o.booking_no "BookingNo", o.exp_date "ExpDate",
                   o.order_status "OrderStatus", o.source "Source", o.extends_order_no "ExtendsOrderNo", o.created_by "CreatedBy",
                   coalesce(o.priced_at, o.created_time) "PricedAt"
              from orders o
             where ${scope ? inOrderScope(scope, 'o') : sql`true`} and o.order_no = ${orderNo}`,
      );
      if (!r) return null;
      return { ...r, ExpDate: date(r.ExpDate), PricedAt: new Date(r.PricedAt) };
    },

    async containers(orderNo: string): Promise<ExtensionContainer[]> {
      const list = await rows<Record<string, unknown>>(
        sql`select c.container_no "ContainerNo", c.iso_sizetype "IsoSizetype", c.local_sizetype "LocalSizetype", c.teu "Teu",
                   c.fe "FE", coalesce(c.cargo_type_code, '') "CargoTypeCode", coalesce(c.is_local_foreign, 'F') "IsLocalForeign",
                   c.commodity "Commodity", c.mc_weight::float8 "MCWeight", c.seal_no "SealNo", c.pol "POL", c.pod "POD",
                   c.fpod "FPOD", c.temperature::float8 "Temperature", c.vent "Vent", c.vent_unit "VentUnit", c.imo_class "Class",
                   c.unno "Unno", c.oog_top "OogTop", c.oog_left "OogLeft", c.oog_right "OogRight", c.oog_back "OogBack",
                   c.oog_front "OogFront", c.plug_hours::float8 "PlugHours", c.date_in "DateIn", c.class_code "ClassCode",
                   c.gate_out_time "GateOutTime"
              from order_containers c where c.order_no = ${orderNo} order by c.container_no`,
      );
      return list.map((c) => ({
        ...(c as unknown as ExtensionContainer),
        FE: c.FE === 'E' ? 'E' : 'F',
        IsLocalForeign: c.IsLocalForeign === 'L' ? 'L' : 'F',
        Teu: Number(c.Teu),
        ClassCode: c.ClassCode == null ? null : Number(c.ClassCode),
        DateIn: date(c.DateIn as string | null),
        GateOutTime: date(c.GateOutTime as string | null),
      }));
    },

    /** The latest expiry the order and its extensions paid or approved (P, C) cover. */
    async coveredUntil(orderNo: string): Promise<Date | null> {
      const [r] = await rows<{ at: Date | string | null }>(
        sql`select max(exp_date) at from orders
             where order_no = ${orderNo} or (extends_order_no = ${orderNo} and order_status in ('P', 'C'))`,
      );
      return date(r?.at ?? null);
    },

    /** The order's extension waiting for payment (A, no transaction) and still ahead of its expiry, if any. */
    async unpaid(orderNo: string): Promise<UnpaidExtension | null> {
      const [r] = await rows<UnpaidExtension & { ExpDate: Date | string }>(
        sql`select order_no "OrderNo", pin_code "PinCode", extends_order_no "ExtendsOrderNo", exp_date "ExpDate", total_amount::float8 "TotalAmount",
                   order_status "OrderStatus"
              from orders where extends_order_no = ${orderNo} and order_status = 'A' and transaction_id is null and exp_date > now()
             order by created_time desc limit 1`,
      );
      return r ? { ...r, ExpDate: new Date(r.ExpDate), TotalAmount: Number(r.TotalAmount) } : null;
    },

    /** Extensions of several orders waiting for payment (the order screens' reads). */
    async unpaidOf(orderNos: string[]): Promise<UnpaidExtension[]> {
      if (!orderNos.length) return [];
      const list = await rows<UnpaidExtension & { ExpDate: Date | string }>(
        sql`select distinct on (extends_order_no) order_no "OrderNo", pin_code "PinCode", extends_order_no "ExtendsOrderNo", exp_date "ExpDate",
                   total_amount::float8 "TotalAmount", order_status "OrderStatus"
              from orders where extends_order_no = any(${sql.param(orderNos)}::text[]) and order_status = 'A'
               and transaction_id is null and exp_date > now()
             order by extends_order_no, created_time desc`,
      );
      return list.map((r) => ({ ...r, ExpDate: new Date(r.ExpDate), TotalAmount: Number(r.TotalAmount) }));
    },

    /** One extension made at a time per order: held until the transaction ends. */
    async lock(orderNo: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('smartport.extension'), hashtext(${orderNo}))`);
    },

    /** Unpaid extensions whose new expiry passed unpaid: withdrawn (D), so a new one can be priced to a later day. */
    async dropLapsed(orderNo: string): Promise<void> {
      await db.execute(sql`update orders set order_status = 'D', cancelled_time = now(),
            note = concat_ws(' | ', nullif(note, ''), 'Gia hạn quá hạn chưa thanh toán'::text)
          where extends_order_no = ${orderNo} and order_status = 'A' and transaction_id is null and exp_date <= now()`);
    },

    /** An extension with nothing to charge: approved at once (C, nothing to pay or approve). */
    async approveFree(orderNo: string): Promise<boolean> {
      const r = await rows(sql`update orders set order_status = 'C', skip_approval = true
          where order_no = ${orderNo} and order_status = 'A' and total_amount = 0 returning 1`);
      return r.length > 0;
    },
  };
}
export type OrderExtensionRepository = ReturnType<typeof createOrderExtensionRepository>;
