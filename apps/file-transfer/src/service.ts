import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import {
  type AccountType,
  type ConfigUser,
  defaultConfig,
  formatConfig,
  layoutFor,
  parseConfig,
  type ServiceConfig,
  TERMINAL_CODE,
  USERNAME,
  validIpOrNetwork,
} from './config-file';
import { hashPassword } from './passwords';

export const CONFIG_FILE = 'sftp.json';
export const HOST_KEY_FILE = 'ssh_host_ecdsa_key';

/** What the control API answers (spec 03 §7: success with data or out; a refusal with its reason). */
export type Answer =
  | { success: true; out?: string; data?: unknown; truncated?: boolean }
  | { success: false; status: number; error: string };

const refuse = (status: number, error: string): Answer => ({ success: false, status, error });

/** An account as the portal lists it: everything but the password hash. */
export type AccountView = Omit<ConfigUser, 'password_hash'>;

export interface AccountInput {
  username: string;
  password?: string | undefined;
  description: AccountType;
  allowed_list: string[];
  terminal_list: string[];
  additional_info?: string | undefined;
}

/** The host key: made on the first start (ECDSA P-256, PEM) and kept in the data folder. */
export async function hostKey(dataDir: string): Promise<string> {
  const file = join(dataDir, HOST_KEY_FILE);
  try {
    return await readFile(file, 'utf8');
  } catch {
    const { privateKey } = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'sec1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await writeFile(file, privateKey, { mode: 0o600 });
    return privateKey;
  }
}

