import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import type { ChargeRow, ContainerRow } from './invoice-content';

/** Who sells and who buys on an order's invoice, from the records the server keeps (terminal, payer). */
export interface InvoiceParties {
  BLNo: string | null;
  SellerName: string;
  SellerTaxCode: string | null;
  SellerAddress: string;
  BuyerCode: string;
  BuyerName: string | null;
  BuyerTaxCode: string | null;
  BuyerAddress: string | null;
}

export type CancelStep = 'requested' | 'provider_cancelled' | 'provider_failed' | 'retried' | 'done';

/** The invoices of orders, the container lines they bill and the follow-ups of failed publications (e-invoice publication). */
export function createInvoicesRepository(db: Db) {
  const one = async <T>(q: SQL) => rowsOf<T>(await db.execute(q))[0] ?? null;
  return {
    /** Invoice follow-ups (payment_followups, kind invoice). Invoice publications due for the job (open, their time come). */
    dueInvoices: (limit = 20) =>
      db
        .execute(sql`select order_no "OrderNo", attempts "Attempts" from payment_followups
          where kind = 'invoice' and status = 'open' and next_try_time <= now() order by next_try_time limit ${limit}`)
        .then((r) => rowsOf<{ OrderNo: string; Attempts: number }>(r)),
    async invoiceDone(orderNo: string) {
      await db.execute(sql`update payment_followups set status = 'done', last_error = null, updated_time = now()
        where kind = 'invoice' and order_no = ${orderNo}`);
    },
    /** A failed publication: retried after `retryInMs`, or left for staff (failed) when attempts are spent. */
    async invoiceFailed(orderNo: string, error: string, maxAttempts: number, retryInMs: (attempts: number) => number) {
      const row = await one<{ Attempts: number }>(
        sql`insert into payment_followups (kind, order_no, reason, attempts, last_error) values ('invoice', ${orderNo}, 'publish_failed', 0, ${error})
          on conflict (order_no) where kind = 'invoice' do update set last_error = excluded.last_error
          returning attempts "Attempts"`,
      );
      const attempts = (row?.Attempts ?? 0) + 1;
      await db.execute(sql`update payment_followups set attempts = ${attempts}, last_error = ${error}, updated_time = now(),
          status = ${attempts >= maxAttempts ? 'failed' : 'open'},
          next_try_time = now() + make_interval(secs => ${retryInMs(attempts) / 1000})
        where kind = 'invoice' and order_no = ${orderNo} and status <> 'done'`);
      return attempts;
    },
    /** Staff retry: the follow-up starts over (attempts reset). */
    async invoiceRetryReset(orderNo: string) {
      await db.execute(sql`update payment_followups set status = 'open', attempts = 0, next_try_time = now(), updated_time = now()
        where kind = 'invoice' and order_no = ${orderNo} and status <> 'done'`);
    },

    invoiceOf: (orderNo: string) =>
      one<{ InvoiceSeries: string; InvoiceNo: string; TaxAuthorityCode: string | null; Amount: number; IssueDate: Date }>(
        sql`select invoice_series "InvoiceSeries", invoice_no "InvoiceNo", tax_authority_code "TaxAuthorityCode", amount::float8 "Amount", issue_date "IssueDate"
          from invoices where order_no = ${orderNo} and status = 'Y'`,
      ),

    /** Records the issued invoice; a concurrent publish that got there first wins (one issued invoice per order). */
    async saveInvoice(i: {
      OrderNo: string;
      InvoiceSeries: string;
      InvoiceNo: string;
      TaxAuthorityCode: string;
      Amount: number;
      IssueDate: Date;
    }) {
      await db.execute(sql`insert into invoices (order_no, invoice_series, invoice_no, tax_authority_code, status, amount, issue_date)
        values (${i.OrderNo}, ${i.InvoiceSeries}, ${i.InvoiceNo}, ${i.TaxAuthorityCode}, 'Y', ${i.Amount}, ${i.IssueDate.toISOString()})
        on conflict do nothing`);
    },

    /** The invoice cancellation trace (task/invoice/cancel/trackingInvoiceDraftDetails): one row per step, in order. */
    async traceCancel(orderNo: string, step: CancelStep, invoiceNo: string | null, message: string | null, by: string | null) {
      await db.execute(sql`insert into invoice_cancellations (order_no, invoice_no, step, message, created_by, created_time)
        values (${orderNo}, ${invoiceNo}, ${step}, ${message}, ${by}, clock_timestamp())`);
    },
    cancelTrace: (orderNo: string) =>
      db
        .execute(sql`select step "Step", invoice_no "InvoiceNo", message "Message", created_by "CreatedBy", created_time "CreatedTime"
          from invoice_cancellations where order_no = ${orderNo} order by created_time, step`)
        .then((r) =>
          rowsOf<{ Step: CancelStep; InvoiceNo: string | null; Message: string | null; CreatedBy: string | null; CreatedTime: Date }>(r),
        ),
    /** The issued invoice of the order is cancelled (status C). */
    async markCancelled(orderNo: string) {
      await db.execute(sql`update invoices set status = 'C' where order_no = ${orderNo} and status = 'Y'`);
    },
    /** Cancellations whose last step is a provider failure: the job's candidates, with how many failures so far. */
    failedCancellations: (maxAttempts: number) =>
      db
        .execute(sql`select order_no "OrderNo", failures::int "Failures", last_time "LastTime" from (
            select order_no, count(*) filter (where step = 'provider_failed') failures,
              (array_agg(step order by created_time desc))[1] last_step, max(created_time) last_time
            from invoice_cancellations group by order_no) c
          where last_step = 'provider_failed' and failures < ${maxAttempts} order by last_time limit 50`)
        .then((r) => rowsOf<{ OrderNo: string; Failures: number; LastTime: Date }>(r)),

    containerLines: (orderNo: string) =>
      db
        .execute(sql`select container_no "ContainerNo", iso_sizetype "IsoSizetype", fe "FE", amount::float8 "Amount"
          from order_containers where order_no = ${orderNo} order by container_no`)
        .then((r) => rowsOf<ContainerRow>(r)),

    /** The yard blocks of the order's containers at its terminal (their open visit, else the latest), each once. */
    containerBlocks: (orderNo: string, terminal: string) =>
      db
        .execute(sql`select distinct (select p.block from port_containers p where p.terminal_code = ${terminal}
              and p.container_no = c.container_no order by (p.date_out is null) desc, p.date_in desc limit 1) "Block"
          from order_containers c where c.order_no = ${orderNo}`)
        .then((r) => rowsOf<{ Block: string | null }>(r).map((b) => b.Block)),

    /** The order's priced lines as saved (the tariff engine's), in their order. */
    chargeLines: (orderNo: string) =>
      db
        .execute(sql`select line_no "LineNo", container_no "ContainerNo", job_mode_code "JobModeCode", job_mode_name "JobModeName",
            charge_kind "ChargeKind", iso_sizetype "IsoSizetype", fe "FE", quantity::float8 "Quantity", unit "Unit",
            unit_price::float8 "UnitPrice", amount::float8 "Amount", vat_rate::int "VatRate", vat_amount::float8 "VatAmount"
          from order_charges where order_no = ${orderNo} order by line_no`)
        .then((r) => rowsOf<ChargeRow>(r)),

    /** The seller (the order's terminal) and the buyer (the order's payer in the customer catalogue). */
    parties: (orderNo: string) =>
      one<InvoiceParties>(sql`select o.bl_no "BLNo", te.terminal_name "SellerName", te.tax_code "SellerTaxCode", te.address "SellerAddress",
          o.customer_code "BuyerCode", cu.customer_name "BuyerName", cu.tax_code "BuyerTaxCode", cu.address "BuyerAddress"
        from orders o join terminals te on te.terminal_code = o.terminal_code
          left join customers cu on cu.customer_code = o.customer_code
        where o.order_no = ${orderNo}`),
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
