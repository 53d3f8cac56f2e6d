import type { Outcome } from '../outcome';

export interface InvoiceRequest {
  /** Issuing is idempotent per key at the provider (the portal uses the order number). */
  key: string;
  orderNo: string;
  pinCode: string;
  buyerName: string;
  buyerTaxCode: string;
  total: number;
  lines: { name: string; quantity: number; amount: number }[];
}

export interface IssuedInvoice {
  /** Series like C26TAA and the number within it. */
  series: string;
  invoiceNo: string;
  /** The tax authority's code of the signed invoice. */
  taxAuthorityCode: string;
  issuedAt: Date;
}

/** The port: the e-invoice provider. */
export interface EinvoiceProvider {
  /** Issues (draft → signed → tax-authority code) the invoice of `key`, or gives back the one already issued. */
  issue(inv: InvoiceRequest): Promise<Outcome<IssuedInvoice>>;
  /**
   * Cancels an issued invoice (the buyer's order was cancelled), with the reason the provider records. Cancelling one
   * already cancelled is a success; an invoice the provider does not know is `refused`.
   */
  cancel(invoice: { InvoiceSeries: string; InvoiceNo: string }, reason: string): Promise<Outcome<{ cancelledAt: Date }>>;
  /** Where the provider serves an issued invoice's PDF (null without a provider address). */
  pdfUrl(invoice: { InvoiceSeries: string; InvoiceNo: string }): string | null;
}
