/**
 * Which attached-order configuration applies to an order (docs/decisions.md 'Attached orders: the most specific scope
 * wins'). Pure: the repository hands over every stored row of the terminal and job mode whose scope could match.
 */

/** The four scope fields of a stored row; each is a code or '*' (all). */
export interface AttachScopeKey {
  OperationCode: string;
  VesselKey: string;
  CustomerCode: string;
  IsLocalForeign: string;
}

export interface AttachScopedRow extends AttachScopeKey {
  AttachServiceCode: string;
  IsFixed: boolean;
}

/** What an order says about itself; a missing value matches only '*' rows. */
export interface AttachOrderFacts {
  operationCode?: string | null;
  vesselKey?: string | null;
  customerCode?: string | null;
  isLocalForeign?: string | null;
}

export const ALL = '*';

const norm = (v: string | null | undefined) => (v == null || v.trim() === '' || v.trim() === ALL ? null : v.trim().toUpperCase());

/** A row's field matches the order's value when it is '*' or the same code. */
const fieldMatches = (stored: string, wanted: string | null) => stored === ALL || (wanted !== null && stored.toUpperCase() === wanted);

/**
 * How specific a matching scope is: an exact payee outweighs everything below it, then the vessel call, then the
 * operator, then local/foreign (weights 8, 4, 2, 1, so the order is lexicographic). null when the row does not match.
 */
export function scopeRank(row: AttachScopeKey, order: AttachOrderFacts): number | null {
  const want = {
    c: norm(order.customerCode),
    v: norm(order.vesselKey),
    o: norm(order.operationCode),
    l: norm(order.isLocalForeign),
  };
  if (
    !fieldMatches(row.CustomerCode, want.c) ||
    !fieldMatches(row.VesselKey, want.v) ||
    !fieldMatches(row.OperationCode, want.o) ||
    !fieldMatches(row.IsLocalForeign, want.l)
  )
    return null;
  return (
    (row.CustomerCode !== ALL ? 8 : 0) +
    (row.VesselKey !== ALL ? 4 : 0) +
    (row.OperationCode !== ALL ? 2 : 0) +
    (row.IsLocalForeign !== ALL ? 1 : 0)
  );
}

/**
 * The attached services of the most specific matching scope that has any row (not a union of scopes); ordered by
 * service code. Rows of one job mode and terminal only.
 */
export function pickAttachedServices(
  rows: readonly AttachScopedRow[],
  order: AttachOrderFacts,
): { AttachServiceCode: string; IsFixed: boolean }[] {
  let best = -1;
  let chosen: AttachScopedRow[] = [];
  for (const row of rows) {
    const rank = scopeRank(row, order);
    if (rank === null || rank < best) continue;
    if (rank > best) {
      best = rank;
      chosen = [];
    }
    chosen.push(row);
  }
  const seen = new Set<string>();
  return chosen
    .filter((r) => !seen.has(r.AttachServiceCode) && seen.add(r.AttachServiceCode))
    .sort((a, b) => a.AttachServiceCode.localeCompare(b.AttachServiceCode))
    .map((r) => ({ AttachServiceCode: r.AttachServiceCode, IsFixed: r.IsFixed }));
}
