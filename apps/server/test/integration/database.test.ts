import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDbKind } from '../helpers/test-app';

describe.skipIf(testDbKind() !== 'postgres')('PostgreSQL connection pool', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('survives the server closing its idle connections and keeps answering', async () => {
    await Promise.all([t.database.query('select 1'), t.database.query('select 2'), t.database.query('select 3')]);
    const [{ db } = { db: '' }] = await t.database.query<{ db: string }>('select current_database() as db');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [db],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await t.database.query<{ n: number }>('select 41 + 1 as n');
    expect(row?.n).toBe(42);
  });
});
