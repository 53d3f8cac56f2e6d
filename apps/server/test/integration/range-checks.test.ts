import { type CallDef, callList } from '@smartport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

// Every date and integer a call takes is bounded to what the database stores: a year outside 1900–9999, a number past
// int4/bigint, NaN, Infinity, a huge text or list is refused with a Vietnamese 400, never a 500 from PostgreSQL.

let t: TestApp;
let tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tokens = {};
  for (const role of ['admin', 'khachhang', 'hangtau', 'haiquan', 'nhanvien']) tokens[role] = await t.login(role);
  // Building a seeded portal takes a while on a busy machine.
}, 120_000);
afterAll(async () => t?.close());

/** A value that JSON cannot carry as such is written raw into the body: 1e999 parses to Infinity. */
const RAW = '\u0001raw:';
const extremes: unknown[] = [
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01 00:00:00',
  '10000-01-01',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '1899-12-31',
  -62167219200000,
  253402300800000,
  8.64e15,
  0,
  -1,
  -0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  '9223372036854775808',
  '-9223372036854775809',
  '1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  `${RAW}1e999`,
  `${RAW}-1e999`,
  `${RAW}-0`,
  `${RAW}1${'0'.repeat(400)}`,
  'x'.repeat(200_000),
  '9'.repeat(1000),
  Array.from({ length: 20_000 }, (_, i) => i),
  Array.from({ length: 2_000 }, () => 'x'.repeat(100)),
  [2 ** 63],
  ['0000-01-01'],
  { From: '0000-01-01' },
  true,
  null,
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};

const DAY_LIKE = /date|time|day|from|to$|eta|etb|etd|expir|valid|month|year|period/i;

/** A value the field would likely take, so that the other fields of a body pass and the extreme one reaches the query. */
function plausible(name: string, s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return DAY_LIKE.test(name) ? '2026-06-01' : 'A';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== '*') ?? s.enum[0];
  if (s.anyOf?.length) return plausible(name, s.anyOf.find((a) => a.type !== 'null') ?? s.anyOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [plausible(name, s.items, depth + 1)];
  if (type === 'object' || s.properties)
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(k, v, depth + 1)]));
  if (type === 'string') {
    if (DAY_LIKE.test(name)) return '2026-06-01';
    if (/terminal/i.test(name)) return 'NDP';
    return 'A'.repeat(Math.max(1, s.minLength ?? 1));
  }
  return DAY_LIKE.test(name) ? '2026-06-01' : 1;
}

/** The object a call's request reads (through unions and lists), as JSON Schema. */
function objectOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.properties) return s;
  if (s.items) return objectOf(s.items);
  return s.anyOf?.map(objectOf).find(Boolean);
}

/** Paths to the fields of a body (two levels: a list's row or a nested object's fields too). */
function leafPaths(body: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 2 || body === null || typeof body !== 'object') return [prefix];
  const entries = Array.isArray(body) ? body.slice(0, 1).map((v, i) => [i, v] as const) : Object.entries(body);
  const inner = entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k], depth + 1));
  return prefix.length ? [prefix, ...inner] : inner;
}

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

const valueAt = (body: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), body);

const toJson = (body: unknown) => JSON.stringify(body).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), '$1');

/** The call's request filled with plausible values, as the base each extreme value is put into. */
function baseOf(call: CallDef): unknown {
  const root = objectOf(z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as Schema);
  return root ? plausible('', root) : {};
}

/** The ends of every range, each put into every date and number field of the call in turn (deterministic). */
const sweepValues: unknown[] = [
  '0000-01-01T00:00:00Z',
  '10000-01-01',
  '-271821-04-20T00:00:00Z',
  '2026-02-30',
  2 ** 31,
  2 ** 63,
  -(2 ** 63),
  `${RAW}1e999`,
];
function sweepFor(call: CallDef): string[] {
  const base = baseOf(call);
  const typed = leafPaths(base).filter((p) => {
    const v = valueAt(base, p);
    return typeof v === 'number' || v === '2026-06-01';
  });
  return typed.flatMap((p) => sweepValues.map((v) => toJson(setAt(base, p, v))));
}

