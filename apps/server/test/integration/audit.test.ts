import { type AuditRow, calls, SECRET_MASK } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFileTransfer, startFileTransfer } from '../../../file-transfer/src/index';
import { seedDatabase } from '../../src/db/seed/seed';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

/**
 * The audit trail ('Nhật ký thay đổi'): every change to configuration, grants, accounts and approvals leaves one record
 * with who, when, from where and the changed fields before → after, secrets masked; only administrators read it; the
 * table refuses UPDATE and DELETE (a trigger, on PGlite and PostgreSQL alike).
 */
const KEY = 'audit-sftp-control-key-0123456789';
let ft: RunningFileTransfer;
let t: TestApp;
const tok: Record<string, string> = {};

/** The records of one entity and key, oldest first, as the screen's call answers them. */
async function recordsOf(entity: string, key?: string): Promise<AuditRow[]> {
  const res = await t.call(calls.audit.exportAudit, { EntityKind: entity, ...(key ? { KeyText: key } : {}) }, tok.admin);
  expect(res.status, res.raw).toBe(200);
  return [...present(res.body.payload)].filter((r) => key === undefined || r.EntityKey === key).reverse();
}

beforeAll(async () => {
  ft = await startFileTransfer({ dataDir: 'memory', key: KEY, controlPort: 0, sftpPort: 0, log: () => undefined });
  t = await createTestApp({ config: { simulators: { file_transfer: ft.controlUrl }, fileTransferKey: KEY }, jobs: { start: false } });
  for (const u of ['admin', 'nhanvien', 'khachhang']) tok[u] = await t.login(u);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await ft?.close();
});

const tariff = (over: Record<string, unknown> = {}) => ({
  TerminalCode: 'NDP',
  TariffCode: 'AUDIT-LAYN-20F',
  TariffName: 'Lấy nguyên (nhật ký)',
  ChargeKind: 'job',
  JobModeCode: 'LAYN',
  ContSize: '20',
  CargoTypeCode: 'DG',
  FE: 'F',
  IsLocalForeign: '*',
  CurrencyCode: 'VND',
  UnitPrice: 777_000,
  VatRate: 8,
  ApplyDate: '2026-01-01T00:00:00+07:00',
  ExpireDate: '2027-12-31T23:59:59+07:00',
  ...over,
});

