import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/** Where the yard-event import of one TOS connection stands: its last sequence number read (system_settings). */
export const yardCursorKey = (connection: string) => `tos:yard:${connection}`;

/** SQL of the yard's facts on portal orders: the feed's cursor per TOS connection, container times, completion. */
export function createYardEventsRepository(db: Db) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));

  return {
    /** The terminals whose TOS holds portal orders not yet completed: the connections whose feeds are read. */
    async terminalsAwaitingYard(): Promise<string[]> {
      const list = await rows<{ t: string }>(
        sql`select distinct terminal_code t from orders where source = 'SMP' and tos_status = 'sent' and completed_at is null`,
      );
      return list.map((r) => r.t);
    },

    async cursor(key: string): Promise<number> {
      const [row] = await rows<{ v: string | null }>(sql`select value #>> '{}' v from system_settings where key = ${key}`);
      const n = Number(row?.v ?? 0);
      return Number.isFinite(n) ? n : 0;
    },

    /**
     * Moves the connection's cursor to `seq` when it is behind it, under the row's lock: true once per sequence number,
     * so an event read twice (two instances, a page read again) is applied once.
     */
    async claim(key: string, seq: number): Promise<boolean> {
      const done = await rows(
        sql`insert into system_settings (key, value, updated_time) values (${key}, ${JSON.stringify(seq)}::jsonb, now())
            on conflict (key) do update set value = excluded.value, updated_time = now()
            where (system_settings.value #>> '{}')::bigint < ${seq}
            returning 1`,
      );
      return done.length > 0;
    },

    /** The portal order a yard event names (orders made at the TOS's counter are not the portal's to follow). */
    async order(orderNo: string) {
      const [row] = await rows<{ OrderNo: string; OrderStatus: string; CreatedBy: string | null; CompletedAt: Date | null }>(
        sql`select order_no "OrderNo", order_status "OrderStatus", created_by "CreatedBy", completed_at "CompletedAt"
              from orders where order_no = ${orderNo} and source = 'SMP'`,
      );
      return row ?? null;
    },

    /**
     * Allocated (PB) at `at`, unless it was already. Null when nothing changed; else whether this made the order's
     * allocation whole (every container allocated), and its containers.
     */
    async allocated(orderNo: string, containerNo: string, at: Date): Promise<{ whole: boolean; containerNos: string[] } | null> {
      const r = await rows(sql`update order_containers set allocated_at = ${at.toISOString()}::timestamptz
          where order_no = ${orderNo} and container_no = ${containerNo} and allocated_at is null returning 1`);
      if (!r.length) return null;
      const all = await rows<{ c: string; done: boolean }>(
        sql`select container_no c, allocated_at is not null done from order_containers where order_no = ${orderNo} order by container_no`,
      );
      return { whole: all.every((x) => x.done), containerNos: all.map((x) => x.c) };
    },

    /** Through the gate in; false when it already was. */
    async gateIn(orderNo: string, containerNo: string, at: Date): Promise<boolean> {
      const r = await rows(sql`update order_containers set gate_in_time = ${at.toISOString()}::timestamptz
          where order_no = ${orderNo} and container_no = ${containerNo} and gate_in_time is null returning 1`);
      return r.length > 0;
    },

    /** Through the gate out; false when it already was. */
    async gateOut(orderNo: string, containerNo: string, at: Date): Promise<boolean> {
      const r = await rows(sql`update order_containers set gate_out_time = ${at.toISOString()}::timestamptz
          where order_no = ${orderNo} and container_no = ${containerNo} and gate_out_time is null returning 1`);
      return r.length > 0;
    },

    /** Completed (HT) at its last gate-out once every container is out; null when not yet, or when it already was. */
    async complete(orderNo: string): Promise<Date | null> {
      const [row] = await rows<{ at: Date | string }>(sql`update orders o set completed_at = c.last
          from (select max(gate_out_time) last, bool_and(gate_out_time is not null) all_out
                  from order_containers where order_no = ${orderNo}) c
          where o.order_no = ${orderNo} and o.completed_at is null and c.all_out
          returning o.completed_at at`);
      return row ? new Date(row.at) : null;
    },
  };
}
export type YardEventsRepository = ReturnType<typeof createYardEventsRepository>;
