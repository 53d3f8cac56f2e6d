import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';

// On the embedded database each statement takes its turn in the event loop's check phase (db/client.ts
// `takeTurns`), and the statements waiting are counted: what load shedding reads there.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
}, 120_000);
afterAll(async () => database?.close());

describe('PGlite statements take turns', () => {
  it('counts the statements waiting for the one connection, and none once they are done', async () => {
    expect(database.waiting()).toBe(0);
    const running = Array.from({ length: 5 }, (_, i) => database.query<{ n: number }>('select $1::int n', [i]));
    expect(database.waiting()).toBe(4);
    expect((await Promise.all(running)).map((r) => r[0]?.n)).toEqual([0, 1, 2, 3, 4]);
    expect(database.waiting()).toBe(0);
  });

  it('counts a failed statement as done', async () => {
    await expect(database.query('select * from no_such_table')).rejects.toThrow();
    expect(database.waiting()).toBe(0);
  });
});