function bodyFor(call: CallDef): fc.Arbitrary<string> {
  const base = baseOf(call);
  const paths = leafPaths(base);
  const extreme = fc.constantFrom(...extremes);
  const change = paths.length ? fc.tuple(fc.constantFrom(...paths), extreme) : fc.tuple(fc.constant([] as (string | number)[]), extreme);
  return fc
    .array(change, { minLength: 1, maxLength: 2 })
    .map((changes) => changes.reduce<unknown>((b, [path, v]) => setAt(b, path, v), base))
    .map(toJson);
}

describe('[reliability: range-checks] extreme dates and numbers are refused with 400, never 500', () => {
  for (const call of callList) {
    if (call.multipart) continue;
    it(`answers 2xx or a Vietnamese 4xx to extreme values sent to ${call.path}`, async () => {
      // The first demo role allowed to make the call (admin holds most menus; a customer or a line the rest).
      let who = 'admin';
      for (const role of Object.keys(tokens)) {
        who = role;
        if ((await t.call(call.path, {}, tokens[role])).status !== 403) break;
      }
      const send = async (payload: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${call.path}`,
          headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
          payload,
        });
        // 502: a vendor (customs, TOS) the test portal has no simulator for; not an answer to the values sent.
        if (res.statusCode !== 502) expect(res.statusCode, `${who} ${payload.slice(0, 300)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(JSON.parse(res.body).message).toMatch(vietnamese);
        if ((await t.call('auth/me', {}, tokens[who])).status === 401) tokens[who] = await t.login(who);
      };
      for (const payload of sweepFor(call)) await send(payload);
      await fc.assert(fc.asyncProperty(bodyFor(call), send), { numRuns: 10 });
    });
  }
});

describe('[reliability: range-checks] the calls the review found answering 500', () => {
  const refused = async (path: string, body: Record<string, unknown>, field: string) => {
    const res = await t.call(path, body, tokens.admin);
    expect(res.status, `${path} ${JSON.stringify(body)}: ${res.raw}`).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.message).toMatch(vietnamese);
    return String(res.body.message);
  };

  it('refuses a vessel schedule range outside the years 1900–9999, naming the field', async () => {
    for (const bad of ['0000-01-01T00:00:00Z', '10000-01-01', '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      expect(await refused('common/getVesselScheduleList', { FromDate: bad }, 'FromDate')).toContain('năm phải từ 1900 đến 9999');
    }
    expect((await t.call('common/getVesselScheduleList', { FromDate: '1900-01-01', ToDate: '9999-12-31' }, tokens.admin)).status).toBe(200);
  });

  it('refuses free-day rules and the customs request log outside the years the database stores', async () => {
    await refused('common/getFreeDayList', { ApplyDate: '0000-01-01T00:00:00Z' }, 'ApplyDate');
    await refused('custom/get_log_custom_req', { fromDate: '2026-01-01', toDate: '10000-01-01' }, 'toDate');
    await refused('custom/get_log_custom_req', { fromDate: '1899-12-31', toDate: '2026-03-01' }, 'fromDate');
    expect((await t.call('custom/get_log_custom_req', { fromDate: '2026-01-01', toDate: '2026-02-01' }, tokens.admin)).status).toBe(200);
  });

  it('refuses a rating criterion past int4 and a rating range outside the calendar', async () => {
    const range = { fromdate: '2026-01-01', todate: '2026-02-01' };
    await refused('crm/DataRating', { ...range, QuestionCode: 2 ** 31 }, 'QuestionCode');
    await refused('crm/DataRating', { ...range, QuestionCode: 2 ** 63 }, 'QuestionCode');
    expect((await t.call('crm/DataRating', { ...range, QuestionCode: 1 }, tokens.admin)).status).toBe(200);
  });
});
