import type { MailMessage } from '../../adapters/mail/mail.port';
import { listeningUrl } from '../../http/listening-url';
import type { Module, ModuleContext } from '../../kernel/module';
import { createSecretBox, parseSettingsKey } from '../../security/secret-box';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { createAccountSecurityRepository } from './account-security.repository';
import { createAccountSecurityService } from './account-security.service';
import { createAccountsRepository } from './accounts.repository';
import { type AccountLimits, createAccountsService } from './accounts.service';
import { createAuthRepository } from './auth.repository';
import { authHandlers } from './auth.routes';
import { createAuthService, type ThrottleLimits } from './auth.service';
import type { SessionCache } from './session-cache';

/**
 * Login (password, then a TOTP second factor where the user has one or a terminal's config requires one), sessions
 * (checked ones kept while changes are heard; listed and ended in 'Phiên đăng nhập'), the login history, profile; new
 * accounts active per the terminal config. A locked account is told by mail (event 'account.locked', mail module).
 * Online registration with e-mail verification, password reset by mail and 'Quản lý tài khoản' (accounts.service.ts).
 */
export function authModule(
  ctx: ModuleContext,
  deps: {
    sessions: SessionCache;
    throttle?: Partial<ThrottleLimits>;
    terminalConfig: Pick<TerminalConfigService, 'newAccountActive' | 'totpRequired'>;
    /** The mail module's sender: the account mails (verification, reset) go out with the sender-mail settings. */
    mail: { send: (m: MailMessage) => Promise<{ ok: boolean; detail?: string | undefined }> };
    accountLimits?: Partial<AccountLimits>;
  },
) {
  const repo = createAuthRepository(ctx.database.db);
  const factors = createAccountSecurityRepository(ctx.database.db);
  const auth = createAuthService({
    repo,
    factors,
    // TOTP secrets are sealed with the settings key, like the settings' own secrets.
    box: createSecretBox(parseSettingsKey(ctx.config.settingsKey)),
    events: ctx.events,
    audit: ctx.audit,
    totpRequired: (terminals) => deps.terminalConfig.totpRequired(terminals),
    signer: ctx.signer,
    tokenTtlSeconds: ctx.config.tokenTtlSeconds,
    throttle: deps.throttle,
    live: ctx.live,
    sessions: deps.sessions,
    newAccountActive: (terminals) => deps.terminalConfig.newAccountActive(terminals),
  });
  const security = createAccountSecurityService({ auth, repo, factors, sessions: deps.sessions, live: ctx.live, audit: ctx.audit });
  // The links in account mails are absolute: PUBLIC_URL, else where this instance listens.
  let listening: string | null = null;
  ctx.app.addHook('onListen', async () => {
    listening = listeningUrl(ctx.app);
  });
  const accounts = createAccountsService({
    repo: createAccountsRepository(ctx.database.db),
    auth: repo,
    // The mail carries a single-use token: sent directly (never queued), so no table keeps the link in clear.
    sendMail: (m) => deps.mail.send(m),
    newAccountActive: (terminals) => deps.terminalConfig.newAccountActive(terminals),
    portalUrl: () => ctx.config.publicUrl || listening || '',
    audit: ctx.audit,
    sessions: deps.sessions,
    live: ctx.live,
    log: ctx.log,
    limits: deps.accountLimits,
  });
  return {
    services: { auth, accountSecurity: security, accounts },
    handlers: { auth: authHandlers(auth, security, accounts) },
  } satisfies Module<unknown>;
}
