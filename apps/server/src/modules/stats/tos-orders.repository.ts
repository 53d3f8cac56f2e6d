import type { TosOrder } from '../../adapters/tos/tos.port';
import type { Database } from '../../db/client';

/** Where the TOS order import stands: the last feed sequence number imported (system_settings). */
export const TOS_ORDER_CURSOR_KEY = 'tos:orders:last';

export function createTosOrdersRepository(database: Database) {
  return {
    async cursor(): Promise<number> {
      const [row] = await database.query<{ value: unknown }>('select value from system_settings where key = $1', [TOS_ORDER_CURSOR_KEY]);
      return typeof row?.value === 'number' ? row.value : 0;
    },

    /**
     * Inserts a page of TOS orders (source TOS, approved) with their containers and moves the cursor,
     * in one transaction: a page counts once, or not at all. An order number already there is skipped;
     * an order of a terminal the portal does not know is skipped too. Returns how many were added.
     */
    async insertPage(orders: readonly TosOrder[], last: number, expected: number): Promise<number> {
      return database.session(async (s) => {
        await s('begin');
        try {
          // Only one import moves the cursor: a second importer reading the same page finds it moved and adds nothing.
          const [moved] = await s<{ value: unknown }>('select value from system_settings where key = $1 for update', [
            TOS_ORDER_CURSOR_KEY,
          ]);
          const current = typeof moved?.value === 'number' ? moved.value : 0;
          if (current !== expected) {
            await s('rollback');
            return 0;
          }
          const inserted = await s<{ order_no: string }>(
            `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
                                 is_auto_approved, skip_approval, source, created_by, created_time)
             select x.no, x.no, x.tc, x.cc, x.jm, 'M', 'C', x.amt, true, true, 'TOS', 'TOS', x.at
               from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::timestamptz[]) as x(no, tc, cc, jm, amt, at)
               join terminals t on t.terminal_code = x.tc
             on conflict (order_no) do nothing
             returning order_no`,
            [
              orders.map((o) => o.OrderNo),
              orders.map((o) => o.TerminalCode),
              orders.map((o) => o.CustomerCode),
              orders.map((o) => o.JobModeCode),
              orders.map((o) => o.TotalAmount),
              orders.map((o) => o.CreatedTime.toISOString()),
            ],
          );
          const added = new Set(inserted.map((r) => r.order_no));
          const containers = orders
            .filter((o) => added.has(o.OrderNo))
            .flatMap((o) => o.containers.map((c) => ({ ...c, OrderNo: o.OrderNo })));
          if (containers.length) {
            await s(
              `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu)
               select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])`,
              [
                containers.map((c) => c.OrderNo),
                containers.map((c) => c.ContainerNo),
                containers.map((c) => c.IsoSizetype),
                containers.map((c) => c.FE),
                containers.map((c) => c.Teu),
              ],
            );
          }
          await s(
            `insert into system_settings (key, value, updated_time) values ($1, $2::jsonb, now())
             on conflict (key) do update set value = excluded.value, updated_time = now()`,
            [TOS_ORDER_CURSOR_KEY, JSON.stringify(last)],
          );
          await s('commit');
          return added.size;
        } catch (err) {
          await s('rollback');
          throw err;
        }
      });
    },
  };
}

export type TosOrdersRepository = ReturnType<typeof createTosOrdersRepository>;
