import type { MenuNode } from '@smartport/contract';
import { flattenMenu } from '../../lib/menu';

/** What the side menu marks for a page: the entry whose Path is the page's (case-insensitive) and the groups above it. */
export interface MenuSelection {
  selected: MenuNode | undefined;
  /** The selected entry's groups, nearest first: their titles are marked, and they are open when the menu appears. */
  groups: readonly string[];
}

export function menuSelection(nodes: readonly MenuNode[], pathname: string): MenuSelection {
  const flat = flattenMenu(nodes);
  const path = pathname.toLowerCase();
  const selected = flat.find((m) => m.Path && m.Path.toLowerCase() === path);
  const byId = new Map(flat.map((m) => [m.MenuID, m]));
  const groups: string[] = [];
  for (let parent = selected?.ParentID; parent && byId.has(parent) && !groups.includes(parent); ) {
    groups.push(parent);
    parent = byId.get(parent)?.ParentID;
  }
  return { selected, groups };
}
