import type { MenuNode } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '../../src/modules/shell/shell.service';

type Flat = Omit<MenuNode, 'children'>;

const entry = (MenuID: string, ParentID: string | null, OrderBy: number, Path: string | null = null): Flat => ({
  MenuID,
  ParentID,
  MenuName: `Tên ${MenuID}`,
  Path,
  ViewClass: null,
  ViewPage: null,
  Icon: null,
  OrderBy,
});

// A small catalogue in the shape of the real one: pages at the root, headings with pages under them.
const all: Flat[] = [
  entry('HOME', null, 1, '/'),
  entry('TASK', null, 2),
  entry('TASK_A', 'TASK', 3, '/Task/A'),
  entry('TASK_B', 'TASK', 4, '/Task/B'),
  entry('CUSTOMS', null, 5),
  entry('CUSTOMS_X', 'CUSTOMS', 6, '/Custom/X'),
  entry('CUSTOMS_X_DEEP', 'CUSTOMS_X', 7, '/Custom/X/Deep'),
  entry('SYSTEM', null, 8),
  entry('SYS_Z', 'SYSTEM', 9, '/SystemManager/z'),
];
const byId = (id: string) => all.find((m) => m.MenuID === id) as Flat;
const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.MenuID, ...ids(n.children)]);

describe('buildMenuTree', () => {
  it('keeps the parent heading of a granted page even when the heading itself is not granted', () => {
    const tree = buildMenuTree([byId('TASK_B')], all);
    expect(tree.map((n) => n.MenuID)).toEqual(['TASK']);
    expect(tree[0]?.children.map((n) => n.MenuID)).toEqual(['TASK_B']);
  });

  it('keeps every ancestor of a deeply granted page', () => {
    const tree = buildMenuTree([byId('CUSTOMS_X_DEEP')], all);
    expect(ids(tree)).toEqual(['CUSTOMS', 'CUSTOMS_X', 'CUSTOMS_X_DEEP']);
    expect(tree[0]?.children[0]?.children[0]?.Path).toBe('/Custom/X/Deep');
  });

  it('leaves out pages and headings that are not granted', () => {
    const tree = buildMenuTree([byId('HOME'), byId('TASK_A')], all);
    expect(ids(tree)).toEqual(['HOME', 'TASK', 'TASK_A']);
    expect(ids(tree)).not.toContain('SYSTEM');
    expect(ids(tree)).not.toContain('SYS_Z');
  });

  it('drops a granted heading that has no page of its own and no granted child', () => {
    const tree = buildMenuTree([byId('SYSTEM'), byId('HOME')], all);
    expect(ids(tree)).toEqual(['HOME']);
  });

  it('keeps a root page without children', () => {
    expect(ids(buildMenuTree([byId('HOME')], all))).toEqual(['HOME']);
  });

  it('orders roots and children by OrderBy, whatever order the grants come in', () => {
    const granted = [byId('SYS_Z'), byId('TASK_B'), byId('HOME'), byId('TASK_A'), byId('CUSTOMS_X')];
    const tree = buildMenuTree(granted, [...all].reverse());
    expect(tree.map((n) => n.MenuID)).toEqual(['HOME', 'TASK', 'CUSTOMS', 'SYSTEM']);
    expect(tree[1]?.children.map((n) => n.MenuID)).toEqual(['TASK_A', 'TASK_B']);
    const order = ids(tree).map((id) => byId(id).OrderBy);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('lists each entry once even when it is granted together with its parent', () => {
    const tree = buildMenuTree([byId('TASK'), byId('TASK_A'), byId('TASK_A'), byId('TASK_B')], all);
    expect(ids(tree)).toEqual(['TASK', 'TASK_A', 'TASK_B']);
  });

  it('answers an empty tree for no grants', () => {
    expect(buildMenuTree([], all)).toEqual([]);
  });

  it('keeps the fields of each entry and gives every node a children array', () => {
    const [home] = buildMenuTree([byId('HOME')], all);
    expect(home).toEqual({ ...byId('HOME'), children: [] });
  });

  it('puts a granted page whose parent is unknown at the root instead of losing it', () => {
    const orphan = entry('ORPHAN', 'GONE', 10, '/orphan');
    expect(ids(buildMenuTree([orphan], [...all, orphan]))).toEqual(['ORPHAN']);
  });
});