/** The host key's fingerprint as OpenSSH prints it (`SHA256:` and the unpadded base64 of the public key blob). */
export function hostKeyFingerprint(pem: string): string {
  const parsed = ssh2.utils.parseKey(pem);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error) throw new Error('Không đọc được khóa máy chủ SFTP.');
  return `SHA256:${createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The service's state: the config file on disk and the config in force. Changes run one at a time.
 * /write saves a checked text (applied by /restart); the account operations save and apply at once.
 */
export function createFileTransferState(dataDir: string, onApplied: (c: ServiceConfig) => void) {
  const file = join(dataDir, CONFIG_FILE);
  let running: ServiceConfig = defaultConfig;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const p = queue.then(work, work);
    queue = p.catch(() => undefined);
    return p;
  };

  async function save(text: string) {
    const tmp = `${file}.tmp`;
    await writeFile(tmp, text, { mode: 0o600 });
    await rename(tmp, file);
  }
  const readText = () => readFile(file, 'utf8');

  function apply(c: ServiceConfig) {
    running = c;
    onApplied(c);
  }

  const summary = (c: ServiceConfig) => {
    const count = (t: AccountType) => c.users.filter((u) => u.description === t).length;
    return `${c.users.length} tài khoản (IT: ${count('IT')}, OPR: ${count('OPR')}, chưa chọn loại: ${count('*')})`;
  };

  /** The config as saved, for an account change; refused while the file does not validate. */
  async function current(): Promise<{ ok: true; config: ServiceConfig } | { ok: false; answer: Answer }> {
    const parsed = await parseConfig(await readText(), dataDir);
    if (!parsed.ok)
      return {
        ok: false,
        answer: refuse(409, `Tệp cấu hình đang lưu không hợp lệ, sửa ở màn hình Cấu hình SFTP trước. ${parsed.message}`),
      };
    return parsed;
  }

  async function commit(c: ServiceConfig) {
    await save(formatConfig(c));
    apply(c);
  }

  function checkInput(a: AccountInput, creating: boolean): string | null {
    if (!USERNAME.test(a.username)) return 'Tên đăng nhập 3–32 ký tự gồm chữ, số, dấu . _ - (bắt đầu bằng chữ hoặc số).';
    if (creating && !a.password) return 'Vui lòng nhập mật khẩu !';
    const badIp = a.allowed_list.find((ip) => !validIpOrNetwork(ip));
    if (badIp !== undefined) return `Địa chỉ IP không hợp lệ: ${badIp}`;
    const badTerminal = a.terminal_list.find((t) => !TERMINAL_CODE.test(t));
    if (badTerminal !== undefined) return `Mã cảng không hợp lệ: ${badTerminal}`;
    return null;
  }

  return {
    /** Reads the file (a first start writes the empty config) and applies it; a broken file starts with no account. */
    async start(): Promise<string> {
      await mkdir(dataDir, { recursive: true });
      let text: string;
      try {
        text = await readText();
      } catch {
        text = formatConfig(defaultConfig);
        await save(text);
      }
      const parsed = await parseConfig(text, dataDir);
      apply(parsed.ok ? parsed.config : defaultConfig);
      return parsed.ok ? `Đã nạp cấu hình: ${summary(parsed.config)}` : `${parsed.message} Dịch vụ chạy không có tài khoản nào.`;
    },
    config: () => running,

    read: (): Promise<Answer> => serial(async () => ({ success: true, data: await readText() })),

    write: (text: unknown): Promise<Answer> =>
      serial(async () => {
        if (typeof text !== 'string' || !text.trim()) return refuse(400, 'Nội dung cấu hình trống.');
        if (text.length > 2_000_000) return refuse(400, 'Nội dung cấu hình quá lớn (tối đa 2 MB).');
        const parsed = await parseConfig(text, dataDir);
        if (!parsed.ok) return refuse(400, `${parsed.message} Tệp cấu hình không thay đổi.`);
        await save(formatConfig(parsed.config));
        return { success: true, out: `Đã lưu cấu hình: ${summary(parsed.config)}. Bấm Restart để áp dụng.` };
      }),

    restart: (): Promise<Answer> =>
      serial(async () => {
        const parsed = await parseConfig(await readText(), dataDir);
        if (!parsed.ok) return refuse(400, `${parsed.message} Vẫn chạy cấu hình cũ: ${summary(running)}.`);
        apply(parsed.config);
        return { success: true, out: `Đã nạp lại cấu hình: ${summary(parsed.config)}.` };
      }),

    list: (): Promise<Answer> =>
      serial(async () => {
        const cur = await current();
        if (!cur.ok) return cur.answer;
        return { success: true, data: cur.config.users.map(({ password_hash: _, ...view }) => view satisfies AccountView) };
      }),

    /** /create_user {user, pass}: an account with no type yet (its own folder only, from any address). */
    createUser: (user: unknown, pass: unknown): Promise<Answer> =>
      serial(async () => {
        if (typeof user !== 'string' || typeof pass !== 'string') return refuse(400, 'Cần user và pass.');
        return createAccount({ username: user, password: pass, description: '*', allowed_list: [], terminal_list: [] });
      }),

    create: (a: AccountInput): Promise<Answer> => serial(() => createAccount(a)),

    update: (a: AccountInput): Promise<Answer> =>
      serial(async () => {
        const bad = checkInput(a, false);
        if (bad) return refuse(400, bad);
        const cur = await current();
        if (!cur.ok) return cur.answer;
        const c = cur.config;
        const i = c.users.findIndex((u) => u.username.toLowerCase() === a.username.toLowerCase());
        const old = c.users[i];
        if (!old) return refuse(404, `Không có tài khoản ${a.username}.`);
        const typeChanged = old.description !== a.description || old.terminal_list.join(',') !== a.terminal_list.join(',');
        const next: ConfigUser = {
          ...old,
          description: a.description,
          ...(typeChanged ? layoutFor(c, old.username, a.description, a.terminal_list) : {}),
          filters: { ...old.filters, allowed_ip: a.allowed_list },
          terminal_list: a.terminal_list,
          additional_info: a.additional_info ?? old.additional_info,
          password_hash: a.password ? await hashPassword(a.password) : old.password_hash,
        };
        await commit({ ...c, users: c.users.map((u, j) => (j === i ? next : u)) });
        return { success: true, out: `Đã cập nhật tài khoản ${old.username}.` };
      }),

    remove: (username: unknown): Promise<Answer> =>
      serial(async () => {
        if (typeof username !== 'string' || !username) return refuse(400, 'Cần username.');
        const cur = await current();
        if (!cur.ok) return cur.answer;
        const c = cur.config;
        const found = c.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
        if (!found) return refuse(404, `Không có tài khoản ${username}.`);
        // The account's files stay on disk (they belong to the terminal); only the login goes.
        await commit({ ...c, users: c.users.filter((u) => u !== found) });
        return { success: true, out: `Đã xóa tài khoản ${found.username}.` };
      }),
  };

  async function createAccount(a: AccountInput): Promise<Answer> {
    const bad = checkInput(a, true);
    if (bad) return refuse(400, bad);
    const cur = await current();
    if (!cur.ok) return cur.answer;
    const c = cur.config;
    if (c.users.some((u) => u.username.toLowerCase() === a.username.toLowerCase()))
      return refuse(409, `Tài khoản ${a.username} đã tồn tại.`);
    const user: ConfigUser = {
      username: a.username,
      password_hash: await hashPassword(a.password ?? ''),
      description: a.description,
      ...layoutFor(c, a.username, a.description, a.terminal_list),
      filters: { allowed_ip: a.allowed_list, file_patterns: [] },
      terminal_list: a.terminal_list,
      additional_info: a.additional_info ?? '',
    };
    await commit({ ...c, users: [...c.users, user] });
    return { success: true, out: `Đã tạo tài khoản ${a.username}.` };
  }
}
export type FileTransferState = ReturnType<typeof createFileTransferState>;
