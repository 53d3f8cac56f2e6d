import type { MenuNode } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { menuSelection } from '../src/features/shell/side-menu-state';

const node = (MenuID: string, ParentID: string | null, Path: string | null, children: MenuNode[] = []): MenuNode => ({
  MenuID,
  ParentID,
  MenuName: MenuID,
  Path,
  ViewClass: null,
  ViewPage: null,
  Icon: null,
  OrderBy: 0,
  children,
});

const menu: MenuNode[] = [
  node('HOME', null, '/'),
  node('CFG', null, null, [node('CFG_MAIL', 'CFG', '/config/mail_config'), node('CFG_MAIN', 'CFG', '/config/main_config')]),
  node('ADM', null, null, [node('ADM_USERS', 'ADM', null, [node('ADM_USER_LIST', 'ADM_USERS', '/Admin/Users')])]),
  node('HELP', null, null),
];

describe('side menu: the current page’s entry and its groups', () => {
  it('marks the entry whose path is the page’s, whatever the case, and opens its group', () => {
    const s = menuSelection(menu, '/Config/MAIL_config');
    expect(s.selected?.MenuID).toBe('CFG_MAIL');
    expect(s.groups).toEqual(['CFG']);
  });

  it('opens every group above an entry deeper down, nearest first', () => {
    expect(menuSelection(menu, '/Admin/Users').groups).toEqual(['ADM_USERS', 'ADM']);
  });

  it('marks a top-level entry without opening anything', () => {
    expect(menuSelection(menu, '/')).toMatchObject({ selected: { MenuID: 'HOME' }, groups: [] });
  });

  it('marks nothing for a page outside the menu, and never an entry without a path', () => {
    expect(menuSelection(menu, '/Personal/Profile')).toEqual({ selected: undefined, groups: [] });
    expect(menuSelection(menu, '').selected).toBeUndefined();
  });
});
