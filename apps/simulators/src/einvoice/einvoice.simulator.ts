import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { installKnobs } from '../knobs';
import { vnd } from '../payments/common';
import type { SimulatorDefinition } from '../simulator';

const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

interface InvoiceLine {
  name: string;
  quantity: number;
  amount: number;
}
interface Invoice {
  key: string;
  series: string;
  invoiceNo: string;
  taxAuthorityCode: string;
  orderNo: string;
  pinCode: string;
  buyerName: string;
  buyerTaxCode: string;
  lines: InvoiceLine[];
  total: number;
  issuedAt: string;
  state: 'draft' | 'signed' | 'issued' | 'cancelled';
  cancelledAt?: string;
  cancelReason?: string;
}

const defaults = {
  latencyMs: 0,
  hang: false,
  /** Refuse to issue (provider error). */
  fail: false,
  /** Refuse to cancel (provider error, 503). */
  failCancel: false,
};

/**
 * Electronic invoice provider: issue (draft → signed → tax-authority code), a number in a series
 * like C26TAA, and the invoice as PDF with Vietnamese text. Issuing is idempotent per `key`.
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

    app.post('/invoices', async (req, reply) => {
      const b = (req.body ?? {}) as Partial<Invoice>;
      if (typeof b.key !== 'string' || typeof b.orderNo !== 'string' || typeof b.total !== 'number' || !Array.isArray(b.lines)) {
        return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Thiếu thông tin hóa đơn' });
      }
      if (knobs.fail) return reply.status(503).send({ code: 'PROVIDER_ERROR', message: 'Hệ thống hóa đơn đang bận' });
      let inv = byKey.get(b.key);
      if (!inv) {
        const now = new Date();
        const yy = String(now.getFullYear() % 100).padStart(2, '0');
        const invoiceNo = String(next++).padStart(8, '0');
        inv = {
          key: b.key,
          series: `C${yy}TAA`,
          invoiceNo,
          taxAuthorityCode: '',
          orderNo: b.orderNo,
          pinCode: String(b.pinCode ?? ''),
          buyerName: String(b.buyerName ?? ''),
          buyerTaxCode: String(b.buyerTaxCode ?? ''),
          lines: b.lines.map((l) => ({ name: String(l.name), quantity: Number(l.quantity) || 1, amount: Number(l.amount) || 0 })),
          total: b.total,
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
          orderNo: '',
          pinCode: '',
          buyerName: '',
          buyerTaxCode: '',
          lines: [],
          total: 0,
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
        orderNo: inv.orderNo,
        state: inv.state,
        cancelledAt: inv.cancelledAt ?? null,
        cancelReason: inv.cancelReason ?? null,
      };
    });

    app.get<{ Params: { series: string; file: string } }>('/invoices/:series/:file', async (req, reply) => {
      const inv = byNumber.get(`${req.params.series}/${req.params.file.replace(/\.pdf$/, '')}`);
      if (!inv) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có hóa đơn' });
      reply.type('application/pdf');
      return invoicePdf(inv);
    });
  },
};

function invoicePdf(inv: Invoice): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Hóa đơn ${inv.series} ${inv.invoiceNo}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', fontRegular);
    doc.registerFont('bold', fontBold);
    doc.font('bold').fontSize(16).text('HÓA ĐƠN GIÁ TRỊ GIA TĂNG', { align: 'center' });
    doc.font('regular').fontSize(10).text('(Hóa đơn điện tử)', { align: 'center' }).moveDown();
    doc.text(`Ký hiệu: ${inv.series}    Số: ${inv.invoiceNo}`);
    doc.text(`Mã của cơ quan thuế: ${inv.taxAuthorityCode}`);
    doc.text(`Ngày lập: ${new Date(inv.issuedAt).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' })}`).moveDown();
    doc.text('Đơn vị bán hàng: Công ty Cổ phần Cảng SmartPort');
    doc.text(`Người mua: ${inv.buyerName}`);
    doc.text(`Mã số thuế người mua: ${inv.buyerTaxCode}`);
    doc.text(`Số lệnh: ${inv.orderNo}    Mã PIN: ${inv.pinCode}`).moveDown();
    doc.font('bold').text('Nội dung dịch vụ');
    doc.font('regular');
    for (const [i, l] of inv.lines.entries()) doc.text(`${i + 1}. ${l.name} × ${l.quantity}: ${vnd(l.amount)}`);
    doc
      .moveDown()
      .font('bold')
      .text(`Tổng cộng tiền thanh toán: ${vnd(inv.total)}`);
    doc.end();
  });
}
