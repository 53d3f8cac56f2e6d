import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import { type MenuNode, mainConfig } from '@smartport/contract';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import helmet from 'helmet';
import pino from 'pino';
import { createHttpCustomsGateway } from './adapters/customs/customs.adapter';
import { createHttpEinvoiceProvider } from './adapters/einvoice/einvoice.adapter';
import { createHttpFileTransfer } from './adapters/file-transfer/file-transfer.adapter';
import { createSmtpMailSender } from './adapters/mail/mail.adapter';
import { createHttpTos } from './adapters/tos/tos.adapter';
import type { TosConnection } from './adapters/tos/tos.port';
import { watchOutcomes } from './adapters/watched';
import { loadConfig, type PortalConfig, type RunConfig, withSecrets } from './config';
import { type Database, openDatabase } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { createGridRepository } from './grid/grid.repository';
import { createGridService } from './grid/grid.service';
import { type HandlerTable, registerCalls } from './http/call-registry';
import { AppError } from './http/errors';
import { renderIndexHtml } from './http/index-html';
import { openApiDocument } from './http/openapi';
import { connectionWatchJob } from './jobs/connection-watch.job';
import { customsExpiryJob } from './jobs/customs-expiry.job';
import { invoiceCancellationJob } from './jobs/invoice-cancellation.job';
import { invoicePublicationJob } from './jobs/invoice-publication.job';
import { issueImagesCleanupJob } from './jobs/issue-images.job';
import { createPgJobLock } from './jobs/job-lock';
import { mailOrdersJob } from './jobs/mail-orders.job';
import { paymentReconciliationJob } from './jobs/payment-reconciliation.job';
import { reportMailJob } from './jobs/report-mail.job';
import { createScheduler, type Job } from './jobs/scheduler';
import { tosOrderImportJob } from './jobs/tos-orders.job';
import { tosPushJob } from './jobs/tos-push.job';
import { uploadCleanupJob } from './jobs/upload-cleanup.job';
import { createAdminRepository } from './modules/admin/admin.repository';
import { adminHandlers } from './modules/admin/admin.routes';
import { createAdminRulesService } from './modules/admin/admin-rules.service';
import { createHolidayService } from './modules/admin/holiday.service';
import { loyaltyHandlers } from './modules/admin/loyalty.routes';
import { createLoyaltyService } from './modules/admin/loyalty.service';
import { createIssueRepository } from './modules/admin/requests.repository';
import { registerIssueImageRoute, requestHandlers } from './modules/admin/requests.routes';
import { createIssueService, issueImageCaps } from './modules/admin/requests.service';
import { sftpHandlers } from './modules/admin/sftp.routes';
import { createSftpService } from './modules/admin/sftp.service';
import { createTerminalConfigRepository } from './modules/admin/terminal-config.repository';
import { terminalConfigHandlers } from './modules/admin/terminal-config.routes';
import { createTerminalConfigService } from './modules/admin/terminal-config.service';
import { createApprovalRepository } from './modules/approval/approval.repository';
import { approvalHandlers } from './modules/approval/approval.routes';
import { createApprovalService } from './modules/approval/approval.service';
import { createAttachConfigRepository } from './modules/attach-config/attach-config.repository';
import { attachConfigHandlers } from './modules/attach-config/attach-config.routes';
import { createAttachConfigService } from './modules/attach-config/attach-config.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authHandlers } from './modules/auth/auth.routes';
import { createAuthService, type ThrottleLimits } from './modules/auth/auth.service';
import { createSessionCache } from './modules/auth/session-cache';
import { createCatalogsRepository } from './modules/catalogs/catalogs.repository';
import { catalogHandlers } from './modules/catalogs/catalogs.routes';
import { createCatalogsService } from './modules/catalogs/catalogs.service';
import { createCommodityLinkRepository } from './modules/catalogs/commodity-links.repository';
import { createCommodityLinkService } from './modules/catalogs/commodity-links.service';
import { createCompareRepository } from './modules/compare/compare.repository';
import { compareHandlers } from './modules/compare/compare.routes';
import { createCompareService } from './modules/compare/compare.service';
import { createConnectionAlertsRepository } from './modules/connection-alerts/connection-alerts.repository';
import { connectionAlertsHandlers } from './modules/connection-alerts/connection-alerts.routes';
import { createConnectionAlertsService } from './modules/connection-alerts/connection-alerts.service';
import { customsHandlers } from './modules/customs/customs.routes';
import { createCustomsScanRepository } from './modules/customs/customs-scan.repository';
import { createCustomsScanService } from './modules/customs/customs-scan.service';
import { createDeclarationRepository } from './modules/customs/declarations.repository';
import { registerDeclarationFileRoute } from './modules/customs/declarations.routes';
import { createDeclarationService, declarationUploadCaps } from './modules/customs/declarations.service';
import { createHomeRepository } from './modules/home/home.repository';
import { homeHandlers } from './modules/home/home.routes';
import { createHomeService } from './modules/home/home.service';
import { createInvoicesRepository } from './modules/invoices/invoices.repository';
import { invoiceHandlers } from './modules/invoices/invoices.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { mailHandlers } from './modules/mail/mail.routes';
import { createMailService } from './modules/mail/mail.service';
import { createMailOrdersRepository } from './modules/mail/mail-orders.repository';
import { createMailOrdersService } from './modules/mail/mail-orders.service';
import { createReportMailRepository } from './modules/mail/report-mail.repository';
import { createReportMailService } from './modules/mail/report-mail.service';
import { createNoticesRepository } from './modules/notices/notices.repository';
import { noticesHandlers } from './modules/notices/notices.routes';
import { createNoticesService } from './modules/notices/notices.service';
import { createOrderApprovalRepository } from './modules/orders/order-approval.repository';
import { createOrderApprovalService } from './modules/orders/order-approval.service';
import { createOrderCreateRepository } from './modules/orders/order-create.repository';
import { createOrderCreateService } from './modules/orders/order-create.service';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersHandlers } from './modules/orders/orders.routes';
import { createPricingRepository } from './modules/orders/pricing.repository';
import { createPricingService } from './modules/orders/pricing.service';
import { createPublicOrderService } from './modules/orders/public-order.service';
import { createTosDeliveryService } from './modules/orders/tos-delivery.service';
import { payPartnersHandlers } from './modules/pay-partners/pay-partners.routes';
import { createPaymentsModule } from './modules/payments';
import { ratingsHandlers } from './modules/ratings/ratings.routes';
import { createShellRepository } from './modules/shell/shell.repository';
import { shellHandlers } from './modules/shell/shell.routes';
import { createShellService } from './modules/shell/shell.service';
import { siteConfigHandlers } from './modules/site-config/site-config.routes';
import { createStatsRepository } from './modules/stats/stats.repository';
import { statsHandlers } from './modules/stats/stats.routes';
import { createStatsService } from './modules/stats/stats.service';
import { createTosOrdersRepository } from './modules/stats/tos-orders.repository';
import { createTosOrderImport } from './modules/stats/tos-orders.service';
import { createStorageRulesRepository } from './modules/storage-rules/storage-rules.repository';
import { storageRulesHandlers } from './modules/storage-rules/storage-rules.routes';
import { createStorageRulesService } from './modules/storage-rules/storage-rules.service';
import { createTariffsRepository } from './modules/tariffs/tariffs.repository';
import { tariffsHandlers } from './modules/tariffs/tariffs.routes';
import { createTariffsService } from './modules/tariffs/tariffs.service';
import { tosMappingsHandlers } from './modules/tos-mappings/tos-mappings.routes';
import { attachRealtime, createLiveEventsPort, type LiveEvents } from './realtime/realtime';
import { createHeardCache } from './security/heard-cache';
import { createSecretBox, parseSettingsKey } from './security/secret-box';
import { createSigner } from './security/token';
import { createSettingsFormService } from './settings-form/settings-form.service';
import { createSettingsStoreRepository } from './settings-form/settings-store.repository';
import { createLocalFolderStore, openUploadRoot } from './storage/local-folder.adapter';

