import type { Module, ModuleContext } from '../../kernel/module';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { createAuthRepository } from './auth.repository';
import { authHandlers } from './auth.routes';
import { createAuthService, type ThrottleLimits } from './auth.service';
import type { SessionCache } from './session-cache';

/**
 * The demo start's generated JWT_SECRET and SETTINGS_KEY are offered to the database: the first start of a demo database
 * keeps its own, so later starts and other instances share it. Outside demo mode both are required and used as given.
 */
export function sharedSecret(ctx: Pick<ModuleContext, 'database' | 'config'>) {
  const repo = createAuthRepository(ctx.database.db);
  return (variable: 'JWT_SECRET' | 'SETTINGS_KEY', key: string, value: string) =>
    ctx.config.generatedSecrets.includes(variable) ? repo.sharedSecret(key, value) : Promise.resolve(value);
}

/** Login, sessions (checked ones kept while changes are heard), profile; new accounts active per the terminal config. */
export function authModule(
  ctx: ModuleContext,
  deps: { sessions: SessionCache; throttle?: Partial<ThrottleLimits>; terminalConfig: Pick<TerminalConfigService, 'newAccountActive'> },
) {
  const auth = createAuthService({
    repo: createAuthRepository(ctx.database.db),
    signer: ctx.signer,
    tokenTtlSeconds: ctx.config.tokenTtlSeconds,
    throttle: deps.throttle,
    live: ctx.live,
    sessions: deps.sessions,
    newAccountActive: (terminals) => deps.terminalConfig.newAccountActive(terminals),
  });
  return { services: { auth }, handlers: { auth: authHandlers(auth) } } satisfies Module<unknown>;
}
