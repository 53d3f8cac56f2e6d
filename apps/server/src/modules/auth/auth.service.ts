import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  accountSecurityMessages,
  type LoginResult,
  type SecondFactor,
  type SessionUser,
  type TotpEnrolment,
} from '@smartport/contract';
import type { DomainEventBus } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { hashPassword, verifyPassword } from '../../security/password-hash';
import type { SecretBox } from '../../security/secret-box';
import type { Signer } from '../../security/token';
import type { AuditRecorder } from '../audit/audit-recorder.service';
import type { AccountSecurityRepository } from './account-security.repository';
import type { AuthRepository } from './auth.repository';
import type { SessionCache } from './session-cache';
import { challengeHash, isTotpCode, newChallenge, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpMatch, totpUri } from './totp';

export const loginMessages = {
  wrong: 'Tên đăng nhập hoặc mật khẩu không đúng.',
  inactive: 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.',
  throttled: (minutes: number) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
};

/**
 * Login policy (docs/decisions.md, ASVS V6): brute force stays expensive without handing an attacker a lockout.
 * - `perPair` failures of one user name from one address within the window refuse that pair (even the right password);
 *   the same user from another address is not refused.
 * - past `userSlowAfter` failures of a user name from anywhere, each attempt waits `userDelayMs` before the password
 *   check: a distributed guesser is slowed, the owner still gets in.
 * - past `perIp` failures from one address (whatever user names), that address may only sign in users who have signed
 *   in from it before (`trustedDays`): a sprayer is stopped, colleagues behind the same NAT are not.
 * - only wrong passwords count; a right one clears the pair's failures.
 * - per account across addresses (docs/decisions.md 'Account attempt ceiling'): each attempt is counted for the user
 *   name before its password is checked (one statement, so parallel attempts on any instance each get their own
 *   number) and taken back when the password was right. Past `userSlowAfter` the attempt waits `userDelayMs`, doubling
 *   with each further failure up to `userDelayMaxMs`; the `userLockAfter`-th failure (wrong password or wrong TOTP code)
 *   locks the account for `lockMinutes` and mails its user. While locked, and for attempts numbered past the ceiling,
 *   nothing is checked: the answer is the throttled message, the same for an account that does not exist. Addresses
 *   the user signed in from within `trustedDays` are not refused by the lock.
 */
export interface ThrottleLimits {
  windowMinutes: number;
  perPair: number;
  userSlowAfter: number;
  userDelayMs: number;
  userDelayMaxMs: number;
  userLockAfter: number;
  lockMinutes: number;
  perIp: number;
  trustedDays: number;
}
export const defaultThrottle: ThrottleLimits = {
  windowMinutes: 15,
  perPair: 5,
  userSlowAfter: 3,
  userDelayMs: 1000,
  userDelayMaxMs: 8000,
  userLockAfter: 10,
  lockMinutes: 15,
  perIp: 30,
  trustedDays: 30,
};

/** How long the second step of a login may wait, and how many codes it may try. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_TRIES = 5;

/** What the password step of a login answers: a session, or a second step to take. */
export type LoginOutcome = { token: string; user: SessionUser } | { secondFactor: SecondFactor; challenge: string; enrol?: TotpEnrolment };

/** The place a TOTP secret is sealed for (secret-box associated data): a secret copied to another user does not open. */
export const totpPlace = (userId: string) => `user_totp/${userId.toLowerCase()}`;

/** Runs attempts with the same key one after another in this process, so each sees the failures of the one before. */
function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(fn);
    tails.set(key, run);
    try {
      return await run;
    } finally {
      if (tails.get(key) === run) tails.delete(key);
    }
  };
}

// Verifying against a real hash when the user does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

