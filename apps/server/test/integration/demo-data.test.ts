import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The demo data a port would recognise (issue 27 item 8), checked on the seeded database every integration file
// starts from: nothing dated after now, orders made by their customer's own accounts or by staff, approvals with their
// approver and wait, ratings by the customers who ordered; the demo logins the README prints still sign in.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const count = async (sql: string) => (await t.sql<{ n: number }>(`select count(*)::int n from (${sql}) x`))[0]?.n ?? -1;

describe('demo data', () => {
  it('has no row dated after now', async () => {
    const late = await t.sql<{ what: string; n: number }>(
      `select 'orders.created' what, count(*)::int n from orders where created_time > now()
       union all select 'orders.approved', count(*)::int from orders where approved_time > now()
       union all select 'payments.created', count(*)::int from payments where created_time > now()
       union all select 'payments.completed', count(*)::int from payments where completed_time > now()
       union all select 'invoices', count(*)::int from invoices where issue_date > now()
       union all select 'ratings', count(*)::int from ratings where created_time > now()
       union all select 'order_ratings', count(*)::int from order_ratings where created_time > now()`,
    );
    expect(late.filter((r) => r.n > 0)).toEqual([]);
    expect(await count('select 1 from orders')).toBeGreaterThan(100);
  });

  it('every order is made by an account of its customer or by staff, at a terminal of that account', async () => {
    const wrong = await t.sql<{ order_no: string; created_by: string; customer_code: string }>(
      `select o.order_no, o.created_by, o.customer_code from orders o left join users u on u.user_id = o.created_by
        where u.user_id is null
           or not (u.customer_code = o.customer_code or (u.customer_code is null and u.user_group_code in ('STAFF', 'ADMIN')))
           or not (o.terminal_code = any(u.terminal_codes))
        limit 5`,
    );
    expect(wrong).toEqual([]);
    // The demo customer account makes its own customer's orders only, and most orders are made by customers.
    expect(await count(`select distinct customer_code from orders where created_by = 'khachhang'`)).toBe(1);
    const byCustomers = await count(`select 1 from orders o join users u on u.user_id = o.created_by where u.customer_code is not null`);
    expect(byCustomers / (await count('select 1 from orders'))).toBeGreaterThan(0.5);
  });

  it('every approved order has its approver, approved no earlier than made; payments and invoices follow the order', async () => {
    expect(await count(`select 1 from orders where order_status = 'C' and (approved_by is null or approved_time is null)`)).toBe(0);
    expect(await count(`select 1 from orders where approved_time < created_time`)).toBe(0);
    expect(
      await count(
        `select 1 from orders o left join users u on u.user_id = o.approved_by where o.approved_by is not null and u.user_id is null`,
      ),
    ).toBe(0);
    // Some waited for staff (manual approval): approved after the payment, by someone other than the payer.
    expect(
      await count(`select 1 from orders where order_status = 'C' and approved_time > created_time + interval '5 minutes'`),
    ).toBeGreaterThan(0);
    expect(await count(`select 1 from payments p join orders o using (order_no) where p.created_time < o.created_time`)).toBe(0);
    expect(await count(`select 1 from invoices i join orders o using (order_no) where i.issue_date < o.approved_time`)).toBe(0);
  });

  it('ratings come from the customers who ordered, for orders they were served', async () => {
    expect(await count('select 1 from ratings')).toBeGreaterThan(0);
    const wrong = await count(
      `select 1 from ratings r join orders o on o.order_no = r.order_no left join users u on u.user_id = r.user_id
        where r.customer_code is distinct from o.customer_code or u.customer_code is distinct from o.customer_code
           or r.created_time < o.approved_time`,
    );
    expect(wrong).toBe(0);
    expect(await count('select 1 from ratings r left join orders o on o.order_no = r.order_no where o.order_no is null')).toBe(0);
  });

  it('keeps the demo logins', async () => {
    for (const who of ['admin', 'nhanvien', 'haiquan', 'hangtau', 'khachhang']) expect(await t.login(who)).toBeTruthy();
  });
});
