import type { Database } from '../../db/client';
import type { MailedOrderFacts } from './order-mails';

/** What the payer's mails read of an order: the orders' tables, the payer customer's and the creator's addresses of record. */
export function createOrderMailsRepository(database: Database) {
  return {
    async order(orderNo: string): Promise<MailedOrderFacts | null> {
      const [row] = await database.query<MailedOrderFacts & { TotalAmount: string; ExpDate: Date | string | null }>(
        `select o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", t.terminal_name "TerminalName",
                coalesce(jm.job_mode_name, o.job_mode_code) "JobModeName", o.total_amount::text "TotalAmount",
                o.currency_code "CurrencyCode", o.exp_date "ExpDate",
                o.customer_code "CustomerCode", cu.customer_name "CustomerName", nullif(trim(cu.email), '') "CustomerEmail",
                o.created_by "CreatedBy", nullif(trim(u.email), '') "CreatorEmail",
                array(select oc.container_no from order_containers oc where oc.order_no = o.order_no order by oc.container_no) "ContainerNos"
           from orders o
           left join terminals t on t.terminal_code = o.terminal_code
           left join job_modes jm on jm.job_mode_code = o.job_mode_code
           left join customers cu on cu.customer_code = o.customer_code
           left join users u on u.user_id = o.created_by
          where o.order_no = $1`,
        [orderNo],
      );
      if (!row) return null;
      return { ...row, TotalAmount: Number(row.TotalAmount), ExpDate: row.ExpDate === null ? null : new Date(row.ExpDate) };
    },
  };
}
export type OrderMailsRepository = ReturnType<typeof createOrderMailsRepository>;
