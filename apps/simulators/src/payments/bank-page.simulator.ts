import { randomBytes } from 'node:crypto';
import { installKnobs } from '../knobs';
import type { SimulatorDefinition } from '../simulator';
import { acceptForms, escapeHtml, notify, sign, vnd } from './common';

interface BankPayment {
  requestId: string;
  orderNo: string;
  amount: number;
  returnUrl: string | null;
  notifyUrl: string | null;
  status: 'PENDING' | 'SUCCESS' | 'CANCELLED';
  transactionId: string;
  time: string;
}

/**
 * Shared with the portal (PAY_NAPAS_SECRET there, SIM_NAPAS_SECRET here). Without SIM_NAPAS_SECRET the simulator signs with a
 * random key of this process (no key in the source), which tests running it in-process give the portal.
 */
export const demoNapasSecret = randomBytes(24).toString('base64url');

const defaults = {
  latencyMs: 0,
  hang: false,
  /** Sign results with a wrong checksum. */
  wrongChecksum: false,
  /** Do not send the server-to-server notice (the portal must poll or reconcile). */
  lostCallback: false,
  /** Send the notice twice. */
  duplicateNotify: false,
  /** Charge a different amount than asked. */
  amountDelta: 0,
};

function page(title: string, body: string) {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:520px;margin:40px auto;padding:0 16px;color:#1d2b3a}
.card{border:1px solid #d0d7de;border-radius:8px;padding:24px}button{font-size:16px;padding:8px 20px;margin-right:12px;cursor:pointer}
.pay{background:#0b6e4f;color:#fff;border:0;border-radius:4px}.cancel{background:#fff;border:1px solid #999;border-radius:4px}</style></head>
<body><div class="card"><h2>${escapeHtml(title)}</h2>${body}</div></body></html>`;
}

/**
 * Hosted bank page (NAPAS-style, e.g. VCB_NAPAS): the portal registers a payment and redirects the
 * browser here; the customer pays or cancels; the result, signed (HMAC-SHA256 over the sorted
 * fields), is sent to the portal's notice address and can be queried by requestId.
 */
export const bankPageSimulator: SimulatorDefinition = {
  name: 'napas',
  description: 'Trang thanh toán ngân hàng (NAPAS)',
  portOffset: 4,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const secret = process.env.SIM_NAPAS_SECRET || demoNapasSecret;
    const payments = new Map<string, BankPayment>();
    acceptForms(app);

    const signed = (p: BankPayment) => {
      const data = {
        requestId: p.requestId,
        orderNo: p.orderNo,
        amount: p.amount,
        status: p.status,
        transactionId: p.transactionId,
        time: p.time,
      };
      const checksum = sign(secret, data);
      return { data, checksum: knobs.wrongChecksum ? `${checksum.slice(0, -4)}0000` : checksum };
    };

    app.post('/payments', async (req, reply) => {
      const b = (req.body ?? {}) as Partial<Record<keyof BankPayment, unknown>>;
      if (typeof b.requestId !== 'string' || typeof b.orderNo !== 'string' || typeof b.amount !== 'number' || !(b.amount > 0)) {
        return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Thiếu thông tin giao dịch' });
      }
      let p = payments.get(b.requestId);
      if (!p) {
        p = {
          requestId: b.requestId,
          orderNo: b.orderNo,
          amount: b.amount,
          returnUrl: typeof b.returnUrl === 'string' ? b.returnUrl : null,
          notifyUrl: typeof b.notifyUrl === 'string' ? b.notifyUrl : null,
          status: 'PENDING',
          transactionId: '',
          time: '',
        };
        payments.set(p.requestId, p);
      }
      const base = `${req.protocol}://${req.host}`;
      return { requestId: p.requestId, paymentUrl: `${base}/pay/${encodeURIComponent(p.requestId)}` };
    });

    app.get<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
      const p = payments.get(req.params.id);
      reply.type('text/html; charset=utf-8');
      if (!p) return reply.status(404).send(page('Không tìm thấy giao dịch', '<p>Giao dịch không tồn tại hoặc đã hết hạn.</p>'));
      if (p.status !== 'PENDING')
        return page('Giao dịch đã kết thúc', `<p>Trạng thái: ${p.status === 'SUCCESS' ? 'Thành công' : 'Đã hủy'}</p>`);
      return page(
        'Cổng thanh toán NAPAS',
        `<p>Đơn hàng: <b>${escapeHtml(p.orderNo)}</b></p><p>Số tiền: <b>${vnd(p.amount)}</b></p>
<form method="post" action="/pay/${encodeURIComponent(p.requestId)}/confirm">
<button class="pay" name="action" value="pay" type="submit">Thanh toán</button>
<button class="cancel" name="action" value="cancel" type="submit">Hủy giao dịch</button></form>`,
      );
    });

    /** The customer's choice: `{action: 'pay' | 'cancel'}` (form or JSON). */
    app.post<{ Params: { id: string } }>('/pay/:id/confirm', async (req, reply) => {
      const p = payments.get(req.params.id);
      const { action } = (req.body ?? {}) as { action?: unknown };
      reply.type('text/html; charset=utf-8');
      if (!p) return reply.status(404).send(page('Không tìm thấy giao dịch', '<p>Giao dịch không tồn tại.</p>'));
      if (p.status === 'PENDING') {
        p.status = action === 'pay' ? 'SUCCESS' : 'CANCELLED';
        p.amount += action === 'pay' ? knobs.amountDelta : 0;
        p.transactionId = action === 'pay' ? `FT${Date.now().toString().slice(-9)}${randomBytes(2).toString('hex').toUpperCase()}` : '';
        p.time = new Date().toISOString();
        if (p.notifyUrl && !knobs.lostCallback) {
          const notice = signed(p);
          await notify(p.notifyUrl, notice);
          if (knobs.duplicateNotify) await notify(p.notifyUrl, notice);
        }
      }
      const back = p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">Quay lại SmartPort</a></p>` : '';
      return page(
        p.status === 'SUCCESS' ? 'Giao dịch thành công' : 'Giao dịch đã hủy',
        `<p>Đơn hàng ${escapeHtml(p.orderNo)}: ${p.status === 'SUCCESS' ? `đã thanh toán ${vnd(p.amount)}` : 'đã hủy'}.</p>
<p>Quý khách có thể đóng trang này và quay lại SmartPort.</p>${back}`,
      );
    });

    /** Status query (reconciliation and the portal's polling). */
    app.get<{ Params: { id: string } }>('/payments/:id', async (req, reply) => {
      const p = payments.get(req.params.id);
      if (!p) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có giao dịch' });
      return signed(p);
    });
  },
};
