import type { GridColumn } from '@smartport/contract';

/** One grid row as the server sends and receives it (wire names, `Rowguid` for saved rows). */
export type GridValues = Record<string, unknown>;

/**
 * Spec 03 §1 row states: a row is new (added here, no Rowguid yet), edited (a saved row changed
 * here) or saved. Selection is the grid's own state and is passed in where it matters (delete).
 */
export type RowState = 'saved' | 'new' | 'edited';

export interface GridRow {
  /** Stable grid id: the Rowguid of a saved row, `new-<n>` for a row not saved yet. */
  id: string;
  state: RowState;
  values: GridValues;
  /** A saved row's values as loaded, so an edit undone makes the row saved again. */
  original?: GridValues;
  /**
   * A default row the screen put there (the free day's five rules of a blank template) that nobody has changed yet:
   * 'Lưu' sends it like any new row, but leaving the page loses nothing the user typed, so it is not warned about.
   */
  untouched?: boolean;
}

let sequence = 0;
const nextNewId = () => `new-${++sequence}`;

export const hasRowguid = (values: GridValues) => typeof values.Rowguid === 'string' && values.Rowguid !== '';

/** A loaded row's grid id: its Rowguid, or for lists without one (vessel calls) its business key. */
const loadedId = (values: GridValues, key: readonly string[]) =>
  hasRowguid(values) ? String(values.Rowguid) : `key:${key.map((k) => String(values[k] ?? '')).join('|')}`;

export function fromServer(rows: readonly GridValues[], key: readonly string[] = []): GridRow[] {
  return rows.map((values) => ({ id: loadedId(values, key), state: 'saved', values, original: values }));
}

/** What a blank new row holds: unticked flags, the first option of a choice, empty text. */
export function defaultValues(columns: readonly GridColumn[], now = new Date()): GridValues {
  const values: GridValues = {};
  for (const c of columns) {
    if (c.initial !== undefined) values[c.field] = c.initial;
    else if (c.type === 'bool') values[c.field] = false;
    else if (c.type === 'enum') values[c.field] = c.options?.[0]?.value ?? null;
    else if (c.type === 'text') values[c.field] = '';
    else if (c.type === 'datetime') values[c.field] = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    else values[c.field] = null;
  }
  return values;
}

/** New rows (from 'Thêm dòng' or an Excel import): defaults, the screen's preset, then the given values; never a Rowguid. */
export function newRows(columns: readonly GridColumn[], given: readonly GridValues[], preset: GridValues = {}): GridRow[] {
  const defaults = defaultValues(columns);
  return given.map((values) => {
    const { Rowguid: _dropped, ...rest } = values;
    return { id: nextNewId(), state: 'new', values: { ...defaults, ...preset, ...rest } };
  });
}

/** Added rows go on top, as the user expects to type into them at once. */
export function addRows(rows: readonly GridRow[], added: readonly GridRow[]): GridRow[] {
  return [...added, ...rows];
}

const empty = (v: unknown) => v === null || v === undefined || v === '';
const same = (a: unknown, b: unknown) => a === b || (empty(a) && empty(b));

function differs(values: GridValues, original: GridValues) {
  const keys = new Set([...Object.keys(values), ...Object.keys(original)]);
  for (const k of keys) if (!same(values[k], original[k])) return true;
  return false;
}

/** One cell changed: a new row stays new; a saved row becomes edited unless it is back to what was loaded. */
export function applyEdit(row: GridRow, field: string, value: unknown): GridRow {
  const values = { ...row.values, [field]: value };
  if (row.state === 'new') return { ...row, values, untouched: false };
  return { ...row, values, state: row.original && !differs(values, row.original) ? 'saved' : 'edited' };
}

export function editCell(rows: readonly GridRow[], id: string, field: string, value: unknown): GridRow[] {
  return rows.map((r) => (r.id === id ? applyEdit(r, field, value) : r));
}

/**
 * What 'Lưu' sends: only new rows (without Rowguid) and edited rows (with it), in grid order, each with the
 * header's fields merged in (the values chosen above the grid win over the row's own).
 */
export function rowsToSave(rows: readonly GridRow[], header: GridValues = {}): GridValues[] {
  return rows
    .filter((r) => r.state !== 'saved')
    .map((r) => {
      if (r.state === 'edited') return { ...r.values, ...header };
      const { Rowguid: _none, ...rest } = r.values;
      return { ...rest, ...header };
    });
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The entry's required fields (spec 03 §5 payment partners): the first row to save missing one, or null. */
export function firstMissingRequired(rows: readonly GridRow[], fields: readonly string[]): GridRow | null {
  return rows.find((r) => r.state !== 'saved' && fields.some((f) => blank(r.values[f]))) ?? null;
}

export interface DeletePlan {
  /** Selected rows never saved: dropped here, the server never knew them. */
  dropLocally: string[];
  /** Selected saved rows, sent as `{ data: [{ Rowguid, ...row }] }`. */
  send: GridValues[];
}

export function planDelete(rows: readonly GridRow[], selectedIds: readonly string[]): DeletePlan {
  const selected = new Set(selectedIds);
  const plan: DeletePlan = { dropLocally: [], send: [] };
  for (const r of rows) {
    if (!selected.has(r.id)) continue;
    if (r.state === 'new' || !hasRowguid(r.values)) plan.dropLocally.push(r.id);
    else plan.send.push({ ...r.values, Rowguid: r.values.Rowguid });
  }
  return plan;
}

export function removeRows(rows: readonly GridRow[], ids: readonly string[]): GridRow[] {
  const gone = new Set(ids);
  return rows.filter((r) => !gone.has(r.id));
}

export function countStates(rows: readonly GridRow[]) {
  let added = 0;
  let edited = 0;
  let untouched = 0;
  for (const r of rows) {
    if (r.state === 'new') added++;
    else if (r.state === 'edited') edited++;
    if (r.state === 'new' && r.untouched) untouched++;
  }
  /** `unsaved`: what leaving would lose of the user's own work (untouched default rows are not). */
  return { added, edited, unsaved: added + edited - untouched };
}

export const hasUnsavedChanges = (rows: readonly GridRow[]) => rows.some((r) => r.state !== 'saved');

/**
 * The list as reloaded from the server, keeping what is still unsaved here: new rows stay on top,
 * and an edited row keeps its edits while its Rowguid still exists (a reload after a delete must
 * not throw away other work).
 */
export function mergeReloaded(fresh: readonly GridValues[], current: readonly GridRow[], key: readonly string[] = []): GridRow[] {
  const edited = new Map(current.filter((r) => r.state === 'edited').map((r) => [r.id, r]));
  const loaded = fromServer(fresh, key).map((r) => {
    const mine = edited.get(r.id);
    if (!mine) return r;
    return differs(mine.values, r.values) ? { ...mine, original: r.values, state: 'edited' as const } : r;
  });
  return [...current.filter((r) => r.state === 'new'), ...loaded];
}

/**
 * The server names a refused row by its place in the batch sent ('Dòng 2: … trùng với dòng 1.'); the
 * user knows rows by the STT on screen. `shownRowNumbers[n - 1]` is the STT of the n-th row sent.
 */
export function withShownRowNumbers(message: string, shownRowNumbers: readonly number[]): string {
  const shown = (n: string) => String(shownRowNumbers[Number(n) - 1] ?? n);
  return message
    .replace(/^Dòng (\d+):/, (_m, n: string) => `Dòng ${shown(n)}:`)
    .replace(/trùng với dòng (\d+)\./, (_m, n: string) => `trùng với dòng ${shown(n)}.`);
}
