import { type Access, type CallDef, callList, menuIds } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants, demoUsers } from '../../src/db/seed/access.data';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every call's grant matches the menus that offer it. From the seed's group grants
 * and each call's access (and each variant's, for a call carrying several messages) this derives
 * which demo roles may make the call, then makes it as every demo role: a role the menus do not
 * reach must never get 200 (403 is what the grant check answers); a role they reach is not
 * refused for want of a grant (it may still get 200, a 4xx about its data, or a partner's 502).
 */
const roles = demoUsers.map((u) => ({ user: u.UserID, group: u.UserGroupCode, password: u.password }));

function grantsOf(group: string): ReadonlySet<string> {
  const g = defaultGrants[group];
  return new Set(g === 'all' ? menuIds : (g ?? []));
}

/** The groups whose seeded menu grants reach an access. */
function groupsReaching(access: Access): Set<string> {
  if (access.kind !== 'menu') return new Set(roles.map((r) => r.group));
  return new Set(roles.filter((r) => access.anyOf.some((id) => grantsOf(r.group).has(id))).map((r) => r.group));
}

/** A valid body for each message of a variant call, so the variant's own grant is what answers. */
const variantBodies: Record<string, Record<string, unknown>> = {
  'custom/req_aciss': {
    367: { requestType: 367, requestData: [{ declareNo: '305123456789', office: '01AB' }] },
    363: { requestType: 363, requestData: [{ UserVoy: 'VSL01/2601', CntrNo: 'MSCU1234567' }] },
  },
};

/** What to send, and who may: the call's own grant for an empty body, each variant's for its body. */
function cases(call: CallDef): { label: string; body: unknown; allowed: Set<string> }[] {
  const own = groupsReaching(call.access);
  const out = [{ label: call.path, body: {}, allowed: own }];
  if (call.variants) {
    for (const [value, access] of Object.entries(call.variants.access)) {
      const body = variantBodies[call.path]?.[value];
      if (!body) throw new Error(`variantBodies lacks ${call.path} ${value}`);
      const reach = groupsReaching(access);
      out.push({ label: `${call.path} (${call.variants.field} ${value})`, body, allowed: new Set([...own].filter((g) => reach.has(g))) });
    }
  }
  return out;
}

const menuCalls = callList.filter((c) => c.access.kind === 'menu');

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const r of roles) tokens[r.group] = await t.login(r.user, r.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('[reliability: menu-grant] menu grants and call grants agree (every call, every demo role)', () => {
  it('derives a reaching role for every menu call and each of its variants (no call nobody can make)', () => {
    for (const call of menuCalls) for (const c of cases(call)) expect(c.allowed.size, c.label).toBeGreaterThan(0);
  });

  it('has a body for every variant of every variant call', () => {
    for (const call of callList.filter((c) => c.variants)) expect(() => cases(call), call.path).not.toThrow();
  });

  it(`refuses every role the menus do not reach and lets through every role they do (${menuCalls.length} calls)`, async () => {
    const wrong: string[] = [];
    for (const call of menuCalls) {
      for (const c of cases(call)) {
        for (const r of roles) {
          const res = await t.call(call.path, c.body, tokens[r.group]);
          const reached = c.allowed.has(r.group);
          if (!reached && res.status !== 403) wrong.push(`${c.label} as ${r.user}: ${res.status} (menus do not reach it, 403 expected)`);
          if (reached && (res.status === 401 || res.status === 403 || res.status === 500))
            wrong.push(`${c.label} as ${r.user}: ${res.status} ${res.raw.slice(0, 120)} (menus reach it)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('[reliability: menu-grant] custom/req_aciss serves two screens, each with its own grant', () => {
  it("refuses the 363 gate scan to a customer without CUSTOMS_GATE_SCAN and keeps each scan for its menu's holders", async () => {
    const gate = variantBodies['custom/req_aciss']?.[363];
    const release = variantBodies['custom/req_aciss']?.[367];
    const asCustomer = await t.call<{ message: string }>('custom/req_aciss', gate, tokens.CUSTOMER);
    expect(asCustomer.status, asCustomer.raw).toBe(403);
    expect(await t.sql("select 1 from customs_request_log where sender_by = 'khachhang' and request_type = '363'")).toHaveLength(0);
    // The customer still runs the release scan it has the menu for; the shipping line the gate scan.
    expect((await t.call('custom/req_aciss', release, tokens.CUSTOMER)).status).not.toBe(403);
    expect((await t.call('custom/req_aciss', gate, tokens.Operation)).status).not.toBe(403);
  });
});

describe('calls the spec also serves by GET (contract `methods`)', () => {
  it('answers GET /api/common/getOprs as POST does (spec 03 §7), with the same sign-in check', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/common/getOprs', headers: { authorization: `Bearer ${tokens.CUSTOMER}` } });
    expect(get.statusCode, get.body).toBe(200);
    const post = await t.call('common/getOprs', {}, tokens.CUSTOMER);
    expect(get.json()).toEqual(post.body);
    expect((await t.app.inject({ method: 'GET', url: '/api/common/getOprs' })).statusCode).toBe(401);
  });

  it('registers GET exactly for the calls that declare it', () => {
    for (const call of callList) {
      expect(t.app.hasRoute({ method: 'GET', url: `/api/${call.path}` }), call.path).toBe(!!call.methods?.includes('GET'));
    }
  });
});
