import type { LoyaltyEntryKind } from '@smartport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

type Runner = { execute(q: SQL): Promise<unknown> };

/** What the ledger needs of an order to earn on it (read from the orders' tables). */
interface EarnFacts {
  OrderNo: string;
  CustomerCode: string;
  TerminalCode: string;
  JobModeCode: string;
  ExtendsOrderNo: string | null;
  OrderStatus: string;
  Teu: number;
}

interface LedgerRow {
  Kind: LoyaltyEntryKind;
  OrderNo: string;
  TerminalCode: string;
  Points: number;
  Teu: number | null;
  Rate: number;
  Amount: number | null;
  CreatedTime: Date;
}

interface NewLedgerRow {
  CustomerCode: string;
  OrderNo: string;
  TerminalCode: string;
  Kind: LoyaltyEntryKind;
  Points: number;
  Teu: number | null;
  Rate: number;
  Amount: number | null;
  CreatedBy: string | null;
}

export interface Totals {
  Balance: number;
  Earned: number;
}

const totalsOf = sql`coalesce(sum(points), 0)::int "Balance", coalesce(sum(points) filter (where kind in ('earn', 'reverse')), 0)::int "Earned"`;

/** The loyalty ledger (loyalty_ledger) and the order facts it earns on. */
export function createLoyaltyRepository(db: Db) {
  const all = async <T>(q: SQL, runner: Runner = db) => rowsOf<T>(await runner.execute(q));
  const one = async <T>(q: SQL, runner: Runner = db) => (await all<T>(q, runner))[0] ?? null;

  return {
    /** The order locked (a cancellation waits for the earning, or the earning sees it cancelled). */
    earnFacts: (tx: Runner, orderNo: string) =>
      one<EarnFacts>(
        sql`select o.order_no "OrderNo", o.customer_code "CustomerCode", o.terminal_code "TerminalCode", o.job_mode_code "JobModeCode",
            o.extends_order_no "ExtendsOrderNo", o.order_status "OrderStatus",
            coalesce((select sum(c.teu) from order_containers c where c.order_no = o.order_no), 0)::int "Teu"
          from orders o where o.order_no = ${orderNo} for update of o`,
        tx,
      ),

    /** Inserts one row; false when the order already has a row of this kind (the reaction ran before). */
    async insert(tx: Runner, r: NewLedgerRow): Promise<boolean> {
      const row = await one(
        sql`insert into loyalty_ledger (customer_code, order_no, terminal_code, kind, points, teu, rate, amount, created_by)
          values (${r.CustomerCode}, ${r.OrderNo}, ${r.TerminalCode}, ${r.Kind}, ${r.Points}, ${r.Teu}, ${r.Rate}, ${r.Amount}, ${r.CreatedBy})
          on conflict (order_no, kind) do nothing returning 1 "x"`,
        tx,
      );
      return !!row;
    },

    entry: (tx: Runner, orderNo: string, kind: LoyaltyEntryKind) =>
      one<LedgerRow & { CustomerCode: string }>(
        sql`select kind "Kind", order_no "OrderNo", terminal_code "TerminalCode", customer_code "CustomerCode", points "Points", teu "Teu",
            rate "Rate", amount::float8 "Amount", created_time "CreatedTime"
          from loyalty_ledger where order_no = ${orderNo} and kind = ${kind}`,
        tx,
      ),

    /** Serialises spending of one customer's points (two payments at once cannot both spend the same points). */
    async lockCustomer(tx: Runner, customerCode: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`loyalty:${customerCode}`}))`);
    },

    async totals(customerCode: string, runner: Runner = db): Promise<Totals> {
      const r = await one<Totals>(sql`select ${totalsOf} from loyalty_ledger where customer_code = ${customerCode}`, runner);
      return { Balance: Number(r?.Balance ?? 0), Earned: Number(r?.Earned ?? 0) };
    },

    /** The customer's rows, newest first; `terminals` null: every terminal. */
    entries: (customerCode: string, terminals: readonly string[] | null, limit = 500) =>
      all<LedgerRow>(
        sql`select kind "Kind", order_no "OrderNo", terminal_code "TerminalCode", points "Points", teu "Teu", rate "Rate",
            amount::float8 "Amount", created_time "CreatedTime"
          from loyalty_ledger where customer_code = ${customerCode}
          ${terminals ? (terminals.length ? sql`and terminal_code in ${[...terminals]}` : sql`and false`) : sql``}
          order by created_time desc, order_no desc limit ${limit}`,
      ),

    /** Customers with a ledger row in one of `terminals`, with their balance and earned points (all terminals). */
    customers: (terminals: readonly string[]) =>
      terminals.length
        ? all<{ CustomerCode: string; CustomerName: string | null } & Totals>(
            sql`select l.customer_code "CustomerCode", cu.customer_name "CustomerName", ${totalsOf}
              from loyalty_ledger l left join customers cu on cu.customer_code = l.customer_code
              where l.customer_code in (select customer_code from loyalty_ledger where terminal_code in ${[...terminals]})
              group by l.customer_code, cu.customer_name order by sum(l.points) desc, l.customer_code limit 1000`,
          )
        : Promise.resolve([]),

    customerName: (customerCode: string) =>
      one<{ CustomerName: string | null }>(sql`select customer_name "CustomerName" from customers where customer_code = ${customerCode}`),

    /** Whether the customer has an order in one of `terminals` (staff look up only their terminals' customers). */
    async hasOrderIn(customerCode: string, terminals: readonly string[]): Promise<boolean> {
      if (!terminals.length) return false;
      return !!(await one(
        sql`select 1 "x" from orders where customer_code = ${customerCode} and terminal_code in ${[...terminals]} limit 1`,
      ));
    },
  };
}
export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
