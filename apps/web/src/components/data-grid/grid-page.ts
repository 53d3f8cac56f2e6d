import type { AnyGrid } from '@smartport/contract';
import { createElement, lazy } from 'react';

/**
 * A view map's line for a grid entry: `size_type: gridPage(sizeTypeGrid)`. The page (and AG Grid with it) loads only
 * when the route is opened.
 */
export const gridPage = (entry: AnyGrid) =>
  lazy(() => import('./GridPage').then((m) => ({ default: () => createElement(m.GridPage, { entry }) })));
