/**
 * Moved to lib/session-queries.ts (features never import app/). Kept only for features/catalogs, which the grid
 * engineer is rewriting in parallel; delete this file once nothing imports it.
 */
export { useMe, useMenu, useTerminals } from '../lib/session-queries';