describe('[reliability: audit-trail] every change leaves one record', () => {
  it('a tariff grid row: created, changed (only the changed field, who and from where), deleted', async () => {
    const from = { remoteAddress: '10.20.30.40' };
    const created = await t.call(calls.tariffs.saveStandardTariffs, { data: [tariff()] }, tok.nhanvien, from);
    expect(created.status, created.raw).toBe(200);
    const list = await t.call(calls.tariffs.getStandardTariffs, { TerminalCode: 'NDP', TariffCode: 'AUDIT-' }, tok.nhanvien);
    const row = present(present(list.body.payload).find((r) => r.TariffCode === 'AUDIT-LAYN-20F'));
    const changed = await t.call(calls.tariffs.saveStandardTariffs, { data: [{ ...row, UnitPrice: 888_000 }] }, tok.nhanvien, from);
    expect(changed.status, changed.raw).toBe(200);
    // Saving the same row again changes nothing: no record.
    await t.call(calls.tariffs.saveStandardTariffs, { data: [{ ...row, UnitPrice: 888_000 }] }, tok.nhanvien, from);
    const del = await t.call(calls.tariffs.deleteStandardTariffs, { data: [{ Rowguid: String(row.Rowguid) }] }, tok.nhanvien, from);
    expect(del.status, del.raw).toBe(200);

    const records = await recordsOf('grid:standard_tariff');
    expect(records.map((r) => r.Action)).toEqual(['create', 'update', 'delete']);
    const [create, update, remove] = records as [AuditRow, AuditRow, AuditRow];
    expect(update).toMatchObject({
      UserID: 'nhanvien',
      ClientIp: '10.20.30.40',
      Changes: { UnitPrice: { before: 777_000, after: 888_000 } },
    });
    expect(Object.keys(update.Changes)).toEqual(['UnitPrice']);
    expect(create.Changes.TariffName).toEqual({ after: 'Lấy nguyên (nhật ký)' });
    expect(create.Changes.Rowguid).toBeUndefined();
    expect(remove.Changes.UnitPrice).toEqual({ before: 888_000 });
  });

  it('a settings form with a password: the password recorded as changed, masked, never its value (even sealed)', async () => {
    const password = 'Smtp-Mật@khẩu#Nhật-ký';
    const form = { host: 'mail.smartport.vn', port: 587, user: 'noreply@smartport.vn', pass: password, tls: 1 };
    const first = await t.call(calls.mail.saveMailConfig, form, tok.admin);
    expect(first.status, first.raw).toBe(200);
    const again = await t.call(calls.mail.saveMailConfig, { ...form, pass: SECRET_MASK, tls: 0 }, tok.admin);
    expect(again.status, again.raw).toBe(200);

    const records = await recordsOf('form:mail_config', 'mail_config');
    expect(records).toHaveLength(2);
    const [create, update] = records as [AuditRow, AuditRow];
    expect(create).toMatchObject({ UserID: 'admin', UserName: expect.any(String), Action: 'create' });
    expect(create.Changes.pass).toEqual({ after: SECRET_MASK });
    expect(create.Changes.host).toEqual({ after: 'mail.smartport.vn' });
    // The mask sent back kept the stored password: only TLS changed.
    expect(update.Changes).toEqual({ tls: { before: 1, after: 0 } });
    const [raw] = await t.sql<{ text: string }>("select string_agg(changes::text, ' ') as text from audit_log");
    expect(raw?.text).not.toContain(password);
    const [stored] = await t.sql<{ value: { pass: string } }>("select value from system_settings where key = 'form:mail_config'");
    expect(raw?.text).not.toContain(present(stored).value.pass);
  });

  it('a grant the start gives a database that had its menus: recorded by the system', async () => {
    await t.sql("delete from group_menus where menu_id = 'SYS_AUDIT'");
    await t.sql("delete from menus where menu_id = 'SYS_AUDIT'");
    await seedDatabase(t.database, { demo: false, seedOrders: 0 });
    const records = await recordsOf('grant', 'ADMIN / SYS_AUDIT');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      UserID: 'system',
      Action: 'create',
      Changes: { UserGroupCode: { after: 'ADMIN' }, MenuID: { after: 'SYS_AUDIT' } },
    });
    // A start with nothing new records nothing.
    await seedDatabase(t.database, { demo: false, seedOrders: 0 });
    expect(await recordsOf('grant', 'ADMIN / SYS_AUDIT')).toHaveLength(1);
  });

  it('an SFTP account: created with its password masked, then changed (before from the service)', async () => {
    const terminal = present(present((await t.call(calls.shell.getTerminalList, {}, tok.admin)).body.payload)[0]).TerminalCode;
    const password = 'Mat-khau-SFTP-nhat-ky';
    const created = await t.call(
      calls.admin.sftpCreate,
      { username: 'opr_audit', password, description: 'OPR', allowed_list: '127.0.0.1', terminal_list: terminal },
      tok.admin,
    );
    expect(created.status, created.raw).toBe(200);
    const updated = await t.call(
      calls.admin.sftpUpdate,
      {
        username: 'opr_audit',
        password: '',
        description: 'OPR',
        allowed_list: '127.0.0.1,127.0.0.2',
        terminal_list: terminal,
        additional_info: '',
      },
      tok.admin,
    );
    expect(updated.status, updated.raw).toBe(200);
    const records = await recordsOf('sftp_account', 'opr_audit');
    expect(records.map((r) => r.Action)).toEqual(['create', 'update']);
    const [create, update] = records as [AuditRow, AuditRow];
    expect(create.Changes.password).toEqual({ after: SECRET_MASK });
    expect(JSON.stringify(create)).not.toContain(password);
    expect(update.Changes).toEqual({ allowed_list: { before: '127.0.0.1', after: '127.0.0.1,127.0.0.2' } });
  });

  it('an order approved and one rejected by staff: recorded in the approving transaction', async () => {
    const waiting = await t.sql<{ order_no: string }>(
      `select order_no from orders where terminal_code = 'NDP' and order_status = 'P' and job_mode_code = 'LAYN'
         and transaction_id is not null and order_no like 'NDP%900000_' order by right(order_no, 7) limit 2`,
    );
    const [a, b] = waiting.map((w) => w.order_no) as [string, string];
    const ok = await t.call(calls.orders.approveOrder, { OrderNo: a }, tok.nhanvien, { remoteAddress: '10.9.8.7' });
    expect(ok.status, ok.raw).toBe(200);
    const no = await t.call(calls.orders.rejectOrder, { OrderNo: b, Reason: 'Sai số container' }, tok.nhanvien);
    expect(no.status, no.raw).toBe(200);
    expect(await recordsOf('order', a)).toEqual([
      expect.objectContaining({
        Action: 'approve',
        UserID: 'nhanvien',
        ClientIp: '10.9.8.7',
        Changes: expect.objectContaining({ OrderStatus: { after: 'C' } }),
      }),
    ]);
    expect(await recordsOf('order', b)).toEqual([
      expect.objectContaining({
        Action: 'reject',
        UserID: 'nhanvien',
        Changes: { OrderStatus: { before: 'P', after: 'D' }, Reason: { after: 'Sai số container' } },
      }),
    ]);
  });

  it('the table refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const [before] = await t.sql<{ n: string }>('select count(*)::text as n from audit_log');
    await expect(t.sql("update audit_log set user_id = 'someone'")).rejects.toThrow(/append-only/);
    await expect(t.sql('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.sql('truncate audit_log')).rejects.toThrow(/append-only/);
    const [after] = await t.sql<{ n: string }>('select count(*)::text as n from audit_log');
    expect(after?.n).toBe(before?.n);
    expect(Number(after?.n)).toBeGreaterThan(0);
  });
});

