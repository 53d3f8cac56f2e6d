import { randomBytes } from 'node:crypto';
import { installKnobs } from '../knobs';
import type { SimulatorDefinition } from '../simulator';

interface Transfer {
  transferId: string;
  merchantRef: string;
  amount: number;
  status: 'OTP' | 'SUCCESS' | 'FAILED';
  wrongOtps: number;
  transactionId?: string;
}

const defaults = {
  latencyMs: 0,
  hang: false,
  /** The OTP the gateway "sends" to the cardholder (a sandbox's fixed code). */
  otp: '123456',
  /** Refuse the card at verification. */
  declineCard: false,
  /** Report a different amount than charged (the portal must refuse it). */
  amountDelta: 0,
};

/**
 * Card + OTP gateway (e.g. MB): `is_expire_date` by the first 6 digits, verify the card and send
 * an OTP, confirm the OTP (3 tries), a transaction id. Card data is checked and forgotten.
 * Domestic cards (BIN 9704…) carry an issue date; international ones an expiry date.
 */
export const cardSimulator: SimulatorDefinition = {
  name: 'card',
  description: 'Cổng thanh toán thẻ + OTP (MB)',
  portOffset: 3,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const byRef = new Map<string, Transfer>();
    /** Requests to start a transfer (each would send the cardholder an OTP): tests count what reaches the gateway. */
    const stats = { transferRequests: 0 };
    app.get('/_stats', async () => stats);

    app.post('/cards/check', async (req, reply) => {
      const { bin } = (req.body ?? {}) as { bin?: unknown };
      if (typeof bin !== 'string' || !/^\d{6}$/.test(bin)) return reply.status(400).send({ code: 'BAD_BIN', message: 'BIN không hợp lệ' });
      return { isExpireDate: !bin.startsWith('9704') };
    });

    app.post('/transfers', async (req, reply) => {
      stats.transferRequests += 1;
      const b = (req.body ?? {}) as {
        merchantRef?: unknown;
        amount?: unknown;
        cardNumber?: unknown;
        cardDate?: unknown;
        cardName?: unknown;
      };
      if (typeof b.merchantRef !== 'string' || typeof b.amount !== 'number' || !(b.amount > 0) || typeof b.cardNumber !== 'string') {
        return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Thiếu thông tin giao dịch' });
      }
      const existing = byRef.get(b.merchantRef);
      if (existing) return { transferId: existing.transferId, status: existing.status };
      if (knobs.declineCard || b.cardNumber.endsWith('0000') || typeof b.cardDate !== 'string' || typeof b.cardName !== 'string') {
        return reply.status(402).send({ code: 'CARD_DECLINED', message: 'Thẻ không hợp lệ hoặc bị từ chối' });
      }
      const t: Transfer = {
        transferId: randomBytes(8).toString('hex'),
        merchantRef: b.merchantRef,
        amount: b.amount,
        status: 'OTP',
        wrongOtps: 0,
      };
      byRef.set(t.merchantRef, t);
      return { transferId: t.transferId, status: t.status, otpLength: knobs.otp.length };
    });

    /** OTP confirmation, by the merchant's reference of the transfer. */
    app.post<{ Params: { ref: string } }>('/transfers/:ref/confirm', async (req, reply) => {
      const t = byRef.get(req.params.ref);
      if (!t) return reply.status(404).send({ code: 'NOT_FOUND', message: 'Không có giao dịch' });
      const { otp } = (req.body ?? {}) as { otp?: unknown };
      if (t.status === 'SUCCESS') return { status: t.status, transactionId: t.transactionId, amount: t.amount + knobs.amountDelta };
      if (t.status === 'FAILED') return reply.status(409).send({ code: 'FAILED', message: 'Giao dịch đã thất bại', attemptsLeft: 0 });
      if (otp !== knobs.otp) {
        t.wrongOtps += 1;
        if (t.wrongOtps >= 3) t.status = 'FAILED';
        return reply
          .status(409)
          .send({ code: t.status === 'FAILED' ? 'FAILED' : 'OTP_WRONG', message: 'Mã OTP không đúng', attemptsLeft: 3 - t.wrongOtps });
      }
      t.status = 'SUCCESS';
      t.transactionId = `MB${Date.now().toString().slice(-8)}${randomBytes(3).toString('hex').toUpperCase()}`;
      return { status: t.status, transactionId: t.transactionId, amount: t.amount + knobs.amountDelta };
    });
  },
};