export function createAuthService(deps: {
  repo: AuthRepository;
  factors: AccountSecurityRepository;
  box: SecretBox;
  events?: Pick<DomainEventBus, 'publish'>;
  /** An enrolment at login turns the second factor on: audited like one from the profile. */
  audit?: Pick<AuditRecorder, 'record'>;
  /** Whether one of these terminals requires a TOTP second factor of its administrators and staff ('Cấu hình cảng'). */
  totpRequired?: (terminals: readonly string[]) => Promise<boolean>;
  signer: Signer;
  tokenTtlSeconds: number;
  throttle?: Partial<ThrottleLimits> | undefined;
  live?: Pick<LiveEvents, 'endSession'>;
  /** Sessions already checked (session-cache.ts); without it every call asks the database. */
  sessions?: SessionCache;
  /**
   * Whether a new account of these terminals starts active ('Cấu hình cảng' AutoActiveUser, admin
   * module); without it a new account starts active.
   */
  newAccountActive?: (terminals: readonly string[]) => Promise<boolean>;
}) {
  const { repo, signer, tokenTtlSeconds } = deps;
  // A session's last use is written at most once a minute per session by this instance, after the answer.
  const touched = new Map<string, number>();
  const touch = (jti: string) => {
    const now = Date.now();
    if ((touched.get(jti) ?? 0) > now - 60_000) return;
    if (touched.size >= 10_000) touched.clear();
    touched.set(jti, now);
    deps.factors.touchSession(jti).catch(() => touched.delete(jti));
  };
  const limits = { ...defaultThrottle, ...deps.throttle };
  const serialize = keyedQueue();
  const { factors, box } = deps;
  const windowStartNow = () => new Date(Date.now() - limits.windowMinutes * 60_000);
  const lockSinceNow = () => new Date(Date.now() - limits.lockMinutes * 60_000);
  const throttled = (minutes = limits.windowMinutes) => tooManyRequests(loginMessages.throttled(minutes));
  const record = (name: string, ip: string, userAgent: string | undefined, result: LoginResult) =>
    factors.recordAttempt(name, ip, userAgent, result);

  /** Locks the account of the user name (when no lock holds) and tells its user by mail; failures: how many. */
  async function lockAccount(name: string, failures: number, ip: string) {
    if (!(await repo.lock(`lock:${name}`, lockSinceNow()))) return;
    const user = await repo.findLoginUser(name);
    if (!user) return;
    const until = new Date(Date.now() + limits.lockMinutes * 60_000).toISOString();
    await deps.events?.publish('account.locked', {
      userId: user.UserID,
      userName: user.UserName,
      email: user.Email,
      until,
      failures,
      ip,
    });
  }

  /** Minutes left of the account's lock (rounded up), or 0 when it is not locked. */
  async function lockMinutesLeft(name: string): Promise<number> {
    const since = await repo.lockedSince(`lock:${name}`, lockSinceNow());
    if (!since) return 0;
    return Math.max(1, Math.ceil((since.getTime() + limits.lockMinutes * 60_000 - Date.now()) / 60_000));
  }

  /** Whether the user name signed in from this address lately (a known place: the lock does not refuse it). */
  const trustedFrom = (name: string, ip: string) => repo.signedInFrom(name, ip, new Date(Date.now() - limits.trustedDays * 86_400_000));

  async function issueSession(userId: string, ip: string, userAgent?: string): Promise<{ token: string; user: SessionUser }> {
    const jti = randomUUID();
    await repo.createSession(jti, userId, new Date(Date.now() + tokenTtlSeconds * 1000), ip, userAgent);
    const token = signer.signAccess({ sub: userId, jti }, tokenTtlSeconds);
    const authUser = await repo.loadSessionUser(jti, userId);
    if (!authUser) throw unauthorized();
    return { token, user: toSessionUser(authUser, token) };
  }

  /** Whether the user must have a second factor: an administrator or staff (rank 1–2) of a terminal that requires it. */
  async function totpRequiredFor(user: { Rank: number; TerminalCodes: string[] }): Promise<boolean> {
    if (user.Rank > 2 || !deps.totpRequired) return false;
    return deps.totpRequired(user.TerminalCodes);
  }

  async function openChallenge(userId: string, purpose: SecondFactor, ip: string, userAgent?: string): Promise<string> {
    const challenge = newChallenge();
    await factors.createChallenge({
      idHash: challengeHash(challenge),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      ip,
      userAgent,
    });
    return challenge;
  }

  /** A new secret kept pending for the user, and what the user scans. */
  async function pendingSecret(userId: string): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    await factors.setPending(userId, box.seal(secret, totpPlace(userId)));
    return { secret, otpauth_url: totpUri(secret, userId) };
  }

  /**
   * Checks a code against the user's enabled second factor: a TOTP code whose step was not used yet, or an unused
   * recovery code (used up here).
   */
  async function checkCode(userId: string, code: string): Promise<boolean> {
    const totp = await factors.totpOf(userId);
    if (!totp?.Secret) return false;
    if (isTotpCode(code)) {
      const step = totpMatch(box.open(totp.Secret, totpPlace(userId)), code);
      return step !== null && (await factors.acceptStep(userId, step));
    }
    return factors.useRecoveryCode(userId, recoveryCodeHash(code));
  }

  /** Enables the pending secret when `code` is its code; answers the new recovery codes, or null. */
  async function confirmPending(userId: string, code: string): Promise<string[] | null> {
    const totp = await factors.totpOf(userId);
    if (!totp?.PendingSecret || !isTotpCode(code)) return null;
    const step = totpMatch(box.open(totp.PendingSecret, totpPlace(userId)), code);
    if (step === null) return null;
    const codes = newRecoveryCodes();
    await factors.enable(userId, totp.PendingSecret, step, codes.map(recoveryCodeHash));
    return codes;
  }

  function toSessionUser(u: AuthUser, token: string): SessionUser {
    return {
      UserID: u.UserID,
      UserName: u.UserName,
      UserGroupCode: u.UserGroupCode,
      UserGroupName: u.UserGroupName,
      Rank: u.Rank,
      TerminalCode: u.terminals.join(','),
      CustomerCode: u.CustomerCode,
      Email: u.Email,
      access_token: token,
    };
  }

  return {
    toSessionUser,

    async login(userId: string, password: string, ip: string, userAgent?: string): Promise<LoginOutcome> {
      const name = userId.trim().toLowerCase().slice(0, 60);
      const pairKey = `p:${name}|${ip}`;
      const userKey = `u:${name}`;
      const ipKey = `ip:${ip}`;
      const refuse = async (minutes?: number) => {
        await record(name, ip, userAgent, 'locked');
        return throttled(minutes);
      };
      // One attempt at a time per user name and address in this process; across instances at most one each.
      const user = await serialize(pairKey, async () => {
        const windowStart = windowStartNow();
        const [byPair, byIp] = await Promise.all([repo.failures(pairKey, windowStart), repo.failures(ipKey, windowStart)]);
        if (byPair >= limits.perPair) throw await refuse();
        if (byIp >= limits.perIp && !(await trustedFrom(name, ip))) throw await refuse();
        let trusted: Promise<boolean> | undefined;
        const isTrusted = () => {
          trusted ??= trustedFrom(name, ip);
          return trusted;
        };
        const lockLeft = await lockMinutesLeft(name);
        if (lockLeft > 0 && !(await isTrusted())) throw await refuse(lockLeft);
        // This attempt's number for the account, counted before the check: parallel guesses each get their own.
        const n = await repo.countAttempt(userKey, windowStart);
        if (n > limits.userLockAfter && !(await isTrusted())) {
          await repo.uncount(userKey);
          await lockAccount(name, n - 1, ip);
          throw await refuse((await lockMinutesLeft(name)) || limits.lockMinutes);
        }
        if (n > limits.userSlowAfter) {
          const wait = Math.min(limits.userDelayMaxMs, limits.userDelayMs * 2 ** (n - limits.userSlowAfter - 1));
          await new Promise((r) => setTimeout(r, wait));
        }

        const user = await repo.findLoginUser(name);
        dummyHash ??= hashPassword('smartport-timing-equaliser');
        const ok = await verifyPassword(user?.PasswordHash ?? (await dummyHash), password).catch(() => false);
        if (!user || !ok) {
          await Promise.all([repo.countAttempt(pairKey, windowStart), repo.countAttempt(ipKey, windowStart)]);
          await record(name, ip, userAgent, 'wrong_password');
          if (n >= limits.userLockAfter) await lockAccount(name, n, ip);
          throw new AppError(401, loginMessages.wrong);
        }
        await Promise.all([repo.clearFailures(pairKey), repo.uncount(userKey)]);
        return user;
      });
      if (!user.IsActive) {
        await record(name, ip, userAgent, 'inactive');
        // The right password was given: a registrant is told what the account still waits for.
        if (user.RegisteredAt && !user.EmailVerifiedAt) throw new AppError(403, accountMessages.notVerified);
        if (user.RegisteredAt && !user.ActivatedAt) throw new AppError(403, accountMessages.waiting);
        throw new AppError(403, loginMessages.inactive);
      }

      const totp = await factors.totpOf(user.UserID);
      if (totp?.Secret) return { secondFactor: 'totp', challenge: await openChallenge(user.UserID, 'totp', ip, userAgent) };
      if (await totpRequiredFor(user)) {
        const enrol = await pendingSecret(user.UserID);
        return { secondFactor: 'enrol', challenge: await openChallenge(user.UserID, 'enrol', ip, userAgent), enrol };
      }
      await record(name, ip, userAgent, 'ok');
      return issueSession(user.UserID, ip, userAgent);
    },

    /**
     * The second step of a login: a TOTP code (or a recovery code) for a 'totp' challenge, or the first code of the new
     * secret for an 'enrol' one (which then turns the second factor on and answers the recovery codes, shown once).
     * Wrong codes count toward the account's ceiling like wrong passwords; a challenge takes at most 5 codes.
     */
    async loginTotp(
      challenge: string,
      code: string,
      ip: string,
      userAgent?: string,
    ): Promise<{ token: string; user: SessionUser; recoveryCodes?: string[] }> {
      const idHash = challengeHash(challenge);
      const open = await factors.tryChallenge(idHash, CHALLENGE_TRIES);
      if (!open) throw new AppError(401, accountSecurityMessages.challengeGone);
      const name = open.UserID.toLowerCase();
      const userKey = `u:${name}`;
      const lockLeft = await lockMinutesLeft(name);
      if (lockLeft > 0 && !(await trustedFrom(name, ip))) {
        await record(name, ip, userAgent, 'locked');
        throw throttled(lockLeft);
      }
      let recoveryCodes: string[] | null = null;
      if (open.Purpose === 'enrol') recoveryCodes = await confirmPending(open.UserID, code);
      const ok = open.Purpose === 'enrol' ? recoveryCodes !== null : await checkCode(open.UserID, code);
      if (!ok) {
        const n = await repo.countAttempt(userKey, windowStartNow());
        await record(name, ip, userAgent, 'totp_failed');
        if (n >= limits.userLockAfter) await lockAccount(name, n, ip);
        throw new AppError(401, accountSecurityMessages.codeWrong);
      }
      if (!(await factors.finishChallenge(idHash))) throw new AppError(401, accountSecurityMessages.challengeGone);
      if (recoveryCodes)
        await deps.audit?.record({
          entity: 'account_totp',
          key: open.UserID,
          action: 'update',
          before: { TOTP: false },
          after: { TOTP: true },
          actor: { UserID: open.UserID, UserName: null, ip },
        });
      await record(name, ip, userAgent, 'ok');
      const session = await issueSession(open.UserID, ip, userAgent);
      return recoveryCodes ? { ...session, recoveryCodes } : session;
    },

    /** The second factor of a signed-in user (account-security.service.ts). */
    factor: {
      required: totpRequiredFor,
      pendingSecret,
      confirmPending,
      checkCode,
    },

    /** The user behind a bearer token, or null (bad signature, expired, revoked, inactive). */
    /**
     * Creates an account (the registration and user screens of later issues call this): it starts
     * active when every one of its terminals has 'auto-activate account after creation' on, else
     * inactive (login refused with loginMessages.inactive) until `activateAccount`.
     */
    async createAccount(input: {
      UserID: string;
      UserName: string;
      password: string;
      UserGroupCode: string;
      TerminalCodes: readonly string[];
      CustomerCode?: string | null;
      Email?: string | null;
      Phone?: string | null;
    }): Promise<{ UserID: string; IsActive: boolean }> {
      const UserID = input.UserID.trim();
      if (!UserID) throw new AppError(400, 'Vui lòng nhập tên đăng nhập !');
      if (!input.password) throw new AppError(400, 'Vui lòng nhập mật khẩu !');
      const TerminalCodes = input.TerminalCodes.map((t) => t.trim().toUpperCase()).filter(Boolean);
      const IsActive = deps.newAccountActive ? await deps.newAccountActive(TerminalCodes) : true;
      const created = await repo.createUser({
        UserID,
        UserName: input.UserName.trim() || UserID,
        PasswordHash: await hashPassword(input.password),
        UserGroupCode: input.UserGroupCode,
        TerminalCodes,
        CustomerCode: input.CustomerCode ?? null,
        Email: input.Email ?? null,
        Phone: input.Phone ?? null,
        IsActive,
      });
      if (!created) throw new AppError(400, 'Tên đăng nhập đã tồn tại !');
      return { UserID, IsActive };
    },

    /** Activates an account that started inactive. */
    async activateAccount(userId: string): Promise<void> {
      if (!(await repo.setActive(userId, true))) throw new AppError(404, 'Không tìm thấy tài khoản.');
    },

    async authenticate(token: string): Promise<AuthUser | null> {
      const claims = signer.verifyAccess(token);
      if (!claims) return null;
      const load = () => repo.loadSessionUser(claims.jti, claims.sub);
      const user = await (deps.sessions ? deps.sessions.get(claims.jti, claims.sub, load) : load());
      if (user) touch(claims.jti);
      return user;
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(user.jti);
      deps.sessions?.forget(user.jti);
      await deps.live?.endSession(user.UserID, user.jti);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
