import { customsReleaseStatuses } from '@smartport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { inOrderScope, type OrderScope } from '../../security/terminal-scope';

/** An order as the approval queue and the TOS delivery read it. */
export interface ApprovalOrder {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  CustomerCode: string;
  JobModeCode: string;
  OperationCode: string | null;
  VesselKey: string | null;
  BLNo: string | null;
  BookingNo: string | null;
  /** The depot of an empty pickup / empty return, else null. */
  DepotCode: string | null;
  ExpDate: Date | null;
  TotalAmount: number;
  MoneyCredit: string;
  OrderStatus: string;
  TransactionId: string | null;
  CreatedBy: string | null;
  TosStatus: string;
  TosOrderNo: string | null;
  TosAttempts: number;
  /** SMP: made in the portal; TOS: made at the terminal's counter (the TOS order feed), not the portal's to approve or cancel. */
  Source: string;
  /** An extension order (gia hạn): the order it extends. */
  ExtendsOrderNo: string | null;
}

/** A row of the queue before its names are put in words (the service does that). */
export interface AcceptRecord {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  JobModeCode: string;
  JobModeName: string | null;
  CustomerCode: string;
  CustomerName: string | null;
  OperationCode: string | null;
  ContainerCount: number;
  TotalAmount: number;
  MoneyCredit: string;
  TransactionId: string | null;
  OrderStatus: string;
  CreatedBy: string | null;
  CreatedTime: Date;
  ApprovedBy: string | null;
  ApprovedTime: Date | null;
  RejectReason: string | null;
  TosStatus: string;
  TosMessage: string | null;
  InvoiceSeries: string | null;
  InvoiceNo: string | null;
  InvoiceStatus: string | null;
  CancelStep: string | null;
  /** Containers of the order customs holds (order_containers.cus_hold). */
  CustomsHeld: string[] | null;
  PaperDo: boolean;
  FileCount: number;
}

export interface AcceptFilter {
  terminal?: string | undefined;
  status: 'P' | 'C' | 'D' | '*';
  find?: string | undefined;
}

const headColumns = sql.raw(`o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.customer_code "CustomerCode",
  o.job_mode_code "JobModeCode", o.operation_code "OperationCode", o.vessel_key "VesselKey", o.bl_no "BLNo", o.booking_no "BookingNo",
  o.depot_code "DepotCode", o.exp_date "ExpDate", o.total_amount::float8 "TotalAmount", o.money_credit "MoneyCredit", o.order_status "OrderStatus",
  o.transaction_id "TransactionId", o.created_by "CreatedBy", o.tos_status "TosStatus", o.tos_order_no "TosOrderNo",
  o.tos_attempts "TosAttempts", o.source "Source", o.extends_order_no "ExtendsOrderNo"`);

/**
 * Customs holds container `c` of order `o` now: its open visit at the order's terminal is foreign goods (FE F,
 * IsLocalForeign F) of class 1, 3 or 4 whose last customs status is not a release status (the contract's customsHeld,
 * in SQL; the orders whose type the rule applies to have a non-null cus_hold).
 */
const heldNow = sql`exists (select 1 from port_containers p where p.terminal_code = o.terminal_code and p.container_no = c.container_no
  and p.date_out is null and p.fe = 'F' and p.is_local_foreign = 'F' and p.class_code in ('1', '3', '4')
  and coalesce(upper(trim(p.customs_status)), '') <> all(${sql.param([...customsReleaseStatuses])}::text[]))`;

