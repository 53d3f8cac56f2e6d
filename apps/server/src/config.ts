import { resolve } from 'node:path';
import { z } from 'zod';
import { parseAllowEntry } from './security/outbound-policy';
import { newSettingsKey } from './security/secret-box';
import { newSecret } from './security/token';

/**
 * Every setting of the portal, read from the environment in this file only (README lists the
 * variables). `loadConfig` validates them with one zod schema: a bad value stops the start with a
 * message naming the variable, instead of a NaN port or a silently ignored URL deep inside a module.
 */
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
  /** Key signing access tokens and public order links (JWT_SECRET); see `withSecrets`. */
  jwtSecret: string | undefined;
  /** Key of the settings secrets at rest (SETTINGS_KEY, 32 bytes as hex or base64); see `withSecrets`. */
  settingsKey: string | undefined;
  /** Bearer key of the file-transfer (SFTP) service's control API (FILE_TRANSFER_KEY); see `withSecrets`. */
  fileTransferKey: string | undefined;
  tokenTtlSeconds: number;
  /** How long a checked session is kept in memory (SESSION_CACHE_SECONDS; 0 = ask the database on every call). */
  sessionCacheSeconds: number;
  corsOrigins: string[];
  /** Client addresses (login limits) come from X-Forwarded-For (TRUST_PROXY=1, behind a load balancer). */
  trustProxy: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** Base URLs of the external systems by name (SIM_<NAME>_URL → simulators.<name>). */
  simulators: Record<string, string>;
  /** Where `npm start` runs the simulators (port + each one's offset). */
  simBasePort: number;
  /** `npm start` writes its URL and a sample order link there (end-to-end tests). */
  infoFile: string | undefined;
  /** Folder of uploaded files (UPLOAD_DIR); 'memory' = a temporary folder removed on close. */
  uploadDir: string;
  /** Upload folders (common/makeRowguid) one user may create per day of the port's calendar (UPLOAD_FOLDERS_PER_DAY). */
  uploadFoldersPerDay: number;
  /** Files one upload folder may hold (UPLOAD_FILES_PER_FOLDER). */
  uploadFilesPerFolder: number;
  /** Age after which a folder no declaration uses is removed with its files (UPLOAD_FOLDER_GRACE_HOURS). */
  uploadFolderGraceHours: number;
  /** Longest wait for a synchronous customs answer before the user gets 504 (CUSTOMS_TIMEOUT_MS). */
  customsTimeoutMs: number;
  /** Longest wait for a queued customs message's result (CUSTOMS_RESULT_TIMEOUT_MS). */
  customsResultTimeoutMs: number;
  /** HMAC keys of the bank page's results and the VietQR bank's notices; see `withSecrets`. */
  payNapasSecret: string | undefined;
  payVietQrSecret: string | undefined;
  /** The port's receiving account at the VietQR bank. */
  payVietQrAccount: string;
  /** Where partners reach the portal and order QR links point (PUBLIC_URL); else where it listens. */
  publicUrl: string | undefined;
  /** The TOS account (TOS_USER / TOS_PASSWORD; address SIM_TOS_URL): the connection check and the TOS order feed (no import without it). */
  tosUser: string | undefined;
  tosPassword: string | undefined;
  /**
   * What administrator-typed addresses may reach beyond public servers on standard ports (OUTBOUND_ALLOW: host names,
   * addresses, CIDR ranges, each optionally `:port`; `*:port` for a port on any public host). security/outbound-policy.ts.
   */
  outboundAllow: string[];
  /** How long a test button (Test mail, Test connection) takes when it fails, whatever the failure (OUTBOUND_TEST_MS). */
  outboundTestMs: number;
  /**
   * The file-transfer service's control API addresses the deployment allows (FILE_TRANSFER_URLS, plus
   * SIM_FILE_TRANSFER_URL): the only places its key is sent; https outside loopback. urlSFTP must be one of them.
   */
  fileTransferUrls: string[];
}

/**
 * Every secret a running portal needs, with its variable, how a demo start makes one, and what it is
 * for (the message of a start refused without it). `withSecrets` guarantees them; no secret has a
 * value in the source.
 */
