import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrants } from '../../src/db/seed/access.data';
import { seedDatabase } from '../../src/db/seed/seed';
import { openTestDatabase, type TestDatabase } from '../helpers/test-app';

// The menu catalogue grows with the product: a database made by an earlier version gets a new entry's default grants
// for its existing groups once, when the entry first appears; a grant taken away from a known entry stays away.
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await seedDatabase(t.database, { demo: false, seedOrders: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const grantsOf = async (group: string) =>
  (await t.database.query<{ menu_id: string }>('select menu_id from group_menus where user_group_code = $1', [group])).map(
    (r) => r.menu_id,
  );

describe('default grants on a later start', () => {
  it('grants an entry new to the database to the existing groups that have it by default, and nothing taken away', async () => {
    const staffDefaults = defaultGrants.STAFF;
    expect(Array.isArray(staffDefaults)).toBe(true);
    const [kept, fresh] = (staffDefaults as readonly string[]).slice(-2) as [string, string];
    // As an earlier version left it: `fresh` did not exist yet; an administrator took `kept` away from STAFF.
    await t.database.query('delete from group_menus where menu_id = $1', [fresh]);
    await t.database.query('delete from menus where menu_id = $1', [fresh]);
    await t.database.query(`delete from group_menus where user_group_code = 'STAFF' and menu_id = $1`, [kept]);

    await seedDatabase(t.database, { demo: false, seedOrders: 0 });

    const staff = await grantsOf('STAFF');
    expect(staff).toContain(fresh);
    expect(staff).not.toContain(kept);
    expect(await grantsOf('ADMIN')).toContain(fresh);
  });
});
