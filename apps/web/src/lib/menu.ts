import type { MenuNode } from '@smartport/contract';

/** The menu tree as one list, parents before their children (shell, view resolution, home's guide and task links). */
export function flattenMenu(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flattenMenu(n.children)]);
}
