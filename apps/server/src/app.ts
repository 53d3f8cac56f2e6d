import type { FastifyServerOptions } from 'fastify';
import { loadConfig, type PortalConfig, type RunConfig, withSecrets } from './config';
import type { Database } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { createGridRepository } from './grid/grid.repository';
import { type HandlerTable, registerCalls } from './http/call-registry';
import { createPgJobLock } from './jobs/job-lock';
import { outboxJob } from './jobs/outbox.job';
import { createScheduler } from './jobs/scheduler';
import { handlerTable, type Module, servicesOf } from './kernel/module';
import { openPlatform, openPortalDatabase } from './kernel/platform';
import { adminModule } from './modules/admin/admin.module';
import { approvalModule } from './modules/approval/approval.module';
import { attachConfigModule } from './modules/attach-config/attach-config.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import type { ThrottleLimits } from './modules/auth/auth.service';
import { bookingsModule } from './modules/bookings/bookings.module';
import { catalogsModule } from './modules/catalogs/catalogs.module';
import { compareModule } from './modules/compare/compare.module';
import { connectionAlertsModule } from './modules/connection-alerts/connection-alerts.module';
import { customsModule } from './modules/customs/customs.module';
import { edoModule } from './modules/edo/edo.module';
import { homeModule } from './modules/home/home.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { loyaltyModule } from './modules/loyalty/loyalty.module';
import { mailModule } from './modules/mail/mail.module';
import { noticesModule } from './modules/notices/notices.module';
import { orderHistoryModule } from './modules/order-history/order-history.module';
import { ordersModule } from './modules/orders/orders.module';
import { payPartnersModule } from './modules/pay-partners/pay-partners.module';
import { paymentsModule } from './modules/payments/payments.module';
import { ratingsModule } from './modules/ratings/ratings.module';
import { reportSchedulesModule } from './modules/report-schedules/report-schedules.module';
import { shellModule } from './modules/shell/shell.module';
import { siteConfigModule } from './modules/site-config/site-config.module';
import { statsModule } from './modules/stats/stats.module';
import { storageRulesModule } from './modules/storage-rules/storage-rules.module';
import { tariffsModule } from './modules/tariffs/tariffs.module';
import { tosMappingsModule } from './modules/tos-mappings/tos-mappings.module';
import { createCore } from './plugins/core';
import { securityHeaders } from './plugins/security-headers';
import { type PressureLimits, shedding } from './plugins/shedding';
import { apiDocs, staticSpa } from './plugins/spa';
import { attachRealtime, type LiveEvents } from './realtime/realtime';
import { createSettingsStoreRepository } from './settings-form/settings-store.repository';

export interface BuildOptions {
  config?: Partial<PortalConfig>;
  /** An already open database (tests); otherwise opened from the config and closed with the app. */
  database?: Database;
  seed?: boolean;
  logger?: FastifyServerOptions['logger'];
  throttle?: Partial<ThrottleLimits>;
  /** How often open live connections are checked against their session (default 60 s). */
  liveRecheckMs?: number;
  /** When the portal sheds load (503 + Retry-After); defaults in `defaultPressure` (plugins/shedding.ts). */
  pressure?: Partial<PressureLimits>;
  /** Periods of the scheduled jobs by name (tests; default each job's own), and whether they start at all. */
  jobs?: { everyMs?: Record<string, number>; start?: boolean };
}

