import { type PendingOrderRow, paymentLimits } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from '../../db/client';
import type { Publisher } from '../../events/event-bus';
import { inOrderScope, type OrderScope, orderScopeText } from '../../security/terminal-scope';

/** Which orders a list asks for (tracking/DashboadEirSevTracking). */
export type OrderFilter = { kind: 'pending' } | { kind: 'pins'; pins: readonly string[] } | { kind: 'find'; value: string };

/** A pending order row as read, before the service names its status and writes its times as ISO text (spec 02 §3). */
export type OrderRowRecord = Omit<PendingOrderRow, 'OrderStatusName' | 'ExpDate' | 'CreatedTime'> & {
  ExpDate: Date | null;
  CreatedTime: Date;
};

export type OrderHead = Pick<PendingOrderRow, 'OrderNo' | 'PinCode' | 'OrderStatus' | 'TransactionId' | 'MoneyCredit' | 'JobModeName'>;

/** Pending = not paid yet: status A and no transaction (spec 02 §3). */
const PENDING = `o.order_status = 'A' and o.transaction_id is null`;

/** A transaction whose events are published with it (the domain event bus's); the plain database's without events. */
type HomeTransaction = <T>(fn: (tx: Db, events: Publisher | null) => Promise<T>) => Promise<T>;

