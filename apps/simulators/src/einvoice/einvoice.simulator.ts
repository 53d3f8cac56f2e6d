import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { installKnobs } from '../knobs';
import { vnd } from '../payments/common';
import type { SimulatorDefinition } from '../simulator';
import { checkInvoiceXml, type ReadInvoice } from './invoice-check';

const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

interface Invoice {
  key: string;
  series: string;
  invoiceNo: string;
  taxAuthorityCode: string;
  /** The invoice as received and checked; null for one of the provider's earlier life (known by its number only). */
  data: ReadInvoice | null;
  /** The XML as received. */
  xml: string | null;
  issuedAt: string;
  state: 'draft' | 'signed' | 'issued' | 'cancelled';
  cancelledAt?: string;
  cancelReason?: string;
}

/** At most this many problems are named in a refusal (the rest are counted). */
const SHOWN_PROBLEMS = 5;

const defaults = {
  latencyMs: 0,
  hang: false,
  /** Refuse to issue (provider error). */
  fail: false,
  /** Refuse to cancel (provider error, 503). */
  failCancel: false,
};

/**
 * Electronic invoice provider: receives the invoice as the Vietnamese e-invoice XML (Decision 1450 under Circular
 * 78: HDon > DLHDon > TTChung, NDHDon), checks its shape (invoice-check.ts: 422 INVALID_INVOICE naming the problems),
 * issues it (draft → signed → tax-authority code) with a number in its series (C26TAA), and shows it as PDF and HTML
 * with Vietnamese text. Issuing is idempotent per `Idempotency-Key`.
 */
