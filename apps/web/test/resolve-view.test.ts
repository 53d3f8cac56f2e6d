import type { MenuNode } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { resolveView } from '../src/app/resolve-view';

const node = (MenuID: string, Path: string | null, children: MenuNode[] = []): MenuNode => ({
  MenuID,
  ParentID: null,
  MenuName: MenuID,
  Path,
  ViewClass: null,
  ViewPage: null,
  Icon: null,
  OrderBy: 1,
  children,
});

/** Spec 03 §2.4 lists /config/exchange and /config/payment_type under Config, "(defined elsewhere)". */
describe('resolveView: the Config paths of screens defined elsewhere', () => {
  const menu = [node('CATALOG', null, [node('CAT_EXCHANGE', '/common/exchange'), node('CAT_PAYMENT_TYPE', '/common/payment_type')])];

  it.each([
    ['/config/exchange', 'CAT_EXCHANGE', 'exchange'],
    ['/Config/Payment_Type/', 'CAT_PAYMENT_TYPE', 'payment_type'],
  ])('opens %s as the catalogue screen under its grant', (path, id, page) => {
    const v = resolveView(path, menu);
    expect(v.entry?.MenuID).toBe(id);
    expect(v.group).toBe('Common');
    expect(v.page).toBe(page);
  });

  it('refuses the alias to a user without the catalogue grant, like the catalogue path', () => {
    expect(resolveView('/config/exchange', []).entry).toBeNull();
    expect(resolveView('/common/exchange', []).entry).toBeNull();
  });
});
