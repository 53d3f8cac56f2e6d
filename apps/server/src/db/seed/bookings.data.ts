import { DAY_MS, lastSecondOfDayText, portDayKey } from '@smartport/contract';
import type { Database } from '../client';
import { demoYard } from './port-containers.data';

/**
 * The demo booking (docs/decisions.md 'Bookings'): MSC's MSCB2611001 at NDP, 40 × 22G1 and 20 × 45G1, valid 30 days,
 * shipper C0000001: the demo empties are picked up and export laden boxes dropped off against it.
 */
export const demoBooking = {
  bookingNo: 'MSCB2611001',
  shipperCustomer: 'C0000001',
  days: 30,
  lines: [
    { IsoSizetype: '22G1', Quantity: 40 },
    { IsoSizetype: '45G1', Quantity: 20 },
  ],
} as const;

export async function seedDemoBookings(database: Database, now = new Date()) {
  const y = demoYard;
  const [shipper] = await database.query<{ tax: string }>('select tax_code tax from customers where customer_code = $1', [
    demoBooking.shipperCustomer,
  ]);
  const until = lastSecondOfDayText(portDayKey(new Date(now.getTime() + demoBooking.days * DAY_MS)));
  const [row] = await database.query<{ id: string }>(
    `insert into bookings (booking_no, operation_code, terminal_code, shipper_tax_code, valid_until, issued_by, note)
     values ($1, $2, $3, $4, $5, 'hangtau', 'Booking mẫu') on conflict do nothing returning rowguid id`,
    [demoBooking.bookingNo, y.operator, y.terminal, shipper?.tax ?? null, until],
  );
  if (!row) return 0;
  await database.query(
    `insert into booking_lines (booking_rowguid, iso_sizetype, quantity) select $1, s, q from unnest($2::text[], $3::int[]) as a(s, q)`,
    [row.id, demoBooking.lines.map((l) => l.IsoSizetype), demoBooking.lines.map((l) => l.Quantity)],
  );
  return 1;
}
