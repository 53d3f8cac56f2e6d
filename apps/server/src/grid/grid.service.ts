import type { AnyGrid } from '@smartport/contract';
import type { AuthUser } from '../http/context';
import { badRequest } from '../http/errors';
import type { AuditRecorder } from '../modules/audit/audit-recorder.service';
import type { LiveEvents } from '../realtime/realtime';
import { sanitizeRichText } from '../security/rich-text';
import { assertTerminal, scopeTerminals } from '../security/terminal-scope';
import type { Criterion, GridRepository } from './grid.repository';
import { gridDeleteEntries, gridSaveEntries } from './grid-audit';
import { type BoundGrid, bindGrid, type GridTables, schemaTables, whereField } from './grid-tables';

type Row = Record<string, unknown>;

/**
 * Who asks: a signed-in user, or a service acting for some terminals (the payer's partners of an order's terminal).
 * Only the terminal list is read, as `security/terminal-scope` reads it.
 */
export type GridCaller = Pick<AuthUser, 'terminals'>;
const scopeUser = (caller: GridCaller) => caller as AuthUser;

const keyPart = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '').toUpperCase());
const shown = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v ?? ''));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const gridMessages = {
  saved: 'Lưu dữ liệu hoàn tất !',
  deleted: 'Xóa dữ liệu hoàn tất !',
  duplicateInBatch: (row: number, field: string, value: string, other: number) =>
    `Dòng ${row}: ${field} "${value}" bị trùng với dòng ${other}. Chưa lưu dữ liệu nào.`,
  duplicateExisting: (row: number, field: string, value: string) => `Dòng ${row}: ${field} "${value}" đã tồn tại. Chưa lưu dữ liệu nào.`,
  missingRow: (row: number) => `Dòng ${row}: không tìm thấy dữ liệu cần sửa (có thể đã bị xóa). Vui lòng nạp lại danh sách.`,
  inUse: (field: string, value: string, usedBy: string) =>
    `Không thể xóa: ${field} "${value}" đang được sử dụng trong ${usedBy}. Chưa xóa dữ liệu nào.`,
  unknownGrid: 'Không xác định được danh mục của các dòng cần xóa.',
};

/**
 * The rules every grid shares, read from its entry: rows limited to the caller's scope, upsert by Rowguid in one
 * transaction, required fields, unique business key, no delete of a row still referenced, rich text sanitised.
 */
