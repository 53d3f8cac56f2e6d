import { isIP } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';
import { z } from 'zod';
import { hashPassword, PASSWORD_HASH } from './passwords';
import { defaultThrottleSettings, type ThrottleSettings } from './throttle';

/**
 * The service's whole configuration: one JSON file (`sftp.json` in its data folder), read by /read,
 * replaced by /write (checked first: a text that does not parse or validate is refused and the file
 * kept), applied by /restart. Every path is relative to the data folder (or absolute inside it) and
 * may not leave it.
 *
 * ```json
 * {
 *   "data_home": "home",          // IT accounts' root; OPR folders are <data_home>/<terminal>/<user>
 *   "users_home": "users",        // each OPR (and untyped) account's own root: <users_home>/<user>
 *   "users": [{
 *     "username": "opr1",
 *     "password_hash": "scrypt$16384$8$1$…$…",   // or "password": "clear text", hashed when written
 *     "description": "OPR",                      // OPR shipping line | IT terminal management | * not chosen
 *     "home_dir": "users/opr1",
 *     "virtual_folders": [{ "virtual_path": "/CTL", "mapped_path": "home/CTL/opr1" }],
 *     "filters": {
 *       "allowed_ip": ["127.0.0.1"],             // empty = any address
 *       "file_patterns": [{ "path": "/", "allowed_patterns": ["*.xml"], "denied_patterns": [] }]
 *     },
 *     "terminal_list": ["CTL"],
 *     "additional_info": ""
 *   }],
 *   "security": {                  // password guessing limits (throttle.ts), per account and per client address
 *     "max_failures": 10,          // failures within the window that lock the account / the address
 *     "failure_window_seconds": 900,
 *     "lock_seconds": 900,         // how long a lock lasts (or until 'Mở khóa' in the portal)
 *     "delay_base_ms": 500,        // the refusal after n failures waits base × 2^(n−1) ms…
 *     "delay_max_ms": 8000         // …at most this
 *   }
 * }
 * ```
 */

export const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;
export const TERMINAL_CODE = /^[A-Za-z0-9_-]{1,20}$/;
export const accountTypes = ['OPR', 'IT', '*'] as const;
export type AccountType = (typeof accountTypes)[number];

/** An address `a.b.c.d` or IPv6, optionally a network `/bits`. */
export function validIpOrNetwork(value: string): boolean {
  const [ip, bits, extra] = value.split('/');
  if (extra !== undefined || !ip) return false;
  const family = isIP(ip);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const relPath = z.string().min(1, 'không được để trống').max(500, 'tối đa 500 ký tự');
const pattern = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^/\\]+$/, 'mẫu tệp không chứa / hay \\');

const filePattern = z.strictObject({
  path: z.string().regex(/^\/[^\\]*$/, 'đường dẫn bắt đầu bằng /'),
  allowed_patterns: z.array(pattern).default([]),
  denied_patterns: z.array(pattern).default([]),
});

const userSchema = z
  .strictObject({
    username: z.string().regex(USERNAME, 'tên đăng nhập 3–32 ký tự: chữ, số, . _ - (bắt đầu bằng chữ hoặc số)'),
    password_hash: z.string().regex(PASSWORD_HASH, 'password_hash phải có dạng scrypt$N$r$p$salt$hash').optional(),
    password: z.string().min(1).max(200).optional(),
    description: z.enum(accountTypes, { error: 'description phải là OPR, IT hoặc *' }),
    home_dir: relPath,
    virtual_folders: z
      .array(
        z.strictObject({
          virtual_path: z.string().regex(/^\/[A-Za-z0-9._-]+$/, 'virtual_path có dạng /TEN (một cấp)'),
          mapped_path: relPath,
        }),
      )
      .default([]),
    filters: z
      .strictObject({
        allowed_ip: z.array(z.string().refine(validIpOrNetwork, 'địa chỉ IP (hoặc mạng IP/bit) không hợp lệ')).default([]),
        file_patterns: z.array(filePattern).default([]),
      })
      .default({ allowed_ip: [], file_patterns: [] }),
    terminal_list: z.array(z.string().regex(TERMINAL_CODE, 'mã cảng không hợp lệ')).default([]),
    additional_info: z.string().max(2000).default(''),
  })
  .refine((u) => u.password_hash || u.password, { error: 'cần password_hash (hoặc password)' });

