import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText } from '../../db/text-match';
import { auditLog } from './audit.table';
import type { Changes } from './audit-changes';

/** One record as written: who, from where, what, the changed fields. */
export interface AuditInsert {
  UserID: string;
  UserName: string | null;
  ClientIp: string | null;
  EntityKind: string;
  EntityKey: string;
  Action: string;
  Changes: Changes;
}

export interface AuditWhere {
  from?: Date;
  to?: Date;
  userId?: string;
  entityKind?: string;
  action?: string;
  keyText?: string;
}

export type AuditRecord = typeof auditLog.$inferSelect;

/** The audit trail's SQL: insert only (the table refuses UPDATE and DELETE), and the screen's reads. */
export function createAuditRepository(db: Db) {
  const where = (w: AuditWhere): SQL | undefined => {
    const parts: SQL[] = [];
    if (w.from) parts.push(gte(auditLog.ChangedTime, w.from));
    if (w.to) parts.push(lte(auditLog.ChangedTime, w.to));
    if (w.userId) parts.push(eq(auditLog.UserID, w.userId));
    if (w.entityKind) parts.push(eq(auditLog.EntityKind, w.entityKind));
    if (w.action) parts.push(eq(auditLog.Action, w.action));
    if (w.keyText) parts.push(containsText(auditLog.EntityKey, w.keyText));
    return parts.length ? and(...parts) : undefined;
  };

  return {
    /** Writes the records in `tx` when given (the change's own transaction), else on its own. */
    async insert(rows: readonly AuditInsert[], tx?: Db): Promise<void> {
      if (!rows.length) return;
      await (tx ?? db).insert(auditLog).values([...rows]);
    },

    /** A page of the records matching `w`, newest first, and how many match. */
    async page(w: AuditWhere, offset: number, limit: number): Promise<{ rows: AuditRecord[]; total: number }> {
      const cond = where(w);
      const [rows, [total]] = await Promise.all([
        db.select().from(auditLog).where(cond).orderBy(desc(auditLog.ChangedTime), desc(auditLog.Id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(auditLog).where(cond),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async count(w: AuditWhere): Promise<number> {
      const [r] = await db.select({ n: count() }).from(auditLog).where(where(w));
      return Number(r?.n ?? 0);
    },

    async all(w: AuditWhere, limit: number): Promise<AuditRecord[]> {
      return db.select().from(auditLog).where(where(w)).orderBy(desc(auditLog.ChangedTime), desc(auditLog.Id)).limit(limit);
    },

    async entityKinds(): Promise<string[]> {
      const rows = await db.selectDistinct({ k: auditLog.EntityKind }).from(auditLog).orderBy(auditLog.EntityKind);
      return rows.map((r) => r.k);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
