// The run's scale, its databases (PGlite in a temporary folder; PostgreSQL in a fresh database when
// BENCH_DATABASE_URL is set) and the portal processes the row providers share.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const root = new URL('../../..', import.meta.url).pathname;
export const webDist = join(root, 'apps/web/dist');
const serveScript = new URL('../servers/serve.ts', import.meta.url).pathname;

export interface Scale {
  smoke: boolean;
  /** Demo orders seeded into the bench database. */
  orders: number;
  /** Runs per measurement; figures are their medians. */
  runs: number;
  /** Seconds of one throughput run (list call, home call). */
  seconds: number;
  connections: number;
  compareRows: number;
  saveRows: number;
  saveCalls: number;
  loadConnections: number;
  loadSeconds: number;
  overloadConnections: number;
  overloadSeconds: number;
}

export const scales: Record<'full' | 'smoke', Scale> = {
  full: {
    smoke: false,
    orders: Number(process.env.BENCH_ORDERS ?? 20_000),
    runs: 3,
    seconds: 8,
    connections: 50,
    compareRows: 10_000,
    saveRows: 50,
    saveCalls: 30,
    loadConnections: 200,
    loadSeconds: Number(process.env.BENCH_LOAD_SECONDS ?? 60),
    overloadConnections: 2000,
    overloadSeconds: 20,
  },
  smoke: {
    smoke: true,
    orders: 300,
    runs: 1,
    seconds: 0.5,
    connections: 4,
    compareRows: 140,
    saveRows: 5,
    saveCalls: 2,
    loadConnections: 10,
    loadSeconds: 1,
    overloadConnections: 40,
    overloadSeconds: 1,
  },
};

export interface Target {
  /** 'PGlite' or 'PostgreSQL'. */
  name: string;
  /** Environment that points a portal at the bench's (seeded) database. */
  env: Record<string, string>;
  /** Environment of a new, empty database of the same kind (cold start), and how to drop it. */
  fresh(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
  close(): Promise<void>;
}

export interface RunningPortal {
  /** http://127.0.0.1:port of the portal. */
  url: string;
  /** The bare node:http + database baseline in the same process. */
  bareUrl: string;
  /** From spawning the process to the portal listening (ms). */
  readyMs: number;
  stop(): Promise<void>;
}

/** Environment every bench portal gets: demo users, its own uploads, logs as in production (info, to a file). */
const baseEnv = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(DATABASE_URL|DATA_DIR|PORT|SEED_|REDIS_URL|WEB_DIST|UPLOAD_DIR|SMARTPORT_INFO_FILE)/.test(k)) env[k] = v;
  }
  return { ...env, SEED_DEMO: 'true', REDIS_URL: '', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
};

export async function startPortal(env: Record<string, string>, opts: { logFile: string; execArgv?: string[] }): Promise<RunningPortal> {
  const log = openSync(opts.logFile, 'a');
  const t0 = performance.now();
  const child: ChildProcess = fork(serveScript, [], {
    env: { ...baseEnv(), ...env },
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    stdio: ['ignore', log, log, 'ipc'],
  });
  const ready = await new Promise<{ port: number; barePort: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number; barePort: number }));
    child.once('exit', (code) => reject(new Error(`portal exited (${code}) before ready; see ${opts.logFile}`)));
  });
  const readyMs = performance.now() - t0;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url: `http://127.0.0.1:${ready.port}`,
    bareUrl: `http://127.0.0.1:${ready.barePort}`,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

export class BenchContext {
  readonly tmp = mkdtempSync(join(tmpdir(), 'sp-bench-'));
  readonly chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  readonly hasChromium = existsSync(this.chromium);
  readonly hasWeb = existsSync(join(webDist, 'index.html'));
  private portals = new Map<string, RunningPortal>();
  private seeded = new Set<string>();
  /** Start to ready of each bench database's first start, which seeded its demo orders (ms). */
  readonly seedingStartMs = new Map<string, number>();

  constructor(
    readonly scale: Scale,
    readonly targets: Target[],
  ) {}

  logFile(name: string) {
    return join(this.tmp, `${name}.log`);
  }

  /** The bench database's portal for `target`, started (and on first start seeded) once and shared by the providers. */
  async portal(target: Target): Promise<RunningPortal> {
    const running = this.portals.get(target.name);
    if (running) return running;
    const portal = await startPortal(
      { ...target.env, SEED_ORDERS: String(this.seeded.has(target.name) ? 0 : this.scale.orders) },
      { logFile: this.logFile(`portal-${target.name}`) },
    );
    if (!this.seeded.has(target.name)) this.seedingStartMs.set(target.name, portal.readyMs);
    this.seeded.add(target.name);
    this.portals.set(target.name, portal);
    return portal;
  }

  /** Stops the shared portal of `target` (PGlite is one process's: a restart needs the folder free). */
  async stopPortal(target: Target) {
    const p = this.portals.get(target.name);
    this.portals.delete(target.name);
    await p?.stop();
  }

  async close() {
    for (const t of this.targets) await this.stopPortal(t);
    for (const t of this.targets) await t.close();
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

export function pgliteTarget(tmp: string): Target {
  let n = 0;
  const dir = join(tmp, 'pglite-bench');
  return {
    name: 'PGlite',
    env: { DATA_DIR: dir },
    async fresh() {
      const d = join(tmp, `pglite-empty-${n++}`);
      return { env: { DATA_DIR: d, SEED_ORDERS: '0' }, drop: async () => rmSync(d, { recursive: true, force: true }) };
    },
    async close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresTarget(url: string, tmp: string): Promise<Target> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const dbUrl = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const created: string[] = [];
  const create = async (name: string) => {
    await admin.query(`create database ${name}`);
    created.push(name);
    return dbUrl(name);
  };
  const drop = async (name: string) => {
    await admin.query(`drop database if exists ${name} with (force)`);
  };
  const main = `sp_bench_${stamp}`;
  const mainUrl = await create(main);
  let n = 0;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: mainUrl, UPLOAD_DIR: join(tmp, 'uploads-pg') },
    async fresh() {
      const name = `sp_bench_${stamp}_e${n++}`;
      const u = await create(name);
      return { env: { DATABASE_URL: u, SEED_ORDERS: '0', UPLOAD_DIR: join(tmp, `uploads-pg-e${n}`) }, drop: () => drop(name) };
    },
    async close() {
      for (const name of created) await drop(name);
      await admin.end();
    },
  };
}
