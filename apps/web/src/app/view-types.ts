import type { ComponentType, LazyExoticComponent } from 'react';

/** A view group's pages by page name (second path segment, or the menu entry's ViewPage). */
export type ViewPages = Record<string, LazyExoticComponent<ComponentType>>;