export const einvoiceSimulator: SimulatorDefinition = {
  name: 'einvoice',
  description: 'Nhà cung cấp hóa đơn điện tử',
  portOffset: 6,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const byKey = new Map<string, Invoice>();
    const byNumber = new Map<string, Invoice>();
    // Numbers continue from the clock so a restarted provider does not reuse a number.
    let next = 10_000_000 + (Math.floor(Date.now() / 1000) % 80_000_000);

    // The invoice arrives as XML, kept as text for the shape check.
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string', bodyLimit: 2_000_000 }, (_req, body, done) =>
      done(null, body),
    );

    app.post('/invoices', async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key.trim() || typeof req.body !== 'string')
        return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Thiếu hóa đơn XML hoặc khóa Idempotency-Key' });
      const checked = checkInvoiceXml(req.body);
      if (!checked.ok) {
        const more = checked.problems.length - SHOWN_PROBLEMS;
        const message = `Hóa đơn không hợp lệ: ${checked.problems.slice(0, SHOWN_PROBLEMS).join('; ')}${more > 0 ? `; và ${more} lỗi khác` : ''}`;
        return reply.status(422).send({ code: 'INVALID_INVOICE', message, problems: checked.problems });
      }
      if (knobs.fail) return reply.status(503).send({ code: 'PROVIDER_ERROR', message: 'Hệ thống hóa đơn đang bận' });
      let inv = byKey.get(key);
      if (!inv) {
        const now = new Date();
        const yy = String(now.getFullYear() % 100).padStart(2, '0');
        const invoiceNo = String(next++).padStart(8, '0');
        inv = {
          key,
          // The seller's registered series for this year (the one asked for, when it is this year's).
          series: checked.invoice.series.slice(1, 3) === yy ? checked.invoice.series : `C${yy}TAA`,
          invoiceNo,
          taxAuthorityCode: '',
          data: checked.invoice,
          xml: req.body,
          issuedAt: now.toISOString(),
          state: 'draft',
        };
        // Signed by the seller, then coded by the tax authority.
        inv.state = 'signed';
        inv.taxAuthorityCode = `M1-${yy}-${randomBytes(3).toString('hex').toUpperCase()}-${invoiceNo.padStart(11, '0')}`;
        inv.state = 'issued';
        byKey.set(inv.key, inv);
        byNumber.set(`${inv.series}/${inv.invoiceNo}`, inv);
      }
      const base = `${req.protocol}://${req.host}`;
      return {
        series: inv.series,
        invoiceNo: inv.invoiceNo,
        taxAuthorityCode: inv.taxAuthorityCode,
        issuedAt: inv.issuedAt,
        state: inv.state,
        pdfUrl: `${base}/invoices/${inv.series}/${inv.invoiceNo}.pdf`,
      };
    });

    /** Cancels an issued invoice (idempotent); the reason is recorded as the provider's cancellation minutes. */
    app.post<{ Params: { series: string; no: string } }>('/invoices/:series/:no/cancel', async (req, reply) => {
      if (knobs.failCancel) return reply.status(503).send({ code: 'PROVIDER_ERROR', message: 'Hệ thống hóa đơn đang bận, chưa hủy được' });
      let inv = byNumber.get(`${req.params.series}/${req.params.no}`);
      // An invoice of the provider's earlier life (before this in-memory simulator started; the demo data's) is known
      // by its well-formed series and number.
      if (!inv && /^C\d{2}T[A-Z]{2}$/.test(req.params.series) && /^\d{8}$/.test(req.params.no)) {
        inv = {
          key: `${req.params.series}/${req.params.no}`,
          series: req.params.series,
          invoiceNo: req.params.no,
          taxAuthorityCode: '',
          data: null,
          xml: null,
          issuedAt: new Date().toISOString(),
          state: 'issued',
        };
        byNumber.set(`${inv.series}/${inv.invoiceNo}`, inv);
      }
      if (!inv) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có hóa đơn' });
      if (inv.state !== 'cancelled') {
        inv.state = 'cancelled';
        inv.cancelledAt = new Date().toISOString();
        inv.cancelReason = String((req.body as { reason?: string } | undefined)?.reason ?? '');
      }
      return { state: inv.state, cancelledAt: inv.cancelledAt };
    });

    /** What the provider holds of one invoice (tests and demo users read it). */
    app.get<{ Params: { series: string; no: string } }>('/_knobs/invoices/:series/:no', async (req, reply) => {
      const inv = byNumber.get(`${req.params.series}/${req.params.no}`);
      if (!inv) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có hóa đơn' });
      return {
        series: inv.series,
        invoiceNo: inv.invoiceNo,
        orderNo: inv.data?.info['Số lệnh'] ?? '',
        state: inv.state,
        cancelledAt: inv.cancelledAt ?? null,
        cancelReason: inv.cancelReason ?? null,
        invoice: inv.data,
        xml: inv.xml,
      };
    });

    /** The issued invoice as PDF (`.pdf`) or HTML (`.html`). */
    app.get<{ Params: { series: string; file: string } }>('/invoices/:series/:file', async (req, reply) => {
      const m = /^(\d+)\.(pdf|html)$/.exec(req.params.file);
      const inv = m ? byNumber.get(`${req.params.series}/${m[1]}`) : undefined;
      if (!m || !inv) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có hóa đơn' });
      if (m[2] === 'html') return reply.type('text/html; charset=utf-8').send(invoiceHtml(inv));
      reply.type('application/pdf');
      return invoicePdf(inv);
    });
  },
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const num = (n: number) => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }).format(n);
const issuedText = (inv: Invoice) => new Date(inv.issuedAt).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' });
/** The table's columns: title, width in the PDF (points), right-aligned. */
const columns: [string, number, boolean][] = [
  ['STT', 24, true],
  ['Tên hàng hóa, dịch vụ', 170, false],
  ['Đơn vị tính', 48, false],
  ['Số lượng', 38, true],
  ['Đơn giá', 58, true],
  ['Thành tiền chưa có thuế GTGT', 70, true],
  ['Thuế suất', 36, true],
  ['Tiền thuế GTGT', 71, true],
];
const lineCells = (l: ReadInvoice['lines'][number]) => [
  String(l.no),
  l.name,
  l.unit,
  num(l.quantity),
  num(l.unitPrice),
  num(l.amount),
  l.vatRate,
  num(l.vatAmount),
];