/** The portal: core, platform plugins, the modules in tiers (each wires itself), then the calls, the jobs and live events. */
export async function buildApp(options: BuildOptions = {}) {
  const config: RunConfig = withSecrets({ ...loadConfig(), ...options.config });
  const database = options.database ?? (await openPortalDatabase(config));
  const app = createCore(config, options.logger);
  const seed: SeedResult =
    options.seed === false
      ? { demoLogins: [], seededOrders: 0 }
      : await seedDatabase(database, {
          demo: config.demo,
          seedOrders: config.seedOrders,
          adminPassword: config.adminPassword,
          log: (m) => app.log.info(m),
        });
  // What every module is given; a portal built on a given database (tests) or in memory keeps uploads in a temporary folder.
  const platform = await openPlatform(app, database, config, {
    settingsStore: createSettingsStoreRepository(database.db),
    gridStore: createGridRepository(database.db),
    tempUploads: config.uploadDir === 'memory' || (!!options.database && !options.config?.uploadDir),
  });
  const { ctx, events, live } = platform;

  // Platform plugins: security headers, load shedding, CORS.
  securityHeaders(app);
  const admission = await shedding(app, database, config, options.pressure);

  // Modules in tiers: a module is given the public services of modules above it only.
  const forms = { services: { settingsForms: ctx.settingsForms }, handlers: {} };
  const shell = shellModule(ctx, platform);
  const [siteConfig, tosMappings, ratings, notices, approval, attachConfig, storageRules, tariffs, payPartners, catalogs, compare] = [
    siteConfigModule(ctx),
    tosMappingsModule(ctx),
    ratingsModule(ctx),
    noticesModule(ctx),
    approvalModule(ctx),
    attachConfigModule(ctx),
    storageRulesModule(ctx),
    tariffsModule(ctx),
    payPartnersModule(ctx),
    catalogsModule(ctx),
    compareModule(ctx),
  ] as const;
  const customs = await customsModule(ctx);
  const bookings = bookingsModule(ctx);
  const admin = await adminModule(ctx, { ...shell.services, ...tosMappings.services });
  const { terminalConfig } = admin.services;
  const mail = mailModule(ctx, { terminalConfig });
  const edo = edoModule(ctx, admin.services);
  const loyalty = loyaltyModule(ctx, admin.services);
  const alerts = connectionAlertsModule(ctx, { ...mail.services, terminalConfig });
  const auth = authModule(ctx, { sessions: platform.sessions, throttle: options.throttle, terminalConfig, mail: mail.services.mail });
  const stats = statsModule(ctx, { ...alerts.services, terminalConfig });
  const payments = paymentsModule(ctx, {
    ...alerts.services,
    approvalNeeded: (f) => approval.services.approval.approvalNeeded(f),
    offers: payPartners.services.payPartners.offers,
    mbCharge: (monthlyTotal, amount) => admin.services.adminRules.mbCharge(monthlyTotal, amount),
  });
  const invoices = invoicesModule(ctx, { ...payments.services, ...alerts.services, adminRules: admin.services.adminRules });
  const reportSchedules = reportSchedulesModule(ctx, { stats: stats.services.stats, mailQueue: mail.services.mailQueue });
  const orderHistory = orderHistoryModule(ctx, { ...invoices.services, adminRules: admin.services.adminRules });
  const home = homeModule(ctx, { ...invoices.services, ...orderHistory.services });
  const orders = ordersModule(ctx, servicesOf(storageRules, attachConfig, approval, invoices, alerts, admin, edo, bookings, loyalty));
  const modules = [
    forms,
    shell,
    auditModule(ctx),
    siteConfig,
    tosMappings,
    ratings,
    notices,
    approval,
    attachConfig,
    storageRules,
    tariffs,
    payPartners,
    catalogs,
    compare,
    customs,
    bookings,
    admin,
    mail,
    edo,
    loyalty,
    alerts,
    auth,
    stats,
    payments,
    invoices,
    reportSchedules,
    orderHistory,
    home,
    orders,
  ] as const;
  const all: readonly Module<unknown>[] = modules;

  // The calls: every module's part merged per key (a call no module answers does not compile), then file routes.
  const handlers: HandlerTable = handlerTable(...modules);
  const authenticate = (t: string) => auth.services.auth.authenticate(t);
  const registeredCalls = registerCalls(app, handlers, { authenticate });
  for (const m of all) m.routes?.(app, authenticate);
  await apiDocs(app);
  await staticSpa(app, config.webDist, siteConfig.services.siteMeta);
  const realtime = await attachRealtime(app.server, {
    authenticate,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    ...(options.liveRecheckMs ? { recheckMs: options.liveRecheckMs } : {}),
  });
  live.attach(realtime.events);

  // Scheduled jobs run under a PostgreSQL advisory lock, once per tick across instances (jobs/).
  const jobs = createScheduler({ lock: createPgJobLock(database), log: app.log });
  for (const job of [...all.flatMap((m) => m.jobs ?? []), outboxJob(events, app.log)])
    jobs.add({ ...job, everyMs: options.jobs?.everyMs?.[job.name] ?? job.everyMs });
  if (options.jobs?.start !== false) {
    jobs.start();
    for (const m of all) await m.started?.((name) => jobs.runNow(name));
  }

  app.addHook('onClose', async () => {
    // Runs in progress and dispatched events finish before the database closes under them.
    await jobs.stop();
    await events.drain();
    for (const m of all) await m.close?.();
    await realtime.close();
    await platform.close();
    if (!options.database) await database.close();
  });

  const services = servicesOf(...modules);
  const parts = { app, config, database, seed, live: live as LiveEvents, events, registeredCalls, jobs };
  return { ...parts, uploadRoot: ctx.uploadRoot, services, admission };
}
export type PortalApp = Awaited<ReturnType<typeof buildApp>>;
