import { eq, sql } from 'drizzle-orm';
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