export function createGridService(
  repo: GridRepository,
  opts: { live?: Pick<LiveEvents, 'toAll'>; tables?: GridTables; audit?: Pick<AuditRecorder, 'record'> } = {},
) {
  const bound = new Map<string, BoundGrid>();
  /** The entry bound to its table (checked the first time: at start, by the handler factory). */
  const bind = (grid: AnyGrid) => {
    let b = bound.get(grid.name);
    if (!b || b.grid !== grid) {
      b = bindGrid(grid, opts.tables ?? schemaTables);
      bound.set(grid.name, b);
    }
    return b;
  };
  const titleOf = (grid: AnyGrid, field: string) =>
    [...grid.columns, ...(grid.header?.columns ?? [])].find((c) => c.field === field)?.title ?? field;

  /** Rows other signed-in users show changed: their pages reload them. */
  const announce = (grid: AnyGrid) => {
    if (grid.liveNotice) opts.live?.toAll('notice', { request_type: grid.liveNotice });
  };

  function describeKey(grid: AnyGrid, row: Row) {
    return {
      field: grid.key.map((k) => titleOf(grid, k)).join(' + '),
      value: grid.key.map((k) => shown(row[k])).join(' / '),
      id: grid.key.map((k) => keyPart(row[k])).join('\u0001'),
    };
  }

  /** Whether a stored row is within the caller's reach (terminal scope: one of its terminals). */
  const reaches = (grid: AnyGrid, caller: GridCaller, row: Row) =>
    grid.scope?.kind !== 'terminal' || caller.terminals.includes(String(row[grid.scope.field] ?? '').toUpperCase());

  /** The list's conditions: the scope, each filter field the entry maps to a condition, the header's fields. */
  function criteria(grid: AnyGrid, filter: Row, caller: GridCaller): Criterion[] {
    const out: Criterion[] = [];
    const scope = grid.scope;
    if (scope?.kind === 'terminal') {
      const requested = filter[scope.field];
      out.push({
        field: scope.field,
        op: 'terminals',
        value: scopeTerminals(scopeUser(caller), blank(requested) ? null : String(requested)),
      });
    } else if (scope?.kind === 'operator') {
      if (blank(filter[scope.field])) throw badRequest(scope.message);
      out.push({ field: scope.field, op: 'eq', value: filter[scope.field] });
    }
    for (const [field, rule] of Object.entries(grid.filter?.where ?? {})) {
      if (blank(filter[field]) || field === scope?.field) continue;
      out.push({ field: whereField(grid, field), op: typeof rule === 'string' ? rule : rule.op, value: filter[field] });
    }
    for (const field of Object.keys(grid.header?.schema.shape ?? {})) {
      if (!blank(filter[field]) && field !== scope?.field) out.push({ field, op: 'eq', value: filter[field] });
    }
    return out;
  }

  /** What a row is written as: its rich-text columns sanitised. */
  function prepare(grid: AnyGrid, row: Row): Row {
    const rich = grid.columns.filter((c) => c.richText && c.field in row);
    if (!rich.length) return row;
    return { ...row, ...Object.fromEntries(rich.map((c) => [c.field, sanitizeRichText(row[c.field] as string | null)])) };
  }

  const service = {
    bind,

    /** The rows the caller may see, narrowed by the list request. */
    async list(grid: AnyGrid, filter: Row, caller: GridCaller): Promise<Row[]> {
      const b = bind(grid);
      return repo.list(b, criteria(grid, filter, caller));
    },

    async save(grid: AnyGrid, given: Row[], caller: GridCaller): Promise<Row[]> {
      const b = bind(grid);
      const scope = grid.scope;
      for (const row of given) {
        if (grid.required?.fields.some((f) => blank(row[f]))) throw badRequest(grid.required.message);
        if (scope?.kind === 'terminal') assertTerminal(scopeUser(caller), String(row[scope.field]));
        if (scope?.kind === 'operator' && blank(row[scope.field])) throw badRequest(scope.message);
      }
      const existing = await repo.keys(b, scope?.field);
      const owner = new Map(existing.map((r) => [describeKey(grid, r).id, String(r.Rowguid)]));
      // A row outside the caller's terminals cannot be edited: for this caller it does not exist.
      const known = new Set(existing.filter((r) => reaches(grid, caller, r)).map((r) => String(r.Rowguid)));
      const seen = new Map<string, number>();
      const inserts: Row[] = [];
      const updates: Row[] = [];
      given.forEach((input, i) => {
        const row = prepare(grid, input);
        const k = describeKey(grid, row);
        const other = seen.get(k.id);
        if (other !== undefined) throw badRequest(gridMessages.duplicateInBatch(i + 1, k.field, k.value, other + 1));
        seen.set(k.id, i);
        const holder = owner.get(k.id);
        // A key held by another saved row is a duplicate, unless that row is renamed in this same save.
        const holderRenamed = holder !== undefined && given.some((r) => r.Rowguid === holder && describeKey(grid, r).id !== k.id);
        if (holder !== undefined && holder !== row.Rowguid && !holderRenamed) {
          throw badRequest(gridMessages.duplicateExisting(i + 1, k.field, k.value));
        }
        if (row.Rowguid) {
          if (!known.has(String(row.Rowguid))) throw badRequest(gridMessages.missingRow(i + 1));
          updates.push(row);
        } else {
          const { Rowguid: _omit, ...rest } = row;
          inserts.push(rest);
        }
      });
      // The audit trail's before: the stored rows the updates replace; recorded in the save's transaction.
      const prior =
        opts.audit && updates.length
          ? await repo.byRowguids(
              b,
              updates.map((r) => String(r.Rowguid)),
            )
          : [];
      const { audit } = opts;
      const saved = await repo.save(b, inserts, updates, audit && ((tx, rows) => audit.record(gridSaveEntries(grid, prior, rows), tx)));
      announce(grid);
      return saved;
    },

    /** Deletes the caller's rows among `rowguids`; refused whole when one is still referenced. */
    async delete(grid: AnyGrid, rowguids: string[], caller: GridCaller): Promise<number> {
      const b = bind(grid);
      const rows = (await repo.byRowguids(b, rowguids)).filter((r) => reaches(grid, caller, r));
      for (const [field, refs] of Object.entries(grid.references ?? {})) {
        const values = rows.map((r) => r[field]);
        for (const ref of refs) {
          const used = await repo.firstUsed(ref, values);
          if (used !== null) throw badRequest(gridMessages.inUse(titleOf(grid, field), String(used), ref.usedBy));
        }
      }
      const { audit } = opts;
      const deleted = await repo.delete(
        b,
        rows.map((r) => String(r.Rowguid)),
        audit && ((tx) => audit.record(gridDeleteEntries(grid, rows), tx)),
      );
      announce(grid);
      return deleted;
    },

    /** `standardtariff/delete` and `common/delete` carry rows of one of several grids: the one whose key the rows carry, else the one holding the first Rowguid. */
    async deleteShared(candidates: readonly AnyGrid[], rows: Row[], caller: GridCaller): Promise<number> {
      const first = rows[0];
      let grid = candidates.find((g) => first && g.key.every((k) => k in first));
      if (!grid) {
        for (const g of candidates) {
          if ((await repo.byRowguids(bind(g), [String(first?.Rowguid)])).length) {
            grid = g;
            break;
          }
        }
      }
      if (!grid) throw badRequest(gridMessages.unknownGrid);
      return service.delete(
        grid,
        rows.map((r) => String(r.Rowguid)),
        caller,
      );
    },
  };
  return service;
}
export type GridService = ReturnType<typeof createGridService>;
