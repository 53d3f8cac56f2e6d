import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalFields, napasData } from '@smartport/contract';
import { z } from 'zod';
import { callJson, refusedDown } from '../http-call';
import type { BankPageGateway, BankPageResult, SignedBankResult } from './bank-page.port';

const error = z.object({ code: z.string().optional(), message: z.string().optional() });
const created = z.object({ requestId: z.string(), paymentUrl: z.url() });
const signedResult = z.object({ data: napasData, checksum: z.string().min(1) });

/** HMAC-SHA256 over the sorted `key=value` fields, compared in constant time. */
function validChecksum(secret: string, signed: SignedBankResult): boolean {
  const expected = Buffer.from(
    createHmac('sha256', secret)
      .update(canonicalFields({ ...signed.data }))
      .digest('hex'),
  );
  const given = Buffer.from(signed.checksum);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The bank's status words become the portal's states here (anything but PENDING and SUCCESS ends the payment). */
export function readBankResult(secret: string, signed: SignedBankResult): BankPageResult {
  if (!validChecksum(secret, signed)) return { state: 'bad_checksum' };
  const { data } = signed;
  if (data.status === 'PENDING') return { state: 'pending', requestId: data.requestId };
  if (data.status === 'SUCCESS')
    return { state: 'paid', requestId: data.requestId, amount: Number(data.amount), transactionId: data.transactionId };
  return { state: 'cancelled', requestId: data.requestId };
}

/** HTTP adapter of the hosted bank page; `secret` is the shared key the bank signs its results with. */
export function createHttpBankPageGateway(opts: { baseUrl: string | undefined; secret: string; timeoutMs?: number }): BankPageGateway {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return {
    async create(p) {
      const r = await callJson({ baseUrl: opts.baseUrl, path: '/payments', body: p, timeoutMs }, { ok: created, error });
      if (r.ok) return { ok: true, value: { paymentUrl: r.value.paymentUrl } };
      return r.failure === 'refused' ? refusedDown(r) : r;
    },
    async status(requestId) {
      const r = await callJson(
        { baseUrl: opts.baseUrl, path: `/payments/${encodeURIComponent(requestId)}`, timeoutMs },
        { ok: signedResult, error },
      );
      if (!r.ok) return r.failure === 'refused' ? refusedDown(r) : r;
      return { ok: true, value: { signed: r.value, result: readBankResult(opts.secret, r.value) } };
    },
    read: (signed) => readBankResult(opts.secret, signed),
  };
}
