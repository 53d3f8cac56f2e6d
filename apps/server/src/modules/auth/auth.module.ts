import type { Module, ModuleContext } from '../../kernel/module';
import { createSecretBox, parseSettingsKey } from '../../security/secret-box';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { createAccountSecurityRepository } from './account-security.repository';
import { createAccountSecurityService } from './account-security.service';
import { createAuthRepository } from './auth.repository';
import { authHandlers } from './auth.routes';
import { createAuthService, type ThrottleLimits } from './auth.service';
import type { SessionCache } from './session-cache';

/**
 * Login (password, then a TOTP second factor where the user has one or a terminal's config requires one), sessions
 * (checked ones kept while changes are heard; listed and ended in 'Phiên đăng nhập'), the login history, profile; new
 * accounts active per the terminal config. A locked account is told by mail (event 'account.locked', mail module).
 */
export function authModule(
  ctx: ModuleContext,
  deps: {
    sessions: SessionCache;
    throttle?: Partial<ThrottleLimits>;
    terminalConfig: Pick<TerminalConfigService, 'newAccountActive' | 'totpRequired'>;
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
  return { services: { auth, accountSecurity: security }, handlers: { auth: authHandlers(auth, security) } } satisfies Module<unknown>;
}
