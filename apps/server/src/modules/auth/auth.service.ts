import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { SessionUser } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import type { Signer } from '../../security/token';
import type { AuthRepository } from './auth.repository';

export const loginMessages = {
  wrong: 'Tên đăng nhập hoặc mật khẩu không đúng.',
  inactive: 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.',
  throttled: (minutes: number) => `Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
};

export interface ThrottleLimits {
  windowMinutes: number;
  perUser: number;
  perIp: number;
}
export const defaultThrottle: ThrottleLimits = { windowMinutes: 15, perUser: 5, perIp: 30 };

// Verifying against a real hash when the user does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

export function createAuthService(deps: {
  repo: AuthRepository;
  signer: Signer;
  tokenTtlSeconds: number;
  throttle?: ThrottleLimits | undefined;
  live?: Pick<LiveEvents, 'endSession'>;
}) {
  const { repo, signer, tokenTtlSeconds } = deps;
  const limits = deps.throttle ?? defaultThrottle;

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
      const windowStart = new Date(Date.now() - limits.windowMinutes * 60_000);
      const userKey = `u:${userId.toLowerCase()}`;
      const ipKey = `ip:${ip}`;
      // The attempt is counted before the password is checked, atomically: checking a count first
      // and adding to it after the (slow) hash let parallel attempts all pass under the limit.
      const [byUser, byIp] = await Promise.all([repo.countAttempt(userKey, windowStart), repo.countAttempt(ipKey, windowStart)]);
      if (byUser > limits.perUser || byIp > limits.perIp) {
        // A refused attempt checks no password: it is not a failure.
        await Promise.all([repo.releaseAttempt(userKey), repo.releaseAttempt(ipKey)]);
        throw tooManyRequests(loginMessages.throttled(limits.windowMinutes));
      }

      const user = await repo.findLoginUser(userId);
      dummyHash ??= hash('smartport-timing-equaliser');
      const ok = await verify(user?.PasswordHash ?? (await dummyHash), password).catch(() => false);
      // A failure stays counted for the user and the address.
      if (!user || !ok) throw new AppError(401, loginMessages.wrong);
      // The right password: the user's failures are forgotten and this attempt is no failure of the address.
      await Promise.all([repo.clearFailures(userKey), repo.releaseAttempt(ipKey)]);
      if (!user.IsActive) throw new AppError(403, loginMessages.inactive);

      const jti = randomUUID();
      await repo.createSession(jti, user.UserID, new Date(Date.now() + tokenTtlSeconds * 1000), ip);
      const token = signer.signAccess({ sub: user.UserID, jti }, tokenTtlSeconds);
      const authUser = await repo.loadSessionUser(jti, user.UserID);
      if (!authUser) throw unauthorized();
      return { token, user: toSessionUser(authUser, token) };
    },

    /** The user behind a bearer token, or null (bad signature, expired, revoked, inactive). */
    async authenticate(token: string): Promise<AuthUser | null> {
      const claims = signer.verifyAccess(token);
      if (!claims) return null;
      return repo.loadSessionUser(claims.jti, claims.sub);
    },

    async logout(user: AuthUser) {
      await repo.revokeSession(user.jti);
      await deps.live?.endSession(user.UserID, user.jti);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
