import {
  catalogGrids,
  defineGrid,
  mailGrids,
  noticesGrids,
  optionalText,
  paymentMessages,
  payPartnerGrid,
  payPartnersGrids,
  ratingsGrids,
  requiredText,
  rowguid,
  siteConfigGrids,
  storageRulesGrids,
  tariffsGrids,
  tosMappingsGrids,
} from '@smartport/contract';
import { pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGridRepository } from '../../src/grid/grid.repository';
import { gridHandlers } from '../../src/grid/grid.routes';
import { createGridService } from '../../src/grid/grid.service';
import { bindGrid, schemaTables } from '../../src/grid/grid-tables';
import { type HandlerTable, registerCalls } from '../../src/http/call-registry';
import type { AuthUser } from '../../src/http/context';
import { AppError } from '../../src/http/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The grid-resource registry: scope on the server, header merge, references, and an entry that is
// registered on its own (a table of this test, not in the portal) getting working get/update/delete routes.

interface Reply {
  success: boolean;
  message?: string;
  payload?: Record<string, unknown>[];
  data?: Record<string, unknown>[];
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** The grids of the modules split out of settings, beside the catalogues. */
const configGrids = [
  ...tariffsGrids,
  ...storageRulesGrids,
  ...mailGrids,
  ...noticesGrids,
  ...payPartnersGrids,
  ...siteConfigGrids,
  ...tosMappingsGrids,
  ...ratingsGrids,
];

describe('every registered grid', () => {
  it('is bound to its table at start: every row field, key, order, filter and reference is a column', () => {
    for (const grid of [...catalogGrids, ...configGrids]) expect(() => bindGrid(grid, schemaTables), grid.name).not.toThrow();
  });

  it('serves its get/update/delete calls (the spec names) as routes', () => {
    for (const grid of [...catalogGrids, ...configGrids]) {
      for (const call of Object.values(grid.calls)) {
        if (call) expect(t.app.hasRoute({ method: 'POST', url: `/api/${call.path}` }), call.path).toBe(true);
      }
    }
  });
});

describe('terminal scope on the server: the payment partners of another terminal', () => {
  let ndp: string;
  beforeAll(async () => {
    await t.addUser({
      UserID: 'cauhinhndp',
      UserGroupCode: 'CFG_NDP',
      password: 'Cau@Hinh1',
      terminals: ['NDP'],
      grants: ['CFG_PAY_PARTNER'],
    });
    ndp = await t.login('cauhinhndp', 'Cau@Hinh1');
  });
  const all = async (token: string) => (await t.call<Reply>('config/pay-partner', { isAll: true }, token)).body;

  it('are not listed', async () => {
    const rows = (await all(ndp)).data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.TerminalCode === 'NDP')).toBe(true);
    expect((await all(admin)).data?.some((r) => r.TerminalCode === 'NDV')).toBe(true);
  });

  it('cannot be written: a new row of another terminal is forbidden, its saved row cannot be edited or moved', async () => {
    const other = (await all(admin)).data?.find((r) => r.TerminalCode === 'NDV');
    expect(other?.Rowguid).toBeTruthy();
    const added = await t.call<Reply>(
      'config/pay-partner/edit',
      [{ TerminalCode: 'NDV', partnerCode: 'XBANK', bankCode: 'XB', isQR: false, visible: true, orderBy: 1 }],
      ndp,
    );
    expect(added.status).toBe(403);
    expect(added.body.message).toBe('Bạn không có quyền trên cảng NDV.');
    const edited = await t.call<Reply>('config/pay-partner/edit', [{ ...other, visible: false }], ndp);
    expect(edited.status).toBe(403);
    // Moved into the caller's terminal: that row does not exist for this caller.
    const moved = await t.call<Reply>('config/pay-partner/edit', [{ ...other, TerminalCode: 'NDP', partnerCode: 'MOVED' }], ndp);
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('Dòng 1: không tìm thấy dữ liệu cần sửa');
    const after = (await all(admin)).data?.find((r) => r.Rowguid === other?.Rowguid);
    expect(after).toEqual(other);
    expect((await t.sql("SELECT 1 FROM pay_partners WHERE partner_code IN ('XBANK', 'MOVED')")).length).toBe(0);
  });

