import type { Database } from '../../db/client';

/** One terminal's figures for the period (orders created in it, cancelled ones left out). */
export interface TerminalFigures {
  TerminalCode: string;
  TerminalName: string;
  Orders: number;
  PaidOrders: number;
  /** Money of the paid orders (VND). */
  Revenue: number;
  Containers: number;
  Teu: number;
}

export interface ReportOrder {
  OrderNo: string;
  TerminalCode: string;
  CustomerCode: string;
  JobModeCode: string;
  OrderStatus: string;
  TotalAmount: number;
  Teu: number;
  CreatedTime: Date;
}

/** The report lists at most this many orders in its workbook (the summary counts them all). */
export const REPORT_ORDER_LIMIT = 20_000;

/**
 * What the report mail reads: the orders table itself (a small query per send; the statistics rollups are another
 * module's), and which report periods the job has already sent (`report_mail_runs`).
 */
export function createReportMailRepository(database: Database) {
  return {
    async figures(terminals: readonly string[], from: Date, to: Date): Promise<TerminalFigures[]> {
      const rows = await database.query<{
        terminal_code: string;
        terminal_name: string | null;
        orders: number;
        paid: number;
        revenue: string;
        containers: number;
        teu: number;
      }>(
        `select t.code terminal_code, tm.terminal_name,
                count(o.order_no)::int orders,
                count(o.order_no) filter (where o.order_status in ('P', 'C'))::int paid,
                coalesce(sum(o.total_amount) filter (where o.order_status in ('P', 'C')), 0)::text revenue,
                coalesce(sum(c.n), 0)::int containers, coalesce(sum(c.teu), 0)::int teu
           from unnest($1::text[]) t(code)
           left join terminals tm on tm.terminal_code = t.code
           left join orders o on o.terminal_code = t.code and o.created_time >= $2 and o.created_time < $3 and o.order_status <> 'D'
           left join lateral (select count(*) n, sum(oc.teu) teu from order_containers oc where oc.order_no = o.order_no) c on true
          group by t.code, tm.terminal_name
          order by t.code`,
        [terminals, from, to],
      );
      return rows.map((r) => ({
        TerminalCode: r.terminal_code,
        TerminalName: r.terminal_name ?? r.terminal_code,
        Orders: r.orders,
        PaidOrders: r.paid,
        Revenue: Number(r.revenue),
        Containers: r.containers,
        Teu: r.teu,
      }));
    },

    async orders(terminals: readonly string[], from: Date, to: Date): Promise<ReportOrder[]> {
      const rows = await database.query<{
        order_no: string;
        terminal_code: string;
        customer_code: string;
        job_mode_code: string;
        order_status: string;
        total_amount: string;
        teu: number;
        created_time: Date | string;
      }>(
        `select o.order_no, o.terminal_code, o.customer_code, o.job_mode_code, o.order_status, o.total_amount::text,
                coalesce((select sum(oc.teu) from order_containers oc where oc.order_no = o.order_no), 0)::int teu, o.created_time
           from orders o
          where o.terminal_code = any($1::text[]) and o.created_time >= $2 and o.created_time < $3 and o.order_status <> 'D'
          order by o.terminal_code, o.created_time
          limit ${REPORT_ORDER_LIMIT}`,
        [terminals, from, to],
      );
      return rows.map((r) => ({
        OrderNo: r.order_no,
        TerminalCode: r.terminal_code,
        CustomerCode: r.customer_code,
        JobModeCode: r.job_mode_code,
        OrderStatus: r.order_status,
        TotalAmount: Number(r.total_amount),
        Teu: r.teu,
        CreatedTime: new Date(r.created_time),
      }));
    },

    /** The period's run, created unsent when new; null when it was already sent. */
    async openRun(from: Date, to: Date): Promise<'open' | 'sent'> {
      await database.query('insert into report_mail_runs (period_end, period_start) values ($1, $2) on conflict (period_end) do nothing', [
        to,
        from,
      ]);
      const [row] = await database.query<{ sent: boolean }>(
        'select sent_time is not null sent from report_mail_runs where period_end = $1',
        [to],
      );
      return row?.sent ? 'sent' : 'open';
    },

    async finishRun(to: Date, error: string | null): Promise<void> {
      await database.query(
        error
          ? 'update report_mail_runs set last_error = $2 where period_end = $1'
          : 'update report_mail_runs set sent_time = now(), last_error = null where period_end = $1',
        error ? [to, error.slice(0, 2000)] : [to],
      );
    },
  };
}
export type ReportMailRepository = ReturnType<typeof createReportMailRepository>;
