import type { LoginHistoryRow, LoginResult, SessionRow } from '@smartport/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginChallenges, loginHistory, sessions, userRecoveryCodes, users, userTotp } from '../../db/schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const cut = (s: string | null | undefined, n: number) => (s ? s.slice(0, n) : null);

/** The second factor, login challenges, the login history and the sessions' list (auth module). */
export function createAccountSecurityRepository(db: Db) {
  return {
    async totpOf(userId: string) {
      const [row] = await db.select().from(userTotp).where(eq(userTotp.UserID, userId));
      return row ?? null;
    },

    /** Keeps a new secret (sealed) waiting for its first code; an enabled secret stays as it is. */
    async setPending(userId: string, sealed: string) {
      await db
        .insert(userTotp)
        .values({ UserID: userId, PendingSecret: sealed })
        .onConflictDoUpdate({ target: userTotp.UserID, set: { PendingSecret: sealed } });
    },

    /** Turns the pending secret on with its first step and replaces the recovery codes, in one transaction. */
    async enable(userId: string, sealed: string, step: number, codeHashes: string[]) {
      await db.transaction(async (tx) => {
        await tx
          .insert(userTotp)
          .values({ UserID: userId, Secret: sealed, PendingSecret: null, EnabledAt: new Date(), LastStep: step })
          .onConflictDoUpdate({
            target: userTotp.UserID,
            set: { Secret: sealed, PendingSecret: null, EnabledAt: new Date(), LastStep: step },
          });
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.UserID, userId));
        await tx.insert(userRecoveryCodes).values(codeHashes.map((CodeHash) => ({ UserID: userId, CodeHash })));
      });
    },

    async disable(userId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(userTotp).where(eq(userTotp.UserID, userId));
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.UserID, userId));
      });
    },

    /** Takes the time step `step` as used, when it is later than the last one taken (one statement: no replay, no race). */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(userTotp)
        .set({ LastStep: step })
        .where(and(eq(userTotp.UserID, userId), lt(userTotp.LastStep, step), sql`${userTotp.Secret} is not null`))
        .returning({ UserID: userTotp.UserID });
      return rows.length > 0;
    },

    /** Uses a recovery code once (one statement): false when it is not the user's or was used. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(userRecoveryCodes)
        .set({ UsedAt: new Date() })
        .where(and(eq(userRecoveryCodes.UserID, userId), eq(userRecoveryCodes.CodeHash, codeHash), isNull(userRecoveryCodes.UsedAt)))
        .returning({ UserID: userRecoveryCodes.UserID });
      return rows.length > 0;
    },

    async recoveryLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.UserID, userId), isNull(userRecoveryCodes.UsedAt)));
      return Number(row?.n ?? 0);
    },

    async createChallenge(c: {
      idHash: string;
      userId: string;
      purpose: 'totp' | 'enrol';
      expiresAt: Date;
      ip: string;
      userAgent?: string | undefined;
    }) {
      await db.insert(loginChallenges).values({
        IdHash: c.idHash,
        UserID: c.userId,
        Purpose: c.purpose,
        ExpiresAt: c.expiresAt,
        ClientIp: cut(c.ip, 64),
        UserAgent: cut(c.userAgent, 300),
      });
      // Old challenges go with each new one (no job needed for a table this small).
      await db.delete(loginChallenges).where(lt(loginChallenges.ExpiresAt, new Date(Date.now() - 86_400_000)));
    },

    /** Counts one try of an open challenge (not used, not expired, fewer than `maxAttempts` tries); null otherwise. */
    async tryChallenge(idHash: string, maxAttempts: number) {
      const [row] = await db
        .update(loginChallenges)
        .set({ Attempts: sql`${loginChallenges.Attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.IdHash, idHash),
            isNull(loginChallenges.UsedAt),
            gt(loginChallenges.ExpiresAt, new Date()),
            lt(loginChallenges.Attempts, maxAttempts),
          ),
        )
        .returning({ UserID: loginChallenges.UserID, Purpose: loginChallenges.Purpose });
      return row ? { UserID: row.UserID, Purpose: row.Purpose as 'totp' | 'enrol' } : null;
    },

    /** Marks a challenge used; false when it was used already (two tabs sending the same code). */
    async finishChallenge(idHash: string): Promise<boolean> {
      const rows = await db
        .update(loginChallenges)
        .set({ UsedAt: new Date() })
        .where(and(eq(loginChallenges.IdHash, idHash), isNull(loginChallenges.UsedAt)))
        .returning({ IdHash: loginChallenges.IdHash });
      return rows.length > 0;
    },

    async recordAttempt(userId: string, ip: string, userAgent: string | undefined, result: LoginResult) {
      await db.insert(loginHistory).values({
        UserID: userId.slice(0, 60),
        ClientIp: cut(ip, 64),
        UserAgent: cut(userAgent, 300),
        Result: result,
      });
    },

    /** The newest attempts, of one user name (any case) or of everyone. */
    async history(userId: string | null, limit: number): Promise<LoginHistoryRow[]> {
      const rows = await db
        .select()
        .from(loginHistory)
        .where(userId ? eq(loginHistory.UserID, userId.toLowerCase()) : undefined)
        .orderBy(desc(loginHistory.AttemptTime), desc(loginHistory.Rowguid))
        .limit(limit);
      return rows.map((r) => ({
        Rowguid: r.Rowguid,
        UserID: r.UserID,
        AttemptTime: iso(r.AttemptTime) ?? '',
        ClientIp: r.ClientIp,
        UserAgent: r.UserAgent,
        Result: r.Result as LoginResult,
      }));
    },

    /** Live sessions (not ended, not expired), of one user (any case) or of everyone, newest first. */
    async liveSessions(userId: string | null, currentJti: string | null, limit = 1000): Promise<SessionRow[]> {
      const rows = await db
        .select({
          Jti: sessions.Jti,
          UserID: sessions.UserID,
          UserName: users.UserName,
          ClientIp: sessions.ClientIp,
          UserAgent: sessions.UserAgent,
          CreatedTime: sessions.CreatedTime,
          LastUsedAt: sessions.LastUsedAt,
          ExpiresAt: sessions.ExpiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.UserID, sessions.UserID))
        .where(
          and(
            isNull(sessions.RevokedAt),
            gt(sessions.ExpiresAt, new Date()),
            userId ? sql`lower(${sessions.UserID}) = lower(${userId})` : undefined,
          ),
        )
        .orderBy(desc(sessions.CreatedTime))
        .limit(limit);
      return rows.map((r) => ({
        ...r,
        CreatedTime: iso(r.CreatedTime) ?? '',
        LastUsedAt: iso(r.LastUsedAt),
        ExpiresAt: iso(r.ExpiresAt) ?? '',
        Current: r.Jti === currentJti,
      }));
    },

    /** Ends a live session (of `userId` only, when given); answers its user, or null when there is no such session. */
    async endSession(jti: string, userId: string | null): Promise<string | null> {
      const [row] = await db
        .update(sessions)
        .set({ RevokedAt: new Date() })
        .where(and(eq(sessions.Jti, jti), isNull(sessions.RevokedAt), userId ? eq(sessions.UserID, userId) : undefined))
        .returning({ UserID: sessions.UserID });
      return row?.UserID ?? null;
    },

    /** When a call last used the session (its own column: the auth_changed trigger does not watch it). */
    async touchSession(jti: string) {
      await db.update(sessions).set({ LastUsedAt: new Date() }).where(eq(sessions.Jti, jti));
    },
  };
}
export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>;
