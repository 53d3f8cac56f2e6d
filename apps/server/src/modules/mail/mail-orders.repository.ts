import type { MailOrderDelay, MailOrderFilter } from '@smartport/contract';
import type { Database } from '../../db/client';
import type { NewMail } from './mail-queue.repository';

export interface MailOrderRule {
  Rowguid: string;
  OperationCode: string;
  MailTitle: string;
  MailCC: string;
  DataFilter: MailOrderFilter;
  DelayType: MailOrderDelay;
  DelayTime: string | null;
}

export interface DueEvent {
  Id: number;
  RuleRowguid: string;
  DueTime: Date;
}

export interface MailedOrder {
  OrderNo: string;
  TerminalCode: string;
  CustomerCode: string;
  CustomerName: string | null;
  JobModeCode: string;
  JobModeName: string | null;
  OperationCode: string | null;
  VesselName: string | null;
  BookingNo: string | null;
  BLNo: string | null;
  OrderStatus: string;
  TotalAmount: number;
  Containers: number;
  CreatedTime: Date;
}

/** Mail-order rules and the orders waiting for their mail (`mail_order_events`). */
export function createMailOrdersRepository(database: Database) {
  const ruleColumns = `rowguid "Rowguid", operation_code "OperationCode", mail_title "MailTitle", mail_cc "MailCC",
    data_filter "DataFilter", delay_type "DelayType", delay_time "DelayTime"`;
  return {
    /** The active rules for an order's shipping line (or every line: *) and state, with the order's line. */
    async rulesFor(orderNo: string, state: MailOrderFilter): Promise<MailOrderRule[]> {
      return database.query<MailOrderRule>(
        `select ${ruleColumns} from mail_orders
          where is_active and data_filter = $2
            and operation_code in ('*', (select upper(operation_code) from orders where order_no = $1))`,
        [orderNo, state],
      );
    },

    async rule(rowguid: string): Promise<MailOrderRule | null> {
      const [r] = await database.query<MailOrderRule>(`select ${ruleColumns} from mail_orders where rowguid = $1`, [rowguid]);
      return r ?? null;
    },

    /** Records the order for the rule (once per rule, order and state); answers the event id when it is new. */
    async addEvent(rule: string, orderNo: string, state: MailOrderFilter, due: Date): Promise<number | null> {
      const [row] = await database.query<{ id: number }>(
        `insert into mail_order_events (rule_rowguid, order_no, data_filter, due_time) values ($1, $2, $3, $4)
         on conflict (rule_rowguid, order_no, data_filter) do nothing returning id::int`,
        [rule, orderNo, state, due],
      );
      return row?.id ?? null;
    },

    /** Events whose time has come, not sent, not being sent, tried fewer than `maxAttempts` times. */
    async due(maxAttempts: number, limit = 1000): Promise<DueEvent[]> {
      const rows = await database.query<{ id: number; rule: string; due: Date | string }>(
        `select id::int, rule_rowguid rule, due_time due from mail_order_events
          where sent_time is null and due_time <= now() and (claimed_until is null or claimed_until < now()) and attempts < $1
          order by due_time, id limit $2`,
        [maxAttempts, limit],
      );
      return rows.map((r) => ({ Id: r.id, RuleRowguid: r.rule, DueTime: new Date(r.due) }));
    },

    /** Takes the events for sending (another instance skips them); answers those taken. */
    async claim(ids: readonly number[], forMs: number): Promise<number[]> {
      const rows = await database.query<{ id: number }>(
        `update mail_order_events set claimed_until = now() + make_interval(secs => $2::double precision / 1000)
          where id = any($1::bigint[]) and sent_time is null and (claimed_until is null or claimed_until < now())
          returning id::int`,
        [ids, forMs],
      );
      return rows.map((r) => r.id);
    },

    async orders(ids: readonly number[]): Promise<MailedOrder[]> {
      const rows = await database.query<MailedOrder & { TotalAmount: string }>(
        `select o.order_no "OrderNo", o.terminal_code "TerminalCode", o.customer_code "CustomerCode", cu.customer_name "CustomerName",
                o.job_mode_code "JobModeCode", jm.job_mode_name "JobModeName", o.operation_code "OperationCode",
                vv.vessel_name "VesselName", o.booking_no "BookingNo", o.bl_no "BLNo", o.order_status "OrderStatus",
                o.total_amount::text "TotalAmount",
                (select count(*)::int from order_containers oc where oc.order_no = o.order_no) "Containers", o.created_time "CreatedTime"
           from mail_order_events e join orders o on o.order_no = e.order_no
           left join customers cu on cu.customer_code = o.customer_code
           left join job_modes jm on jm.job_mode_code = o.job_mode_code
           left join vessel_voyages vv on vv.vessel_key = o.vessel_key
          where e.id = any($1::bigint[]) order by o.order_no`,
        [ids],
      );
      return rows.map((r) => ({ ...r, TotalAmount: Number(r.TotalAmount), CreatedTime: new Date(r.CreatedTime) }));
    },

    /**
     * The events' mail is queued: they are marked done and the mail written to the mail queue in one statement, so a
     * sender that dies between the two neither loses the mail nor queues it twice. `mail` null: nothing to send.
     */
    async queued(ids: readonly number[], mail: NewMail | null): Promise<void> {
      if (!mail) {
        await database.query(
          'update mail_order_events set sent_time = now(), claimed_until = null, last_error = null where id = any($1::bigint[])',
          [ids],
        );
        return;
      }
      await database.query(
        `with done as (
           update mail_order_events set sent_time = now(), claimed_until = null, last_error = null
            where id = any($1::bigint[]) and sent_time is null returning id)
         insert into mail_queue (dedupe_key, kind, mail_to, subject, html, body, order_no, terminal_code)
         select $2, $3, $4, $5, $6, $7, $8, $9 where exists (select 1 from done)
         on conflict (dedupe_key) do nothing`,
        [
          ids,
          mail.DedupeKey,
          mail.Kind,
          mail.MailTo.join(', '),
          mail.Subject,
          mail.Html,
          mail.Body,
          mail.OrderNo ?? null,
          mail.TerminalCode ?? null,
        ],
      );
    },

    async failed(ids: readonly number[], error: string): Promise<void> {
      await database.query(
        'update mail_order_events set claimed_until = null, attempts = attempts + 1, last_error = $2 where id = any($1::bigint[])',
        [ids, error.slice(0, 2000)],
      );
    },
  };
}
export type MailOrdersRepository = ReturnType<typeof createMailOrdersRepository>;
