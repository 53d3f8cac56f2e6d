import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/db/seed/seed';

/**
 * vitest globalSetup of the integration projects: migrates and seeds ONE database the way createTestApp's portal
 * would (demo data, 300 orders), so each test file starts from a copy of it instead of seeding its own
 * (createTestApp → openSeededTestDatabase): on PGlite a dump of its data directory loaded into a fresh in-memory
 * database, on PostgreSQL `CREATE DATABASE … TEMPLATE`. Files that need an empty or differently seeded database
 * still get their own (openTestDatabase, or createTestApp with another seed config).
 */
export const templateSeed = { demo: true, seedOrders: 300 } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of the dumped data directory (tar); PostgreSQL: the template database's name. */
    seededTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? process.env.TEST_DB_KIND ?? 'pglite';
  const started = Date.now();
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'sp-seeded-'));
    const database = await openDatabase({ kind: 'pglite' });
    await seedDatabase(database, templateSeed);
    // drizzle keeps its driver's client: the in-memory PGlite, whose data directory is dumped as a tar.
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const file = join(dir, 'seeded.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('seededTemplate', file);
    console.log(`[seeded template] PGlite ${file} in ${Date.now() - started} ms`);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres cần TEST_DATABASE_URL');
  const name = `sp_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  try {
    await seedDatabase(database, templateSeed);
  } finally {
    // A template must have no open connection while it is copied.
    await database.close();
  }
  project.provide('seededTemplate', name);
  console.log(`[seeded template] PostgreSQL ${name} in ${Date.now() - started} ms`);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
