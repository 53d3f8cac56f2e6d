import { z } from 'zod';
import { callJson, refusedDown } from '../http-call';
import type { EinvoiceProvider } from './einvoice.port';

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

/** HTTP adapter of the e-invoice provider. */
export function createHttpEinvoiceProvider(opts: { baseUrl: string | undefined; timeoutMs?: number }): EinvoiceProvider {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return {
    async issue(inv) {
      const r = await callJson({ baseUrl: opts.baseUrl, path: '/invoices', body: inv, timeoutMs }, { ok: issued, error });
      if (!r.ok) return r.failure === 'refused' ? refusedDown(r) : r;
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
