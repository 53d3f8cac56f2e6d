import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Plain parameterised SQL (arrays bind as one parameter), for bulk `unnest` inserts. With `opts.prepare`, a hot
   * read is sent as a named prepared statement on PostgreSQL (planned once per connection, not on every call; the
   * name is derived from the text, so each distinct text is its own statement); PGlite plans every time either way.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { prepare?: boolean }): Promise<T[]>;
  /** Queries waiting for a free connection (on the embedded database: for its one in-process connection). */
  waiting(): number;
  /**
   * Runs `fn` with queries on ONE connection held until it ends: what a session-level advisory lock
   * needs (taken and released on the same connection; a pooled query may land on any). A failure
   * drops that connection instead of returning it to the pool, so a lock it may hold dies with it.
   */
  session<T>(fn: (query: SessionQuery) => Promise<T>): Promise<T>;
  /**
   * Listens to NOTIFY on `channel` (every instance on the database hears it at commit). `up(false)` when the listening
   * connection is lost (notifications may be missed from then: whoever relies on them must stop), `up(true)` when it
   * listens (again); on PostgreSQL a lost connection is replaced every second. Answers the way to stop listening.
   */
  listen(channel: string, handlers: { notify(payload: string): void; up(listening: boolean): void }): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type SessionQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (err: Error) => void }
  | {
      kind: 'pglite';
      dataDir?: string /* in memory when absent */;
      /** Test hook: starts from a data directory dumped by PGlite's dumpDataDir (the tests' one seeded copy). */
      loadDataDir?: Blob;
    };

/** Opens the database and applies every migration from code (DESIGN.md §3). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection closed by the server (restart, failover, admin) is dropped and replaced by
    // the pool; without a listener pg re-throws it and the whole portal process would stop.
    pool.on('error', (err) => {
      (target.onIdleError ?? ((e: Error) => console.warn(`PostgreSQL: mất một kết nối rảnh (${e.message})`)))(err);
    });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      query: async <T>(text: string, params?: unknown[], opts?: { prepare?: boolean }) =>
        (opts?.prepare ? await pool.query({ name: statementName(text), text, values: params }) : await pool.query(text, params))
          .rows as T[],
      waiting: () => pool.waitingCount,
      async session(fn) {
        const client = await pool.connect();
        let failed: Error | undefined;
        try {
          return await fn(async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[]);
        } catch (err) {
          failed = err as Error;
          throw err;
        } finally {
          client.release(failed);
        }
      },
      listen: (channel, handlers) => listenPostgres(target.url, channel, handlers),
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = target.dataDir ? new PGlite(target.dataDir) : new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  await client.waitReady;
  const waiting = takeTurns(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    waiting,
    // PGlite is one connection, so every query is already on the same session.
    session: (fn) => fn(async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows),
    // One in-process connection: a notification is delivered before the statement that sent it answers.
    async listen(channel, handlers) {
      const stop = await client.listen(channel, handlers.notify);
      handlers.up(true);
      return async () => {
        handlers.up(false);
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * The embedded database runs each statement inside this event loop (WebAssembly). Statements ran as soon as they were
 * asked for, in the promise callbacks of the request that asked, so under load a request was served to its end while
 * the ones behind it stayed unread in their sockets, where no limit can see them (2,000 connections on PGlite
 * were never shed, only timed out). Each statement now takes its turn in the event loop's check phase (setImmediate):
 * the requests that have arrived are read first (poll phase) and wait here, counted. Answers the number of statements
 * waiting for their turn or for the one connection: the database's `waiting()`; app.ts also caps requests in flight.
 */
function takeTurns(client: PGlite): () => number {
  let inFlight = 0;
  const methods = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = methods[name].bind(client);
    methods[name] = async (...args: unknown[]) => {
      inFlight++;
      try {
        await new Promise((turn) => setImmediate(turn));
        return await run(...args);
      } finally {
        inFlight--;
      }
    };
  }
  return () => Math.max(0, inFlight - 1);
}

/** LISTEN on a connection of its own (a pooled one may be handed to anyone), replaced while the database is away. */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: { notify(payload: string): void; up(listening: boolean): void },
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    handlers.up(false);
    c.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.notify(m.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !stopped) handlers.up(true);
    } catch {
      lost(c);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    handlers.up(false);
    await c?.end().catch(() => undefined);
  };
}

/** Rows of a raw `db.execute` on either driver (both answer `{ rows }`). */
const statementNames = new Map<string, string>();
/** A stable prepared-statement name per distinct SQL text (pg keeps one statement per name and connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
