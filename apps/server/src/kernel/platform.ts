import type { MenuNode } from '@smartport/contract';
import type { FastifyInstance } from 'fastify';
import type { RunConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createEventBus } from '../events/event-bus';
import { createGridService } from '../grid/grid.service';
import { sharedSecret } from '../modules/auth/auth.module';
import { createSessionCache } from '../modules/auth/session-cache';
import { createLiveEventsPort } from '../realtime/realtime';
import { listenAuthChanges } from '../security/auth-changes';
import { createHeardCache } from '../security/heard-cache';
import { createOrderLinks } from '../security/order-links';
import { createSecretBox, parseSettingsKey } from '../security/secret-box';
import { createSigner } from '../security/token';
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
    settingsStore: Parameters<typeof createSettingsFormService>[0]['repo'];
    gridStore: Parameters<typeof createGridService>[0];
    tempUploads: boolean;
  },
) {
  const secret = sharedSecret({ database, config });
  const signer = createSigner(await secret('JWT_SECRET', 'token_secret', config.jwtSecret));
  const settingsKey = parseSettingsKey(await secret('SETTINGS_KEY', 'settings_key', config.settingsKey));
  const live = createLiveEventsPort();
  const uploads = await openUploadRoot(opts.tempUploads ? 'memory' : config.uploadDir);
  const events = createEventBus(database.db, app.log);
  const ctx: ModuleContext = {
    app,
    database,
    config,
    log: app.log,
    events,
    live,
    grid: createGridService(opts.gridStore, { live }),
    settingsForms: createSettingsFormService({
      repo: opts.settingsStore,
      box: createSecretBox(settingsKey),
      publish: (name, payload) => events.publish(name, payload),
    }),
    signer,
    orderLinks: createOrderLinks(signer),
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
