import { createHash, randomBytes } from 'node:crypto';
import {
  type AccountOptions,
  type AccountRow,
  type AccountState,
  accountMessages as msg,
  passwordProblem,
  type RegisterInput,
} from '@smartport/contract';
import type { MailMessage } from '../../adapters/mail/mail.port';
import type { AuthUser } from '../../http/context';
import { AppError, forbidden, tooManyRequests } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { hashPassword } from '../../security/password-hash';
import type { AuditRecorder } from '../audit/audit-recorder.service';
import type { AccountRecord, AccountsRepository, TokenPurpose } from './accounts.repository';
import type { AuthRepository } from './auth.repository';
import { alreadyRegisteredMail, resetMail, verifyMail } from './registration-mails';
import type { SessionCache } from './session-cache';

/**
 * How often registration and reset may be asked (docs/decisions.md): per client address and per account (the e-mail of
 * a registration, the name or e-mail of a reset), counted in `login_failures` like the login's limits so they hold
 * across instances. Past a per-address limit the answer is 429; past a per-account limit of a reset nothing is sent
 * and the answer is the usual one (it must not tell whether the account exists).
 */
export interface AccountLimits {
  windowMinutes: number;
  registerPerIp: number;
  registerPerEmail: number;
  resetPerIp: number;
  resetPerAccount: number;
  verifyHours: number;
  resetMinutes: number;
}
export const defaultAccountLimits: AccountLimits = {
  windowMinutes: 60,
  registerPerIp: 10,
  registerPerEmail: 3,
  resetPerIp: 10,
  resetPerAccount: 3,
  verifyHours: 24,
  resetMinutes: 30,
};

/** The group every online registration joins. */
export const REGISTERED_GROUP = 'CUSTOMER';

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function accountState(a: Pick<AccountRecord, 'IsActive' | 'RegisteredAt' | 'EmailVerifiedAt' | 'ActivatedAt'>): AccountState {
  if (a.RegisteredAt && !a.EmailVerifiedAt) return 'unverified';
  if (a.IsActive) return 'active';
  return a.ActivatedAt ? 'locked' : 'pending';
}

/**
 * Who manages whom in 'Quản lý tài khoản' (docs/decisions.md): never one's own account; an administrator (rank 1) every
 * other account; anyone else only accounts of a lower rank (a higher number) that share one of the caller's terminals.
 */
export function manages(
  caller: Pick<AuthUser, 'UserID' | 'Rank' | 'terminals'>,
  a: Pick<AccountRecord, 'UserID' | 'Rank' | 'TerminalCodes'>,
) {
  if (a.UserID.toLowerCase() === caller.UserID.toLowerCase()) return false;
  if (caller.Rank <= 1) return true;
  return a.Rank > caller.Rank && a.TerminalCodes.some((t) => caller.terminals.includes(t));
}

/** Which groups a caller may give: lower ranks than its own (administrators: every group). */
const mayGrant = (caller: Pick<AuthUser, 'Rank'>, rank: number) => caller.Rank <= 1 || rank > caller.Rank;

