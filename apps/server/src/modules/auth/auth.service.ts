import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { SessionUser } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import type { Signer } from '../../security/token';
import type { AuthRepository } from './auth.repository';
import type { SessionCache } from './session-cache';

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
 */
export interface ThrottleLimits {
  windowMinutes: number;
  perPair: number;
  userSlowAfter: number;
  userDelayMs: number;
  perIp: number;
  trustedDays: number;
}
export const defaultThrottle: ThrottleLimits = {
  windowMinutes: 15,
  perPair: 5,
  userSlowAfter: 10,
  userDelayMs: 2000,
  perIp: 30,
  trustedDays: 30,
};

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
  const limits = { ...defaultThrottle, ...deps.throttle };
  const serialize = keyedQueue();

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

    async login(userId: string, password: string, ip: string) {
      const name = userId.trim().toLowerCase().slice(0, 60);
      const pairKey = `p:${name}|${ip}`;
      const userKey = `u:${name}`;
      const ipKey = `ip:${ip}`;
      // One attempt at a time per user name and address in this process; across instances at most one each.
      const user = await serialize(pairKey, async () => {
        const windowStart = new Date(Date.now() - limits.windowMinutes * 60_000);
        const [byPair, byUser, byIp] = await Promise.all([
          repo.failures(pairKey, windowStart),
          repo.failures(userKey, windowStart),
          repo.failures(ipKey, windowStart),
        ]);
        const refused = () => tooManyRequests(loginMessages.throttled(limits.windowMinutes));
        if (byPair >= limits.perPair) throw refused();
        if (byIp >= limits.perIp && !(await repo.signedInFrom(name, ip, new Date(Date.now() - limits.trustedDays * 86_400_000))))
          throw refused();
        if (byUser >= limits.userSlowAfter) await new Promise((r) => setTimeout(r, limits.userDelayMs));

        const user = await repo.findLoginUser(name);
        dummyHash ??= hash('smartport-timing-equaliser');
        const ok = await verify(user?.PasswordHash ?? (await dummyHash), password).catch(() => false);
        if (!user || !ok) {
          await Promise.all([
            repo.countAttempt(pairKey, windowStart),
            repo.countAttempt(userKey, windowStart),
            repo.countAttempt(ipKey, windowStart),
          ]);
          throw new AppError(401, loginMessages.wrong);
        }
        await repo.clearFailures(pairKey);
        return user;
      });
      if (!user.IsActive) throw new AppError(403, loginMessages.inactive);

      const jti = randomUUID();
      await repo.createSession(jti, user.UserID, new Date(Date.now() + tokenTtlSeconds * 1000), ip);
      const token = signer.signAccess({ sub: user.UserID, jti }, tokenTtlSeconds);
      const authUser = await repo.loadSessionUser(jti, user.UserID);
      if (!authUser) throw unauthorized();
      return { token, user: toSessionUser(authUser, token) };
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
        PasswordHash: await hash(input.password),
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
      return deps.sessions ? deps.sessions.get(claims.jti, claims.sub, load) : load();
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(user.jti);
      deps.sessions?.forget(user.jti);
      await deps.live?.endSession(user.UserID, user.jti);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
