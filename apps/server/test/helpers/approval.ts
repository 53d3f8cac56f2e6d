import type { TestApp } from './test-app';

/**
 * Configures approval for one order's exact scope (its terminal, job mode, operator, customer and payment type,
 * over a wide period): the most specific row there is, so paying the order now ends in C (`skip`) or P.
 * Other orders of the same scope follow the same row; the last call for a scope wins.
 */
export async function configureApprovalFor(t: TestApp, orderNo: string, skip: boolean) {
  const rows = await t.sql(
    `insert into approval_configs (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date,
       is_approval, is_un_approval, updated_by)
     select terminal_code, job_mode_code, coalesce(operation_code, '*'), customer_code, money_credit,
       '2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', not $2::bool, $2::bool, 'test'
     from orders where order_no = $1
     on conflict (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date)
     do update set is_approval = excluded.is_approval, is_un_approval = excluded.is_un_approval
     returning 1`,
    [orderNo, skip],
  );
  if (!rows.length) throw new Error(`no order ${orderNo}`);
}
