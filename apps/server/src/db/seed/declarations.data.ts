import { portDayStart } from '@smartport/contract';
import type { Database } from '../client';
import { createRandom } from './random';

const DAY = 86_400_000;
const offices = ['03EE', '03CE', '02CI', '51CI', '03TG', '03PA'];
const staffNotes = [
  'Số lượng container trên tờ khai không khớp với booking, vui lòng kiểm tra lại.',
  'Tệp đính kèm bị mờ, không đọc được số tờ khai. Vui lòng tải lại bản chụp rõ nét.',
  'Thiếu bản đăng ký kiểm tra chuyên ngành đối với lô hàng thủy sản đông lạnh.',
];

/** The demo customer's declarations (khachhang, first customer, NDP) and some of other customers, deterministic. */
export async function seedDemoDeclarations(database: Database, customers: readonly { code: string; tax: string }[], now: Date) {
  const q = database.query;
  // The declarations are registered by the demo users; data seeded without them (the bench) has none.
  const users = await q<{ n: number }>(`select count(*)::int n from users where user_id in ('khachhang', 'nhanvien')`);
  if ((users[0]?.n ?? 0) < 2) return;
  const r = createRandom(4_2026);
  const todayStart = portDayStart(now).getTime();
  const rows: {
    terminal: string;
    customer: string;
    no: string;
    office: string;
    qty: number;
    date: number;
    booking: string;
    ie: 'I' | 'E';
    status: number;
    note: string | null;
    by: string;
    created: number;
    actionBy: string | null;
    file: string;
  }[] = [];
  const add = (i: number, customer: { tax: string }, terminal: string, by: string, status: number, note: string | null) => {
    const ie = i % 3 === 2 ? 'I' : 'E';
    // Today's rows first, so the staff screen's default (today) filter has work to show.
    const created = i < 6 ? Math.max(todayStart + 60_000, now.getTime() - r.int(5, 300) * 60_000) : now.getTime() - r.int(1, 40) * DAY;
    const dayOf = portDayStart(new Date(created)).getTime() - r.int(0, 2) * DAY;
    const opr = r.pick(['MSC', 'MAE', 'CMA', 'ONE', 'HLC', 'EMC']);
    rows.push({
      terminal,
      customer: customer.tax,
      no: `${ie === 'E' ? '30' : '10'}${r.int(5_000_000_000, 9_999_999_999)}`,
      office: r.pick(offices),
      qty: r.int(1, 6),
      date: dayOf,
      booking: ie === 'E' ? `${opr}B${r.int(1_000_000, 9_999_999)}` : `${opr}${r.int(100_000_000, 999_999_999)}`,
      ie,
      status,
      note,
      by,
      created,
      actionBy: status === 1 || note ? 'nhanvien' : null,
      file: ie === 'E' ? 'ToKhaiXuat.pdf' : 'ToKhaiNhap.pdf',
    });
  };
  const own = customers[0];
  if (own) {
    add(0, own, 'NDP', 'khachhang', 0, null);
    add(1, own, 'NDP', 'khachhang', 0, staffNotes[0] as string);
    add(6, own, 'NDP', 'khachhang', 1, null);
    add(7, own, 'NDP', 'khachhang', 1, null);
    add(8, own, 'NDP', 'khachhang', 0, null);
  }
  for (let i = 0; i < 14; i++) {
    const customer = customers[1 + (i % Math.max(1, customers.length - 1))];
    if (!customer) break;
    const status = i % 4 === 3 ? 1 : 0;
    add(
      i < 4 ? 2 + i : 9 + i,
      customer,
      r.pick(['NDP', 'NDV', 'NHP', 'GML']),
      'nhanvien',
      status,
      i % 5 === 2 ? (staffNotes[i % 3] as string) : null,
    );
  }

  const folders = await q<{ file_patch: string }>(
    `insert into upload_folders (created_by, created_time)
     select by, to_timestamp(t / 1000.0) from unnest($1::text[], $2::float8[]) as x(by, t) returning file_patch`,
    [rows.map((x) => x.by), rows.map((x) => x.created)],
  );
  const ids = folders.map((f) => f.file_patch);
  await q(
    `insert into declaration_files (file_patch, file_name, size, mime, created_time)
     select f, n, 1024, 'application/pdf', to_timestamp(t / 1000.0) from unnest($1::uuid[], $2::text[], $3::float8[]) as x(f, n, t)`,
    [ids, rows.map((x) => x.file), rows.map((x) => x.created)],
  );
  await q(
    `insert into customs_declarations (terminal_code, customer_id, custom_no, custom_code, container_qty, custom_date, bl_booking_no,
       import_export, file_patch, file_lists, status, note, created_by, registrant_code, created_time, action_by, action_time)
     select tc, cu, no, oc, qty, to_timestamp(d / 1000.0), bk, ie, f, '/api/custom/file/' || f || '/' || fn, st, nt, by,
            (select u.customer_code from users u where u.user_id = by), to_timestamp(cr / 1000.0), ab, case when ab is null then null else to_timestamp(cr / 1000.0) + interval '2 hours' end
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::float8[], $7::text[], $8::text[], $9::uuid[], $10::text[],
                 $11::int[], $12::text[], $13::text[], $14::float8[], $15::text[])
       as x(tc, cu, no, oc, qty, d, bk, ie, f, fn, st, nt, by, cr, ab)
     order by cr`,
    [
      rows.map((x) => x.terminal),
      rows.map((x) => x.customer),
      rows.map((x) => x.no),
      rows.map((x) => x.office),
      rows.map((x) => x.qty),
      rows.map((x) => x.date),
      rows.map((x) => x.booking),
      rows.map((x) => x.ie),
      ids,
      rows.map((x) => x.file),
      rows.map((x) => x.status),
      rows.map((x) => x.note),
      rows.map((x) => x.by),
      rows.map((x) => x.created),
      rows.map((x) => x.actionBy),
    ],
  );
}