const requiredSecrets = {
  jwtSecret: {
    variable: 'JWT_SECRET',
    generate: newSecret,
    purpose: 'khóa ký phiên đăng nhập và liên kết xem lệnh; đặt giống nhau trên mọi instance',
  },
  settingsKey: {
    variable: 'SETTINGS_KEY',
    generate: newSettingsKey,
    purpose: 'khóa 32 byte mã hóa mật khẩu trong màn hình cấu hình; đặt giống nhau trên mọi instance, lưu ngoài cơ sở dữ liệu',
  },
  fileTransferKey: {
    variable: 'FILE_TRANSFER_KEY',
    generate: newSecret,
    purpose: 'khóa điều khiển dịch vụ truyền tệp (SFTP), trùng với khóa cấu hình ở dịch vụ đó',
  },
  payNapasSecret: {
    variable: 'PAY_NAPAS_SECRET',
    generate: newSecret,
    purpose: 'khóa HMAC dùng chung với đối tác thanh toán; đặt giống nhau trên mọi instance',
  },
  payVietQrSecret: {
    variable: 'PAY_VIETQR_SECRET',
    generate: newSecret,
    purpose: 'khóa HMAC dùng chung với đối tác thanh toán; đặt giống nhau trên mọi instance',
  },
} as const;
type SecretKey = keyof typeof requiredSecrets;
export type SecretVariable = (typeof requiredSecrets)[SecretKey]['variable'];

/**
 * The configuration of a running portal: every secret is known. `generatedSecrets` names the ones this
 * demo start made up (never outside demo mode).
 */
export type RunConfig = Omit<PortalConfig, SecretKey> & { [K in SecretKey]: string } & {
  generatedSecrets: readonly SecretVariable[];
};

export interface ConfigProblem {
  variable: string;
  message: string;
}

/** A start refused for its environment; the message names every bad variable (never a secret's value). */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      ['Cấu hình môi trường không hợp lệ, portal không khởi động:', ...problems.map((p) => `  - ${p.variable}: ${p.message}`)].join('\n'),
    );
    this.name = 'ConfigError';
  }
}

const root = resolve(new URL('../../..', import.meta.url).pathname);

// --- value kinds, each with the message an operator reads ---------------------------------------

function integer(min: number, max?: number) {
  const expected = max === undefined ? `một số nguyên ≥ ${min}` : `một số nguyên từ ${min} đến ${max}`;
  return z
    .string()
    .trim()
    .refine((s) => /^-?\d+$/.test(s) && Number.isSafeInteger(Number(s)) && Number(s) >= min && (max === undefined || Number(s) <= max), {
      error: `cần ${expected}`,
    })
    .transform(Number);
}

const port = integer(0, 65_535);
const positiveMs = integer(1);

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => ['1', '0', 'true', 'false'].includes(s), { error: 'cần 1 hoặc 0 (true hoặc false)' })
  .transform((s) => s === '1' || s === 'true');

function url(protocols: string[], needsHost = true) {
  return z
    .string()
    .trim()
    .refine(
      (s) => {
        try {
          const u = new URL(s);
          return protocols.includes(u.protocol) && (!needsHost || !!u.hostname);
        } catch {
          return false;
        }
      },
      { error: `cần một địa chỉ URL bắt đầu bằng ${protocols.map((p) => `${p}//`).join(' hoặc ')}` },
    );
}
const httpUrl = url(['http:', 'https:']);
/**
 * An external system's address: any scheme (http for most, smtp for the mail server, sftp…), with a
 * host. `SIM_<NAME>_URL` → `simulators.<name>`; `SIM_MAIL_SMTP_URL` → `simulators.mail_smtp`.
 */
const systemUrl = z
  .string()
  .trim()
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) && !!u.hostname;
      } catch {
        return false;
      }
    },
    { error: 'cần một địa chỉ URL đầy đủ, có giao thức và máy chủ (ví dụ http://127.0.0.1:4102)' },
  );

/** An origin exactly as a browser sends it in the Origin header: scheme, host, port; no path, no trailing '/'. */
const origins = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every((o) => {
        try {
          const u = new URL(o);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o;
        } catch {
          return false;
        }
      }),
    { error: 'cần các origin cách nhau bởi dấu phẩy, dạng https://ten-mien[:cong] (không có đường dẫn, không có / cuối)' },
  );

/** Secrets are keys for HMAC-SHA256: anything shorter than 16 characters is guessable. */
const secret = z.string().refine((s) => s.length >= 16, { error: 'khóa bí mật cần ít nhất 16 ký tự' });

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  error: 'cần một trong fatal, error, warn, info, debug, trace, silent',
});