describe('the screen', () => {
  it('only administrators read the trail: staff and customers 403', async () => {
    for (const who of ['nhanvien', 'khachhang']) {
      for (const call of [calls.audit.listAudit, calls.audit.exportAudit, calls.audit.auditEntityKinds]) {
        const res = await t.call(call, {}, tok[who]);
        expect(res.status, `${who} ${call.path}`).toBe(403);
      }
    }
  });

  it('lists newest first, paged, filtered by user, kind, action and key text; refuses a reversed period in Vietnamese', async () => {
    const page = await t.call(calls.audit.listAudit, { Page: 1, PageSize: 2 }, tok.admin);
    expect(page.status, page.raw).toBe(200);
    const rows = present(page.body.payload);
    expect(rows).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    expect(Date.parse(present(rows[0]).ChangedTime)).toBeGreaterThanOrEqual(Date.parse(present(rows[1]).ChangedTime));
    const mine = await t.call(calls.audit.listAudit, { UserID: 'nhanvien', Action: 'update', KeyText: 'layn / 20' }, tok.admin);
    expect(present(mine.body.payload).map((r) => [r.EntityKind, r.Action])).toEqual([['grid:standard_tariff', 'update']]);
    const kinds = await t.call(calls.audit.auditEntityKinds, {}, tok.admin);
    expect(present(kinds.body.payload)).toEqual(
      expect.arrayContaining(['grid:standard_tariff', 'form:mail_config', 'order', 'sftp_account', 'grant']),
    );
    const bad = await t.call(calls.audit.listAudit, { FromDate: '2026-05-02', ToDate: '2026-05-01' }, tok.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Từ ngày phải trước hoặc bằng đến ngày.');
  });
});
