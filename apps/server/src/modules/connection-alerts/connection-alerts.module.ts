import { createHttpTos } from '../../adapters/tos/tos.adapter';
import { watchOutcomes } from '../../adapters/watched';
import type { Module, ModuleContext } from '../../kernel/module';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import type { MailQueueService } from '../mail/mail-queue.service';
import { createConnectionAlertsRepository } from './connection-alerts.repository';
import { connectionAlertsHandlers } from './connection-alerts.routes';
import { type ConnectionAlertsService, createConnectionAlertsService } from './connection-alerts.service';
import { connectionWatchJob } from './connection-watch.job';

export type AlertConnection = Parameters<ConnectionAlertsService['report']>[0];
/**
 * A port whose outages are mailed to the connection's alert addresses: one alert per failure episode, and a recovery
 * notice from the first call that works again.
 */
export type Watched = <T extends object>(port: T, connection: AlertConnection) => T;

/** Connection alerts (alert mail form): outages of the watched ports mailed, and the TOS connection checked every minute. */
export function connectionAlertsModule(
  ctx: ModuleContext,
  deps: { mailQueue: Pick<MailQueueService, 'queue'>; terminalConfig: Pick<TerminalConfigService, 'portalTos'> },
) {
  const alerts = createConnectionAlertsService({
    repo: createConnectionAlertsRepository(ctx.database),
    forms: ctx.settingsForms,
    queue: deps.mailQueue,
    log: { warn: (o, m) => ctx.log.warn(o, m), info: (o, m) => ctx.log.info(o, m) },
  });
  const watched: Watched = (port, connection) =>
    watchOutcomes(
      port,
      (method, outcome) => void alerts.report(connection, outcome, method),
      () => void alerts.recovered(connection),
    );
  // The TOS connection in use ('Cấu hình cảng', terminalConfig.portalTos()): checked every minute, an outage mailed (smp2catos).
  const tos = watched(createHttpTos({ timeoutMs: 10_000, outbound: ctx.outbound }), 'smp2catos');
  const watch = connectionWatchJob(async () => {
    const conn = await deps.terminalConfig.portalTos();
    // No TOS connection configured: nothing to watch.
    if (!conn) return { ok: true };
    const r = await tos.testLogin(conn);
    // A refused account is the TOS answering: the connection is up.
    return r.ok || r.failure === 'login_refused' ? { ok: true } : { ok: false, failure: r.failure };
  }, ctx.log);
  return {
    services: { alerts, watched },
    handlers: { connectionAlerts: connectionAlertsHandlers(ctx.settingsForms) },
    jobs: [watch],
  } satisfies Module<unknown>;
}