/** The environment as the portal reads it; an absent or empty variable takes the default. */
const envSchema = z.object({
  HOST: z.string().trim().optional(),
  PORT: port.optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], false).optional(),
  DATA_DIR: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_FOLDERS_PER_DAY: integer(1).optional(),
  UPLOAD_FILES_PER_FOLDER: integer(1).optional(),
  UPLOAD_FOLDER_GRACE_HOURS: integer(1).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SEED_DEMO: flag.optional(),
  SEED_ORDERS: integer(0).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  JWT_SECRET: secret.optional(),
  FILE_TRANSFER_KEY: secret.optional(),
  SETTINGS_KEY: z
    .string()
    .trim()
    .refine((s) => /^[0-9a-fA-F]{64}$/.test(s) || /^[A-Za-z0-9+/_-]{43}=?$/.test(s), {
      error: 'cần khóa 32 byte: 64 ký tự hex hoặc chuỗi base64 của 32 byte',
    })
    .optional(),
  TOKEN_TTL_SECONDS: integer(1).optional(),
  SESSION_CACHE_SECONDS: integer(0).optional(),
  CORS_ORIGINS: origins.optional(),
  TRUST_PROXY: flag.optional(),
  LOG_LEVEL: logLevel.optional(),
  /** An empty WEB_DIST means "serve no web app" (kept apart from absent: see `readEnv`). */
  WEB_DIST: z.string().optional(),
  SIM_BASE_PORT: port.optional(),
  SMARTPORT_INFO_FILE: z.string().optional(),
  CUSTOMS_TIMEOUT_MS: positiveMs.optional(),
  CUSTOMS_RESULT_TIMEOUT_MS: positiveMs.optional(),
  PAY_NAPAS_SECRET: secret.optional(),
  PAY_VIETQR_SECRET: secret.optional(),
  PAY_VIETQR_ACCOUNT: z
    .string()
    .trim()
    .refine((s) => /^[0-9A-Za-z]{1,19}$/.test(s), { error: 'cần số tài khoản gồm 1–19 chữ số hoặc chữ cái' })
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  OUTBOUND_ALLOW: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every((e) => parseAllowEntry(e) !== null), {
      error: 'cần các mục cách nhau bởi dấu phẩy: tên máy, địa chỉ IP hoặc dải CIDR, có thể kèm :cổng (hoặc *:cổng)',
    })
    .optional(),
  OUTBOUND_TEST_MS: integer(100, 120_000).optional(),
  FILE_TRANSFER_URLS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every(fileTransferUrlOk), {
      error: 'cần các địa chỉ https:// (http:// chỉ với 127.0.0.1, ::1 hoặc localhost) cách nhau bởi dấu phẩy',
    })
    .optional(),
  TOS_USER: z.string().trim().max(100, 'tối đa 100 ký tự').optional(),
  TOS_PASSWORD: z.string().max(200, 'tối đa 200 ký tự').optional(),
});
type EnvKey = keyof typeof envSchema.shape;

/** A file-transfer address is https, or http on loopback only (the key travels in its Authorization header). */
function fileTransferUrlOk(s: string): boolean {
  try {
    const u = new URL(s);
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname);
    return u.protocol === 'https:' || (u.protocol === 'http:' && loopback);
  } catch {
    return false;
  }
}

/** Variables whose value never appears in a message (they may hold a password). */
const SENSITIVE = /SECRET|PASSWORD|KEY|DATABASE_URL|REDIS_URL/;
const SIM_URL = /^SIM_([A-Z0-9_]+)_URL$/;

function problem(variable: string, raw: string | undefined, message: string): ConfigProblem {
  const shown = raw === undefined || SENSITIVE.test(variable) ? '' : ` (đang là "${raw}")`;
  return { variable, message: `${message}${shown}` };
}

