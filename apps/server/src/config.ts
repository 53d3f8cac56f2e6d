import { resolve } from 'node:path';

/** Every setting comes from the environment; README lists them. */
export interface PortalConfig {
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory' keeps it in memory (tests). */
  dataDir: string;
  redisUrl: string | undefined;
  demo: boolean;
  seedOrders: number;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  /** Key of the settings secrets at rest (SETTINGS_KEY, 32 bytes as hex or base64); generated once and kept in the database when unset. */
  settingsKey: string | undefined;
  tokenTtlSeconds: number;
  corsOrigins: string[];
  webDist: string | undefined;
  logLevel: string;
  simulators: Record<string, string>;
  /** Folder of uploaded declaration files (UPLOAD_DIR); 'memory' = a temporary folder removed on close. */
  uploadDir: string;
  /** Longest wait for a synchronous customs answer before the user gets 504 (CUSTOMS_TIMEOUT_MS). */
  customsTimeoutMs: number;
  /** Longest wait for a queued customs message's result (CUSTOMS_RESULT_TIMEOUT_MS). */
  customsResultTimeoutMs: number;
}

const root = resolve(new URL('../../..', import.meta.url).pathname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const simulators: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const m = /^SIM_([A-Z0-9_]+)_URL$/.exec(k);
    if (m?.[1] && v) simulators[m[1].toLowerCase()] = v;
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.PORT || 3000),
    databaseUrl,
    dataDir: env.DATA_DIR === 'memory' ? 'memory' : resolve(root, env.DATA_DIR || 'data'),
    redisUrl: env.REDIS_URL || undefined,
    // Demo data by default on the embedded database; on a real PostgreSQL only when asked for.
    demo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    seedOrders: Number(env.SEED_ORDERS || 20000),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    settingsKey: env.SETTINGS_KEY || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS || 12 * 3600),
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: env.WEB_DIST === '' ? undefined : resolve(root, env.WEB_DIST || 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    simulators,
    uploadDir: env.UPLOAD_DIR
      ? resolve(root, env.UPLOAD_DIR)
      : env.DATA_DIR === 'memory'
        ? 'memory'
        : resolve(root, env.DATA_DIR || 'data', 'uploads'),
    customsTimeoutMs: Number(env.CUSTOMS_TIMEOUT_MS || 15_000),
    customsResultTimeoutMs: Number(env.CUSTOMS_RESULT_TIMEOUT_MS || 120_000),
  };
}
