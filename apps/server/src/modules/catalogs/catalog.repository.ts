import { and, asc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, customerTypes, notifications } from '../../db/schema';
import { containsText } from '../../db/text-match';
import type { CatalogTable } from './catalog.tables';

type Row = Record<string, unknown>;

export interface CustomerFilter {
  CustomerCode?: string | undefined;
  CustomerTypeCode?: string | undefined;
  CustomerLevelCode?: number | undefined;
  TaxCode?: string | undefined;
  CustomerName?: string | undefined;
  MoneyCredit?: 'M' | 'C' | undefined;
  IsActive?: number | undefined;
}

function column(t: CatalogTable, field: string): PgColumn {
  const c = getTableColumns(t.table)[field];
  if (!c) throw new Error(`Bảng ${t.def.name} không có cột ${field}`);
  return c;
}

/** One generic repository for every catalogue table (Drizzle keys are the wire names). */
export function createCatalogRepository(db: Db) {
  return {
    async list(t: CatalogTable, where?: ReturnType<typeof sql>) {
      const q = db.select().from(t.table).$dynamic();
      return (await (where ? q.where(where) : q).orderBy(...t.def.key.map((k) => asc(column(t, k))))) as Row[];
    },

    /** Rowguid and key fields of every row: catalogues are small, so the duplicate check reads them all. */
    async keys(t: CatalogTable) {
      const fields = Object.fromEntries(['Rowguid', ...t.def.key].map((f) => [f, column(t, f)]));
      return (await db.select(fields).from(t.table)) as Row[];
    },

    async byRowguids(t: CatalogTable, rowguids: string[]) {
      if (!rowguids.length) return [];
      return (await db
        .select()
        .from(t.table)
        .where(inArray(column(t, 'Rowguid'), rowguids))) as Row[];
    },

    /** Inserts new rows and updates edited ones in one transaction; answers the saved rows. */
    async save(t: CatalogTable, inserts: Row[], updates: Row[]) {
      return db.transaction(async (tx) => {
        const saved: Row[] = [];
        if (inserts.length) saved.push(...((await tx.insert(t.table).values(inserts).returning()) as Row[]));
        for (const row of updates) {
          const { Rowguid, ...set } = row;
          const [r] = (await tx
            .update(t.table)
            .set(set)
            .where(sql`${column(t, 'Rowguid')} = ${Rowguid}`)
            .returning()) as Row[];
          if (r) saved.push(r);
        }
        return saved;
      });
    },

    /** The first value of `values` still used in `refColumn`, or null. */
    async firstUsed(refColumn: PgColumn, values: unknown[]) {
      if (!values.length) return null;
      const [hit] = await db
        .select({ v: refColumn })
        .from(refColumn.table)
        .where(inArray(refColumn, values as string[]))
        .limit(1);
      return hit ? hit.v : null;
    },

    async customers(f: CustomerFilter) {
      const where: SQL[] = [];
      if (f.CustomerCode) where.push(eq(customers.CustomerCode, f.CustomerCode.toUpperCase()));
      if (f.CustomerTypeCode) where.push(eq(customers.CustomerTypeCode, f.CustomerTypeCode));
      if (f.CustomerLevelCode !== undefined) where.push(eq(customers.CustomerLevelCode, f.CustomerLevelCode));
      if (f.TaxCode) where.push(containsText(customers.TaxCode, f.TaxCode));
      if (f.CustomerName) where.push(containsText(customers.CustomerName, f.CustomerName));
      if (f.MoneyCredit) where.push(eq(customers.MoneyCredit, f.MoneyCredit));
      if (f.IsActive !== undefined) where.push(eq(customers.IsActive, f.IsActive === 1));
      return db
        .select()
        .from(customers)
        .where(where.length ? and(...where) : undefined)
        .orderBy(asc(customers.CustomerCode))
        .limit(20_000);
    },

    async activeNotices(now: Date) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.IsActive, true), lte(notifications.NotifyFrom, now), gte(notifications.NotifyTo, now)))
        .orderBy(asc(notifications.NotifyFrom));
      return rows.map((r) => ({
        Rowguid: r.Rowguid,
        MailTitle: r.MailTitle,
        NotifyContent: r.NotifyContent,
        NotifyFrom: r.NotifyFrom.toISOString(),
        NotifyTo: r.NotifyTo.toISOString(),
      }));
    },

    async customerTypes() {
      return db.select().from(customerTypes).orderBy(asc(customerTypes.CustomerTypeCode));
    },

    async customerLevels() {
      return db
        .selectDistinct({ CustomerLevelCode: customers.CustomerLevelCode })
        .from(customers)
        .orderBy(asc(customers.CustomerLevelCode));
    },

    async delete(t: CatalogTable, rowguids: string[]) {
      if (!rowguids.length) return 0;
      const deleted = await db
        .delete(t.table)
        .where(inArray(column(t, 'Rowguid'), rowguids))
        .returning({ r: column(t, 'Rowguid') });
      return deleted.length;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
