import { createHash } from 'node:crypto';
import type { FilterOp, GridReference } from '@smartport/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { containsText } from '../db/text-match';
import { inTerminals } from '../security/terminal-scope';
import { type BoundGrid, columnOf, type GridTables, schemaTables, tableNamed } from './grid-tables';

type Row = Record<string, unknown>;

/** One condition on a row field; `terminals` is the caller's (already scoped) terminal list. */
export type Criterion = { field: string; op: FilterOp; value: unknown } | { field: string; op: 'terminals'; value: readonly string[] };

/** The one repository behind every grid (Drizzle keys are the wire names, so a row is written as it arrives). */
export function createGridRepository(db: Db, tables: GridTables = schemaTables) {
  const condition = (g: BoundGrid, c: Criterion): SQL => {
    const column = g.column(c.field);
    switch (c.op) {
      case 'terminals':
        return inTerminals(column, c.value);
      case 'contains':
        return containsText(column, String(c.value));
      case 'gte':
        return gte(column, c.value);
      case 'lte':
        return lte(column, c.value);
      default:
        return eq(column, c.value);
    }
  };
  const where = (g: BoundGrid, criteria: readonly Criterion[]) =>
    criteria.length ? and(...criteria.map((c) => condition(g, c))) : undefined;
  const selection = (g: BoundGrid, fields: readonly string[] = g.fields) => Object.fromEntries(fields.map((f) => [f, g.column(f)]));

  const listQuery = (g: BoundGrid, criteria: readonly Criterion[]) => {
    const q = db
      .select(selection(g))
      .from(g.table)
      .where(where(g, criteria))
      .orderBy(...(g.grid.order ?? g.grid.key).map((f) => asc(g.column(f))))
      .$dynamic();
    return g.grid.limit ? q.limit(g.grid.limit) : q;
  };
  /**
   * A list without conditions (a catalogue as a whole, the most frequent call) is built once per grid and run as a
   * prepared statement: building the query was most of Drizzle's share of a list call (docs/decisions.md).
   */
  const whole = new Map<BoundGrid, { execute(): Promise<unknown> }>();

  return {
    /** The grid's rows matching every criterion, in its order (default: the key), at most its limit. */
    async list(g: BoundGrid, criteria: readonly Criterion[]): Promise<Row[]> {
      if (criteria.length) return (await listQuery(g, criteria)) as Row[];
      let prepared = whole.get(g);
      if (!prepared) {
        const q = listQuery(g, []);
        // Named by its text: a connection refuses one name for two different statements.
        prepared = q.prepare(`grid_list_${createHash('sha1').update(q.toSQL().sql).digest('hex').slice(0, 16)}`);
        whole.set(g, prepared);
      }
      return (await prepared.execute()) as Row[];
    },

    /** Rowguid, key and scope fields of every row: grids are small, so the duplicate check reads them all. */
    async keys(g: BoundGrid, scopeField?: string): Promise<Row[]> {
      const fields = [...new Set(['Rowguid', ...g.grid.key, ...(scopeField ? [scopeField] : [])])];
      return (await db.select(selection(g, fields)).from(g.table)) as Row[];
    },

    async byRowguids(g: BoundGrid, rowguids: readonly string[]): Promise<Row[]> {
      if (!rowguids.length) return [];
      return (await db
        .select(selection(g))
        .from(g.table)
        .where(inArray(g.column('Rowguid'), [...rowguids]))) as Row[];
    },

    /**
     * Inserts new rows and updates edited ones (by Rowguid) in one transaction; answers the saved rows. `within` runs in
     * that transaction with the saved rows (the audit trail's record commits with the change).
     */
    async save(g: BoundGrid, inserts: Row[], updates: Row[], within?: (tx: Db, saved: Row[]) => Promise<void>): Promise<Row[]> {
      return db.transaction(async (tx) => {
        const saved: Row[] = [];
        if (inserts.length) saved.push(...((await tx.insert(g.table).values(inserts).returning(selection(g))) as Row[]));
        for (const row of updates) {
          const { Rowguid, ...set } = row;
          const [r] = (await tx
            .update(g.table)
            .set(set)
            .where(sql`${g.column('Rowguid')} = ${Rowguid}`)
            .returning(selection(g))) as Row[];
          if (r) saved.push(r);
        }
        await within?.(tx as unknown as Db, saved);
        return saved;
      });
    },

    /** The first of `values` still used where `ref` points, or null. */
    async firstUsed(ref: GridReference, values: readonly unknown[]): Promise<unknown> {
      if (!values.length) return null;
      const column = columnOf(tableNamed(tables, ref.table), ref.field);
      const [hit] = await db
        .select({ v: column })
        .from(column.table)
        .where(inArray(column, values as string[]))
        .limit(1);
      return hit ? hit.v : null;
    },

    /** Deletes the rows; `within` runs in the same transaction (the audit trail's record). */
    async delete(g: BoundGrid, rowguids: readonly string[], within?: (tx: Db) => Promise<void>): Promise<number> {
      if (!rowguids.length) return 0;
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(g.table)
          .where(inArray(g.column('Rowguid'), [...rowguids]))
          .returning({ r: g.column('Rowguid') });
        await within?.(tx as unknown as Db);
        return deleted.length;
      });
    },
  };
}
export type GridRepository = ReturnType<typeof createGridRepository>;
