import type { AnyGrid } from '@smartport/contract';
import type { AuditEntry } from '../modules/audit/audit-recorder.service';

type Row = Record<string, unknown>;

const shown = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v ?? ''));

/** A row's business key as the trail shows it ('VICT / 22G1 / …'). */
const keyOf = (grid: AnyGrid, row: Row) => grid.key.map((k) => shown(row[k])).join(' / ');

/** The grid's secret columns (declared `secret`): recorded as changed, never with their value. */
const secretsOf = (grid: AnyGrid) => grid.columns.filter((c) => c.secret).map((c) => c.field);

/** A save's records: each saved row, an update against the row it replaced (`prior`, by Rowguid), else a create. */
export function gridSaveEntries(grid: AnyGrid, prior: readonly Row[], saved: readonly Row[]): AuditEntry[] {
  const before = new Map(prior.map((r) => [String(r.Rowguid), r]));
  const secrets = secretsOf(grid);
  return saved.map((row) => {
    const was = before.get(String(row.Rowguid));
    return was
      ? { entity: `grid:${grid.name}`, key: keyOf(grid, row), action: 'update', before: was, after: row, secrets }
      : { entity: `grid:${grid.name}`, key: keyOf(grid, row), action: 'create', after: row, secrets };
  });
}

/** A delete's records: each row as it was. */
export function gridDeleteEntries(grid: AnyGrid, rows: readonly Row[]): AuditEntry[] {
  const secrets = secretsOf(grid);
  return rows.map((row) => ({ entity: `grid:${grid.name}`, key: keyOf(grid, row), action: 'delete', before: row, secrets }));
}
