import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { systemSettings } from '../db/schema';

export type StoredRecord = Record<string, unknown>;

const asRecord = (v: unknown): StoredRecord | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredRecord) : null);

/** One-record settings in `system_settings` (key → jsonb), the store of every settings form. */
export function createSettingsStoreRepository(db: Db) {
  return {
    async load(key: string): Promise<StoredRecord | null> {
      const [row] = await db.select({ Value: systemSettings.Value }).from(systemSettings).where(eq(systemSettings.Key, key));
      return asRecord(row?.Value);
    },

    /** A value as stored, whatever its JSON type (a legacy key row holds a string). */
    async value(key: string): Promise<unknown> {
      const [row] = await db.select({ Value: systemSettings.Value }).from(systemSettings).where(eq(systemSettings.Key, key));
      return row?.Value ?? null;
    },

    async remove(key: string): Promise<void> {
      await db.delete(systemSettings).where(eq(systemSettings.Key, key));
    },

    /** The keys of the records whose key starts with `prefix` (e.g. every form record: 'form:'). */
    async keys(prefix: string): Promise<string[]> {
      const rows = await db
        .select({ Key: systemSettings.Key })
        .from(systemSettings)
        .where(like(systemSettings.Key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
      return rows.map((r) => r.Key);
    },

    /**
     * Writes the record `next` computes from the stored one, in one transaction that holds the
     * row: a masked secret is resolved against the record it replaces, not one another save just
     * changed. A throw in `next` leaves the record as it was.
     */
    async replace(key: string, next: (stored: StoredRecord | null) => StoredRecord): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ Value: systemSettings.Value })
          .from(systemSettings)
          .where(eq(systemSettings.Key, key))
          .for('update');
        const value = next(asRecord(row?.Value));
        await tx
          .insert(systemSettings)
          .values({ Key: key, Value: value })
          .onConflictDoUpdate({ target: systemSettings.Key, set: { Value: value, UpdatedTime: sql`now()` } });
      });
    },
  };
}

export type SettingsStoreRepository = ReturnType<typeof createSettingsStoreRepository>;
