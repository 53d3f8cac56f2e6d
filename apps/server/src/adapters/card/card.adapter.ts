import { z } from 'zod';
import { callJson, refusedDown } from '../http-call';
import type { CardConfirm, CardGateway, CardStart } from './card.port';

// The gateway's JSON API (paths and codes of the MB sandbox as the simulator speaks them).
const error = z.object({ code: z.string().optional(), message: z.string().optional(), attemptsLeft: z.number().int().optional() });
const checked = z.object({ isExpireDate: z.boolean() });
const started = z.object({ transferId: z.string().min(1), status: z.string(), otpLength: z.number().int().positive().optional() });
const confirmed = z.object({ status: z.literal('SUCCESS'), transactionId: z.string().min(1), amount: z.number() });

/** HTTP adapter of the card gateway; the gateway's codes become the port's outcomes here and nowhere else. */
export function createHttpCardGateway(opts: { baseUrl: string | undefined; timeoutMs?: number }): CardGateway {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const call = <T>(path: string, body: unknown, ok: z.ZodType<T>) =>
    callJson({ baseUrl: opts.baseUrl, path, body, timeoutMs }, { ok, error });

  return {
    async checkCard(bin) {
      const r = await call('/cards/check', { bin }, checked);
      if (r.ok) return { ok: true, value: { isExpireDate: r.value.isExpireDate } };
      return r.failure === 'refused' ? refusedDown(r) : r;
    },

    async startTransfer(t): Promise<CardStart> {
      const r = await call('/transfers', t, started);
      if (r.ok) return { ok: true, otpLength: r.value.otpLength ?? null };
      if (r.failure !== 'refused') return r;
      if (r.error?.code === 'CARD_DECLINED') return { ok: false, failure: 'declined', ...(r.detail ? { detail: r.detail } : {}) };
      return refusedDown(r);
    },

    async confirm(merchantRef, otp): Promise<CardConfirm> {
      const r = await call(`/transfers/${encodeURIComponent(merchantRef)}/confirm`, { otp }, confirmed);
      if (r.ok) return { ok: true, transactionId: r.value.transactionId, amount: r.value.amount };
      if (r.failure !== 'refused') return r;
      if (r.error?.code === 'OTP_WRONG') return { ok: false, failure: 'wrong_otp', attemptsLeft: r.error.attemptsLeft ?? 0 };
      if (r.error?.code === 'FAILED') return { ok: false, failure: 'transfer_failed' };
      return refusedDown(r);
    },
  };
}
