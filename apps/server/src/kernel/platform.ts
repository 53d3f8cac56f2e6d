import type { MenuNode } from '@smartport/contract';
import type { FastifyInstance } from 'fastify';
import type { RunConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createEventBus } from '../events/event-bus';
import { createGridService } from '../grid/grid.service';
import { auditRecorderOver } from '../modules/audit/audit.module';
import type { AuditRecorder } from '../modules/audit/audit-recorder.service';
import { createSessionCache } from '../modules/auth/session-cache';
import { createLiveEventsPort } from '../realtime/realtime';
import { listenAuthChanges } from '../security/auth-changes';
import { createHeardCache } from '../security/heard-cache';
import { createOrderLinks } from '../security/order-links';
import { createOutboundPolicy, outboundAllowOf } from '../security/outbound-policy';
import { portalKeys } from '../security/portal-keys';
import { createSecretBox, parseSettingsKey } from '../security/secret-box';
import { createSigner } from '../security/token';
import { resealSettings } from '../settings-form/reseal';
import { createSettingsFormService } from '../settings-form/settings-form.service';
import { openUploadRoot } from '../storage/local-folder.adapter';
import type { ModuleContext } from './module';

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded one (in memory or in DATA_DIR). */
export function openPortalDatabase(config: RunConfig): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', ...(config.dataDir === 'memory' ? {} : { dataDir: config.dataDir }) },
  );
}

/**
 * What every module is given (`ModuleContext`): the shared secrets, the grid and settings-form mechanisms, live events,
 * the domain event bus, the upload root; and the caches of checked sessions and menus, kept while changes are heard.
 */
export async function openPlatform(
  app: FastifyInstance,
  database: Database,
  config: RunConfig,
  opts: {
    settingsStore: Parameters<typeof resealSettings>[0];
    gridStore: Parameters<typeof createGridService>[0];
    tempUploads: boolean;
  },
) {
  // The keys never live in the database (a dump alone opens nothing): the environment's, or a demo start's key file.
  const keys = await portalKeys(config, opts.settingsStore, async (oldKey, newKey) => {
    const moved = await resealSettings(
      opts.settingsStore,
      createSecretBox(parseSettingsKey(oldKey)),
      createSecretBox(parseSettingsKey(newKey)),
    );
    app.log.info(`settings secrets sealed again with the key file's key: ${moved}`);
  });
  // The running config holds the keys this start uses (a demo start's come from its key file, not from withSecrets).
  Object.assign(config, keys);
  const signer = createSigner(keys.jwtSecret);
  const settingsKey = parseSettingsKey(keys.settingsKey);
  const live = createLiveEventsPort();
  const uploads = await openUploadRoot(opts.tempUploads ? 'memory' : config.uploadDir);
  const events = createEventBus(database.db, app.log);
  const audit: AuditRecorder = auditRecorderOver(database.db);
  const ctx: ModuleContext = {
    app,
    database,
    config,
    log: app.log,
    events,
    live,
    grid: createGridService(opts.gridStore, { live, audit }),
    settingsForms: createSettingsFormService({
      repo: opts.settingsStore,
      box: createSecretBox(settingsKey),
      publish: (name, payload) => events.publish(name, payload),
      audit,
    }),
    audit,
    signer,
    orderLinks: createOrderLinks(signer),
    outbound: createOutboundPolicy({ allow: outboundAllowOf(config) }),
    uploadRoot: uploads.root,
  };
  const sessions = createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  const menus = createHeardCache<MenuNode[]>({ ttlMs: config.sessionCacheSeconds * 1000, maxEntries: 1000 });
  const stopListening = await listenAuthChanges(database, config.sessionCacheSeconds, [sessions, menus]);
  return {
    ctx,
    live,
    events,
    sessions,
    menus,
    async close() {
      await stopListening?.();
      await uploads.close();
    },
  };
}
