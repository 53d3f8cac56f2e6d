import { completeFreeDayHeader, portInstant } from '@smartport/contract';
import type { Database } from '../client';
import { allTerminalCodes } from './terminals.data';

const DAY = 86_400_000;

/** Demo free-day templates: [operator, customer, payment, local/foreign, reefer, rules [class, F/E, cargo, start, end, days]]. */
const freeDayTemplates = [
  [
    '*',
    '*',
    'M',
    '*',
    0,
    [
      ['1', 'F', '*', 'DateIn', 'DateOut', 3],
      ['1', 'E', '*', 'DateIn', 'DateOut', 5],
      ['2', 'E', '*', 'DateIn', 'DateOut', 5],
      ['3', 'F', '*', 'ATB', 'DateOut', 4],
      ['3', 'E', '*', 'DateIn', 'DateOut', 5],
    ],
  ],
  [
    'MSC',
    '*',
    'C',
    'F',
    0,
    [
      ['1', 'F', '*', 'DateIn', 'DateOut', 5],
      ['3', 'F', '*', 'ATB', 'DateOut', 6],
      ['*', 'E', '*', 'DateIn', 'DateOut', 7],
    ],
  ],
  ['*', '*', 'M', '*', 1, [['*', 'F', 'RF', 'DateIn', 'DateOut', 2]]],
] as const;

/**
 * Demo free-day templates (/config/free_day) at every terminal, from the start of the year before to the end of the year
 * after, so the screen and the tariff engine (orders issue) have rules to read. The reefer rules start empty (an
 * administrator adds them on /config/reffer_config; the e2e spec does).
 */
export async function seedDemoStorageRules(database: Database, now: Date) {
  const q = database.query;
  const from = portInstant(now.getUTCFullYear() - 1, 1, 1);
  const to = new Date(portInstant(now.getUTCFullYear() + 2, 1, 1).getTime() - DAY);
  const rows: unknown[][] = [];
  for (const terminal of allTerminalCodes) {
    for (const [opr, customer, money, lf, rf, rules] of freeDayTemplates) {
      const h = completeFreeDayHeader({
        TerminalCode: terminal,
        ApplyDate: from,
        ExpireDate: to,
        OperationCode: opr,
        IsLocalForiend: lf,
        MoneyCredit: money,
        CustomerCode: customer,
        isRFCheck: rf,
        Name: null,
        LaneCode: '*',
        VesselCode: '*',
      });
      for (const [cls, fe, cargo, start, end, days] of rules) {
        rows.push([terminal, h.Name, h.ApplyDate, h.ExpireDate, opr, lf, money, h.CustomerCode, rf, cls, fe, cargo, start, end, days]);
      }
    }
  }
  const col = (i: number) => rows.map((r) => r[i]);
  await q(
    `insert into free_day_rules (terminal_code, name, apply_date, expire_date, operation_code, is_local_foreign, money_credit,
       customer_code, is_rf_check, class_code, fe, cargo_type_code, start_time, end_time, free_day)
     select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::int2[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[])
     on conflict do nothing`,
    Array.from({ length: 15 }, (_, i) => col(i)),
  );
}
