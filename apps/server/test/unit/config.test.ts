import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoNapasSecret, demoVietQrSecret } from '@smartport/simulators';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig, type RunConfig, withSecrets } from '../../src/config';
import { parseSettingsKey } from '../../src/security/secret-box';

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const serverSrc = join(root, 'apps/server/src');

/** The problems of a refused environment (fails the test when it is accepted). */
function refused(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('loadConfig: every README variable with its default', () => {
  it('answers the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      dataDir: join(root, 'data'),
      uploadDir: join(root, 'data', 'uploads'),
      redisUrl: undefined,
      demo: true,
      seedOrders: 20_000,
      adminPassword: undefined,
      jwtSecret: undefined,
      settingsKey: undefined,
      fileTransferKey: undefined,
      tokenTtlSeconds: 43_200,
      corsOrigins: [],
      trustProxy: false,
      webDist: join(root, 'apps/web/dist'),
      logLevel: 'info',
      simulators: {},
      simBasePort: 4100,
      infoFile: undefined,
      customsTimeoutMs: 15_000,
      customsResultTimeoutMs: 120_000,
      uploadFoldersPerDay: 100,
      uploadFilesPerFolder: 20,
      uploadFolderGraceHours: 24,
      payNapasSecret: undefined,
      payVietQrSecret: undefined,
      payVietQrAccount: '0801000123456',
      publicUrl: undefined,
    });
  });

  it('treats an empty variable as unset (DATABASE_URL= and REDIS_URL= as the end-to-end tests set them)', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', SEED_ORDERS: '', LOG_LEVEL: '', CORS_ORIGINS: '' });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.demo).toBe(true);
    expect(c.seedOrders).toBe(20_000);
  });

  it('reads every variable that is set', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATABASE_URL: 'postgres://portal:pw@db.internal:5432/smartport',
      DATA_DIR: '/var/lib/smartport',
      UPLOAD_DIR: '/srv/uploads',
      REDIS_URL: 'redis://cache:6379',
      SEED_ORDERS: '0',
      ADMIN_PASSWORD: 'Quản trị@2026',
      JWT_SECRET: 'x'.repeat(40),
      FILE_TRANSFER_KEY: 'f'.repeat(32),
      TOKEN_TTL_SECONDS: '3600',
      CORS_ORIGINS: 'https://portal.example.vn, http://localhost:5173',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
      SIM_BASE_PORT: '5100',
      SMARTPORT_INFO_FILE: '/tmp/info.json',
      CUSTOMS_TIMEOUT_MS: '400',
      CUSTOMS_RESULT_TIMEOUT_MS: '8000',
      UPLOAD_FOLDERS_PER_DAY: '30',
      UPLOAD_FILES_PER_FOLDER: '5',
      UPLOAD_FOLDER_GRACE_HOURS: '48',
      PAY_NAPAS_SECRET: 'n'.repeat(32),
      PAY_VIETQR_SECRET: 'v'.repeat(32),
      PAY_VIETQR_ACCOUNT: '1234567890',
      PUBLIC_URL: 'https://cang.example.vn',
      SIM_CUSTOMS_URL: 'http://127.0.0.1:4102',
      SIM_EINVOICE_URL: 'https://einvoice.example.vn/api',
      SIM_MAIL_SMTP_URL: 'smtp://127.0.0.1:4107',
    });
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      databaseUrl: 'postgres://portal:pw@db.internal:5432/smartport',
      dataDir: '/var/lib/smartport',
      uploadDir: '/srv/uploads',
      redisUrl: 'redis://cache:6379',
      demo: false,
      seedOrders: 0,
      adminPassword: 'Quản trị@2026',
      jwtSecret: 'x'.repeat(40),
      fileTransferKey: 'f'.repeat(32),
      tokenTtlSeconds: 3600,
      corsOrigins: ['https://portal.example.vn', 'http://localhost:5173'],
      trustProxy: true,
      logLevel: 'warn',
      webDist: '/srv/web',
      simBasePort: 5100,
      infoFile: '/tmp/info.json',
      customsTimeoutMs: 400,
      customsResultTimeoutMs: 8000,
      uploadFoldersPerDay: 30,
      uploadFilesPerFolder: 5,
      uploadFolderGraceHours: 48,
      payNapasSecret: 'n'.repeat(32),
      payVietQrSecret: 'v'.repeat(32),
      payVietQrAccount: '1234567890',
      publicUrl: 'https://cang.example.vn',
      simulators: { customs: 'http://127.0.0.1:4102', einvoice: 'https://einvoice.example.vn/api', mail_smtp: 'smtp://127.0.0.1:4107' },
    });
  });

  it('seeds demo data on PGlite by default, on PostgreSQL only when SEED_DEMO asks', () => {
    const pg = 'postgres://localhost/smartport';
    expect(loadConfig({ DATABASE_URL: pg }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: pg, SEED_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: pg, SEED_DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).demo).toBe(false);
  });

  it('keeps DATA_DIR=memory in memory, uploads in a temporary folder unless UPLOAD_DIR names one', () => {
    expect(loadConfig({ DATA_DIR: 'memory' })).toMatchObject({ dataDir: 'memory', uploadDir: 'memory' });
    expect(loadConfig({ DATA_DIR: 'memory', UPLOAD_DIR: 'tmp/up' }).uploadDir).toBe(join(root, 'tmp/up'));
    expect(loadConfig({ DATA_DIR: 'var/db' }).uploadDir).toBe(join(root, 'var/db/uploads'));
  });

  it('serves no web app when WEB_DIST is set empty (not the same as unset)', () => {
    expect(loadConfig({ WEB_DIST: '' }).webDist).toBeUndefined();
  });

  it('takes TRUST_PROXY=0 as off and accepts a Unix-socket PostgreSQL URL', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql:///smartport?host=/run/postgresql' }).databaseUrl).toBe(
      'postgresql:///smartport?host=/run/postgresql',
    );
  });
});