/** SQL of the approval queue: listing, the state changes P → C / D and C → D, and the TOS delivery state. */
export function createOrderApprovalRepository(db: Db) {
  const one = async <T>(q: SQL) => rowsOf<T>(await db.execute(q))[0] ?? null;
  return {
    /** The queue: the scope's orders in one status (or all), newest first, at most `limit`. */
    list: (scope: OrderScope, f: AcceptFilter, limit = 500) => {
      const find = f.find?.trim().toUpperCase();
      return db
        .execute(sql`select o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.job_mode_code "JobModeCode",
            jm.job_mode_name "JobModeName", o.customer_code "CustomerCode", cu.customer_name "CustomerName", o.operation_code "OperationCode",
            (select count(*)::int from order_containers c where c.order_no = o.order_no) "ContainerCount",
            o.total_amount::float8 "TotalAmount", o.money_credit "MoneyCredit", o.transaction_id "TransactionId", o.order_status "OrderStatus",
            o.created_by "CreatedBy", o.created_time "CreatedTime", o.approved_by "ApprovedBy", o.approved_time "ApprovedTime",
            o.reject_reason "RejectReason", o.tos_status "TosStatus", o.tos_message "TosMessage",
            i.invoice_series "InvoiceSeries", i.invoice_no "InvoiceNo", i.status "InvoiceStatus",
            (select ic.step from invoice_cancellations ic where ic.order_no = o.order_no order by ic.created_time desc limit 1) "CancelStep",
            array(select c.container_no from order_containers c where c.order_no = o.order_no and c.cus_hold order by 1) "CustomsHeld",
            o.paper_do "PaperDo", (select count(*)::int from order_files f where f.order_no = o.order_no) "FileCount"
          from orders o
          left join customers cu on cu.customer_code = o.customer_code
          left join job_modes jm on jm.job_mode_code = o.job_mode_code
          left join lateral (select invoice_series, invoice_no, status from invoices iv where iv.order_no = o.order_no
            order by (iv.status = 'Y') desc, iv.issue_date desc limit 1) i on true
          where ${inOrderScope(scope)} and o.source = 'SMP'
            ${f.terminal ? sql`and o.terminal_code = ${f.terminal}` : sql``}
            ${f.status === '*' ? sql`and o.order_status in ('P', 'C', 'D')` : sql`and o.order_status = ${f.status}`}
            ${
              find
                ? sql`and (o.order_no = ${find} or split_part(o.pin_code, '-', 1) = ${find} or o.pin_code = ${find}
                    or cu.tax_code = ${find} or exists (select 1 from order_containers c where c.order_no = o.order_no and c.container_no = ${find}))`
                : sql``
            }
          order by o.created_time desc limit ${limit}`)
        .then((r) => rowsOf<AcceptRecord>(r));
    },

    head: (scope: OrderScope, orderNo: string) =>
      one<ApprovalOrder>(sql`select ${headColumns} from orders o where o.order_no = ${orderNo} and ${inOrderScope(scope)}`),
    byNo: (orderNo: string) => one<ApprovalOrder>(sql`select ${headColumns} from orders o where o.order_no = ${orderNo}`),

    /** P → C by staff: one approval however many come at once (the conditional update decides). */
    async approve(orderNo: string, by: string): Promise<boolean> {
      return !!(await one(sql`update orders o set order_status = 'C', approved_by = ${by}, approved_time = now(), is_auto_approved = false,
          customs_wait = false
        where o.order_no = ${orderNo} and o.order_status = 'P'
          and not exists (select 1 from order_containers c where c.order_no = o.order_no and c.cus_hold is not null and ${heldNow})
        returning 1`));
    },

    /** A paper D/O order without a file attached (staff have nothing to check). */
    async paperDoMissing(orderNo: string): Promise<boolean> {
      const [r] = rowsOf<{ m: boolean }>(
        await db.execute(sql`select o.paper_do and not exists (select 1 from order_files f where f.order_no = o.order_no) m
          from orders o where o.order_no = ${orderNo}`),
      );
      return !!r?.m;
    },

    /** The order's containers customs holds now (the yard's record), in container order. */
    async heldContainers(orderNo: string): Promise<string[]> {
      const list = rowsOf<{ ContainerNo: string }>(
        await db.execute(sql`select c.container_no "ContainerNo" from order_containers c join orders o on o.order_no = c.order_no
          where c.order_no = ${orderNo} and c.cus_hold is not null and ${heldNow} order by 1`),
      );
      return list.map((r) => r.ContainerNo);
    },

    /**
     * Customs answered for these containers: the live orders (A, P) holding them take the yard's hold again, and the
     * waiting orders (customs_wait) none of whose containers is held any more become C. Answers those orders.
     */
    async customsAnswered(containerNos: readonly string[]): Promise<string[]> {
      const nos = sql.param([...containerNos]);
      await db.execute(sql`update order_containers c set cus_hold = ${heldNow} from orders o
        where o.order_no = c.order_no and o.order_status in ('A', 'P') and c.cus_hold is not null and c.container_no = any(${nos}::text[])`);
      const released = rowsOf<{ OrderNo: string }>(
        await db.execute(sql`update orders o set order_status = 'C', skip_approval = true, customs_wait = false
          where o.customs_wait and o.order_status = 'P'
            and exists (select 1 from order_containers c where c.order_no = o.order_no and c.container_no = any(${nos}::text[]))
            and not exists (select 1 from order_containers c where c.order_no = o.order_no and c.cus_hold)
          returning o.order_no "OrderNo"`),
      );
      return released.map((r) => r.OrderNo);
    },

    /** Whatever made the order C: approver and time kept if set, the TOS delivery queued (once). */
    async markApproved(orderNo: string, by: string | null): Promise<boolean> {
      return !!(await one(sql`update orders set approved_by = coalesce(approved_by, ${by}), approved_time = coalesce(approved_time, now()),
          tos_status = case when tos_status = 'none' then 'pending' else tos_status end,
          tos_next_try = case when tos_status = 'none' then now() else tos_next_try end
        where order_no = ${orderNo} and order_status = 'C' returning 1`));
    },

    /**
     * P → D with the reason; money already paid is recorded for refund (payment_followups, kind refund, reason
     * `reason_code`) in the same transaction. Null when the order was not waiting.
     */
    async cancel(
      orderNo: string,
      from: 'A' | 'P' | 'C',
      by: string,
      reason: string,
      refundReason: string,
    ): Promise<{ TransactionId: string | null; TosStatus: string; TosOrderNo: string | null; refunded: boolean } | null> {
      return db.transaction(async (tx) => {
        const row = rowsOf<{ TransactionId: string | null; TosStatus: string; TosOrderNo: string | null; TotalAmount: number }>(
          await tx.execute(sql`update orders o set order_status = 'D', reject_reason = ${reason}, cancelled_by = ${by}, cancelled_time = now(),
              tos_status = case when o.tos_status = 'sent' then 'sent' else 'none' end, tos_next_try = null
            from (select order_no, tos_status from orders where order_no = ${orderNo} for update) before
            where o.order_no = before.order_no and o.order_status = ${from}
            returning o.transaction_id "TransactionId", before.tos_status "TosStatus", o.tos_order_no "TosOrderNo",
              o.total_amount::float8 "TotalAmount"`),
        )[0];
        if (!row) return null;
        let refunded = false;
        if (row.TransactionId) {
          const inserted = rowsOf(
            await tx.execute(sql`insert into payment_followups (kind, order_no, partner_code, idempotency_key, transaction_id, amount, reason)
              select 'refund', ${orderNo}, coalesce(p.partner_code, 'UNKNOWN'), p.idempotency_key, ${row.TransactionId},
                coalesce(p.amount, ${row.TotalAmount}), ${refundReason}
              from (select 1) x left join payments p on p.order_no = ${orderNo} and p.status = 1
              on conflict do nothing returning 1`),
          );
          refunded = inserted.length > 0;
        }
        return { TransactionId: row.TransactionId, TosStatus: row.TosStatus, TosOrderNo: row.TosOrderNo, refunded };
      });
    },

    /** A refused or failed delivery back to pending, now (attempts start over). */
    async resendTos(orderNo: string): Promise<boolean> {
      return !!(await one(sql`update orders set tos_status = 'pending', tos_next_try = now(), tos_attempts = 0, tos_message = null
        where order_no = ${orderNo} and order_status = 'C' and tos_status in ('refused', 'failed') returning 1`));
    },

    /** Approved orders the TOS has not taken whose time has come (the push job's queue). */
    dueTos: (limit = 20) =>
      db
        .execute(sql`select order_no "OrderNo" from orders
          where tos_status in ('pending', 'failed') and order_status = 'C' and tos_next_try <= now()
          order by tos_next_try limit ${limit}`)
        .then((r) => rowsOf<{ OrderNo: string }>(r).map((o) => o.OrderNo)),

    containers: (orderNo: string) =>
      db
        .execute(sql`select container_no "ContainerNo", iso_sizetype "IsoSizetype", fe "FE", cargo_type_code "CargoTypeCode"
          from order_containers where order_no = ${orderNo} order by container_no`)
        .then((r) => rowsOf<{ ContainerNo: string; IsoSizetype: string; FE: string; CargoTypeCode: string | null }>(r)),
    // The TOS is sent the tariff lines it maps; a loyalty discount is the portal's (TotalAmount says what was paid).
    charges: (orderNo: string) =>
      db
        .execute(sql`select container_no "ContainerNo", tariff_code "TariffCode", amount::float8 "Amount"
          from order_charges where order_no = ${orderNo} and charge_kind <> 'discount' order by line_no`)
        .then((r) => rowsOf<{ ContainerNo: string | null; TariffCode: string; Amount: number }>(r)),

    /** 'Mapping phương án': the TOS job code of a job mode for one size and cargo type; a specific row wins over '*'. */
    async tosJobCode(jobModeCode: string, contSize: string, cargoType: string): Promise<string | null> {
      const row = await one<{ TosCode: string }>(sql`select tos_code "TosCode" from mapping_job_modes
        where job_mode_code = ${jobModeCode} and tos_used and cont_size in (${contSize}, '*') and cargo_type_code in (${cargoType}, '*')
        order by (cont_size = '*'), (cargo_type_code = '*') limit 1`);
      return row?.TosCode ?? null;
    },

    async tosSent(orderNo: string, tosOrderNo: string) {
      await db.execute(sql`update orders set tos_status = 'sent', tos_order_no = ${tosOrderNo}, tos_message = null, tos_next_try = null,
          tos_attempts = tos_attempts + 1
        where order_no = ${orderNo} and order_status = 'C'`);
    },
    async tosRefused(orderNo: string, message: string) {
      await db.execute(sql`update orders set tos_status = 'refused', tos_message = ${message}, tos_next_try = null, tos_attempts = tos_attempts + 1
        where order_no = ${orderNo} and order_status = 'C'`);
    },
    /** Not delivered (TOS down): tried again at `nextTry`, or left to staff (null). */
    async tosFailed(orderNo: string, message: string, nextTry: Date | null) {
      await db.execute(sql`update orders set tos_status = 'failed', tos_message = ${message}, tos_attempts = tos_attempts + 1,
          tos_next_try = ${nextTry ? nextTry.toISOString() : null}
        where order_no = ${orderNo} and order_status = 'C'`);
    },
  };
}
export type OrderApprovalRepository = ReturnType<typeof createOrderApprovalRepository>;
