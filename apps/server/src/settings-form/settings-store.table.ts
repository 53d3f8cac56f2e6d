import { jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../db/columns';

/**
 * One-record values by key (jsonb): the settings-form store's records (`form:<name>`, `form:<name>:<TerminalCode>`),
 * and a few values the server keeps for itself (auth's shared secrets, the TOS order import's cursor).
 */
export const systemSettings = pgTable('system_settings', {
  Key: varchar('key', { length: 100 }).primaryKey(),
  Value: jsonb('value').notNull(),
  UpdatedTime: tz('updated_time').notNull().defaultNow(),
});