describe('loadConfig: the outbound policy and the file-transfer addresses', () => {
  it('reads OUTBOUND_ALLOW, OUTBOUND_TEST_MS and FILE_TRANSFER_URLS', () => {
    const c = loadConfig({
      OUTBOUND_ALLOW: '10.20.0.0/16, tos.noibo:9000 *:9443',
      OUTBOUND_TEST_MS: '3000',
      FILE_TRANSFER_URLS: 'https://sftp.cang.vn/api,http://127.0.0.1:4120',
    });
    expect(c.outboundAllow).toEqual(['10.20.0.0/16', 'tos.noibo:9000', '*:9443']);
    expect(c.outboundTestMs).toBe(3000);
    expect(c.fileTransferUrls).toEqual(['https://sftp.cang.vn/api', 'http://127.0.0.1:4120']);
    expect(loadConfig({})).toMatchObject({ outboundAllow: [], outboundTestMs: 10_000, fileTransferUrls: [] });
  });
});

describe('loadConfig: a bad value stops the start, naming the variable', () => {
  const cases: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['SEED_ORDERS', '-1'],
    ['SEED_ORDERS', '2.5'],
    ['SEED_ORDERS', 'many'],
    ['TOKEN_TTL_SECONDS', '0'],
    ['CUSTOMS_TIMEOUT_MS', '0'],
    ['CUSTOMS_RESULT_TIMEOUT_MS', '2m'],
    ['SIM_BASE_PORT', '99999'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/smartport'],
    ['REDIS_URL', 'http://cache:6379'],
    ['PUBLIC_URL', 'cang.example.vn'],
    ['PUBLIC_URL', 'ftp://cang.example.vn'],
    ['SIM_CUSTOMS_URL', '127.0.0.1:4102'],
    ['SIM_CUSTOMS_URL', 'http://'],
    ['SIM_MAIL_SMTP_URL', 'localhost'],
    ['CORS_ORIGINS', 'https://portal.example.vn/'],
    ['CORS_ORIGINS', 'https://ok.example.vn,*'],
    ['LOG_LEVEL', 'verbose'],
    ['SEED_DEMO', 'maybe'],
    ['UPLOAD_FOLDERS_PER_DAY', '0'],
    ['UPLOAD_FILES_PER_FOLDER', '2.5'],
    ['UPLOAD_FOLDER_GRACE_HOURS', 'một ngày'],
    ['TRUST_PROXY', 'yes'],
    ['JWT_SECRET', 'short'],
    ['PAY_NAPAS_SECRET', 'secret'],
    ['PAY_VIETQR_ACCOUNT', '0801-000-123'],
    ['OUTBOUND_ALLOW', '10.0.0.0/33'],
    ['OUTBOUND_ALLOW', 'tos.cang.vn,http://x'],
    ['OUTBOUND_TEST_MS', '0'],
    ['FILE_TRANSFER_URLS', 'http://sftp.cang.vn'],
    ['SIM_FILE_TRANSFER_URL', 'http://10.0.0.5:4120'],
  ];
  it.each(cases)('%s=%s', (variable, value) => {
    const err = refused({ [variable]: value });
    expect(err.problems.map((p) => p.variable)).toEqual([variable]);
    expect(err.message).toContain(`${variable}: `);
    expect(err.message).toMatch(/^Cấu hình môi trường không hợp lệ/);
  });

  it('names every bad variable at once', () => {
    const err = refused({ PORT: 'abc', SEED_ORDERS: '-1', PUBLIC_URL: 'x', HOST: 'localhost' });
    expect(err.problems.map((p) => p.variable)).toEqual(['PORT', 'PUBLIC_URL', 'SEED_ORDERS']);
  });

  it('shows a plain bad value, but never the value of a secret or a connection string', () => {
    expect(refused({ PORT: 'abc' }).message).toContain('"abc"');
    const secrets = refused({
      JWT_SECRET: 'hunter2',
      DATABASE_URL: 'postgres//portal:hunter3@db/smartport',
      REDIS_URL: 'http://:hunter4@cache',
      ADMIN_PASSWORD: '',
    });
    expect(secrets.problems.map((p) => p.variable)).toEqual(['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL']);
    expect(secrets.message).not.toMatch(/hunter/);
  });
});