const STATIC_FILE = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|json|pdf|woff2?|ttf|txt|xml|webmanifest)$/i;

export interface BuildOptions {
  config?: Partial<PortalConfig>;
  /** An already open database (tests); otherwise opened from the config and closed with the app. */
  database?: Database;
  seed?: boolean;
  logger?: FastifyServerOptions['logger'];
  throttle?: Partial<ThrottleLimits>;
  /** How often open live connections are checked against their session (default 60 s). */
  liveRecheckMs?: number;
  /** When the portal sheds load (503 + Retry-After); defaults in `defaultPressure`. */
  pressure?: Partial<PressureLimits>;
  /** Periods of the scheduled jobs by name (tests; default each job's own), and whether they start at all. */
  jobs?: { everyMs?: Record<string, number>; start?: boolean };
}

export interface PressureLimits {
  /** Event-loop delay (ms) past which requests are shed. */
  maxEventLoopDelay: number;
  maxEventLoopUtilization: number;
  /** Queries waiting for a database connection past which requests are shed. */
  maxDbWaiting: number;
  /**
   * Requests being served at once past which new ones are shed (0 = off). On the embedded database, whose one
   * in-process connection has no pool queue to watch, this is what sheds (issue 15's overload row).
   */
  maxRequestsInFlight: number;
  /** How often the event loop and the database queue are looked at (ms). */
  checkIntervalMs: number;
  retryAfterSeconds: number;
}
export const defaultPressure: PressureLimits = {
  maxEventLoopDelay: 1000,
  // Off by default: a busy but responsive loop is no reason to refuse.
  maxEventLoopUtilization: 0,
  // 200 open connections each waiting for one query is a busy portal, not an overloaded one (issue 15's load row:
  // 0 errors at 200 connections); thousands are shed.
  maxDbWaiting: 400,
  maxRequestsInFlight: 0,
  checkIntervalMs: 250,
  retryAfterSeconds: 10,
};
export const OVERLOADED_MESSAGE = 'Hệ thống đang quá tải, vui lòng thử lại sau ít phút.';