/** The invoice as a web page: the same parties, lines, totals per rate and totals as the PDF. */
function invoiceHtml(inv: Invoice): string {
  const d = inv.data;
  const head = `<h1>HÓA ĐƠN GIÁ TRỊ GIA TĂNG</h1><p>(Hóa đơn điện tử)</p>
<p>Ký hiệu: ${esc(inv.series)} · Số: ${esc(inv.invoiceNo)} · Mã của cơ quan thuế: ${esc(inv.taxAuthorityCode)} · Ngày lập: ${esc(issuedText(inv))}</p>`;
  if (!d) return `<!doctype html><html lang="vi"><meta charset="utf-8"><title>Hóa đơn ${esc(inv.invoiceNo)}</title>${head}</html>`;
  const rows = d.lines
    .map(
      (l) =>
        `<tr>${lineCells(l)
          .map((c, i) => `<td${columns[i]?.[2] ? ' class="num"' : ''}>${esc(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  const rates = d.rates
    .map(
      (r) =>
        `<tr><td colspan="5">Tổng theo thuế suất ${esc(r.vatRate)}</td><td class="num">${num(r.amount)}</td><td class="num">${esc(r.vatRate)}</td><td class="num">${num(r.vatAmount)}</td></tr>`,
    )
    .join('');
  const info = Object.entries(d.info)
    .map(([k, v]) => `<p>${esc(k)}: ${esc(v)}</p>`)
    .join('');
  return `<!doctype html><html lang="vi"><meta charset="utf-8"><title>Hóa đơn ${esc(inv.series)} ${esc(inv.invoiceNo)}</title>
<style>table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px}.num{text-align:right}</style>${head}
<p>Đơn vị bán hàng: ${esc(d.seller.name)} · Mã số thuế: ${esc(d.seller.taxCode)} · Địa chỉ: ${esc(d.seller.address)}</p>
<p>Người mua: ${esc(d.buyer.name)}${d.buyer.taxCode ? ` · Mã số thuế: ${esc(d.buyer.taxCode)}` : ''}${d.buyer.address ? ` · Địa chỉ: ${esc(d.buyer.address)}` : ''}</p>
<p>Hình thức thanh toán: ${esc(d.paymentMethod)}</p>${info}
<table><thead><tr>${columns.map(([t]) => `<th>${esc(t)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody>
<tfoot>${rates}<tr><td colspan="5">Cộng tiền hàng hóa, dịch vụ</td><td class="num">${num(d.totalBeforeTax)}</td><td></td><td class="num">${num(d.totalVat)}</td></tr>
<tr><td colspan="7">Tổng tiền thanh toán</td><td class="num">${num(d.totalPayable)}</td></tr></tfoot></table>
<p>Số tiền viết bằng chữ: ${esc(d.payableInWords)}</p></html>`;
}

function invoicePdf(inv: Invoice): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Hóa đơn ${inv.series} ${inv.invoiceNo}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', fontRegular);
    doc.registerFont('bold', fontBold);
    doc.font('bold').fontSize(15).text('HÓA ĐƠN GIÁ TRỊ GIA TĂNG', { align: 'center' });
    doc.font('regular').fontSize(9).text('(Hóa đơn điện tử)', { align: 'center' }).moveDown();
    doc.text(`Ký hiệu: ${inv.series}    Số: ${inv.invoiceNo}    Ngày lập: ${issuedText(inv)}`);
    doc.text(`Mã của cơ quan thuế: ${inv.taxAuthorityCode}`).moveDown(0.5);
    const d = inv.data;
    if (d) {
      doc.text(`Đơn vị bán hàng: ${d.seller.name}`);
      doc.text(`Mã số thuế: ${d.seller.taxCode}    Địa chỉ: ${d.seller.address}`).moveDown(0.5);
      doc.text(`Người mua: ${d.buyer.name}`);
      if (d.buyer.taxCode) doc.text(`Mã số thuế: ${d.buyer.taxCode}`);
      if (d.buyer.address) doc.text(`Địa chỉ: ${d.buyer.address}`);
      doc.text(`Hình thức thanh toán: ${d.paymentMethod}`);
      for (const [k, v] of Object.entries(d.info)) doc.text(`${k}: ${v}`);
      doc.moveDown(0.5);
      const row = (cells: string[], bold = false) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(7.5);
        const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (columns[i]?.[1] ?? 40) - 4 }))) + 4;
        if (doc.y + height > doc.page.height - 60) doc.addPage();
        const top = doc.y;
        let x = doc.page.margins.left;
        for (const [i, c] of cells.entries()) {
          const [, width, right] = columns[i] ?? ['', 40, false];
          doc.rect(x, top, width, height).stroke('#999999');
          doc.fillColor('black').text(c, x + 2, top + 2, { width: width - 4, align: right ? 'right' : 'left' });
          x += width;
        }
        doc.x = doc.page.margins.left;
        doc.y = top + height;
      };
      row(
        columns.map(([t]) => t),
        true,
      );
      for (const l of d.lines) row(lineCells(l));
      for (const r of d.rates) row(['', `Tổng theo thuế suất ${r.vatRate}`, '', '', '', num(r.amount), r.vatRate, num(r.vatAmount)]);
      row(['', 'Cộng tiền hàng hóa, dịch vụ', '', '', '', num(d.totalBeforeTax), '', num(d.totalVat)], true);
      doc
        .moveDown(0.5)
        .font('bold')
        .fontSize(10)
        .text(`Tổng tiền thanh toán: ${vnd(d.totalPayable)}`);
      doc.font('regular').text(`Số tiền viết bằng chữ: ${d.payableInWords}`);
    }
    doc.end();
  });
}
