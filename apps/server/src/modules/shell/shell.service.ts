import type { MenuNode } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { HeardCache } from '../../security/heard-cache';
import { scopeTerminals } from '../../security/terminal-scope';
import type { ShellRepository } from './shell.repository';

type FlatMenu = Omit<MenuNode, 'children'>;

/** Builds the tree, keeping the parents of granted entries so every granted screen is reachable. */
export function buildMenuTree(granted: FlatMenu[], all: FlatMenu[]): MenuNode[] {
  const byId = new Map(all.map((m) => [m.MenuID, m]));
  const keep = new Map<string, FlatMenu>();
  for (const m of granted) {
    let cur: FlatMenu | undefined = m;
    while (cur && !keep.has(cur.MenuID)) {
      keep.set(cur.MenuID, cur);
      cur = cur.ParentID ? byId.get(cur.ParentID) : undefined;
    }
  }
  const nodes = new Map<string, MenuNode>(
    [...keep.values()].sort((a, b) => a.OrderBy - b.OrderBy).map((m) => [m.MenuID, { ...m, children: [] }]),
  );
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.ParentID ? nodes.get(node.ParentID) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // A heading without any granted child and without a page of its own is dropped.
  return roots.filter((n) => n.children.length > 0 || n.Path);
}

/**
 * `menus`: each group's menu tree kept while changes to grants and menus are heard (security/heard-cache.ts; every
 * screen asks for it on opening); without it every call reads the database.
 */
export function createShellService(repo: ShellRepository, deps: { menus?: HeardCache<MenuNode[]> } = {}) {
  const load = async (group: string) => {
    const [granted, all] = await Promise.all([repo.grantedMenus(group), repo.allMenus()]);
    return buildMenuTree(granted, all);
  };
  return {
    async menu(user: AuthUser, requestedGroup?: string) {
      const group = requestedGroup || user.UserGroupCode;
      // Only administrators may read another group's menu.
      if (group !== user.UserGroupCode && user.Rank !== 1) throw forbidden();
      return deps.menus ? deps.menus.get(group, () => load(group)) : load(group);
    },

    async terminals(user: AuthUser, terminalCode?: string) {
      return repo.terminals(scopeTerminals(user, terminalCode ?? null));
    },
  };
}
export type ShellService = ReturnType<typeof createShellService>;
