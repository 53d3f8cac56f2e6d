import { configureApprovalFor } from './approval';
import type { TestApp } from './test-app';

let copies = 0;

/**
 * A fresh unpaid order (status A, no transaction, no payment) for a payment test, with or without approval: a demo
 * one while the demo data has some left, else a copy of a demo order with its containers and charges under a new
 * order number (the demo data is drawn at random: how many unpaid orders it holds is not the tests' to assume).
 * `withoutHold`: none of its containers is held by customs.
 */
export async function unpaidOrder(t: TestApp, skipApproval = true, withoutHold = false): Promise<{ OrderNo: string; amount: number }> {
  const hold = withoutHold ? 'and not exists (select 1 from order_containers c where c.order_no = orders.order_no and c.cus_hold)' : '';
  const pick = (status: string) =>
    t.sql<{ order_no: string; total_amount: string }>(
      `select order_no, total_amount::text from orders where order_status = '${status}' and transaction_id is null
         and not exists (select 1 from payments p where p.order_no = orders.order_no) ${hold}
         and exists (select 1 from order_containers c where c.order_no = orders.order_no) order by order_no desc limit 1`,
    );
  let row = (await pick('A'))[0];
  if (!row) {
    const source =
      (await pick('D'))[0] ??
      (
        await t.sql<{ order_no: string; total_amount: string }>(
          `select order_no, total_amount::text from orders where exists (select 1 from order_containers c where c.order_no = orders.order_no) ${hold} order by order_no limit 1`,
        )
      )[0];
    if (!source) throw new Error('no demo order to copy');
    const orderNo = `${source.order_no.slice(0, -7)}${String(8_000_000 + ++copies)}`;
    const renamed = `jsonb_build_object('rowguid', gen_random_uuid(), 'order_no', $2::text)`;
    await t.sql(
      `insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || ${renamed} || jsonb_build_object(
         'order_status', 'A', 'transaction_id', null, 'client_key', null, 'approved_by', null, 'approved_time', null,
         'waiting_since', null, 'expired_unpaid_at', null, 'exp_date', now() + interval '3 days'))).*
         from orders o where o.order_no = $1`,
      [source.order_no, orderNo],
    );
    for (const table of ['order_containers', 'order_charges'])
      await t.sql(
        `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(x) || ${renamed})).* from ${table} x where x.order_no = $1`,
        [source.order_no, orderNo],
      );
    row = { order_no: orderNo, total_amount: source.total_amount };
  }
  // Approval is the configuration's decision at payment (settings approval.service): configured for this order.
  await configureApprovalFor(t, row.order_no, skipApproval);
  return { OrderNo: row.order_no, amount: Number(row.total_amount) };
}
