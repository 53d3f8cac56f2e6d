import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/columns';

export const userGroups = pgTable('user_groups', {
  UserGroupCode: varchar('user_group_code', { length: 50 }).primaryKey(),
  UserGroupName: text('user_group_name').notNull(),
  Rank: smallint('rank').notNull().default(10),
});

export const users = pgTable(
  'users',
  {
    UserID: varchar('user_id', { length: 50 }).primaryKey(),
    UserName: text('user_name').notNull(),
    PasswordHash: text('password_hash').notNull(),
    UserGroupCode: varchar('user_group_code', { length: 50 })
      .notNull()
      .references(() => userGroups.UserGroupCode),
    TerminalCodes: text('terminal_codes').array().notNull().default(sql`'{}'::text[]`),
    CustomerCode: varchar('customer_code', { length: 20 }),
    /** The shipping line the user acts for (issues its eDOs, reads its containers and orders); null for others. */
    OperationCode: varchar('operation_code', { length: 10 }),
    Email: varchar('email', { length: 200 }),
    Phone: varchar('phone', { length: 30 }),
    IsActive: boolean('is_active').notNull().default(true),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    Rowguid: uuid('rowguid').notNull().defaultRandom().unique(),
  },
  (t) => [index('users_group_idx').on(t.UserGroupCode)],
);

export const sessions = pgTable(
  'sessions',
  {
    Jti: uuid('jti').primaryKey(),
    UserID: varchar('user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade' }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    ExpiresAt: tz('expires_at').notNull(),
    RevokedAt: tz('revoked_at'),
    ClientIp: varchar('client_ip', { length: 64 }),
  },
  (t) => [index('sessions_user_idx').on(t.UserID)],
);

/** Failed logins counted per key ('u:<user>' or 'ip:<address>') inside a time window. */
export const loginFailures = pgTable('login_failures', {
  Key: varchar('key', { length: 120 }).primaryKey(),
  Count: integer('count').notNull(),
  WindowStart: tz('window_start').notNull(),
});
