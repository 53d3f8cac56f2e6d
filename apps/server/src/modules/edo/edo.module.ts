import type { Module, ModuleContext } from '../../kernel/module';
import type { AdminRulesService } from '../admin/admin-rules.service';
import { createEdoRepository } from './edo.repository';
import { edoHandlers } from './edo.routes';
import { createEdoService } from './edo.service';

/**
 * Electronic delivery orders: the shipping line issues, amends and revokes them, reads its containers and the orders
 * made against them; the order checks (orders, a higher tier) read what they release. Revoking publishes `edo.revoked`.
 */
export function edoModule(ctx: ModuleContext, deps: { adminRules: Pick<AdminRulesService, 'terminalsSharingEdoWith'> }) {
  const repo = createEdoRepository(ctx.database.db);
  const edo = createEdoService({
    repo,
    transaction: (fn) => ctx.events.transaction(fn),
    terminalsSharingEdoWith: (t) => deps.adminRules.terminalsSharingEdoWith(t),
    terminalCodes: () => repo.terminalCodes(),
  });
  return {
    services: { edo },
    handlers: { edo: edoHandlers(edo) },
  } satisfies Module<unknown>;
}
