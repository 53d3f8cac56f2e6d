import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import * as schema from '../../src/db/schema';

/**
 * The tables in code (each module's `*.table.ts`, gathered by db/schema.ts) are what the migrations build. A table
 * changed without a migration (`npm run db:generate`) fails here, as does a migration or snapshot edited by hand.
 */

const drizzleFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
type Snapshot = Parameters<typeof generateMigration>[0];

const journal = JSON.parse(readFileSync(`${drizzleFolder}/meta/_journal.json`, 'utf8')) as { entries: { idx: number; tag: string }[] };
const snapshotOf = (idx: number) =>
  JSON.parse(readFileSync(`${drizzleFolder}/meta/${String(idx).padStart(4, '0')}_snapshot.json`, 'utf8')) as Snapshot & {
    id: string;
    prevId: string;
  };
const lastEntry = journal.entries[journal.entries.length - 1] as { idx: number; tag: string };
const inCode = () => generateDrizzleJson(schema);

describe('tables in code = what the migrations build', () => {
  it('the journal lists every migration file once, in order, each with its snapshot chained to the one before', () => {
    const sqlFiles = readdirSync(drizzleFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(sqlFiles);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const e of journal.entries.slice(1)) expect(snapshotOf(e.idx).prevId, e.tag).toBe(snapshotOf(e.idx - 1).id);
  });

  it('drizzle-kit finds nothing to migrate between the last snapshot and the tables in code', async () => {
    const statements = await generateMigration(snapshotOf(lastEntry.idx), inCode());
    expect(statements, `tables changed without a migration (npm run db:generate): ${lastEntry.tag} is the last`).toEqual([]);
  });

  it('the database the migrations build has the columns, constraints and indexes drizzle-kit would create from the code', async () => {
    // Built by the migrations, as every portal start does.
    const migrated = await openDatabase({ kind: 'pglite' });
    // Built from the code alone: what drizzle-kit would write for an empty database.
    const fromCode = new PGlite();
    try {
      for (const statement of await generateMigration(generateDrizzleJson({}), inCode())) await fromCode.exec(statement);
      const built = await catalogue((text) => migrated.query(text));
      const wanted = await catalogue(async (text) => (await fromCode.query(text)).rows);
      expect(built.tables.length).toBe(Object.keys(inCode().tables).length);
      // Expected: what the code describes; received: what the migrations built.
      expect(built).toEqual(wanted);
    } finally {
      await migrated.close();
      await fromCode.close();
    }
  }, 120_000);
});

type Query = (text: string) => Promise<unknown[]>;

/**
 * The public schema's tables as PostgreSQL describes them. Triggers and functions are left out: migrations add some
 * by hand (the statistics rollups) that Drizzle cannot describe.
 */
async function catalogue(query: Query) {
  const rows = async (text: string) => (await query(text)).map((r) => JSON.stringify(r)).sort();
  return {
    tables: await rows(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    columns: await rows(
      `select table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
              is_nullable, column_default, is_identity, identity_generation, identity_start, is_generated, generation_expression
         from information_schema.columns where table_schema = 'public'`,
    ),
    constraints: await rows(
      `select c.conrelid::regclass::text as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
    ),
    indexes: await rows(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'`),
  };
}
