import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
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
    /** When the customer registered online ('Đăng ký tài khoản'); null for accounts made otherwise. */
    RegisteredAt: tz('registered_at'),
    /** When the registrant followed the verification link of the mail; null until then. */
    EmailVerifiedAt: tz('email_verified_at'),
    /** When the account was last activated (at verification or by staff): an inactive account with one is locked. */
    ActivatedAt: tz('activated_at'),
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
    /** The browser's User-Agent at login (cut to 300 characters), for 'Phiên đăng nhập'. */
    UserAgent: varchar('user_agent', { length: 300 }),
    /**
     * When a call last used the session, written at most once a minute per session. Changing it does not NOTIFY
     * auth_changed (the trigger of migration 0032 watches only the columns that decide who a session is).
     */
    LastUsedAt: tz('last_used_at'),
  },
  (t) => [index('sessions_user_idx').on(t.UserID)],
);

/** Failed logins counted per key ('u:<user>' or 'ip:<address>') inside a time window. */
export const loginFailures = pgTable('login_failures', {
  Key: varchar('key', { length: 120 }).primaryKey(),
  Count: integer('count').notNull(),
  WindowStart: tz('window_start').notNull(),
});

/**
 * A user's TOTP second factor (RFC 6238): the secret sealed with the settings key (security/secret-box.ts, place
 * `user_totp/<UserID>`), or a pending one while the user enrols; `LastStep` is the last time step accepted, so a code
 * is never accepted twice.
 */
export const userTotp = pgTable('user_totp', {
  UserID: varchar('user_id', { length: 50 })
    .primaryKey()
    .references(() => users.UserID, { onDelete: 'cascade', onUpdate: 'cascade' }),
  Secret: text('secret'),
  PendingSecret: text('pending_secret'),
  EnabledAt: tz('enabled_at'),
  LastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

/** The TOTP recovery codes of a user: SHA-256 of each code (they are random, 50 bits), each usable once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    UserID: varchar('user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade', onUpdate: 'cascade' }),
    CodeHash: varchar('code_hash', { length: 64 }).notNull(),
    UsedAt: tz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.UserID, t.CodeHash] })],
);

/**
 * The second step of a login (password right, TOTP code or enrolment to come): the SHA-256 of the random challenge
 * the browser holds, its user, what it waits for, until when, how many codes were tried, whether it was used.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    IdHash: varchar('id_hash', { length: 64 }).primaryKey(),
    UserID: varchar('user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade', onUpdate: 'cascade' }),
    Purpose: varchar('purpose', { length: 10 }).notNull(),
    ExpiresAt: tz('expires_at').notNull(),
    Attempts: integer('attempts').notNull().default(0),
    UsedAt: tz('used_at'),
    ClientIp: varchar('client_ip', { length: 64 }),
    UserAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('login_challenges_expires_idx').on(t.ExpiresAt)],
);

/**
 * Every login attempt (append only): the user name as typed (lower case; it may name nobody), when, from where, with
 * which browser, and the result (ok, wrong_password, locked, totp_failed, inactive).
 */
export const loginHistory = pgTable(
  'login_history',
  {
    Rowguid: uuid('rowguid').primaryKey().defaultRandom(),
    UserID: varchar('user_id', { length: 60 }).notNull(),
    AttemptTime: tz('attempt_time').notNull().defaultNow(),
    ClientIp: varchar('client_ip', { length: 64 }),
    UserAgent: varchar('user_agent', { length: 300 }),
    Result: varchar('result', { length: 20 }).notNull(),
  },
  (t) => [index('login_history_user_idx').on(t.UserID, t.AttemptTime), index('login_history_time_idx').on(t.AttemptTime)],
);

/**
 * The single-use links of account mails: e-mail verification ('verify') and password reset ('reset'). Only the SHA-256
 * of the random token is kept; a token is used once (UsedAt) and only before ExpiresAt.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    TokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    UserID: varchar('user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade', onUpdate: 'cascade' }),
    Purpose: varchar('purpose', { length: 10 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    ExpiresAt: tz('expires_at').notNull(),
    UsedAt: tz('used_at'),
  },
  (t) => [index('account_tokens_user_idx').on(t.UserID, t.Purpose)],
);
