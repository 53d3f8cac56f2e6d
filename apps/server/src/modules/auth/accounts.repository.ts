import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountTokens, customers, loginFailures, sessions, terminals, userGroups, users } from '../../db/schema';

export type TokenPurpose = 'verify' | 'reset';

/** An account as registration, reset and 'Quản lý tài khoản' read it. */
export interface AccountRecord {
  UserID: string;
  UserName: string;
  Email: string | null;
  Phone: string | null;
  CustomerCode: string | null;
  UserGroupCode: string;
  UserGroupName: string;
  Rank: number;
  TerminalCodes: string[];
  IsActive: boolean;
  RegisteredAt: Date | null;
  EmailVerifiedAt: Date | null;
  ActivatedAt: Date | null;
  CreatedTime: Date;
}

const accountColumns = {
  UserID: users.UserID,
  UserName: users.UserName,
  Email: users.Email,
  Phone: users.Phone,
  CustomerCode: users.CustomerCode,
  UserGroupCode: users.UserGroupCode,
  UserGroupName: userGroups.UserGroupName,
  Rank: userGroups.Rank,
  TerminalCodes: users.TerminalCodes,
  IsActive: users.IsActive,
  RegisteredAt: users.RegisteredAt,
  EmailVerifiedAt: users.EmailVerifiedAt,
  ActivatedAt: users.ActivatedAt,
  CreatedTime: users.CreatedTime,
};

/**
 * Registration, the account mails' tokens and 'Quản lý tài khoản'. It reads the customer catalogue (a registrant's tax
 * code) and the terminals (the registration's choice) the way home reads the orders' tables: read only.
 */
