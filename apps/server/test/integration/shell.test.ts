import { calls, type MenuNode, menuCatalog } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants } from '../../src/db/seed/access.data';
import { allTerminalCodes } from '../../src/db/seed/terminals.data';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const idsOf = (nodes: MenuNode[]) => flatten(nodes).map((n) => n.MenuID);
const parentOf = new Map<string, string | null>(menuCatalog.map((m) => [m.id, m.parent]));
const catalogOrder = new Map<string, number>(menuCatalog.map((m, i) => [m.id, i]));

/** The granted ids plus every ancestor of each. */
function withParents(ids: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    let cur: string | null | undefined = id;
    while (cur) {
      out.add(cur);
      cur = parentOf.get(cur);
    }
  }
  return out;
}

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'nhanvien', 'haiquan', 'hangtau', 'khachhang']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const menu = (user: string, body: Record<string, unknown> = {}) => t.call(calls.shell.getMenu, body, tokens[user]);
const terminals = (user: string, body: Record<string, unknown> = {}) => t.call(calls.shell.getTerminalList, body, tokens[user]);

describe('common/getMenu', () => {
  it("answers only the customer group's grants plus their parents (no CONFIG, no SYSTEM, sees CUSTOMS_EXPORT_REG)", async () => {
    const res = await menu('khachhang');
    expect(res.status).toBe(200);
    expect(calls.shell.getMenu.response.safeParse(res.body).success).toBe(true);
    const ids = idsOf(present(res.body.payload));
    expect(new Set(ids)).toEqual(withParents(defaultGrants.CUSTOMER as string[]));
    expect(ids).toContain('CUSTOMS_EXPORT_REG');
    expect(ids).toContain('CUSTOMS');
    // No configuration or administration; of the catalogues only the vessel schedule (a customer
    // picks vessels), which brings its CATALOG heading along.
    for (const hidden of ['CONFIG', 'SYSTEM']) expect(ids).not.toContain(hidden);
    expect(ids.filter((id) => /^(CAT|CFG|SYS)_/.test(id))).toEqual(['CAT_VESSEL_SCHEDULE']);
    const catalog = present(res.body.payload).find((n) => n.MenuID === 'CATALOG');
    expect(catalog?.children.map((n) => n.MenuID)).toEqual(['CAT_VESSEL_SCHEDULE']);
  });

  it('gives every role exactly its grants plus their parents', async () => {
    for (const [user, group] of [
      ['nhanvien', 'STAFF'],
      ['haiquan', 'CUSTOMS'],
      ['hangtau', 'Operation'],
    ] as const) {
      const ids = idsOf(present((await menu(user)).body.payload));
      expect(new Set(ids), user).toEqual(withParents(defaultGrants[group] as string[]));
    }
  });

  it('shows the administrator every entry of the menu catalogue', async () => {
    const ids = idsOf(present((await menu('admin')).body.payload));
    expect(ids.sort()).toEqual(menuCatalog.map((m) => m.id).sort());
  });

  it('answers a tree in catalogue order, each child under its parent', async () => {
    const tree = present((await menu('admin')).body.payload);
    const check = (nodes: MenuNode[], parent: string | null) => {
      const order = nodes.map((n) => catalogOrder.get(n.MenuID) ?? -1);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const n of nodes) {
        expect(n.ParentID).toBe(parent);
        check(n.children, n.MenuID);
      }
    };
    check(tree, null);
    const home = tree.find((n) => n.MenuID === 'HOME');
    expect(home).toMatchObject({ MenuName: 'Trang chủ', Path: '/', ViewClass: 'HomePage', ViewPage: 'Dashboard' });
  });

  it("answers 403 to a non-administrator asking for another group's menu", async () => {
    for (const [user, other] of [
      ['khachhang', 'ADMIN'],
      ['nhanvien', 'CUSTOMER'],
      ['hangtau', 'STAFF'],
    ] as const) {
      const res = await menu(user, { UserGroupCode: other });
      expect(res.status, `${user} → ${other}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(vietnamese) });
    }
  });

  it('lets a user name the own group explicitly', async () => {
    const res = await menu('khachhang', { UserGroupCode: 'CUSTOMER' });
    expect(res.status).toBe(200);
    expect(idsOf(present(res.body.payload))).toEqual(idsOf(present((await menu('khachhang')).body.payload)));
  });

  it("lets the administrator read another group's menu", async () => {
    const res = await menu('admin', { UserGroupCode: 'CUSTOMER' });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual(present((await menu('khachhang')).body.payload));
    const unknown = await menu('admin', { UserGroupCode: 'KHONG_CO' });
    expect(unknown.status).toBe(200);
    expect(unknown.body.payload).toEqual([]);
  });

  it('answers 400 naming the field to a UserGroupCode that is not text', async () => {
    const res = await menu('admin', { UserGroupCode: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('UserGroupCode');
  });

  it('follows a change of grants at once', async () => {
    await t.addUser({ UserID: 'kiemtra', UserGroupCode: 'AUDIT', password: 'Kiem@Tra1', grants: ['SUP_FAQ'] });
    const token = await t.login('kiemtra', 'Kiem@Tra1');
    const before = await t.call(calls.shell.getMenu, {}, token);
    expect(idsOf(present(before.body.payload))).toEqual(['SUPPORT', 'SUP_FAQ']);
    await t.sql("INSERT INTO group_menus (user_group_code, menu_id) VALUES ('AUDIT', 'CRM_DASHBOARD')");
    // Heard by the portal through NOTIFY auth_changed at commit (its checked sessions: session-cache.ts).
    await expect
      .poll(async () => idsOf(present((await t.call(calls.shell.getMenu, {}, token)).body.payload)), { timeout: 5000 })
      .toEqual(['CRM', 'CRM_DASHBOARD', 'SUPPORT', 'SUP_FAQ']);
  });

  it('follows a change of the menu entries themselves at once (the kept menus are emptied, migration 0021)', async () => {
    const token = await t.login('khachhang', 'Smartport@2026');
    const names = async () => JSON.stringify((await t.call(calls.shell.getMenu, {}, token)).body.payload);
    expect(await names()).not.toContain('Trang chủ đổi tên');
    await names(); // now kept
    const [home] = await t.sql<{ menu_id: string; menu_name: string }>(
      "SELECT m.menu_id, m.menu_name FROM menus m JOIN group_menus g ON g.menu_id = m.menu_id WHERE g.user_group_code = 'CUSTOMER' AND m.path IS NOT NULL LIMIT 1",
    );
    await t.sql(`UPDATE menus SET menu_name = 'Trang chủ đổi tên' WHERE menu_id = '${home?.menu_id}'`);
    try {
      await expect.poll(names, { timeout: 5000 }).toContain('Trang chủ đổi tên');
    } finally {
      await t.sql(`UPDATE menus SET menu_name = '${home?.menu_name}' WHERE menu_id = '${home?.menu_id}'`);
    }
  });
});

describe('common/getTerminalList', () => {
  it("answers only the user's terminals", async () => {
    const res = await terminals('khachhang');
    expect(res.status).toBe(200);
    expect(present(res.body.payload).map((r) => r.TerminalCode)).toEqual(['NDP']);
    const staff = await terminals('nhanvien');
    expect(
      present(staff.body.payload)
        .map((r) => r.TerminalCode)
        .sort(),
    ).toEqual(['NDP', 'NDV', 'NHP']);
  });

  it("answers an empty list to a customer asking for another user's terminal", async () => {
    const res = await terminals('khachhang', { TerminalCode: 'GML' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, payload: [] });
    expect(present((await terminals('khachhang', { TerminalCode: 'NDP,GML' })).body.payload).map((r) => r.TerminalCode)).toEqual(['NDP']);
  });

  it('answers the administrator all 13 terminals, each with its chart colour', async () => {
    const res = await terminals('admin');
    expect(res.status).toBe(200);
    expect(calls.shell.getTerminalList.response.safeParse(res.body).success).toBe(true);
    expect(res.body.payload).toHaveLength(13);
    expect(
      present(res.body.payload)
        .map((r) => r.TerminalCode)
        .sort(),
    ).toEqual([...allTerminalCodes].sort());
    for (const row of present(res.body.payload)) {
      expect(row.ChartColor, row.TerminalCode).toMatch(/^#[0-9a-f]{6}$/i);
      expect(row.TerminalName).not.toBe('');
    }
    expect(new Set(present(res.body.payload).map((r) => r.ChartColor)).size).toBe(13);
  });

  it('answers one terminal when asked by code, in any case', async () => {
    const res = await terminals('admin', { TerminalCode: 'gml' });
    expect(present(res.body.payload).map((r) => r.TerminalCode)).toEqual(['GML']);
  });

  it('answers 400 naming the field to a TerminalCode that is too long', async () => {
    const res = await terminals('admin', { TerminalCode: 'X'.repeat(11) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('TerminalCode');
  });
});