  it('a row of its own terminal saves, a duplicate of (terminal, partner, bank) is refused naming the row', async () => {
    const row = { TerminalCode: 'ndp', partnerCode: 'SCOPE_TEST', bankCode: 'ST', isQR: false, visible: false, orderBy: null };
    const saved = await t.call<Reply>('config/pay-partner/edit', [row], ndp);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toEqual({ success: true, message: 'Lưu dữ liệu hoàn tất !' });
    const stored = (await all(ndp)).data?.find((r) => r.partnerCode === 'SCOPE_TEST');
    expect(stored).toMatchObject({ TerminalCode: 'NDP', orderBy: 0, visible: false });
    const again = await t.call<Reply>('config/pay-partner/edit', [row], ndp);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'Dòng 1: Mã cảng + Mã đối tác + Mã ngân hàng "NDP / SCOPE_TEST / ST" đã tồn tại. Chưa lưu dữ liệu nào.',
    );
  });

  it('a row missing terminal, partner or bank code gets the one message of spec 03 §5, before the scope is asked', async () => {
    const res = await t.call<Reply>(
      'config/pay-partner/edit',
      [{ partnerCode: 'X', bankCode: 'Y', isQR: true, visible: true, orderBy: 0 }],
      ndp,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(paymentMessages.fillAll);
    expect(payPartnerGrid.required?.message).toBe(paymentMessages.fillAll);
  });
});

// ---- one entry registered on its own -------------------------------------------------------------------------

const probeTable = pgTable('grid_probe', {
  Rowguid: uuid('rowguid').primaryKey().defaultRandom(),
  OperationCode: varchar('operation_code', { length: 10 }).notNull(),
  LaneCode: varchar('lane_code', { length: 10 }).notNull(),
  ProbeCode: varchar('probe_code', { length: 10 }).notNull(),
  ProbeName: text('probe_name'),
});
const probeUseTable = pgTable('grid_probe_use', { ProbeCode: varchar('probe_code', { length: 10 }).primaryKey() });

