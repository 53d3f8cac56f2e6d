import { randomBytes } from 'node:crypto';
import { parseVietQr } from '@smartport/contract';
import { installKnobs } from '../knobs';
import type { SimulatorDefinition } from '../simulator';
import { notify, sign } from './common';

/**
 * Shared with the portal (PAY_VIETQR_SECRET there, SIM_VIETQR_SECRET here). Without SIM_VIETQR_SECRET the simulator signs with a
 * random key of this process (no key in the source), which tests running it in-process give the portal.
 */
export const demoVietQrSecret = randomBytes(24).toString('base64url');

/** The port's receiving account at the simulated bank (MB, BIN 970422). */
export const vietQrAccount = { bankBin: '970422', account: '0801000123456', accountName: 'CONG TY CP CANG SMARTPORT' };

const defaults = {
  latencyMs: 0,
  hang: false,
  duplicateNotify: false,
  lostNotify: false,
  /** Transfer a different amount than the QR asks. */
  amountDelta: 0,
};

/**
 * A bank that receives VietQR transfers into the port's account and tells the portal: a mobile app
 * "scans" a payload (`POST /app/pay {payload}`), the transfer is booked and a signed notice with
 * amount and note goes to every registered webhook.
 */
export const vietQrSimulator: SimulatorDefinition = {
  name: 'vietqr',
  description: 'Ngân hàng nhận chuyển khoản VietQR (MB)',
  portOffset: 5,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const secret = process.env.SIM_VIETQR_SECRET || demoVietQrSecret;
    const webhooks = new Set<string>();
    const booked: { transactionId: string; amount: number; note: string; account: string }[] = [];

    app.get('/account', async () => vietQrAccount);
    app.post('/webhooks', async (req, reply) => {
      const { url } = (req.body ?? {}) as { url?: unknown };
      if (typeof url !== 'string' || !/^https?:\/\//.test(url))
        return reply.status(400).send({ code: 'BAD_URL', message: 'Địa chỉ không hợp lệ' });
      webhooks.add(url);
      return { registered: [...webhooks] };
    });

    app.post('/app/pay', async (req, reply) => {
      const { payload } = (req.body ?? {}) as { payload?: unknown };
      const qr = typeof payload === 'string' ? parseVietQr(payload) : null;
      if (!qr) return reply.status(400).send({ code: 'BAD_QR', message: 'Mã QR không hợp lệ' });
      if (qr.bankBin !== vietQrAccount.bankBin || qr.account !== vietQrAccount.account || !qr.amount) {
        return reply.status(400).send({ code: 'UNKNOWN_ACCOUNT', message: 'Tài khoản nhận hoặc số tiền không hợp lệ' });
      }
      const transfer = {
        transactionId: `QR${Date.now().toString().slice(-9)}${randomBytes(2).toString('hex').toUpperCase()}`,
        amount: qr.amount + knobs.amountDelta,
        note: qr.note,
        account: qr.account,
      };
      booked.push(transfer);
      const notice = { ...transfer, checksum: sign(secret, transfer) };
      if (!knobs.lostNotify) {
        for (const url of webhooks) {
          await notify(url, notice);
          if (knobs.duplicateNotify) await notify(url, notice);
        }
      }
      return { success: true, transactionId: transfer.transactionId, amount: transfer.amount };
    });

    /** Transfers booked with a note (reconciliation). */
    app.get<{ Querystring: { note?: string } }>('/transactions', async (req) =>
      booked.filter((b) => !req.query.note || b.note.includes(req.query.note)),
    );
  },
};
