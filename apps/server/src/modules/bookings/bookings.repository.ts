import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

export interface BookingRecord {
  Rowguid: string;
  BookingNo: string;
  TerminalCode: string;
  OperationCode: string;
  ShipperTaxCode: string | null;
  ShipperName: string | null;
  ValidUntil: Date;
  Status: 'A' | 'R';
  Note: string | null;
  IssuedBy: string;
  IssuedTime: Date;
  lines: { IsoSizetype: string; Quantity: number; Picked: number; Dropped: number }[];
}

/**
 * The orders that use a booking: empty pickups (its empties) and export drop-offs (its laden boxes), approved or still
 * live (A, P not expired). `o` is the order, `b` the booking.
 */
const usedBy = (
  kind: 'empty_pickup' | 'fcl_pre_advice',
) => sql`(select count(*)::int from order_containers c join orders o on o.order_no = c.order_no
    where o.booking_no = b.booking_no and o.operation_code = b.operation_code and o.terminal_code = b.terminal_code
      and o.order_type = ${kind} and c.iso_sizetype = l.iso_sizetype
      and (o.order_status = 'C' or (o.order_status in ('A', 'P') and (o.exp_date is null or o.exp_date > now()))))`;

const columns = sql`b.rowguid "Rowguid", b.booking_no "BookingNo", b.terminal_code "TerminalCode", b.operation_code "OperationCode",
  b.shipper_tax_code "ShipperTaxCode",
  (select customer_name from customers cu where cu.tax_code = b.shipper_tax_code order by customer_code limit 1) "ShipperName",
  b.valid_until "ValidUntil", b.status "Status", b.note "Note", b.issued_by "IssuedBy", b.issued_time "IssuedTime",
  coalesce((select json_agg(json_build_object('IsoSizetype', l.iso_sizetype, 'Quantity', l.quantity,
      'Picked', ${usedBy('empty_pickup')}, 'Dropped', ${usedBy('fcl_pre_advice')}) order by l.iso_sizetype)
    from booking_lines l where l.booking_rowguid = b.rowguid), '[]'::json) "lines"`;

export interface BookingFilter {
  line: string | null;
  terminals: string[];
  status: 'A' | 'R' | 'E' | '*';
  find?: string | undefined;
}

