import type { AnyGrid } from '@smartport/contract';
import { createElement } from 'react';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/**
 * A view map's line for a grid entry: `size_type: gridPage(sizeTypeGrid)`. The page (and AG Grid with it) loads only
 * when the route is opened.
 */
export const gridPage = (entry: AnyGrid) =>
  preloadedLazy(() => import('./GridPage').then((m) => ({ default: () => createElement(m.GridPage, { entry }) })));