/**
 * Reads and checks the environment. Throws `ConfigError` naming each bad variable. The partner
 * secrets may still be missing here; `withSecrets` decides what that means for the start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  // Empty counts as unset (a blank `FOO=` line in a service file), as it always did; WEB_DIST='' is its own value.
  const raw: Partial<Record<EnvKey, string>> = {};
  for (const key of Object.keys(envSchema.shape) as EnvKey[]) {
    const value = env[key];
    if (value !== undefined && (value !== '' || key === 'WEB_DIST')) raw[key] = value;
  }
  const problems: ConfigProblem[] = [];
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      problems.push(problem(variable, raw[variable as EnvKey], issue.message));
    }
  }
  const simulators: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const name = SIM_URL.exec(key)?.[1];
    if (!name || !value) continue;
    const checked = systemUrl.safeParse(value);
    if (checked.success) simulators[name.toLowerCase()] = checked.data;
    else problems.push(problem(key, value, checked.error.issues[0]?.message ?? 'không hợp lệ'));
  }
  if (simulators.file_transfer && !fileTransferUrlOk(simulators.file_transfer))
    problems.push(
      problem('SIM_FILE_TRANSFER_URL', simulators.file_transfer, 'cần https:// (http:// chỉ với 127.0.0.1, ::1 hoặc localhost)'),
    );
  if (problems.length || !parsed.success) throw new ConfigError(problems.sort((a, b) => a.variable.localeCompare(b.variable)));

  const e = parsed.data;
  const memory = e.DATA_DIR === 'memory';
  return {
    host: e.HOST || '127.0.0.1',
    port: e.PORT ?? 3000,
    databaseUrl: e.DATABASE_URL,
    dataDir: memory ? 'memory' : resolve(root, e.DATA_DIR || 'data'),
    redisUrl: e.REDIS_URL,
    // Demo data by default on the embedded database; on a real PostgreSQL only when asked for.
    demo: e.SEED_DEMO ?? !e.DATABASE_URL,
    seedOrders: e.SEED_ORDERS ?? 20_000,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    settingsKey: e.SETTINGS_KEY,
    fileTransferKey: e.FILE_TRANSFER_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS ?? 12 * 3600,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS ?? 30,
    corsOrigins: e.CORS_ORIGINS ?? [],
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST === '' ? undefined : resolve(root, e.WEB_DIST || 'apps/web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    simulators,
    simBasePort: e.SIM_BASE_PORT ?? 4100,
    infoFile: e.SMARTPORT_INFO_FILE,
    uploadDir: e.UPLOAD_DIR ? resolve(root, e.UPLOAD_DIR) : memory ? 'memory' : resolve(root, e.DATA_DIR || 'data', 'uploads'),
    uploadFoldersPerDay: e.UPLOAD_FOLDERS_PER_DAY ?? 100,
    uploadFilesPerFolder: e.UPLOAD_FILES_PER_FOLDER ?? 20,
    uploadFolderGraceHours: e.UPLOAD_FOLDER_GRACE_HOURS ?? 24,
    customsTimeoutMs: e.CUSTOMS_TIMEOUT_MS ?? 15_000,
    customsResultTimeoutMs: e.CUSTOMS_RESULT_TIMEOUT_MS ?? 120_000,
    payNapasSecret: e.PAY_NAPAS_SECRET,
    payVietQrSecret: e.PAY_VIETQR_SECRET,
    payVietQrAccount: e.PAY_VIETQR_ACCOUNT ?? '0801000123456',
    publicUrl: e.PUBLIC_URL,
    tosUser: e.TOS_USER,
    tosPassword: e.TOS_PASSWORD,
    outboundAllow: e.OUTBOUND_ALLOW ?? [],
    outboundTestMs: e.OUTBOUND_TEST_MS ?? 10_000,
    fileTransferUrls: e.FILE_TRANSFER_URLS ?? [],
  };
}

/**
 * No secret lives in the source. Outside demo mode a missing secret refuses the start,
 * naming every missing variable. In demo mode a missing one is a fresh random value made by
 * `generate` (per variable: a settings key is 32 random bytes); `npm start` makes the partner keys
 * first and hands the same ones to the simulators it launches. A demo start keeps its generated
 * JWT_SECRET and SETTINGS_KEY in a key file under its data folder, never in the database
 * (security/portal-keys.ts), so a demo keeps its sessions and sealed settings across restarts.
 */
export function withSecrets(
  config: PortalConfig,
  generate: (variable: SecretVariable) => string = (variable) => secretByVariable(variable).generate(),
): RunConfig {
  const keys = Object.keys(requiredSecrets) as SecretKey[];
  const missing = keys.filter((k) => !config[k]);
  if (missing.length && !config.demo) {
    throw new ConfigError(
      missing.map((k) => ({
        variable: requiredSecrets[k].variable,
        message: `bắt buộc ngoài chế độ demo (${requiredSecrets[k].purpose})`,
      })),
    );
  }
  const run = { ...config } as Record<SecretKey, string>;
  for (const k of missing) run[k] = generate(requiredSecrets[k].variable);
  return { ...config, ...run, generatedSecrets: missing.map((k) => requiredSecrets[k].variable) };
}

function secretByVariable(variable: SecretVariable) {
  const found = Object.values(requiredSecrets).find((s) => s.variable === variable);
  if (!found) throw new Error(`no secret ${variable}`);
  return found;
}

/** The environment variable of each partner secret and of the simulator that shares it (`npm start`). */
export const partnerSecretVariables = [
  { portal: requiredSecrets.payNapasSecret.variable, simulator: 'SIM_NAPAS_SECRET' },
  { portal: requiredSecrets.payVietQrSecret.variable, simulator: 'SIM_VIETQR_SECRET' },
] as const;
