import { DAY_MS, lastSecondOfDayText, portDayKey } from '@smartport/contract';
import type { Database } from '../client';
import { demoYard } from './port-containers.data';

/**
 * The demo eDOs (docs/decisions.md 'eDO release'): MSC, a line on eDO, releases the demo yard's bills at NDP to the
 * demo customer C0000001 (`khachhang`) until 30 days ahead, issued by `hangtau`. Containers of other bills of MSC
 * have none (their pickups are refused until the line issues one); lines not on eDO (MAE) go by paper D/O.
 */
export const demoEdos = {
  consigneeCustomer: 'C0000001',
  days: 30,
  bills: [demoYard.importBill, demoYard.reeferBill, demoYard.heldBill],
} as const;

export async function seedDemoEdos(database: Database, now = new Date()) {
  const y = demoYard;
  const [customer] = await database.query<{ tax: string }>('select tax_code tax from customers where customer_code = $1', [
    demoEdos.consigneeCustomer,
  ]);
  if (!customer?.tax) return 0;
  // The last second of the port day `days` ahead.
  const until = lastSecondOfDayText(portDayKey(new Date(now.getTime() + demoEdos.days * DAY_MS)));
  let made = 0;
  for (const bl of demoEdos.bills) {
    const [seq] = await database.query<{ n: string }>(`select nextval('edo_no_seq')::text n`);
    const edoNo = `EDO${String(seq?.n ?? '0').padStart(7, '0')}`;
    await database.query(
      `insert into edos (edo_no, terminal_code, operation_code, bl_no, consignee_tax_code, valid_until, issued_by, note)
       values ($1, $2, $3, $4, $5, $6, 'hangtau', 'eDO mẫu')`,
      [edoNo, y.terminal, y.operator, bl, customer.tax, until],
    );
    await database.query(
      `insert into edo_containers (edo_no, container_no)
       select $1, container_no from port_containers where terminal_code = $2 and bl_no = $3 and operation_code = $4 and date_out is null`,
      [edoNo, y.terminal, bl, y.operator],
    );
    await database.query(`insert into edo_events (edo_no, kind, by_user, detail) values ($1, 'issue', 'hangtau', 'eDO mẫu')`, [edoNo]);
    made++;
  }
  return made;
}
