import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalFields } from '@smartport/contract';
import { z } from 'zod';
import { callJson, refusedDown } from '../http-call';
import type { QrTransfer, VietQrBank } from './vietqr.port';

const error = z.object({ code: z.string().optional(), message: z.string().optional() });
const registered = z.object({ registered: z.array(z.string()) });
const transfer = z.object({ transactionId: z.string().min(1), amount: z.number().int(), note: z.string(), account: z.string() });

/** HTTP adapter of the VietQR bank; `secret` is the shared key it signs its notices with (HMAC-SHA256, sorted fields). */
export function createHttpVietQrBank(opts: { baseUrl: string | undefined; secret: string; timeoutMs?: number }): VietQrBank {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return {
    async registerWebhook(url) {
      const r = await callJson({ baseUrl: opts.baseUrl, path: '/webhooks', body: { url }, timeoutMs }, { ok: registered, error });
      if (r.ok) return { ok: true, value: undefined };
      return r.failure === 'refused' ? refusedDown(r) : r;
    },
    async transfers(note) {
      const r = await callJson(
        { baseUrl: opts.baseUrl, path: `/transactions?note=${encodeURIComponent(note)}`, timeoutMs },
        { ok: z.array(transfer), error },
      );
      if (r.ok) return { ok: true, value: r.value };
      return r.failure === 'refused' ? refusedDown(r) : r;
    },
    readNotice(notice) {
      const t: QrTransfer = { transactionId: notice.transactionId, amount: notice.amount, note: notice.note, account: notice.account };
      const expected = Buffer.from(
        createHmac('sha256', opts.secret)
          .update(canonicalFields({ ...t }))
          .digest('hex'),
      );
      const given = Buffer.from(notice.checksum);
      return expected.length === given.length && timingSafeEqual(expected, given)
        ? { ok: true, transfer: t }
        : { ok: false, failure: 'bad_checksum' };
    },
  };
}
