import { z } from 'zod';
import { callJson, refusedDown } from '../http-call';
import type { EinvoiceProvider } from './einvoice.port';
import { invoiceXml } from './invoice-xml';

const error = z.object({ code: z.string().optional(), message: z.string().optional() });
// Only an issued invoice (signed and coded by the tax authority) is one the portal may record.
const issued = z.object({
  series: z.string().min(1),
  invoiceNo: z.string().min(1),
  taxAuthorityCode: z.string().min(1),
  issuedAt: z.iso.datetime({ offset: true }),
  state: z.literal('issued'),
});

const cancelled = z.object({ state: z.literal('cancelled'), cancelledAt: z.iso.datetime({ offset: true }) });

/** The provider's answer to an invoice whose content its shape check refuses. */
const INVALID_INVOICE = 'INVALID_INVOICE';

/** The seller's registered series for invoices of a year: C (coded by the tax authority), the year, T, AA. */
const seriesOf = (issueDate: string) => `C${issueDate.slice(2, 4)}TAA`;

/**
 * HTTP adapter of the e-invoice provider: the invoice goes as the e-invoice XML (invoice-xml.ts), keyed for
 * idempotency by the order number; the provider answers JSON.
 */
export function createHttpEinvoiceProvider(opts: {
  baseUrl: string | undefined;
  timeoutMs?: number;
  /** The e-invoice solution provider's tax code (MSTTCGP). */
  providerTaxCode?: string;
}): EinvoiceProvider {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const providerTaxCode = opts.providerTaxCode ?? '0109999999';
  return {
    async issue(inv) {
      const xml = invoiceXml(inv, { series: seriesOf(inv.issueDate), providerTaxCode });
      const r = await callJson(
        {
          baseUrl: opts.baseUrl,
          path: '/invoices',
          rawBody: { contentType: 'application/xml; charset=utf-8', text: xml },
          headers: { 'idempotency-key': inv.key },
          timeoutMs,
        },
        { ok: issued, error },
      );
      if (!r.ok) {
        if (r.failure !== 'refused') return r;
        // The content was refused, not the connection: the invoice must change, no outage to report.
        if (r.error?.code === INVALID_INVOICE) return { ok: false, failure: 'invalid', detail: r.error.message ?? INVALID_INVOICE };
        return refusedDown(r);
      }
      const v = r.value;
      return {
        ok: true,
        value: { series: v.series, invoiceNo: v.invoiceNo, taxAuthorityCode: v.taxAuthorityCode, issuedAt: new Date(v.issuedAt) },
      };
    },
    async cancel(invoice, reason) {
      const r = await callJson(
        {
          baseUrl: opts.baseUrl,
          path: `/invoices/${encodeURIComponent(invoice.InvoiceSeries)}/${encodeURIComponent(invoice.InvoiceNo)}/cancel`,
          body: { reason },
          timeoutMs,
        },
        { ok: cancelled, error },
      );
      if (!r.ok) return r.failure === 'refused' ? refusedDown(r) : r;
      return { ok: true, value: { cancelledAt: new Date(r.value.cancelledAt) } };
    },
    pdfUrl: (invoice) =>
      opts.baseUrl
        ? new URL(
            `/invoices/${encodeURIComponent(invoice.InvoiceSeries)}/${encodeURIComponent(invoice.InvoiceNo)}.pdf`,
            opts.baseUrl,
          ).toString()
        : null,
  };
}