export function createAccountsRepository(db: Db) {
  const byId = (userId: string) => sql`lower(${users.UserID}) = lower(${userId})`;
  return {
    /** The active customer of the catalogue with this tax code (the first by code when several share it), or null. */
    async customerByTaxCode(taxCode: string): Promise<{ CustomerCode: string; CustomerName: string } | null> {
      const [row] = await db
        .select({ CustomerCode: customers.CustomerCode, CustomerName: customers.CustomerName })
        .from(customers)
        .where(and(sql`upper(${customers.TaxCode}) = upper(${taxCode})`, eq(customers.IsActive, true)))
        .orderBy(asc(customers.CustomerCode))
        .limit(1);
      return row ?? null;
    },

    async activeTerminals(): Promise<{ TerminalCode: string; TerminalName: string }[]> {
      return db
        .select({ TerminalCode: terminals.TerminalCode, TerminalName: terminals.TerminalName })
        .from(terminals)
        .where(eq(terminals.IsActive, true))
        .orderBy(asc(terminals.TerminalCode));
    },

    async groups(): Promise<{ UserGroupCode: string; UserGroupName: string; Rank: number }[]> {
      return db
        .select({ UserGroupCode: userGroups.UserGroupCode, UserGroupName: userGroups.UserGroupName, Rank: userGroups.Rank })
        .from(userGroups)
        .orderBy(asc(userGroups.Rank), asc(userGroups.UserGroupCode));
    },

    /** Whether some account already has this e-mail address (any case). */
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(users).where(sql`lower(${users.Email}) = lower(${email})`).limit(1);
      return !!row;
    },

    async account(userId: string): Promise<AccountRecord | null> {
      const [row] = await db
        .select(accountColumns)
        .from(users)
        .innerJoin(userGroups, eq(userGroups.UserGroupCode, users.UserGroupCode))
        .where(byId(userId))
        .limit(1);
      return row ?? null;
    },

    /** The accounts whose user name or e-mail is `identifier` (any case): a reset asked by either. */
    async accountsNamed(identifier: string): Promise<AccountRecord[]> {
      return db
        .select(accountColumns)
        .from(users)
        .innerJoin(userGroups, eq(userGroups.UserGroupCode, users.UserGroupCode))
        .where(sql`lower(${users.UserID}) = lower(${identifier}) or lower(${users.Email}) = lower(${identifier})`)
        .limit(5);
    },

    /** Every account, newest first (the service keeps those the caller may manage). */
    async accounts(): Promise<AccountRecord[]> {
      return db
        .select(accountColumns)
        .from(users)
        .innerJoin(userGroups, eq(userGroups.UserGroupCode, users.UserGroupCode))
        .orderBy(sql`${users.CreatedTime} desc`, asc(users.UserID))
        .limit(5000);
    },

    async userIdTaken(userId: string): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(users).where(byId(userId)).limit(1);
      return !!row;
    },

    /** A registered account, inactive until its e-mail is verified; false when the user name is taken (any case). */
    async createRegistered(row: {
      UserID: string;
      UserName: string;
      PasswordHash: string;
      UserGroupCode: string;
      TerminalCodes: string[];
      CustomerCode: string;
      Email: string;
      Phone: string | null;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [taken] = await tx.select({ one: sql<number>`1` }).from(users).where(byId(row.UserID)).limit(1);
        if (taken) return false;
        const inserted = await tx
          .insert(users)
          .values({ ...row, IsActive: false, RegisteredAt: new Date() })
          .onConflictDoNothing()
          .returning({ UserID: users.UserID });
        return inserted.length > 0;
      });
    },

    /** The user of a token that is unused and not expired, without using it. */
    async tokenUser(tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
      const [row] = await db
        .select({ UserID: accountTokens.UserID })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.TokenHash, tokenHash),
            eq(accountTokens.Purpose, purpose),
            isNull(accountTokens.UsedAt),
            gt(accountTokens.ExpiresAt, new Date()),
          ),
        );
      return row?.UserID ?? null;
    },

    /** Keeps a token's hash for the user; earlier unused tokens of the same purpose stop working. */
    async issueToken(userId: string, purpose: TokenPurpose, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(accountTokens)
          .set({ UsedAt: new Date() })
          .where(and(eq(accountTokens.UserID, userId), eq(accountTokens.Purpose, purpose), isNull(accountTokens.UsedAt)));
        await tx.insert(accountTokens).values({ TokenHash: tokenHash, UserID: userId, Purpose: purpose, ExpiresAt: expiresAt });
      });
    },

    /** Uses a token once: its user when it was unused and not expired (one statement, so two uses cannot both win). */
    async useToken(tokenHash: string, purpose: TokenPurpose): Promise<string | null> {
      const [row] = await db
        .update(accountTokens)
        .set({ UsedAt: new Date() })
        .where(
          and(
            eq(accountTokens.TokenHash, tokenHash),
            eq(accountTokens.Purpose, purpose),
            isNull(accountTokens.UsedAt),
            gt(accountTokens.ExpiresAt, new Date()),
          ),
        )
        .returning({ UserID: accountTokens.UserID });
      return row?.UserID ?? null;
    },

    /** Marks the e-mail verified and sets the account active or waiting; false when already verified. */
    async markVerified(userId: string, active: boolean): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(users)
        .set({ EmailVerifiedAt: now, IsActive: active, ...(active ? { ActivatedAt: now } : {}) })
        .where(and(byId(userId), isNull(users.EmailVerifiedAt)))
        .returning({ UserID: users.UserID });
      return rows.length > 0;
    },

    async setActive(userId: string, active: boolean) {
      await db
        .update(users)
        // A locked account keeps (or gets) an activation time: that is what tells it from one never activated.
        .set(
          active
            ? { IsActive: true, ActivatedAt: new Date() }
            : { IsActive: false, ActivatedAt: sql`coalesce(${users.ActivatedAt}, now())` },
        )
        .where(byId(userId));
    },

    async setAccess(userId: string, userGroupCode: string, terminalCodes: string[]) {
      await db.update(users).set({ UserGroupCode: userGroupCode, TerminalCodes: terminalCodes }).where(byId(userId));
    },

    /** The new password; every session of the account ends, its failed-login counts and lock are cleared. */
    async setPassword(userId: string, passwordHash: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.update(users).set({ PasswordHash: passwordHash }).where(byId(userId));
        const name = userId.toLowerCase();
        await tx.delete(loginFailures).where(sql`${loginFailures.Key} in (${`u:${name}`}, ${`lock:${name}`})`);
        return endSessions(tx, userId);
      });
    },

    /** Ends every live session of the account; answers their ids. */
    endSessions: (userId: string) => endSessions(db, userId),
  };
}

async function endSessions(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ RevokedAt: new Date() })
    .where(and(sql`lower(${sessions.UserID}) = lower(${userId})`, isNull(sessions.RevokedAt)))
    .returning({ Jti: sessions.Jti });
  return rows.map((r) => r.Jti);
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
