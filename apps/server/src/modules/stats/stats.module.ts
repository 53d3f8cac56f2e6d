import { createHttpTos } from '../../adapters/tos/tos.adapter';
import type { Module, ModuleContext } from '../../kernel/module';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { createStatsRepository } from './stats.repository';
import { statsHandlers } from './stats.routes';
import { createStatsService } from './stats.service';
import { createStatsGate, gatedStats } from './stats-gate';
import { tosOrderImportJob } from './tos-orders.job';
import { createTosOrdersRepository } from './tos-orders.repository';
import { createTosOrderImport } from './tos-orders.service';

/**
 * Statistics over the rollups, and the TOS-side orders for the usage report, read from the TOS order feed with the TOS
 * connection in use (what the TOS tells the portal: a failing feed raises the CATOS → SMP connection alert).
 */
export function statsModule(
  ctx: ModuleContext,
  deps: {
    terminalConfig: Pick<TerminalConfigService, 'portalTos'>;
    watched: <T extends object>(port: T, connection: 'catos2smp') => T;
  },
) {
  // Two reports at once on PostgreSQL (two of the pool's connections), one on the embedded database (its only one).
  const gate = createStatsGate({ concurrent: ctx.database.kind === 'postgres' ? 2 : 1, queued: 16, waitMs: 20_000 });
  const stats = gatedStats(createStatsService({ repo: createStatsRepository(ctx.database) }), gate);
  const tosOrders = createTosOrderImport({
    tos: deps.watched(createHttpTos({ outbound: ctx.outbound }), 'catos2smp'),
    connection: () => deps.terminalConfig.portalTos(),
    repo: createTosOrdersRepository(ctx.database),
  });
  const tosImport = tosOrderImportJob(tosOrders, ctx.log);
  return {
    services: { stats, tosOrders },
    handlers: { stats: statsHandlers(stats) },
    jobs: [tosImport],
    // The TOS-side orders are there from the first minutes, not after the first 5-minute tick (runs through the
    // lock, so one instance imports; the scheduler's stop waits for it before the database closes).
    started: async (runNow) => {
      if (await deps.terminalConfig.portalTos())
        void runNow(tosImport.name).catch((err: Error) => ctx.log.warn({ err: err.message }, 'TOS order import not run'));
    },
  } satisfies Module<unknown>;
}
