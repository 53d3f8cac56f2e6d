import type { Outcome } from '../outcome';

/** A party of the invoice (NBan, NMua): the name, tax code and address the law asks for. */
export interface InvoiceParty {
  name: string;
  /** 10 digits, 10-3 (a branch) or 12 (a person); null for a buyer without one. */
  taxCode: string | null;
  address: string | null;
  /** The buyer's customer code at the seller (MKHang). */
  code?: string;
}

/** One goods/service line (HHDVu): every amount in whole VND, before tax; its VAT at its rate. */
export interface InvoiceLine {
  no: number;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  /** Amount before tax (ThTien). */
  amount: number;
  /** 0, 5, 8, 10 (%) or -1 (KCT: not subject to VAT). */
  vatRate: number;
  vatAmount: number;
}

/** The totals of one VAT rate (THTTLTSuat > LTSuat). */
export interface RateTotal {
  vatRate: number;
  amount: number;
  vatAmount: number;
}

/**
 * The invoice the portal asks the provider to issue: the content of a Vietnamese VAT e-invoice (Decree 123/2020,
 * Circular 78/2021) the provider signs, numbers and has coded by the tax authority.
 */
export interface InvoiceRequest {
  /** Issuing is idempotent per key at the provider (the portal uses the order number). */
  key: string;
  /** Port day of issue, YYYY-MM-DD (NLap). */
  issueDate: string;
  /** Payment method in words (HTTToan). */
  paymentMethod: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  orderNo: string;
  /** The PIN as shown (the part before the dash). */
  pinCode: string;
  /** The customer-declared bill of lading when it is the invoice's content (five or more TRAR containers). */
  billOfLading: string | null;
  /** The invoice's content in words (TTKhac 'Nội dung'). */
  content: string;
  lines: InvoiceLine[];
  rates: RateTotal[];
  totalBeforeTax: number;
  totalVat: number;
  totalPayable: number;
  payableInWords: string;
}

export interface IssuedInvoice {
  /** Series like C26TAA and the number within it. */
  series: string;
  invoiceNo: string;
  /** The tax authority's code of the signed invoice. */
  taxAuthorityCode: string;
  issuedAt: Date;
}

/** The provider refused the invoice's content (its shape check): not an outage, the invoice must change. */
export interface InvoiceRefused {
  ok: false;
  failure: 'invalid';
  detail: string;
}

/** The port: the e-invoice provider. */
export interface EinvoiceProvider {
  /** Issues (draft → signed → tax-authority code) the invoice of `key`, or gives back the one already issued. */
  issue(inv: InvoiceRequest): Promise<Outcome<IssuedInvoice> | InvoiceRefused>;
  /**
   * Cancels an issued invoice (the buyer's order was cancelled), with the reason the provider records. Cancelling one
   * already cancelled is a success; an invoice the provider does not know is `refused`.
   */
  cancel(invoice: { InvoiceSeries: string; InvoiceNo: string }, reason: string): Promise<Outcome<{ cancelledAt: Date }>>;
  /** Where the provider serves an issued invoice's PDF (null without a provider address). */
  pdfUrl(invoice: { InvoiceSeries: string; InvoiceNo: string }): string | null;
}
