import type { MenuNode } from '@smartport/contract';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { menuIcon } from './menu-icons';
import { menuSelection } from './side-menu-state';
import './side-menu.css';

interface SideMenuProps {
  nodes: readonly MenuNode[];
  pathname: string;
  /** The desktop sider is 64 px wide: only the top level's icons show. */
  collapsed: boolean;
  /** A group's icon was clicked while collapsed: the sider widens (and the group opens). */
  onExpand: () => void;
  /** A link was followed (the narrow screen's overlay closes). */
  onNavigate: () => void;
}

/**
 * The frame's side menu as plain lists, buttons and links, drawn like antd's inline light Menu (side-menu.css). antd's
 * Menu brought rc-menu, overflow, dropdown and tooltip to every signed-in page, ~26 KB gzip.
 * Groups toggle (several may be open); the current page's entry is marked (aria-current) and its groups start open.
 */
export function SideMenu({ nodes, pathname, collapsed, onExpand, onNavigate }: SideMenuProps) {
  const idPrefix = useId();
  const { selected, groups } = useMemo(() => menuSelection(nodes, pathname), [nodes, pathname]);
  // Opened once from the page shown first (antd's defaultOpenKeys); afterwards only the user opens and closes groups.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(groups));
  const toggle = (id: string, force?: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (force ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const renderItems = (items: readonly MenuNode[], level: number) =>
    items.map((n) => {
      const icon = menuIcon(n.Icon);
      const indent = collapsed ? undefined : { paddingInlineStart: 24 * level };
      const iconEl = icon && (
        <span className="sp-menu__icon" aria-hidden="true">
          {icon}
        </span>
      );
      const label = collapsed ? null : <span className="sp-menu__label">{n.MenuName}</span>;
      const named = collapsed ? { title: n.MenuName, 'aria-label': n.MenuName } : {};
      if (n.children.length) {
        const isOpen = !collapsed && open.has(n.MenuID);
        const listId = `${idPrefix}-${n.MenuID}`;
        const className = `sp-menu__item sp-menu__group${groups.includes(n.MenuID) ? ' sp-menu__group--holds-selected' : ''}${isOpen ? ' sp-menu__group--open' : ''}`;
        return (
          <li key={n.MenuID}>
            <button
              type="button"
              className={className}
              style={indent}
              aria-expanded={isOpen}
              aria-controls={listId}
              onClick={() => {
                if (collapsed) {
                  onExpand();
                  toggle(n.MenuID, true);
                } else toggle(n.MenuID);
              }}
              {...named}
            >
              {iconEl}
              {label}
              {!collapsed && <span className="sp-menu__arrow" aria-hidden="true" />}
            </button>
            <ul id={listId} className="sp-menu__sub" hidden={!isOpen}>
              {isOpen && renderItems(n.children, level + 1)}
            </ul>
          </li>
        );
      }
      const isSelected = n === selected;
      const className = `sp-menu__item${isSelected ? ' sp-menu__item--selected' : ''}`;
      return (
        <li key={n.MenuID}>
          {n.Path ? (
            <Link
              to={n.Path}
              className={className}
              style={indent}
              aria-current={isSelected ? 'page' : undefined}
              onClick={onNavigate}
              {...named}
            >
              {iconEl}
              {label}
            </Link>
          ) : (
            <span className={`${className} sp-menu__item--text`} style={indent} title={collapsed ? n.MenuName : undefined}>
              {iconEl}
              {label ?? <span className="sp-menu__hidden-name">{n.MenuName}</span>}
            </span>
          )}
        </li>
      );
    });

  return <ul className={`sp-menu${collapsed ? ' sp-menu--collapsed' : ''}`}>{renderItems(nodes, 1)}</ul>;
}