describe('withSecrets: no secret in the source', () => {
  const base = () => loadConfig({});
  const all = ['JWT_SECRET', 'SETTINGS_KEY', 'FILE_TRANSFER_KEY', 'PAY_NAPAS_SECRET', 'PAY_VIETQR_SECRET'];
  const given = {
    JWT_SECRET: 'j'.repeat(40),
    SETTINGS_KEY: 'a'.repeat(64),
    FILE_TRANSFER_KEY: 'f'.repeat(24),
    PAY_NAPAS_SECRET: 'n'.repeat(20),
    PAY_VIETQR_SECRET: 'v'.repeat(20),
  };
  const values = (c: RunConfig) => [c.jwtSecret, c.settingsKey, c.fileTransferKey, c.payNapasSecret, c.payVietQrSecret];

  it('makes a fresh random value for every secret in demo mode, different per start and per secret', () => {
    const a = withSecrets(base());
    const b = withSecrets(base());
    expect(a.generatedSecrets).toEqual(all);
    for (const v of values(a)) expect(v.length).toBeGreaterThanOrEqual(32);
    expect(new Set(values(a)).size).toBe(5);
    values(a).forEach((v, i) => {
      expect(v).not.toBe(values(b)[i]);
    });
    // The settings key is a usable 32-byte key.
    expect(parseSettingsKey(a.settingsKey)).toHaveLength(32);
    // The keys the in-process simulators sign with are not the portal's either.
    expect(values(a)).not.toContain(demoNapasSecret);
    expect(values(a)).not.toContain(demoVietQrSecret);
  });

  it('has no literal secret for the simulators either: their fallback keys are random per process', () => {
    expect(demoNapasSecret).not.toBe(demoVietQrSecret);
    expect(demoNapasSecret.length).toBeGreaterThanOrEqual(32);
    const sources = ['payments/bank-page.simulator.ts', 'payments/vietqr.simulator.ts'].map((f) =>
      readFileSync(join(root, 'apps/simulators/src', f), 'utf8'),
    );
    for (const src of sources) expect(src).not.toMatch(/Secret = ['"`]/);
  });

  it('keeps secrets that are given, in demo mode and outside it', () => {
    const c = withSecrets(loadConfig({ ...given, SEED_DEMO: '0' }));
    expect(values(c)).toEqual(Object.values(given));
    expect(c.generatedSecrets).toEqual([]);
    const d = withSecrets(loadConfig({ JWT_SECRET: given.JWT_SECRET }));
    expect(d.jwtSecret).toBe(given.JWT_SECRET);
    expect(d.generatedSecrets).toEqual(all.filter((v) => v !== 'JWT_SECRET'));
  });

  it('refuses to start outside demo mode without any of them, naming each missing variable', () => {
    for (const variable of all) {
      const env: Record<string, string> = { ...given, DATABASE_URL: 'postgres://db/smartport' };
      delete env[variable];
      let error: unknown;
      try {
        withSecrets(loadConfig(env));
      } catch (err) {
        error = err;
      }
      expect(error, variable).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable)).toEqual([variable]);
      expect((error as ConfigError).message).toContain(`${variable}: bắt buộc ngoài chế độ demo`);
    }
    expect(() => withSecrets(loadConfig({ SEED_DEMO: '0' }))).toThrow(
      /JWT_SECRET[\s\S]*SETTINGS_KEY[\s\S]*FILE_TRANSFER_KEY[\s\S]*PAY_NAPAS_SECRET[\s\S]*PAY_VIETQR_SECRET/,
    );
  });

  it('refuses a file-transfer key shorter than 16 characters, without printing it', () => {
    const e = refused({ FILE_TRANSFER_KEY: 'kort-key' });
    expect(e.problems.map((p) => p.variable)).toEqual(['FILE_TRANSFER_KEY']);
    expect(e.message).not.toContain('kort-key');
  });
});

describe('buildApp reads its environment through the schema', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('does not start with PORT=abc, and says which variable is wrong', async () => {
    vi.stubEnv('PORT', 'abc');
    await expect(buildApp({ logger: false })).rejects.toThrow(/PORT: cần một số nguyên từ 0 đến 65535/);
  });

  it('does not start on PostgreSQL without its secrets (demo off), before opening any database', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none');
    for (const v of ['JWT_SECRET', 'SETTINGS_KEY', 'FILE_TRANSFER_KEY', 'PAY_NAPAS_SECRET', 'PAY_VIETQR_SECRET']) vi.stubEnv(v, '');
    vi.stubEnv('SEED_DEMO', '');
    await expect(buildApp({ logger: false })).rejects.toThrow(/JWT_SECRET[\s\S]*SETTINGS_KEY[\s\S]*FILE_TRANSFER_KEY/);
  });
});

describe('process.env is read in config.ts only', () => {
  function files(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  }

  it('has no other reader of the environment in apps/server/src', () => {
    const all = files(serverSrc);
    expect(all.length).toBeGreaterThan(20);
    const readers = all.filter((f) => /process\s*\.\s*env|process\[['"]env['"]\]/.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => relative(serverSrc, f))).toEqual(['config.ts']);
  });
});
