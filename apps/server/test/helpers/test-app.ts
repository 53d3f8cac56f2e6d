import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import { type CallDef, type CallInput, type CallReply, calls } from '@smartport/contract';
import { demoNapasSecret, demoVietQrSecret } from '@smartport/simulators';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { type BuildOptions, buildApp, type PortalApp } from '../../src/app';
import type { PortalConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { demoUsers } from '../../src/db/seed/access.data';
import type { ThrottleLimits } from '../../src/modules/auth/auth.service';
import { templateSeed } from './seeded-template';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database the integration tests run on: set per vitest project (vitest.config.ts). */
export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB_KIND ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DB_KIND không hợp lệ: ${kind}`);
  return kind;
}

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL database's URL (another pool on it = another instance's connections); absent on PGlite. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the test database. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated, empty database (or, with `template` on PostgreSQL, a copy of that database): an in-memory PGlite, or a new `sp_test_<hex>` database on the
 * PostgreSQL server of TEST_DATABASE_URL.
 */
export async function openTestDatabase(kind: TestDbKind = testDbKind(), template?: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, close: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres cần TEST_DATABASE_URL');
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  } catch (err) {
    await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    throw err;
  }
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

let seededDump: Blob | undefined;

/**
 * A migrated database holding createTestApp's demo data (templateSeed), copied from the one seeded by the integration
 * projects' globalSetup (seeded-template.ts); a fresh empty one (seeded by the portal itself) when there is none.
 */
export async function openSeededTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  const template = inject('seededTemplate');
  if (!template) return openTestDatabase(kind);
  if (kind === 'pglite') {
    seededDump ??= new Blob([readFileSync(template)]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: seededDump });
    return { database, close: () => database.close() };
  }
  return openTestDatabase(kind, template);
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

/** How a test reaches the portal beyond the body and the token. */
export interface CallExtra {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/**
 * The value, failing the test when it is missing: a reply's optional `payload` or `data` read by a test must be there,
 * so a missing one fails instead of letting a loop or every() check nothing.
 */
export function present<T>(value: T | null | undefined, what = 'the value'): T {
  expect(value, `${what} is missing`).toBeDefined();
  expect(value, `${what} is null`).not.toBeNull();
  return value as T;
}

export interface TestAppOptions {
  throttle?: Partial<ThrottleLimits>;
  config?: Partial<PortalConfig>;
  /** Build this portal on another test app's database (e.g. a second instance); close() then leaves the database open. */
  database?: Database;
  liveRecheckMs?: number;
  pressure?: BuildOptions['pressure'];
  jobs?: BuildOptions['jobs'];
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const demoPassword = (userId: string) => {
  const user = demoUsers.find((u) => u.UserID === userId);
  if (!user) throw new Error(`Không có người dùng mẫu ${userId}`);
  return user.password;
};

/** A portal with demo data on a fresh database (or on `opts.database`), driven through `inject`. */
export async function createTestApp(opts: TestAppOptions = {}) {
  // The portal seeds what its database lacks: a copy of the seeded template when this portal would seed the same.
  const seedAsTemplate = ['demo', 'seedOrders', 'adminPassword'].every(
    (k) =>
      opts.config?.[k as keyof PortalConfig] === undefined ||
      opts.config[k as keyof PortalConfig] === templateSeed[k as keyof typeof templateSeed],
  );
  const owned = opts.database ? null : await (seedAsTemplate ? openSeededTestDatabase() : openTestDatabase());
  const database = opts.database ?? (owned as TestDatabase).database;
  let portal: PortalApp;
  try {
    portal = await buildApp({
      database,
      config: {
        demo: true,
        seedOrders: 300,
        webDist: undefined,
        // A demo start's made-up keys stay in this process's memory (never the repository's data folder).
        dataDir: 'memory',
        // The test deployment lists loopback, where its simulators listen (outbound-fence tests list nothing).
        outboundAllow: ['127.0.0.1', '::1'],
        outboundTestMs: 2_000,
        redisUrl: undefined,
        port: 0,
        corsOrigins: [],
        // The in-test simulators sign with their own demo keys (the portal itself has none in its source).
        payNapasSecret: demoNapasSecret,
        payVietQrSecret: demoVietQrSecret,
        ...opts.config,
      },
      logger: false,
      ...(opts.throttle ? { throttle: opts.throttle } : {}),
      ...(opts.liveRecheckMs ? { liveRecheckMs: opts.liveRecheckMs } : {}),
      // Calls are admitted as in production (plugins/shedding.ts): by calls in flight, never by a busy test machine's loop.
      ...(opts.pressure ? { pressure: opts.pressure } : {}),
      ...(opts.jobs ? { jobs: opts.jobs } : {}),
    });
  } catch (err) {
    await owned?.close();
    throw err;
  }
  const { app } = portal;

  /**
   * `POST /api/<path>` through `inject`. Given a call of the contract, the body is that call's input and the reply is
   * typed as its reply (CallReply); a bare path is for deliberately malformed bodies and routes outside the contract.
   */
  function call<C extends CallDef>(
    def: C,
    body?: CallInput<C>,
    token?: string | null,
    extra?: CallExtra,
  ): Promise<CallResult<CallReply<C>>>;
  function call<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    token?: string | null,
    extra?: CallExtra,
  ): Promise<CallResult<T>>;
  async function call(
    target: string | CallDef,
    body?: unknown,
    token?: string | null,
    extra: CallExtra = {},
  ): Promise<CallResult<unknown>> {
    const path = typeof target === 'string' ? target : target.path;
    const res = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra.headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
    let parsed: unknown;
    try {
      parsed = res.json();
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, body: parsed, headers: res.headers, raw: res.body };
  }

  /** Sends any body at all to a call of the contract (a test of refused input); the reply is typed as that call's. */
  const send = <C extends CallDef>(def: C, body: unknown, token?: string | null, extra?: CallExtra) =>
    call<CallReply<C>>(def.path, body, token, extra);

  async function login(userId: string, password: string = demoPassword(userId), remoteAddress = '127.0.0.1'): Promise<string> {
    const res = await call(calls.auth.login, { UserID: userId, Password: password }, null, { remoteAddress });
    if (res.status !== 200 || !res.body.access_token) throw new Error(`Đăng nhập ${userId} thất bại: ${res.status} ${res.raw}`);
    return res.body.access_token;
  }

  /** Rows of plain SQL on the test database. */
  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => database.query<T>(text, params);

  /** A user (and its group, if new) written straight into the database; the group gets only `grants`. */
  async function addUser(u: {
    UserID: string;
    UserGroupCode: string;
    password: string;
    terminals?: string[];
    Rank?: number;
    grants?: string[];
  }) {
    await sql(
      'INSERT INTO user_groups (user_group_code, user_group_name, rank) VALUES ($1, $2, $3) ON CONFLICT (user_group_code) DO NOTHING',
      [u.UserGroupCode, `Nhóm thử ${u.UserGroupCode}`, u.Rank ?? 10],
    );
    for (const menuId of u.grants ?? []) {
      await sql('INSERT INTO group_menus (user_group_code, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [u.UserGroupCode, menuId]);
    }
    await sql('INSERT INTO users (user_id, user_name, password_hash, user_group_code, terminal_codes) VALUES ($1, $2, $3, $4, $5)', [
      u.UserID,
      `Người dùng thử ${u.UserID}`,
      await hash(u.password),
      u.UserGroupCode,
      u.terminals ?? ['NDP'],
    ]);
  }

  let closed = false;
  return {
    app,
    portal,
    database,
    call,
    send,
    login,
    sql,
    addUser,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
      } finally {
        await owned?.close();
      }
    },
  };
}

/** Letters only Vietnamese writes (with its tones): a message carrying one of them is Vietnamese. */
export const vietnamese = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;
