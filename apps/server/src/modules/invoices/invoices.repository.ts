import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/** The invoices of orders and the container lines they bill (e-invoice publication). */
export function createInvoicesRepository(db: Db) {
  const one = async <T>(q: SQL) => rowsOf<T>(await db.execute(q))[0] ?? null;
  return {
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

    containerLines: (orderNo: string) =>
      db
        .execute(sql`select container_no "ContainerNo", iso_sizetype "IsoSizetype", fe "FE", amount::float8 "Amount"
          from order_containers where order_no = ${orderNo} order by container_no`)
        .then((r) => rowsOf<{ ContainerNo: string; IsoSizetype: string; FE: string; Amount: number }>(r)),
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
