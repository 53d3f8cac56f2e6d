import {
  LOGIN_HISTORY_LIMIT,
  type LoginHistoryRow,
  accountSecurityMessages as msg,
  type SessionRow,
  type TotpEnrolment,
  type TotpStatus,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, tooManyRequests } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import type { AuditRecorder } from '../audit/audit-recorder.service';
import type { AccountSecurityRepository } from './account-security.repository';
import type { AuthRepository } from './auth.repository';
import { type AuthService, loginMessages } from './auth.service';
import type { SessionCache } from './session-cache';

/** Wrong codes a signed-in user may send to turn the second factor off, per 15 minutes. */
const DISABLE_TRIES = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * What a signed-in user does with the account's security: the TOTP second factor (enrol with a code, turn off with a
 * code unless a setting requires it), the sessions 'Phiên đăng nhập' (own; administrators anyone's), ending one (its
 * token is refused at once on every instance: the revocation NOTIFYs auth_changed and this instance forgets it now),
 * and the login history.
 */
export function createAccountSecurityService(deps: {
  auth: Pick<AuthService, 'factor'>;
  repo: Pick<AuthRepository, 'findLoginUser' | 'countAttempt' | 'failures'>;
  factors: AccountSecurityRepository;
  sessions?: SessionCache;
  live?: Pick<LiveEvents, 'endSession'>;
  /** Turning the second factor on or off and ending a session are changes to accounts: audited. */
  audit?: Pick<AuditRecorder, 'record'>;
}) {
  const { factors, auth, repo } = deps;
  const auditTotp = (userId: string, on: boolean) =>
    deps.audit?.record({ entity: 'account_totp', key: userId, action: 'update', before: { TOTP: !on }, after: { TOTP: on } });

  async function required(user: AuthUser): Promise<boolean> {
    return auth.factor.required({ Rank: user.Rank, TerminalCodes: user.terminals });
  }

  async function endSession(jti: string, owner: string | null) {
    const userId = await factors.endSession(jti, owner);
    if (!userId) throw new AppError(404, msg.sessionNotFound);
    await deps.audit?.record({
      entity: 'session',
      key: jti,
      action: 'cancel',
      before: { UserID: userId, Ended: false },
      after: { UserID: userId, Ended: true },
    });
    deps.sessions?.forget(jti);
    await deps.live?.endSession(userId, jti);
    return { success: true as const, message: msg.sessionEnded };
  }

  return {
    async totpStatus(user: AuthUser): Promise<TotpStatus> {
      const totp = await factors.totpOf(user.UserID);
      return {
        enabled: !!totp?.Secret,
        required: await required(user),
        recoveryLeft: totp?.Secret ? await factors.recoveryLeft(user.UserID) : 0,
      };
    },

    async totpBegin(user: AuthUser): Promise<TotpEnrolment> {
      if ((await factors.totpOf(user.UserID))?.Secret) throw new AppError(400, msg.alreadyOn);
      return auth.factor.pendingSecret(user.UserID);
    },

    async totpConfirm(user: AuthUser, code: string): Promise<string[]> {
      const totp = await factors.totpOf(user.UserID);
      if (totp?.Secret) throw new AppError(400, msg.alreadyOn);
      if (!totp?.PendingSecret) throw new AppError(400, msg.notEnrolling);
      const codes = await auth.factor.confirmPending(user.UserID, code);
      if (!codes) throw new AppError(400, msg.codeWrong);
      await auditTotp(user.UserID, true);
      return codes;
    },

    async totpDisable(user: AuthUser, code: string): Promise<void> {
      if (!(await factors.totpOf(user.UserID))?.Secret) throw new AppError(400, msg.notOn);
      if (await required(user)) throw new AppError(400, msg.requiredCannotDisable);
      const key = `totp-off:${user.UserID.toLowerCase()}`;
      const since = new Date(Date.now() - WINDOW_MS);
      if ((await repo.failures(key, since)) >= DISABLE_TRIES) throw tooManyRequests(loginMessages.throttled(15));
      if (!(await auth.factor.checkCode(user.UserID, code))) {
        await repo.countAttempt(key, since);
        throw new AppError(400, msg.codeWrong);
      }
      await factors.disable(user.UserID);
      await auditTotp(user.UserID, false);
    },

    mySessions: (user: AuthUser): Promise<SessionRow[]> => factors.liveSessions(user.UserID, user.jti),
    allSessions: (user: AuthUser, filter?: string): Promise<SessionRow[]> => factors.liveSessions(filter?.trim() || null, user.jti),
    endMySession: (user: AuthUser, jti: string) => endSession(jti, user.UserID),
    endAnySession: (jti: string) => endSession(jti, null),

    myHistory: (user: AuthUser): Promise<LoginHistoryRow[]> => factors.history(user.UserID, LOGIN_HISTORY_LIMIT),
    allHistory: (filter?: string): Promise<LoginHistoryRow[]> => factors.history(filter?.trim() || null, LOGIN_HISTORY_LIMIT),
  };
}
export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
