import { endOfPortDay, portTime, startOfPortDay } from '@smartport/contract';
import type { Database } from '../client';
import { jobModeSeed } from './demo-data';
import { allTerminalCodes } from './terminals.data';

const DAY = 86_400_000;

/**
 * Demo approval configuration ('Cấu hình duyệt lệnh'), once with the demo data. Every terminal, every operator,
 * customer and payment type ('*'), from three years ago to five years ahead: most job modes are approved at
 * payment ('Không cần duyệt'), as most demo orders were before the decision came from this configuration; the
 * container change (SLHK) and the inspection service (DVKT) wait for staff ('Cần duyệt'). A second, narrower scope
 * shows precedence: customer C0000002 waits for staff on full-container pickups (LAYN) from the start of this month.
 * Without any row an order waits for staff (docs/decisions.md).
 */
export const demoApprovalNeeded: readonly string[] = ['SLHK', 'DVKT'];

export async function seedDemoApproval(database: Database, now = new Date()) {
  const from = portTime(startOfPortDay(new Date(now.getTime() - 3 * 365 * DAY))) as Date;
  const to = portTime(endOfPortDay(new Date(now.getTime() + 5 * 365 * DAY))) as Date;
  const rows: { t: string; j: string; c: string; f: Date; a: boolean }[] = [];
  for (const t of allTerminalCodes) for (const [j] of jobModeSeed) rows.push({ t, j, c: '*', f: from, a: demoApprovalNeeded.includes(j) });
  const month = portTime(`${startOfPortDay(now).slice(0, 8)}01 00:00:00`) as Date;
  for (const t of allTerminalCodes) rows.push({ t, j: 'LAYN', c: 'C0000002', f: month, a: true });
  await database.query(
    `insert into approval_configs (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date,
       is_approval, is_un_approval, updated_by)
     select t, j, '*', c, '*', to_timestamp(f / 1000.0), $6::timestamptz, a, not a, 'admin'
     from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::bool[]) as x(t, j, c, f, a)
     on conflict do nothing`,
    [
      rows.map((r) => r.t),
      rows.map((r) => r.j),
      rows.map((r) => r.c),
      rows.map((r) => r.f.getTime()),
      rows.map((r) => r.a),
      to.toISOString(),
    ],
  );
}
