import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, sessions, userGroups, users } from '../../db/schema';
import type { AuthUser } from '../../http/context';

export function createAuthRepository(db: Db) {
  return {
    async findLoginUser(userId: string) {
      const [row] = await db
        .select({
          UserID: users.UserID,
          PasswordHash: users.PasswordHash,
          IsActive: users.IsActive,
          RegisteredAt: users.RegisteredAt,
          EmailVerifiedAt: users.EmailVerifiedAt,
          ActivatedAt: users.ActivatedAt,
          UserName: users.UserName,
          Email: users.Email,
          Rank: userGroups.Rank,
          TerminalCodes: users.TerminalCodes,
        })
        .from(users)
        .innerJoin(userGroups, eq(userGroups.UserGroupCode, users.UserGroupCode))
        .where(sql`lower(${users.UserID}) = lower(${userId})`)
        .limit(1);
      return row ?? null;
    },

    async createSession(jti: string, userId: string, expiresAt: Date, ip: string, userAgent?: string) {
      await db
        .insert(sessions)
        .values({ Jti: jti, UserID: userId, ExpiresAt: expiresAt, ClientIp: ip.slice(0, 64), UserAgent: userAgent?.slice(0, 300) ?? null });
    },

    async revokeSession(jti: string) {
      await db.update(sessions).set({ RevokedAt: new Date() }).where(eq(sessions.Jti, jti));
    },

    /** The user behind a live session, with the menu grants of the user's group; null if revoked, expired or inactive. */
    async loadSessionUser(jti: string, userId: string): Promise<AuthUser | null> {
      const [row] = await db
        .select({
          UserID: users.UserID,
          UserName: users.UserName,
          UserGroupCode: users.UserGroupCode,
          UserGroupName: userGroups.UserGroupName,
          Rank: userGroups.Rank,
          terminals: users.TerminalCodes,
          CustomerCode: users.CustomerCode,
          OperationCode: users.OperationCode,
          Email: users.Email,
          grants: sql<string[]>`coalesce((select array_agg(gm.menu_id) from group_menus gm
            where gm.user_group_code = "users"."user_group_code"), '{}')`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.UserID, sessions.UserID))
        .innerJoin(userGroups, eq(userGroups.UserGroupCode, users.UserGroupCode))
        .where(
          and(
            eq(sessions.Jti, jti),
            eq(sessions.UserID, userId),
            isNull(sessions.RevokedAt),
            gt(sessions.ExpiresAt, new Date()),
            eq(users.IsActive, true),
          ),
        )
        .limit(1);
      if (!row) return null;
      return { ...row, grants: new Set(row.grants), jti };
    },

    /**
     * Counts one failure for `key` and answers the new count, in one statement. A window older than
     * `windowStart` starts again at 1.
     */
    async countAttempt(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .insert(loginFailures)
        .values({ Key: key, Count: 1, WindowStart: new Date() })
        .onConflictDoUpdate({
          target: loginFailures.Key,
          set: {
            Count: sql`case when ${loginFailures.WindowStart} > ${windowStart} then ${loginFailures.Count} + 1 else 1 end`,
            WindowStart: sql`case when ${loginFailures.WindowStart} > ${windowStart} then ${loginFailures.WindowStart} else now() end`,
          },
        })
        .returning({ Count: loginFailures.Count });
      return row?.Count ?? 1;
    },

    /** Failures counted for `key` since `windowStart`. */
    async failures(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .select({ Count: loginFailures.Count })
        .from(loginFailures)
        .where(and(eq(loginFailures.Key, key), gt(loginFailures.WindowStart, windowStart)));
      return row?.Count ?? 0;
    },

    /** Whether the user has signed in from this address since `since` (a known place, not a sprayer). */
    async signedInFrom(userId: string, ip: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(sessions)
        .where(and(sql`lower(${sessions.UserID}) = ${userId}`, eq(sessions.ClientIp, ip.slice(0, 64)), gt(sessions.CreatedTime, since)))
        .limit(1);
      return !!row;
    },

    /** Takes back one counted attempt of `key` (an attempt counted before its password was checked, and was right). */
    async uncount(key: string) {
      await db
        .update(loginFailures)
        .set({ Count: sql`greatest(${loginFailures.Count} - 1, 0)` })
        .where(eq(loginFailures.Key, key));
    },

    /** When the lock `key` set at or after `since` started, or null (no lock, or an older one). */
    async lockedSince(key: string, since: Date): Promise<Date | null> {
      const [row] = await db
        .select({ WindowStart: loginFailures.WindowStart })
        .from(loginFailures)
        .where(and(eq(loginFailures.Key, key), gt(loginFailures.WindowStart, since)));
      return row ? new Date(row.WindowStart) : null;
    },

    /** Sets the lock `key` from now unless one set after `since` holds; answers whether this call set it. */
    async lock(key: string, since: Date): Promise<boolean> {
      const rows = await db
        .insert(loginFailures)
        .values({ Key: key, Count: 1, WindowStart: new Date() })
        .onConflictDoUpdate({
          target: loginFailures.Key,
          set: { Count: 1, WindowStart: sql`now()` },
          setWhere: sql`${loginFailures.WindowStart} <= ${since}`,
        })
        .returning({ Key: loginFailures.Key });
      return rows.length > 0;
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.Key, key));
    },

    /** A new account; false when the user id is taken (any case). */
    async createUser(row: {
      UserID: string;
      UserName: string;
      PasswordHash: string;
      UserGroupCode: string;
      TerminalCodes: string[];
      CustomerCode: string | null;
      Email: string | null;
      Phone: string | null;
      IsActive: boolean;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ one: sql<number>`1` })
          .from(users)
          .where(sql`lower(${users.UserID}) = lower(${row.UserID})`)
          .limit(1);
        if (taken) return false;
        const inserted = await tx.insert(users).values(row).onConflictDoNothing().returning({ UserID: users.UserID });
        return inserted.length > 0;
      });
    },

    /** Activates (or deactivates) an account; false when there is no such account. */
    async setActive(userId: string, active: boolean): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ IsActive: active })
        .where(sql`lower(${users.UserID}) = lower(${userId})`)
        .returning({ UserID: users.UserID });
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