/** A size-type-like grid (spec 03 §2.4): rows of one operator chosen above the grid, a constant header field, a reference. */
const probeGrid = defineGrid({
  name: 'probe',
  module: 'admin',
  title: 'Lưới thử',
  menu: 'CFG_MAIN',
  table: 'grid_probe',
  paths: { get: 'probe/getProbeList', update: 'probe/updateProbeList', delete: 'probe/deleteProbeList' },
  scope: { kind: 'operator', field: 'OperationCode', message: 'Chưa chọn hãng khai thác !' },
  filter: { schema: z.object({ ProbeName: z.string().optional() }), where: { ProbeName: 'contains' } },
  header: {
    schema: z.object({ OperationCode: requiredText(10, 'Hãng khai thác'), LaneCode: z.literal('*').default('*') }),
    columns: [{ field: 'OperationCode', title: 'Hãng khai thác', type: 'text' }],
  },
  row: z.object({
    Rowguid: rowguid,
    ProbeCode: requiredText(10, 'Mã thử').transform((v) => v.toUpperCase()),
    ProbeName: optionalText(100, 'Tên'),
  }),
  key: ['OperationCode', 'ProbeCode'],
  references: { ProbeCode: [{ table: 'grid_probe_use', field: 'ProbeCode', usedBy: 'phiếu thử' }] },
  columns: [
    { field: 'ProbeCode', title: 'Mã thử', type: 'text' },
    { field: 'ProbeName', title: 'Tên', type: 'text' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

describe('a registry entry alone yields working get/update/delete routes', () => {
  let app: FastifyInstance;
  const grantee: AuthUser = {
    UserID: 'thu',
    UserName: 'Thử',
    UserGroupCode: 'G',
    UserGroupName: 'G',
    Rank: 1,
    terminals: ['NDP'],
    CustomerCode: null,
    Email: null,
    grants: new Set(['CFG_MAIN']),
    jti: 'j',
  };
  const stranger: AuthUser = { ...grantee, UserID: 'la', grants: new Set(['HOME']) };

  beforeAll(async () => {
    await t.sql(
      `CREATE TABLE grid_probe (rowguid uuid PRIMARY KEY DEFAULT gen_random_uuid(), operation_code varchar(10) NOT NULL,
       lane_code varchar(10) NOT NULL, probe_code varchar(10) NOT NULL, probe_name text)`,
    );
    await t.sql('CREATE TABLE grid_probe_use (probe_code varchar(10) PRIMARY KEY)');
    const tables = new Map([...schemaTables, ['grid_probe', probeTable], ['grid_probe_use', probeUseTable]]);
    const service = createGridService(createGridRepository(t.database.db, tables), { tables });
    app = Fastify({ logger: false });
    app.setErrorHandler((error, _req, reply) => {
      if (error instanceof AppError) return reply.status(error.statusCode).send({ success: false, message: error.message });
      return reply.status(500).send({ success: false, message: String(error) });
    });
    // Nothing written for this grid but the entry: the handlers and the routes are derived from it.
    registerCalls(
      app,
      { probe: gridHandlers([probeGrid], service) } as unknown as HandlerTable,
      {
        authenticate: async (token) => ({ grantee, stranger })[token as 'grantee' | 'stranger'] ?? null,
      },
      { probe: probeGrid.callTable },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (path: string, body: unknown, token: string | null = 'grantee') => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json() as Reply };
  };
  const list = async (OperationCode: string, more: object = {}) =>
    (await call('probe/getProbeList', { OperationCode, ...more })).body.payload ?? [];

  it('derives the three calls with their names and paths, and authorises them by the entry menu', async () => {
    expect(Object.keys(probeGrid.callTable)).toEqual(['getProbeList', 'updateProbeList', 'deleteProbeList']);
    for (const path of ['probe/getProbeList', 'probe/updateProbeList', 'probe/deleteProbeList']) {
      expect(app.hasRoute({ method: 'POST', url: `/api/${path}` })).toBe(true);
      expect((await call(path, {}, null)).status, path).toBe(401);
      expect((await call(path, {}, 'stranger')).status, path).toBe(403);
    }
  });

  it('lists only the operator the request names (operator scope), and refuses a list without one', async () => {
    const none = await call('probe/getProbeList', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Chưa chọn hãng khai thác !');
    expect(await list('MSC')).toEqual([]);
  });

  it('merges the header into every saved row: its fields are stored, a constant one filled by the server', async () => {
    const header = { OperationCode: 'MSC' };
    const saved = await call('probe/updateProbeList', {
      data: [
        { ProbeCode: 'a1', ProbeName: 'Một', ...header },
        { ProbeCode: 'a2', ProbeName: 'Hai', ...header },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Lưu dữ liệu hoàn tất !');
    await call('probe/updateProbeList', { data: [{ ProbeCode: 'A1', ProbeName: 'Của hãng khác', OperationCode: 'ONE' }] });
    const msc = await list('MSC');
    expect(msc.map((r) => [r.ProbeCode, r.OperationCode, r.LaneCode])).toEqual([
      ['A1', 'MSC', '*'],
      ['A2', 'MSC', '*'],
    ]);
    expect((await list('ONE')).map((r) => r.ProbeName)).toEqual(['Của hãng khác']);
    expect((await list('MSC', { ProbeName: 'ha' })).map((r) => r.ProbeCode)).toEqual(['A2']);
    // A row without the header's operator is refused by the header's own message.
    const bare = await call('probe/updateProbeList', { data: [{ ProbeCode: 'A3' }] });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('data.0.OperationCode');
  });

  it('edits by Rowguid and refuses a duplicate key within the operator', async () => {
    const [a1] = await list('MSC');
    const edited = await call('probe/updateProbeList', { data: [{ ...a1, ProbeName: 'Một (sửa)' }] });
    expect(edited.status).toBe(200);
    expect((await list('MSC'))[0]?.ProbeName).toBe('Một (sửa)');
    const dup = await call('probe/updateProbeList', { data: [{ ProbeCode: 'a2', OperationCode: 'MSC' }] });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Dòng 1: Hãng khai thác + Mã thử "MSC / A2" đã tồn tại. Chưa lưu dữ liệu nào.');
  });

  it('refuses to delete a row still referenced, deleting nothing; deletes it once it is not', async () => {
    const rows = await list('MSC');
    await t.sql("INSERT INTO grid_probe_use (probe_code) VALUES ('A2')");
    const refused = await call('probe/deleteProbeList', { data: rows.map((r) => ({ Rowguid: r.Rowguid })) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Không thể xóa: Mã thử "A2" đang được sử dụng trong phiếu thử. Chưa xóa dữ liệu nào.');
    expect(await list('MSC')).toHaveLength(2);
    await t.sql('DELETE FROM grid_probe_use');
    const deleted = await call('probe/deleteProbeList', { data: rows.map((r) => ({ Rowguid: r.Rowguid })) });
    expect(deleted.body).toEqual({ success: true, message: 'Xóa dữ liệu hoàn tất !' });
    expect(await list('MSC')).toEqual([]);
    expect(await list('ONE')).toHaveLength(1);
  });
});
