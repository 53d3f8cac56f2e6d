import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Wire names (TerminalCode, OperationCode…) are the Drizzle keys; SQL columns are snake_case.

/** The row's own key: a random uuid, the key grid rows are addressed by. */
export const rowguid = () => uuid('rowguid').primaryKey().defaultRandom();
/** A moment (timestamptz), read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