export function createAccountsService(deps: {
  repo: AccountsRepository;
  auth: Pick<AuthRepository, 'countAttempt' | 'failures'>;
  /** Sends one mail with the sender-mail settings (mail module). */
  sendMail: (m: MailMessage) => Promise<{ ok: boolean; detail?: string | undefined }>;
  /** Whether a new account of these terminals starts active ('Cấu hình cảng' AutoActiveUser). */
  newAccountActive: (terminals: readonly string[]) => Promise<boolean>;
  /** The portal's address the mails' links start with. */
  portalUrl: () => string;
  audit?: Pick<AuditRecorder, 'record'>;
  sessions?: Pick<SessionCache, 'forget'>;
  live?: Pick<LiveEvents, 'endSession'>;
  log: { warn: (o: object, m: string) => void };
  limits?: Partial<AccountLimits>;
}) {
  const { repo } = deps;
  const limits = { ...defaultAccountLimits, ...deps.limits };
  const windowStart = () => new Date(Date.now() - limits.windowMinutes * 60_000);
  const link = (path: string, token: string) => `${deps.portalUrl().replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;

  /** Counts one request for `key`; answers whether it is within `max`. */
  const within = async (key: string, max: number) => (await deps.auth.countAttempt(key, windowStart())) <= max;

  /** Sends without holding the answer: the answer's time must not tell whether a mail went. */
  const sendLater = (m: MailMessage, what: string) => {
    void deps.sendMail(m).then(
      (r) => {
        if (!r.ok) deps.log.warn({ what, detail: r.detail }, 'account mail not sent');
      },
      (err: unknown) => deps.log.warn({ what, err }, 'account mail not sent'),
    );
  };

  async function issue(userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = newToken();
    await repo.issueToken(userId, purpose, tokenHash(token), new Date(Date.now() + ttlMs));
    return token;
  }

  async function resetMailFor(a: AccountRecord & { Email: string }) {
    const token = await issue(a.UserID, 'reset', limits.resetMinutes * 60_000);
    return resetMail(a.Email, {
      userId: a.UserID,
      userName: a.UserName,
      link: link('/reset-password', token),
      minutes: limits.resetMinutes,
    });
  }

  async function endAllSessions(userId: string, jtis: string[]) {
    for (const jti of jtis) {
      deps.sessions?.forget(jti);
      await deps.live?.endSession(userId, jti);
    }
  }

  /** The account the caller may manage, or a refusal. */
  async function managed(caller: AuthUser, userId: string): Promise<AccountRecord> {
    const a = await repo.account(userId);
    if (!a) throw new AppError(404, msg.notFound);
    if (!manages(caller, a)) throw forbidden(msg.notYours);
    return a;
  }

  const toRow = (a: AccountRecord): AccountRow => ({
    UserID: a.UserID,
    UserName: a.UserName,
    Email: a.Email,
    Phone: a.Phone,
    CustomerCode: a.CustomerCode,
    UserGroupCode: a.UserGroupCode,
    UserGroupName: a.UserGroupName,
    Rank: a.Rank,
    TerminalCodes: a.TerminalCodes,
    State: accountState(a),
    Registered: a.RegisteredAt !== null,
    CreatedTime: new Date(a.CreatedTime).toISOString(),
  });

  const record = (a: AccountRecord, before: Record<string, unknown>, after: Record<string, unknown>) =>
    deps.audit?.record({ entity: 'account', key: a.UserID, action: 'update', before, after });

  return {
    registerTerminals: () => repo.activeTerminals(),

    /**
     * 'Đăng ký tài khoản': the tax code must be a customer of the catalogue; the account (group CUSTOMER, the chosen
     * terminal) waits for its e-mail's verification. An address that already has an account gets a mail saying so
     * and the answer is the same as for a new one.
     */
    async register(input: RegisterInput, ip: string): Promise<void> {
      const email = input.Email.trim().toLowerCase();
      if (!(await within(`reg-ip:${ip}`, limits.registerPerIp))) throw tooManyRequests(msg.tooMany(limits.windowMinutes));
      if (!(await within(`reg-mail:${email}`, limits.registerPerEmail))) throw tooManyRequests(msg.tooMany(limits.windowMinutes));
      const problem = passwordProblem(input.Password, input.UserID);
      if (problem) throw new AppError(400, problem);
      const customer = await repo.customerByTaxCode(input.TaxCode.trim());
      if (!customer) throw new AppError(400, msg.taxCodeUnknown);
      const terminal = (await repo.activeTerminals()).find((t) => t.TerminalCode === input.TerminalCode.trim().toUpperCase());
      if (!terminal) throw new AppError(400, msg.terminalUnknown);
      if (await repo.userIdTaken(input.UserID)) throw new AppError(400, msg.userIdTaken);
      const PasswordHash = await hashPassword(input.Password);
      if (await repo.emailTaken(email)) {
        sendLater(
          alreadyRegisteredMail(email, { forgotLink: `${deps.portalUrl().replace(/\/+$/, '')}/forgot-password` }),
          'register.already',
        );
        return;
      }
      const created = await repo.createRegistered({
        UserID: input.UserID.trim(),
        UserName: input.CompanyName.trim(),
        PasswordHash,
        UserGroupCode: REGISTERED_GROUP,
        TerminalCodes: [terminal.TerminalCode],
        CustomerCode: customer.CustomerCode,
        Email: email,
        Phone: input.Phone?.trim() || null,
      });
      if (!created) throw new AppError(400, msg.userIdTaken);
      const token = await issue(input.UserID.trim(), 'verify', limits.verifyHours * 3_600_000);
      sendLater(
        verifyMail(email, {
          userId: input.UserID.trim(),
          company: input.CompanyName.trim(),
          link: link('/verify-email', token),
          hours: limits.verifyHours,
        }),
        'register.verify',
      );
    },

    /** The verification link: the account is active at once when its terminal auto-activates, else it waits for staff. */
    async verifyEmail(token: string): Promise<{ active: boolean }> {
      const userId = await repo.useToken(tokenHash(token), 'verify');
      const a = userId ? await repo.account(userId) : null;
      if (!a) throw new AppError(400, msg.linkInvalid);
      const active = await deps.newAccountActive(a.TerminalCodes);
      if (!(await repo.markVerified(a.UserID, active))) throw new AppError(400, msg.linkInvalid);
      await deps.audit?.record({
        entity: 'account',
        key: a.UserID,
        action: 'update',
        before: { State: accountState(a) },
        after: { State: active ? 'active' : 'pending' },
        actor: { UserID: a.UserID, UserName: a.UserName, ip: null },
      });
      return { active };
    },

    /** 'Quên mật khẩu?': a reset link to the e-mail of the account named (by user name or e-mail); the same answer always. */
    async forgotPassword(identifier: string, ip: string): Promise<void> {
      if (!(await within(`reset-ip:${ip}`, limits.resetPerIp))) throw tooManyRequests(msg.tooMany(limits.windowMinutes));
      const key = identifier.trim().toLowerCase().slice(0, 100);
      if (!(await within(`reset:${key}`, limits.resetPerAccount))) return;
      for (const a of await repo.accountsNamed(key)) {
        if (!a.Email) continue;
        // Each account's own count too: asking by name and by e-mail does not double the mails.
        if (!(await within(`reset-acct:${a.UserID.toLowerCase()}`, limits.resetPerAccount))) continue;
        sendLater(await resetMailFor({ ...a, Email: a.Email }), 'reset');
      }
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const hash = tokenHash(token);
      const userId = await repo.tokenUser(hash, 'reset');
      if (!userId) throw new AppError(400, msg.linkInvalid);
      const problem = passwordProblem(password, userId);
      if (problem) throw new AppError(400, problem);
      const PasswordHash = await hashPassword(password);
      if ((await repo.useToken(hash, 'reset')) !== userId) throw new AppError(400, msg.linkInvalid);
      const a = await repo.account(userId);
      await endAllSessions(userId, await repo.setPassword(userId, PasswordHash));
      await deps.audit?.record({
        entity: 'account',
        key: userId,
        action: 'update',
        before: { Password: 'old' },
        after: { Password: 'new' },
        secrets: ['Password'],
        actor: { UserID: userId, UserName: a?.UserName ?? null, ip: null },
      });
    },

    // 'Quản lý tài khoản'

    async list(caller: AuthUser, filter: { State?: AccountState | undefined; Text?: string | undefined }): Promise<AccountRow[]> {
      const text = filter.Text?.trim().toLowerCase();
      return (await repo.accounts())
        .filter((a) => manages(caller, a))
        .map(toRow)
        .filter((r) => !filter.State || r.State === filter.State)
        .filter((r) => !text || [r.UserID, r.UserName, r.Email ?? '', r.CustomerCode ?? ''].some((v) => v.toLowerCase().includes(text)));
    },

    async options(caller: AuthUser): Promise<AccountOptions> {
      const groups = (await repo.groups()).filter((g) => mayGrant(caller, g.Rank));
      const terminals = (await repo.activeTerminals()).filter((t) => caller.terminals.includes(t.TerminalCode));
      return { groups, terminals };
    },

    async activate(caller: AuthUser, userId: string): Promise<void> {
      const a = await managed(caller, userId);
      const state = accountState(a);
      if (state === 'unverified') throw new AppError(400, msg.cannotActivateUnverified);
      if (state === 'active') throw new AppError(400, msg.alreadyActive);
      if (state === 'locked') throw new AppError(400, msg.notLocked);
      await repo.setActive(a.UserID, true);
      await record(a, { State: state }, { State: 'active' });
    },

    async lock(caller: AuthUser, userId: string): Promise<void> {
      const a = await managed(caller, userId);
      if (accountState(a) !== 'active') throw new AppError(400, msg.notActive);
      await repo.setActive(a.UserID, false);
      await endAllSessions(a.UserID, await repo.endSessions(a.UserID));
      await record(a, { State: 'active' }, { State: 'locked' });
    },

    async unlock(caller: AuthUser, userId: string): Promise<void> {
      const a = await managed(caller, userId);
      if (accountState(a) !== 'locked') throw new AppError(400, msg.notLocked);
      await repo.setActive(a.UserID, true);
      await record(a, { State: 'locked' }, { State: 'active' });
    },

    /** Staff send the reset link to the account's own e-mail: nobody but its owner learns the new password. */
    async sendPasswordReset(caller: AuthUser, userId: string): Promise<void> {
      const a = await managed(caller, userId);
      if (!a.Email) throw new AppError(400, msg.noEmail);
      const sent = await deps.sendMail(await resetMailFor({ ...a, Email: a.Email }));
      if (!sent.ok) throw new AppError(502, `Không thể gửi mail : ${sent.detail ?? ''}`.trim());
    },

    /**
     * Group and terminals: only a group of a lower rank than the caller's (administrators: any) and only terminals the
     * caller has; terminals of the account outside the caller's stay as they are.
     */
    async update(caller: AuthUser, input: { UserID: string; UserGroupCode: string; TerminalCodes: string[] }): Promise<void> {
      const a = await managed(caller, input.UserID);
      const group = (await repo.groups()).find((g) => g.UserGroupCode === input.UserGroupCode.trim());
      if (!group) throw new AppError(400, msg.groupUnknown);
      if (!mayGrant(caller, group.Rank)) throw forbidden(msg.groupTooHigh);
      const wanted = [...new Set(input.TerminalCodes.map((t) => t.trim().toUpperCase()).filter(Boolean))];
      const known = new Set((await repo.activeTerminals()).map((t) => t.TerminalCode));
      for (const t of wanted) if (!caller.terminals.includes(t) || !known.has(t)) throw forbidden(msg.terminalNotYours(t));
      const kept = a.TerminalCodes.filter((t) => !caller.terminals.includes(t));
      const TerminalCodes = [...kept, ...wanted];
      if (!TerminalCodes.length) throw new AppError(400, msg.terminalsRequired);
      await repo.setAccess(a.UserID, group.UserGroupCode, TerminalCodes);
      await record(
        a,
        { UserGroupCode: a.UserGroupCode, TerminalCodes: a.TerminalCodes },
        { UserGroupCode: group.UserGroupCode, TerminalCodes },
      );
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