/**
 * The headers a header-setting middleware (helmet) writes, read once from a stand-in response: for middleware whose
 * headers do not depend on the request. Refuses one that would need the request or answer by itself.
 */
export function fixedHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('fixedHeaders: the middleware did not finish at once');
  return headers;
}

/**
 * Admission by count: while `maxRequestsInFlight` requests are being served (received and not yet answered or
 * abandoned), a new one is answered 503 + Retry-After at once instead of queueing behind them (0 = off).
 */
export function shedOverInFlight(app: FastifyInstance, limits: Pick<PressureLimits, 'maxRequestsInFlight' | 'retryAfterSeconds'>) {
  if (!limits.maxRequestsInFlight) return;
  let inFlight = 0;
  app.addHook('onRequest', (_req, reply, done) => {
    if (inFlight >= limits.maxRequestsInFlight) {
      reply.status(503).header('Retry-After', String(limits.retryAfterSeconds)).send({ success: false, message: OVERLOADED_MESSAGE });
      return;
    }
    inFlight++;
    // 'close' comes once the answer is sent or the client has gone.
    reply.raw.once('close', () => inFlight--);
    done();
  });
}

/** Request logs: method, path and status, never bodies, tokens or the public order link's token. */
const requestSerializer = (req: { method: string; url: string; ip: string }) => ({
  method: req.method,
  url: req.url.replace(/^\/order\/[^/?#]+/, '/order/***').replace(/([?&][^=]*(token|pass)[^=]*=)[^&]*/gi, '$1***'),
  ip: req.ip,
});

export async function buildApp(options: BuildOptions = {}) {
  const config: RunConfig = withSecrets({ ...loadConfig(), ...options.config });
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', ...(config.dataDir === 'memory' ? {} : { dataDir: config.dataDir }) },
    ));
  const ownsDatabase = !options.database;

  // Logs are written without blocking the event loop (pino's asynchronous destination, flushed on close).
  const logStream = options.logger === undefined ? pino.destination({ dest: 1, sync: false }) : null;
  const app = Fastify({
    logger:
      options.logger ??
      ({
        level: config.logLevel,
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
        serializers: { req: requestSerializer },
        stream: logStream,
      } as FastifyServerOptions['logger']),
    // One line per request when it is answered (below), not Fastify's two (issue 15: two synchronous writes per call
    // were a tenth of a list call's time).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      { req, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });

  let seed: SeedResult = { demoLogins: [], seededOrders: 0 };
  if (options.seed !== false) {
    seed = await seedDatabase(database, {
      demo: config.demo,
      seedOrders: config.seedOrders,
      adminPassword: config.adminPassword,
      log: (m) => app.log.info(m),
    });
  }

  const authRepo = createAuthRepository(database.db);
  // JWT_SECRET and SETTINGS_KEY are required outside demo mode. A demo start's generated ones are offered to the
  // database: the first start of a demo database keeps its own, so later starts and other instances share it.
  const demoKept = (variable: 'JWT_SECRET' | 'SETTINGS_KEY', key: string, value: string) =>
    config.generatedSecrets.includes(variable) ? authRepo.sharedSecret(key, value) : value;
  const signer = createSigner(await demoKept('JWT_SECRET', 'token_secret', config.jwtSecret));
  const settingsKey = parseSettingsKey(await demoKept('SETTINGS_KEY', 'settings_key', config.settingsKey));
  const settingsForms = createSettingsFormService({
    repo: createSettingsStoreRepository(database.db),
    box: createSecretBox(settingsKey),
  });
  // 'Cấu hình cảng' per terminal (spec 03 §2.5): its mail server, its TOS connections and its switches.
  const mailSender = createSmtpMailSender();
  const terminalConfig = createTerminalConfigService({
    forms: settingsForms,
    repo: createTerminalConfigRepository(database.db),
    tos: createHttpTos({ timeoutMs: 10_000 }),
    sender: mailSender,
  });
  const loyalty = createLoyaltyService({ forms: settingsForms });
  // The TOS account of the environment (TOS_USER / TOS_PASSWORD at SIM_TOS_URL) is only the initial TOS connection
  // of the terminals that have no config yet; from then on the terminal config's connection in use is the one used.
  const envTos = tosConnection(config.simulators.tos, config.tosUser, config.tosPassword);
  if (envTos) await terminalConfig.seedTos(envTos);
  // Outgoing mail with the sender-mail settings, or a terminal's own mail server for mail about its orders (spec 03 §2.4, §2.5).
  const mail = createMailService({ forms: settingsForms, sender: mailSender, terminalMail: (t) => terminalConfig.mailConnection(t) });
  const alerts = createConnectionAlertsService({
    repo: createConnectionAlertsRepository(database),
    forms: settingsForms,
    mail,
    log: { warn: (o, m) => app.log.warn(o, m) },
  });
  /** A port whose outages are mailed to the connection's alert addresses (at most once per 15 minutes). */
  const watched = <T extends object>(port: T, connection: Parameters<typeof alerts.report>[0]): T =>
    watchOutcomes(port, (method, outcome) => void alerts.report(connection, outcome, method));
  // The attached orders of each job mode; the tariff engine reads them through attachConfig.attachedServicesFor.
  const attachConfig = createAttachConfigService(createAttachConfigRepository(database.db));
  const reportMail = createReportMailService({ repo: createReportMailRepository(database), forms: settingsForms, mail });
  const mailOrders = createMailOrdersService({
    repo: createMailOrdersRepository(database),
    mail,
    log: { info: (o, m) => app.log.info(o, m), warn: (o, m) => app.log.warn(o, m) },
  });
  const live = createLiveEventsPort();
  // Checked sessions and each group's menu are kept while every change to them is heard (NOTIFY auth_changed;
  // security/heard-cache.ts).
  const sessions = createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  const menus = createHeardCache<MenuNode[]>({ ttlMs: config.sessionCacheSeconds * 1000, maxEntries: 1000 });
  const stopListening =
    config.sessionCacheSeconds > 0
      ? await database.listen('auth_changed', {
          notify: () => {
            sessions.clear();
            menus.clear();
          },
          up: (on) => {
            sessions.setListening(on);
            menus.setListening(on);
          },
        })
      : null;
  const auth = createAuthService({
    repo: authRepo,
    signer,
    tokenTtlSeconds: config.tokenTtlSeconds,
    throttle: options.throttle,
    live,
    sessions,
    newAccountActive: (terminals) => terminalConfig.newAccountActive(terminals),
  });
  const shell = createShellService(createShellRepository(database.db), { menus });
  const publicOrders = createPublicOrderService({ repo: createOrdersRepository(database.db), signer });
  // A portal built on a given database (tests) or in memory keeps uploads in a temporary folder.
  const tempUploads = config.uploadDir === 'memory' || (options.database && !options.config?.uploadDir);
  const uploads = await openUploadRoot(tempUploads ? 'memory' : config.uploadDir);
  const declarations = createDeclarationService({
    repo: createDeclarationRepository(database.db),
    files: createLocalFolderStore(uploads.root, declarationUploadCaps),
    caps: {
      foldersPerDay: config.uploadFoldersPerDay,
      filesPerFolder: config.uploadFilesPerFolder,
      graceMs: config.uploadFolderGraceHours * 3_600_000,
    },
    log: (m) => app.log.warn(m),
  });
  if (config.demo) await declarations.writeDemoFiles();
  // Request images (spec 03 §2.5): the same store over its own subfolder, one image per folder.
  const issues = createIssueService({
    repo: createIssueRepository(database.db),
    files: createLocalFolderStore(join(uploads.root, 'issue-images'), issueImageCaps),
    log: (m) => app.log.warn(m),
  });
  const customsScan = createCustomsScanService({
    repo: createCustomsScanRepository(database.db),
    gateway: createHttpCustomsGateway({ baseUrl: config.simulators.customs, timeoutMs: config.customsTimeoutMs }),
    live,
    resultTimeoutMs: config.customsResultTimeoutMs,
    log: (m) => app.log.warn(m),
  });
  const einvoice = watched(createHttpEinvoiceProvider({ baseUrl: config.simulators.einvoice }), 'vnpt');
  const home = createHomeService({ repo: createHomeRepository(database), publicOrders, invoicePdfUrl: (i) => einvoice.pdfUrl(i) });

  // Security headers (helmet), worked out once: @fastify/helmet built them again for every request, parsing the CSP
  // each time, and even helmet's prebuilt middleware set them one function at a time (issue 15's profile). They are the
  // same for every answer, so helmet writes them once into a list that every answer copies, before any handler runs.
  const securityHeaders = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Load shedding: a saturated event loop or database pool answers 503 + Retry-After at once instead of queueing
  // every request into a time-out; it recovers by itself when the pressure goes (docs/decisions.md).
  // The embedded database runs its queries (and the demo seeding) inside this event loop, so a long query there is
  // not overload: on PGlite the loop is not watched unless asked for (0 = off).
  const pressure = {
    ...defaultPressure,
    ...(database.kind === 'pglite' ? { maxEventLoopDelay: 0, maxRequestsInFlight: 256 } : {}),
    ...options.pressure,
  };
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelay,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization,
    healthCheck: async () => database.waiting() <= pressure.maxDbWaiting,
    healthCheckInterval: pressure.checkIntervalMs,
    retryAfter: pressure.retryAfterSeconds,
    sampleInterval: pressure.checkIntervalMs,
    pressureHandler: (_req, reply) => {
      reply.status(503).header('Retry-After', String(pressure.retryAfterSeconds)).send({ success: false, message: OVERLOADED_MESSAGE });
    },
  });
  shedOverInFlight(app, pressure);
  // Closed by default: only origins named in CORS_ORIGINS may call from another site.
  if (config.corsOrigins.length) await app.register(cors, { origin: config.corsOrigins });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, ...(error.out ? { out: error.out } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ success: false, message: 'Dữ liệu gửi lên vượt quá dung lượng cho phép.' });
    if (status === 415) return reply.status(415).send({ success: false, message: 'Định dạng dữ liệu gửi lên không được hỗ trợ.' });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Dữ liệu gửi lên không đúng định dạng JSON.'
          : 'Yêu cầu không hợp lệ.';
      return reply.status(status).send({ success: false, message });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Hệ thống đang gặp sự cố, vui lòng thử lại sau.' });
  });

  // The one mechanism behind every grid resource of every module (apps/server/src/grid).
  const grid = createGridService(createGridRepository(database.db), { live });
  // Administration (spec 03 §2.5): what the dangerous-goods, tariff-mapping, EDO-sharing, fee and holiday settings do.
  const adminRepo = createAdminRepository(database.db);
  const adminRules = createAdminRulesService(adminRepo);
  // 'Cấu hình duyệt lệnh': the screen's calls, and the decision the payments ask for when money is applied.
  const approval = createApprovalService({ repo: createApprovalRepository(database) });
  const payments = createPaymentsModule(app, {
    database,
    approvalNeeded: (f) => approval.approvalNeeded(f),
    config,
    live,
    grid,
    watch: (port) => watched(port, 'smp2mb'),
    // Paid without approval is approved (spec 02 §3: C): everything that follows (invoice, TOS, mail orders) is the
    // approval hook's (issue 14).
    orderApproved: (orderNo, payer) =>
      void orderApproval
        .approved(orderNo, null, { payer })
        .catch((err: Error) => app.log.warn({ orderNo, err: err.message }, 'approval follow-up failed')),
  });
  const invoices = createInvoicesService({
    repo: createInvoicesRepository(database.db),
    einvoice,
    payments: payments.payments,
    publicOrders,
    portalUrl: payments.portalUrl,
    log: app.log,
  });
  payments.publishInvoicesWith(invoices);
  // Approved orders to the TOS (issue 14): the terminal's TOS connection in use, the job-mode and tariff mappings; a
  // refusal raises the SMP → TOS connection alert, an outage is mailed by the watched port.
  const orderApprovalRepo = createOrderApprovalRepository(database.db);
  const tosDelivery = createTosDeliveryService({
    repo: orderApprovalRepo,
    tos: watched(createHttpTos(), 'smp2catos'),
    connection: (terminal) => terminalConfig.currentTos(terminal),
    tosTariffCode: (code) => adminRules.tosTariffCode(code),
    alertRefused: (detail, what) => alerts.report('smp2catos', { failure: 'refused', detail }, what),
    log: app.log,
  });
  // What follows an order becoming C, and the staff approval queue 'Duyệt lệnh' (issue 14).
  const orderApproval = createOrderApprovalService({
    repo: orderApprovalRepo,
    invoices,
    tos: tosDelivery,
    orderReached: (orderNo) =>
      void mailOrders
        .orderReached(orderNo, 'DL')
        .catch((err: Error) => app.log.warn({ orderNo, err: err.message }, 'mail order not recorded')),
    live,
    log: app.log,
  });
  const stats = createStatsService({ repo: createStatsRepository(database) });
  // Free days and reefer power rules (spec 03 §2.4): the screens' saves and the tariff engine's questions.
  const storageRules = createStorageRulesService({ repo: createStorageRulesRepository(database.db) });
  // The file-transfer (SFTP) service's control API: main config's urlSFTP, else the started service (SIM_FILE_TRANSFER_URL).
  const sftp = createSftpService({
    control: createHttpFileTransfer({
      url: async () => String((await settingsForms.read(mainConfig)).urlSFTP ?? '').trim() || config.simulators.file_transfer,
      apiKey: config.fileTransferKey,
    }),
    terminalCodes: async (user) => (await shell.terminals(user)).map((t) => t.TerminalCode),
  });
  const holidays = createHolidayService(adminRepo);
  // The tariff engine (issue 14): tariffs, surcharges and rates of its own; free days, reefer rules, holidays and
  // attached services asked of their services.
  const pricing = createPricingService({ repo: createPricingRepository(database.db), storageRules, holidays, attachConfig });
  // Order creation (issue 14): checks, payer, charges through the pricing service, save, pay later, detail.
  const orderCreate = createOrderCreateService({
    repo: createOrderCreateRepository(database.db),
    pricing,
    approvalNeeded: (f) => approval.approvalNeeded(f),
    // What follows an order becoming C: the approval service of the accept queue (invoice, TOS, mail, live event).
    onApproved: (orderNo, by) => orderApproval.approved(orderNo, by),
    imoAlertFor: (q) => adminRules.imoAlertFor(q),
    flags: (terminal) => terminalConfig.flags(terminal),
    linkToken: (orderNo) => publicOrders.linkToken(orderNo),
  });
  const handlers: HandlerTable = {
    auth: authHandlers(auth),
    shell: shellHandlers(shell),
    orders: ordersHandlers(publicOrders, orderCreate, orderApproval),
    catalogs: catalogHandlers(
      grid,
      createCatalogsService(createCatalogsRepository(database.db)),
      createCommodityLinkService(createCommodityLinkRepository(database.db)),
    ),
    home: homeHandlers(home),
    customs: customsHandlers(customsScan, declarations),
    compare: compareHandlers(createCompareService(createCompareRepository(database.db))),
    ...payments.handlers(invoices),
    invoices: invoiceHandlers(invoices),
    tariffs: tariffsHandlers(grid, createTariffsService({ repo: createTariffsRepository(database.db) })),
    storageRules: storageRulesHandlers(grid, storageRules),
    approval: approvalHandlers(approval),
    attachConfig: attachConfigHandlers(attachConfig),
    mail: mailHandlers(grid, settingsForms, reportMail),
    notices: noticesHandlers(grid, createNoticesService(createNoticesRepository(database.db))),
    payPartners: payPartnersHandlers(grid, payments.payPartners),
    connectionAlerts: connectionAlertsHandlers(settingsForms),
    siteConfig: siteConfigHandlers(grid, settingsForms),
    tosMappings: tosMappingsHandlers(grid),
    ratings: ratingsHandlers(grid),
    stats: statsHandlers(stats),
    admin: {
      ...requestHandlers(issues),
      ...terminalConfigHandlers(terminalConfig),
      ...loyaltyHandlers(loyalty),
      ...sftpHandlers(sftp),
      ...adminHandlers(grid, adminRules, holidays),
    },
  };
  // Scheduled jobs run under a PostgreSQL advisory lock, once per tick across instances (jobs/).
  const jobs = createScheduler({ lock: createPgJobLock(database), log: app.log });
  const addJob = (job: Job) => jobs.add({ ...job, everyMs: options.jobs?.everyMs?.[job.name] ?? job.everyMs });
  addJob(
    paymentReconciliationJob(
      payments.payments,
      app.log,
      undefined,
      (applied) =>
        void alerts.report(
          'mb2smp',
          { failure: 'timeout', detail: `${applied} thanh toán đối tác không báo về (đối soát đã áp dụng)` },
          'đối soát thanh toán',
        ),
    ),
  );
  addJob(invoicePublicationJob(invoices, app.log));
  addJob(invoiceCancellationJob(invoices, app.log));
  addJob(tosPushJob(tosDelivery, app.log));
  addJob(customsExpiryJob(customsScan, app.log));
  addJob(uploadCleanupJob(declarations, app.log));
  addJob(issueImagesCleanupJob(issues, app.log));
  addJob(reportMailJob(reportMail, app.log));
  addJob(mailOrdersJob(mailOrders, app.log));
  // The TOS connection in use ('Cấu hình cảng', terminalConfig.portalTos()): checked every minute, an outage mailed (smp2catos).
  {
    const tos = watched(createHttpTos({ timeoutMs: 10_000 }), 'smp2catos');
    addJob(
      connectionWatchJob(async () => {
        const conn = await terminalConfig.portalTos();
        // No TOS connection configured: nothing to watch.
        if (!conn) return { ok: true };
        const r = await tos.testLogin(conn);
        // A refused account is the TOS answering: the connection is up.
        return r.ok || r.failure === 'login_refused' ? { ok: true } : { ok: false, failure: r.failure };
      }, app.log),
    );
  }
  // TOS-side orders for the usage report, from the TOS order feed read with the TOS connection in use;
  // a failing feed raises the same connection alert as the check above.
  const tosOrders = createTosOrderImport({
    tos: watched(createHttpTos(), 'smp2catos'),
    connection: () => terminalConfig.portalTos(),
    repo: createTosOrdersRepository(database),
  });
  const tosImport = tosOrderImportJob(tosOrders, app.log);
  addJob(tosImport);

  const registeredCalls = registerCalls(app, handlers, { authenticate: (t) => auth.authenticate(t) });
  registerDeclarationFileRoute(app, declarations, (t) => auth.authenticate(t));
  registerIssueImageRoute(app, issues, (t) => auth.authenticate(t));

  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const webDist = config.webDist;
  const indexHtml = webDist ? join(webDist, 'index.html') : null;
  const hasWeb = !!indexHtml && existsSync(indexHtml);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // index.html is rendered with the main config (below), never served as the file.
      allowedPath: (path) => path !== '/index.html',
      // The build writes x.br and x.gz beside each file (apps/web/vite.config.ts): sent as they are to a browser that
      // accepts them, with Content-Encoding and Vary: Accept-Encoding; the plain file otherwise.
      preCompressed: true,
      // The Cache-Control below, not send's default (`public, max-age=0`, which used to overwrite it).
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Vary', 'Accept-Encoding');
        // Content-hashed names (assets/) never change: a year, immutable. Everything else (index.html, version.json,
        // the help PDFs) is checked again on every use.
        if (path.includes(`${join('assets', '')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: `Không tìm thấy chức năng: ${req.url.split('?')[0]}` });
    }
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('Chưa build giao diện web (npm run build).');
    // Client-side routes (/, /login, /order/…, menu paths) are answered by the SPA.
    const file = req.url.split('?')[0] ?? '/';
    // A missing asset is a 404; anything else (a token with dots in /order/… included) is a client route.
    if (file.startsWith('/assets/') || STATIC_FILE.test(file)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Không tìm thấy tệp.');
    }
    // The main config (spec 03 §2.4: title, keywords, description, image, analytics ids, social app id) without a rebuild.
    const html = await renderIndexHtml(indexHtml as string, await settingsForms.read(mainConfig));
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });

  const realtime = await attachRealtime(app.server, {
    authenticate: (t) => auth.authenticate(t),
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    ...(options.liveRecheckMs ? { recheckMs: options.liveRecheckMs } : {}),
  });
  live.attach(realtime.events);

  if (options.jobs?.start !== false) jobs.start();
  // The TOS-side orders are there from the first minutes, not after the first 5-minute tick (runs through the
  // lock, so one instance imports; `stop()` waits for it before the database closes).
  if (options.jobs?.start !== false && (await terminalConfig.portalTos())) {
    void jobs.runNow(tosImport.name).catch((err: Error) => app.log.warn({ err: err.message }, 'TOS order import not run'));
  }

  app.addHook('onClose', async () => {
    // Runs in progress finish before the database closes under them.
    await jobs.stop();
    customsScan.close();
    await realtime.close();
    await stopListening?.();
    if (ownsDatabase) await database.close();
    await uploads.close();
    logStream?.flushSync();
  });

  return {
    app,
    config,
    database,
    seed,
    live: live as LiveEvents,
    registeredCalls,
    jobs,
    /** Where the upload store keeps its folders (tests, diagnostics). */
    uploadRoot: uploads.root,
    services: {
      auth,
      shell,
      publicOrders,
      payments: payments.payments,
      invoices,
      settingsForms,
      mail,
      alerts,
      reportMail,
      mailOrders,
      stats,
      tosOrders,
      terminalConfig,
      loyalty,
      storageRules,
      sftp,
      adminRules,
      holidays,
      pricing,
      orderCreate,
      orderApproval,
      tosDelivery,
    },
  };
}
export type PortalApp = Awaited<ReturnType<typeof buildApp>>;

/** The environment's TOS connection (the demo's initial one): its address and account; null when one of them is missing. */
function tosConnection(url: string | undefined, user: string | undefined, password: string | undefined): TosConnection | null {
  if (!url || !user || !password) return null;
  const u = new URL(url);
  return { host: `${u.protocol}//${u.hostname}`, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), user, password };
}