/** SQL of the bookings: the line's screens, and what the order checks and the empty picker read. */
export function createBookingsRepository(db: Db) {
  const all = async <T>(q: SQL, on: Db = db) => rowsOf<T>(await on.execute(q));
  const fix = (r: BookingRecord): BookingRecord => ({
    ...r,
    ValidUntil: new Date(r.ValidUntil),
    IssuedTime: new Date(r.IssuedTime),
    lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
  });
  return {
    async byNo(line: string, bookingNo: string, on: Db = db): Promise<BookingRecord | null> {
      const [row] = await all<BookingRecord>(
        sql`select ${columns} from bookings b where b.operation_code = ${line} and b.booking_no = ${bookingNo}`,
        on,
      );
      return row ? fix(row) : null;
    },

    async list(f: BookingFilter): Promise<BookingRecord[]> {
      const find = f.find?.trim().toUpperCase();
      const rows = await all<BookingRecord>(sql`select ${columns} from bookings b
        where b.terminal_code = any(${sql.param(f.terminals)}::text[]) ${f.line ? sql`and b.operation_code = ${f.line}` : sql``}
          ${
            f.status === 'A'
              ? sql`and b.status = 'A' and b.valid_until >= now()`
              : f.status === 'E'
                ? sql`and b.status = 'A' and b.valid_until < now()`
                : f.status === 'R'
                  ? sql`and b.status = 'R'`
                  : sql``
          }
          ${find ? sql`and (b.booking_no = ${find} or b.shipper_tax_code = ${find})` : sql``}
        order by b.issued_time desc limit 1000`);
      return rows.map(fix);
    },

    async insert(b: {
      BookingNo: string;
      TerminalCode: string;
      OperationCode: string;
      ShipperTaxCode: string | null;
      ValidUntil: Date;
      Note: string | null;
      IssuedBy: string;
      lines: { IsoSizetype: string; Quantity: number }[];
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into bookings (booking_no, operation_code, terminal_code, shipper_tax_code, valid_until, note, issued_by)
            values (${b.BookingNo}, ${b.OperationCode}, ${b.TerminalCode}, ${b.ShipperTaxCode}, ${b.ValidUntil.toISOString()}, ${b.Note},
              ${b.IssuedBy}) on conflict do nothing returning rowguid id`),
        );
        if (!row) return false;
        await tx.execute(sql`insert into booking_lines (booking_rowguid, iso_sizetype, quantity)
          select ${row.id}, s, q from unnest(${sql.param(b.lines.map((l) => l.IsoSizetype))}::text[],
            ${sql.param(b.lines.map((l) => l.Quantity))}::int[]) as a(s, q)`);
        return true;
      });
    },

    /**
     * New day and/or quantities; under the booking's row lock, a quantity below what orders already use is refused
     * (the size and the count used come back).
     */
    async amend(
      rowguid: string,
      change: { ValidUntil?: Date; lines?: { IsoSizetype: string; Quantity: number }[] },
    ): Promise<{ ok: true } | { ok: false; size: string; used: number } | { ok: false; gone: true }> {
      return db.transaction(async (tx) => {
        const [locked] = rowsOf<{ s: string; line: string; no: string }>(
          await tx.execute(sql`select status s, operation_code line, booking_no no from bookings where rowguid = ${rowguid} for update`),
        );
        if (!locked || locked.s !== 'A') return { ok: false as const, gone: true as const };
        if (change.lines) {
          const current = await this.byNo(locked.line, locked.no, tx);
          for (const l of current?.lines ?? []) {
            const used = Math.max(l.Picked, l.Dropped);
            const next = change.lines.find((n) => n.IsoSizetype === l.IsoSizetype)?.Quantity ?? 0;
            if (used > next) return { ok: false as const, size: l.IsoSizetype, used };
          }
          await tx.execute(sql`delete from booking_lines where booking_rowguid = ${rowguid}`);
          await tx.execute(sql`insert into booking_lines (booking_rowguid, iso_sizetype, quantity)
            select ${rowguid}, s, q from unnest(${sql.param(change.lines.map((l) => l.IsoSizetype))}::text[],
              ${sql.param(change.lines.map((l) => l.Quantity))}::int[]) as a(s, q)`);
        }
        if (change.ValidUntil)
          await tx.execute(sql`update bookings set valid_until = ${change.ValidUntil.toISOString()} where rowguid = ${rowguid}`);
        return { ok: true as const };
      });
    },

    /** Orders using it that are approved or still live. */
    async ordersUsing(b: { OperationCode: string; BookingNo: string; TerminalCode: string }): Promise<string[]> {
      const rows = await all<{ n: string }>(sql`select o.order_no n from orders o
        where o.booking_no = ${b.BookingNo} and o.operation_code = ${b.OperationCode} and o.terminal_code = ${b.TerminalCode}
          and o.order_type in ('empty_pickup', 'fcl_pre_advice')
          and (o.order_status = 'C' or (o.order_status in ('A', 'P') and (o.exp_date is null or o.exp_date > now())))
        order by 1 limit 20`);
      return rows.map((r) => r.n);
    },

    async cancel(rowguid: string, by: string, reason: string): Promise<boolean> {
      const rows = await all(sql`update bookings set status = 'R', cancelled_by = ${by}, cancelled_time = now(), cancel_reason = ${reason}
        where rowguid = ${rowguid} and status = 'A' returning 1`);
      return rows.length > 0;
    },

    /**
     * The yard's empties of the line and size at the terminal that can be given out: open visits, stacked (status S: not
     * held, not damaged), on no live order, oldest DateIn first; at most `n`.
     */
    async pickEmpties(q: { terminal: string; line: string; size: string; n: number; exclude: string[] }): Promise<string[]> {
      const rows = await all<{ c: string }>(sql`select p.container_no c from port_containers p
        where p.terminal_code = ${q.terminal} and p.operation_code = ${q.line} and p.fe = 'E' and p.iso_sizetype = ${q.size}
          and p.date_out is null and p.container_status_code = 'S' and p.container_no <> all(${sql.param(q.exclude)}::text[])
          and not exists (select 1 from order_containers c join orders o on o.order_no = c.order_no
            where c.container_no = p.container_no and o.terminal_code = p.terminal_code and o.order_status in ('A', 'P', 'C')
              and (o.exp_date is null or o.exp_date > now()))
        order by p.date_in, p.container_no limit ${q.n}`);
      return rows.map((r) => r.c);
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
