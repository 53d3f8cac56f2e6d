import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** The notifications every signed-in user is shown (the configuration grid itself is the registry's `notifyGrid`). */
export function createNoticesRepository(db: Db) {
  return {
    async active(now: Date) {
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
  };
}
export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
