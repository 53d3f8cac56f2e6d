import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Two instances on one database, each keeping the sessions it has checked (modules/auth/session-cache.ts, kept 10
// minutes here so that only the invalidation can explain a change taking effect). Whatever changes a session, a user
// or a group's grants is heard by both through NOTIFY auth_changed (migration 0010), on PGlite and PostgreSQL.
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ config: { sessionCacheSeconds: 600 } });
  b = await createTestApp({ database: a.database, config: { sessionCacheSeconds: 600 } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const status = (app: TestApp, token: string, call: typeof calls.auth.me | typeof calls.shell.getMenu = calls.auth.me) =>
  app.call(call, {}, token).then((r) => r.status);
const listOperations = (app: TestApp, token: string) => app.call('common/getOperationList', {}, token).then((r) => r.status);

describe('checked sessions kept in memory', () => {
  it('a logout on one instance refuses the token at once there and on the other instance that had it kept', async () => {
    const token = await a.login('nhanvien');
    expect(await status(a, token)).toBe(200);
    expect(await status(b, token)).toBe(200);
    expect(await status(b, token)).toBe(200);
    expect((await a.call(calls.auth.logout, {}, token)).status).toBe(200);
    expect(await status(a, token)).toBe(401);
    await expect.poll(() => status(b, token), { timeout: 5000 }).toBe(401);
  });

  it('a grant taken from the group refuses its calls on both instances', async () => {
    await a.addUser({ UserID: 'kt_hangtau', UserGroupCode: 'KT_CAT', password: 'Kiem@Tra1', grants: ['CAT_OPERATION'] });
    const token = await a.login('kt_hangtau', 'Kiem@Tra1');
    expect(await listOperations(a, token)).toBe(200);
    expect(await listOperations(b, token)).toBe(200);
    await a.sql("DELETE FROM group_menus WHERE user_group_code = 'KT_CAT' AND menu_id = 'CAT_OPERATION'");
    await expect.poll(() => listOperations(a, token), { timeout: 5000 }).toBe(403);
    await expect.poll(() => listOperations(b, token), { timeout: 5000 }).toBe(403);
    // and a grant given is followed as well
    await a.sql("INSERT INTO group_menus (user_group_code, menu_id) VALUES ('KT_CAT', 'CAT_OPERATION')");
    await expect.poll(() => listOperations(b, token), { timeout: 5000 }).toBe(200);
  });

  it('a user moved to another group gets that group’s grants; a deactivated user is refused on both instances', async () => {
    await a.addUser({ UserID: 'kt_chuyen', UserGroupCode: 'KT_CAT2', password: 'Kiem@Tra1', grants: ['CAT_OPERATION'] });
    await a.addUser({ UserID: 'kt_khac', UserGroupCode: 'KT_NONE', password: 'Kiem@Tra1', grants: ['SUP_FAQ'] });
    const token = await a.login('kt_chuyen', 'Kiem@Tra1');
    expect(await listOperations(b, token)).toBe(200);
    await a.sql("UPDATE users SET user_group_code = 'KT_NONE' WHERE user_id = 'kt_chuyen'");
    await expect.poll(() => listOperations(b, token), { timeout: 5000 }).toBe(403);
    await a.sql("UPDATE users SET is_active = false WHERE user_id = 'kt_chuyen'");
    await expect.poll(() => status(a, token), { timeout: 5000 }).toBe(401);
    await expect.poll(() => status(b, token), { timeout: 5000 }).toBe(401);
  });

  it('a session revoked straight in the database is refused by both instances', async () => {
    const token = await b.login('haiquan');
    expect(await status(a, token)).toBe(200);
    expect(await status(b, token)).toBe(200);
    await a.sql("UPDATE sessions SET revoked_at = now() WHERE user_id = 'haiquan' AND revoked_at IS NULL");
    await expect.poll(() => status(a, token), { timeout: 5000 }).toBe(401);
    await expect.poll(() => status(b, token), { timeout: 5000 }).toBe(401);
  });
});