export function createHomeRepository(
  database: Database,
  transaction: HomeTransaction = (fn) => database.db.transaction((tx) => fn(tx as unknown as Db, null)),
) {
  const q = database.query;
  /** Each query starts its parameters with the scope's (terminal-scope.ts); `$n` is the next one pushed. */
  const next = (params: unknown[], value: unknown) => `$${params.push(value)}`;

  return {
    async orderRows(scope: OrderScope, filter: OrderFilter, opts: { attach: boolean; limit: number }): Promise<OrderRowRecord[]> {
      const params: unknown[] = [];
      const inScope = orderScopeText(scope, params);
      let where: string;
      if (filter.kind === 'pending') where = PENDING;
      else if (filter.kind === 'pins') {
        const pins = next(params, [...filter.pins]);
        where = `(o.pin_code = any(${pins}::text[]) or split_part(o.pin_code, '-', 1) = any(${pins}::text[]))`;
      } else {
        const v = next(params, filter.value);
        where = `(o.pin_code = ${v} or split_part(o.pin_code, '-', 1) = ${v} or o.order_no = upper(${v})
                  or exists (select 1 from order_containers x where x.order_no = o.order_no and x.container_no = upper(${v})))`;
      }
      const limitParam = next(params, opts.limit);
      // The orders are chosen (and limited) first: every order gives at least one row, so the first `limit` rows come
      // from the first `limit` orders, and the joins and per-order window sums run on those only, not on every match.
      const rows = await q<OrderRowRecord>(
        `select o.order_no "OrderNo", o.parent_order_no "ParentOrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode",
                o.transaction_id "TransactionId", o.money_credit "MoneyCredit", o.order_status "OrderStatus",
                o.total_amount::float8 "TotalAmount",
                (case when sum(c.amount) over (partition by o.order_no) = o.total_amount then c.amount end)::float8 "Amount",
                o.currency_code "CurrencyCode", o.job_mode_code "JobModeCode",
                coalesce(j.job_mode_name, o.job_mode_code) "JobModeName", o.exp_date "ExpDate",
                c.container_no "ContainerNo", o.operation_code "OperationCode", o.booking_no "BookingNo", o.bl_no "BLNo",
                c.iso_sizetype "IsoSizetype", c.mc_weight::float8 "MCWeight", v.vessel_name "VesselName", o.vessel_key "VesselKey",
                o.shipper_name "ShipperName", c.cargo_type_code "CargoTypeCode", ct.cargo_type_name "CargoTypeName",
                c.commodity "Commodity", c.pol "POL", c.pod "POD", c.fpod "FPOD", c.is_local_foreign "IsLocalForeign",
                cu.customer_name "CustomerName", o.created_time "CreatedTime", o.note "Note", c.cus_hold "CusHold", c.fe "FE",
                c.class_code::int "ClassCode",
                (row_number() over (partition by o.order_no order by c.container_no))::int "sort_code",
                c.temperature::float8 "Temperature", c.vent "Vent", c.vent_unit "VentUnit", c.imo_class "Class", c.unno "Unno",
                c.oog_top "OogTop", c.oog_left "OogLeft", c.oog_right "OogRight", c.oog_back "OogBack", c.oog_front "OogFront",
                (case when o.job_mode_code = 'TRAR' then count(c.container_no) over (partition by o.order_no) else 0 end)::int "TrarCount"
                ${opts.attach ? `, (select count(*)::int from order_files f where f.order_no = o.order_no) "AttachCount"` : ''}
           from (select * from orders o where ${inScope} and ${where}
                  order by o.created_time desc, o.order_no limit ${limitParam}) o
           left join order_containers c on c.order_no = o.order_no
           left join job_modes j on j.job_mode_code = o.job_mode_code
           left join customers cu on cu.customer_code = o.customer_code
           left join vessel_voyages v on v.vessel_key = o.vessel_key
           left join cargo_types ct on ct.cargo_type_code = c.cargo_type_code
          order by o.created_time desc, o.order_no, "sort_code"
          limit ${limitParam}`,
        params,
        { prepare: true },
      );
      return rows;
    },

    async pendingCount(scope: OrderScope): Promise<number> {
      const params: unknown[] = [];
      const [row] = await q<{ n: number }>(
        `select count(*)::int n from orders o where ${orderScopeText(scope, params)} and ${PENDING}`,
        params,
        { prepare: true },
      );
      return row?.n ?? 0;
    },

    async orderHead(scope: OrderScope, orderNo: string): Promise<OrderHead | null> {
      const params: unknown[] = [];
      const inScope = orderScopeText(scope, params);
      const [row] = await q<OrderHead>(
        `select o.order_no "OrderNo", o.pin_code "PinCode", o.order_status "OrderStatus", o.transaction_id "TransactionId",
                o.money_credit "MoneyCredit", coalesce(j.job_mode_name, o.job_mode_code) "JobModeName"
           from orders o left join job_modes j on j.job_mode_code = o.job_mode_code
          where ${inScope} and o.order_no = ${next(params, orderNo)}`,
        params,
      );
      return row ?? null;
    },

    /**
     * Cancels the order only while it is unpaid and no payment attempt is live, in one transaction:
     * the order row is locked first (payment starts and applied results lock it too), then the live
     * attempt is looked up by a statement that sees whatever committed before the lock was granted.
     * So a start and a cancel, or a result and a cancel, cannot both win.
     */
    async cancelUnpaid(scope: OrderScope, orderNo: string, by: string): Promise<'cancelled' | 'not_pending' | 'live_attempt'> {
      return transaction(async (tx, events) => {
        const locked = rowsOf(
          await tx.execute(sql`select o.order_no from orders o where ${inOrderScope(scope, 'o')} and o.order_no = ${orderNo}
            and o.order_status = 'A' and o.transaction_id is null for update of o`),
        );
        if (!locked.length) return 'not_pending';
        const live = rowsOf(
          await tx.execute(sql`select 1 from payments where order_no = ${orderNo} and status = 0
            and created_time > now() - make_interval(secs => ${paymentLimits.bankTimeoutMs / 1000}) limit 1`),
        );
        if (live.length) return 'live_attempt';
        await tx.execute(sql`update orders o set order_status = 'D', note = concat_ws(' | ', nullif(o.note, ''), ${`Xóa bởi ${by}`}::text)
          where o.order_no = ${orderNo}`);
        // What the order held (loyalty points spent on it) is given back with the deletion.
        await events?.publish('order.deleted', { orderNo, by });
        return 'cancelled';
      });
    },

    async files(orderNo: string) {
      return q<{ Rowguid: string; FileName: string; ContentType: string; FileSize: number; CreatedTime: Date; Content: Uint8Array }>(
        `select rowguid::text "Rowguid", file_name "FileName", content_type "ContentType", file_size "FileSize",
                created_time "CreatedTime", content "Content"
           from order_files where order_no = $1 order by created_time, file_name`,
        [orderNo],
      );
    },

    async invoicesOf(orderNo: string) {
      return q<{ InvoiceNo: string; InvoiceSeries: string }>(
        `select invoice_no "InvoiceNo", invoice_series "InvoiceSeries" from invoices
          where order_no = $1 and status = 'Y' order by issue_date, invoice_no`,
        [orderNo],
      );
    },
  };
}
export type HomeRepository = ReturnType<typeof createHomeRepository>;
