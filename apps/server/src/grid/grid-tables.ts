import type { AnyGrid } from '@smartport/contract';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';

/** Drizzle tables by SQL name: a grid entry names its table (and its references' tables) this way. */
export type GridTables = ReadonlyMap<string, PgTable>;

export const schemaTables: GridTables = new Map(
  (Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[]).map((t) => [getTableName(t), t]),
);

/** A grid entry bound to its table: the columns it reads and writes, checked once when the server starts. */
export interface BoundGrid {
  grid: AnyGrid;
  table: PgTable;
  column(field: string): PgColumn;
  /** The row's fields (and header fields) that are columns: what is listed and written. */
  fields: readonly string[];
  hasRowguid: boolean;
}

export function tableNamed(tables: GridTables, name: string): PgTable {
  const table = tables.get(name);
  if (!table) throw new Error(`Không có bảng ${name}`);
  return table;
}

export function columnOf(table: PgTable, field: string): PgColumn {
  const c = getTableColumns(table)[field];
  if (!c) throw new Error(`Bảng ${getTableName(table)} không có cột ${field}`);
  return c;
}

/** Binds an entry to its table; a field, key, order or reference that is not a column stops the start. */
export function bindGrid(grid: AnyGrid, tables: GridTables): BoundGrid {
  const table = tableNamed(tables, grid.table);
  const columns = getTableColumns(table);
  const fields = [...new Set([...Object.keys(grid.row.shape), ...Object.keys(grid.header?.schema.shape ?? {})])];
  const missing = fields.filter((f) => !columns[f]);
  if (missing.length) throw new Error(`Lưới ${grid.name}: bảng ${grid.table} không có cột ${missing.join(', ')}`);
  for (const f of [...grid.key, ...(grid.order ?? []), ...Object.keys(grid.filter?.where ?? {}).map((k) => whereField(grid, k))]) {
    columnOf(table, f);
  }
  for (const [field, refs] of Object.entries(grid.references ?? {})) {
    columnOf(table, field);
    for (const ref of refs) columnOf(tableNamed(tables, ref.table), ref.field);
  }
  return { grid, table, column: (field) => columnOf(table, field), fields, hasRowguid: 'Rowguid' in columns };
}

/** The row field a filter field compares (FromDate → ETB). */
export function whereField(grid: AnyGrid, filterField: string): string {
  const rule = grid.filter?.where?.[filterField];
  return typeof rule === 'object' && rule.field ? rule.field : filterField;
}