const whole = (min: number, max: number) => z.int(`số nguyên từ ${min} đến ${max}`).min(min).max(max);
const securitySchema = z.strictObject({
  max_failures: whole(1, 1000).default(defaultThrottleSettings.max_failures),
  failure_window_seconds: whole(1, 86_400).default(defaultThrottleSettings.failure_window_seconds),
  lock_seconds: whole(1, 604_800).default(defaultThrottleSettings.lock_seconds),
  delay_base_ms: whole(0, 10_000).default(defaultThrottleSettings.delay_base_ms),
  delay_max_ms: whole(0, 60_000).default(defaultThrottleSettings.delay_max_ms),
});

const fileSchema = z.strictObject({
  data_home: relPath.default('home'),
  users_home: relPath.default('users'),
  users: z.array(userSchema).default([]),
  security: securitySchema.default(defaultThrottleSettings),
});

export type ConfigUser = Omit<z.output<typeof userSchema>, 'password' | 'password_hash'> & { password_hash: string };
export interface ServiceConfig {
  data_home: string;
  users_home: string;
  users: ConfigUser[];
  security: ThrottleSettings;
}

export type Parsed = { ok: true; config: ServiceConfig } | { ok: false; message: string };

/** Inside `root`, never above it (a relative path or an absolute one under it). */
export function insideRoot(root: string, path: string): boolean {
  const rel = relative(root, resolve(root, path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Parses and checks a config text. A clear password (`password`) is hashed here, so the saved file
 * only ever holds hashes. The message says where the text is wrong (line of the JSON error, field path).
 */
export async function parseConfig(text: string, dataDir: string): Promise<Parsed> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Cấu hình không hợp lệ: không đọc được JSON (${(e as Error).message}).` };
  }
  const r = fileSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'tệp';
    return { ok: false, message: `Cấu hình không hợp lệ ở ${where}: ${issue?.message ?? 'sai cấu trúc'}.` };
  }
  const c = r.data;
  const seen = new Set<string>();
  for (const [i, u] of c.users.entries()) {
    const key = u.username.toLowerCase();
    if (seen.has(key)) return { ok: false, message: `Cấu hình không hợp lệ: tài khoản ${u.username} xuất hiện hai lần.` };
    seen.add(key);
    const paths = [
      ['home_dir', u.home_dir],
      ...u.virtual_folders.map((v, j) => [`virtual_folders.${j}.mapped_path`, v.mapped_path]),
    ] as const;
    for (const [field, p] of paths) {
      if (!insideRoot(dataDir, p)) {
        return {
          ok: false,
          message: `Cấu hình không hợp lệ ở users.${i}.${field}: đường dẫn "${p}" nằm ngoài thư mục dữ liệu của dịch vụ.`,
        };
      }
    }
    const vpaths = new Set<string>();
    for (const v of u.virtual_folders) {
      if (vpaths.has(v.virtual_path.toLowerCase())) {
        return { ok: false, message: `Cấu hình không hợp lệ: ${u.username} có hai thư mục ảo ${v.virtual_path}.` };
      }
      vpaths.add(v.virtual_path.toLowerCase());
    }
  }
  for (const [field, p] of [
    ['data_home', c.data_home],
    ['users_home', c.users_home],
  ] as const) {
    if (!insideRoot(dataDir, p))
      return { ok: false, message: `Cấu hình không hợp lệ ở ${field}: "${p}" nằm ngoài thư mục dữ liệu của dịch vụ.` };
  }
  const users: ConfigUser[] = [];
  for (const u of c.users) {
    const { password, password_hash, ...rest } = u;
    users.push({ ...rest, password_hash: password !== undefined ? await hashPassword(password) : (password_hash as string) });
  }
  return { ok: true, config: { data_home: c.data_home, users_home: c.users_home, users, security: { ...c.security } } };
}

export const formatConfig = (c: ServiceConfig) => `${JSON.stringify(c, null, 2)}\n`;

export const defaultConfig: ServiceConfig = {
  data_home: 'home',
  users_home: 'users',
  users: [],
  security: { ...defaultThrottleSettings },
};

/** The folders an account gets from its type and terminals (spec 03 §9): IT under the data home, OPR in virtual folders. */
export function layoutFor(
  c: Pick<ServiceConfig, 'data_home' | 'users_home'>,
  username: string,
  type: AccountType,
  terminals: string[],
): Pick<ConfigUser, 'home_dir' | 'virtual_folders'> {
  if (type === 'IT') return { home_dir: c.data_home, virtual_folders: [] };
  return {
    home_dir: `${c.users_home}/${username}`,
    virtual_folders:
      type === 'OPR' ? terminals.map((t) => ({ virtual_path: `/${t}`, mapped_path: `${c.data_home}/${t}/${username}` })) : [],
  };
}
