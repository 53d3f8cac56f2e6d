import type { Database } from '../client';
import { customerTerminals, customerUserId } from './demo-data';
import { containerNumber } from './random';

const HOUR = 3_600_000;

/**
 * The TOS job codes of the demo job modes ('Mapping phương án', seeded when the table is empty): one code per job mode
 * for every size and cargo type (*), reefers of pickups and drop-offs their own. The TOS simulator knows these codes.
 */
export const demoJobModeMappings: readonly {
  JobModeCode: string;
  ContSize: string;
  CargoTypeCode: string;
  TosCode: string;
  TosDescription: string;
}[] = [
  { JobModeCode: 'TRAR', ContSize: '*', CargoTypeCode: '*', TosCode: 'HR', TosDescription: 'Hạ rỗng' },
  { JobModeCode: 'CAPR', ContSize: '*', CargoTypeCode: '*', TosCode: 'CR', TosDescription: 'Cấp rỗng' },
  { JobModeCode: 'LAYN', ContSize: '*', CargoTypeCode: '*', TosCode: 'LN', TosDescription: 'Lấy nguyên' },
  { JobModeCode: 'LAYN', ContSize: '*', CargoTypeCode: 'RF', TosCode: 'LN-RF', TosDescription: 'Lấy nguyên hàng lạnh' },
  { JobModeCode: 'HBAI', ContSize: '*', CargoTypeCode: '*', TosCode: 'HB', TosDescription: 'Hạ bãi hàng xuất' },
  { JobModeCode: 'HBAI', ContSize: '*', CargoTypeCode: 'RF', TosCode: 'HB-RF', TosDescription: 'Hạ bãi hàng lạnh' },
  { JobModeCode: 'HICD', ContSize: '*', CargoTypeCode: '*', TosCode: 'HI', TosDescription: 'Hạ về ICD' },
  { JobModeCode: 'DONG', ContSize: '*', CargoTypeCode: '*', TosCode: 'DH', TosDescription: 'Đóng hàng' },
  { JobModeCode: 'RUT', ContSize: '*', CargoTypeCode: '*', TosCode: 'RH', TosDescription: 'Rút hàng' },
  { JobModeCode: 'SLHK', ContSize: '*', CargoTypeCode: '*', TosCode: 'SC', TosDescription: 'Sang container' },
  { JobModeCode: 'DVBAI', ContSize: '*', CargoTypeCode: '*', TosCode: 'DC', TosDescription: 'Đảo chuyển' },
  { JobModeCode: 'DVKT', ContSize: '*', CargoTypeCode: '*', TosCode: 'KH', TosDescription: 'Kiểm hóa' },
  { JobModeCode: 'DVKC', ContSize: '*', CargoTypeCode: '*', TosCode: 'DV', TosDescription: 'Dịch vụ' },
];

/**
 * Orders waiting for staff at NDP (the approval queue 'Duyệt lệnh'): paid (P with a transaction) or pay later
 * (credit customer, P without one), made in the last hours, with containers (owner TGHU, serials 264001…) and priced
 * lines whose tariff codes the demo tariff mapping knows. Order numbers use serials 9000001… of the demo format.
 */
const waiting = [
  { customer: 'C0000001', job: 'LAYN', sizes: ['22G1', '45G1'], fe: 'F', cargo: 'GP', paid: true },
  { customer: 'C0000001', job: 'HBAI', sizes: ['22G1'], fe: 'F', cargo: 'GP', paid: true },
  { customer: 'C0000003', job: 'TRAR', sizes: ['22G1', '22G1', '45G1'], fe: 'E', cargo: 'MT', paid: true },
  { customer: 'C0000005', job: 'CAPR', sizes: ['45G1'], fe: 'E', cargo: 'MT', paid: false },
  { customer: 'C0000006', job: 'RUT', sizes: ['22G1'], fe: 'F', cargo: 'GP', paid: true },
  { customer: 'C0000002', job: 'DVKT', sizes: ['45G1', '22G1'], fe: 'F', cargo: 'GP', paid: true },
  { customer: 'C0000001', job: 'LAYN', sizes: ['22G1'], fe: 'F', cargo: 'GP', paid: true },
] as const;

/** The order's maker: the customer's own account when it works at NDP, else the staff login. */
const creatorOf = (w: { customer: string }) => (customerTerminals(w.customer).includes('NDP') ? customerUserId(w.customer) : 'nhanvien');

export async function seedApprovalQueue(database: Database, now = new Date()) {
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>('select count(*)::int n from mapping_job_modes');
  if (!n) {
    for (const m of demoJobModeMappings) {
      await database.query(
        `insert into mapping_job_modes (job_mode_code, cont_size, cargo_type_code, tos_code, tos_description, tos_used)
         values ($1, $2, $3, $4, $5, true) on conflict do nothing`,
        [m.JobModeCode, m.ContSize, m.CargoTypeCode, m.TosCode, m.TosDescription],
      );
    }
  }
  let serial = 9_000_000;
  let cntr = 264_000;
  for (const [i, w] of waiting.entries()) {
    const created = new Date(now.getTime() - (i + 1) * HOUR);
    const d = new Date(created.getTime() + 7 * HOUR);
    const ymd = `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
    serial++;
    const orderNo = `NDP${ymd}${String(serial).padStart(7, '0')}`;
    const lines = w.sizes.map((iso) => {
      const big = iso[0] === '4';
      const amount = big ? 900_000 : 600_000;
      const vat = Math.round(amount * 0.08);
      return { iso, cntr: containerNumber('TGHU', ++cntr), teu: big ? 2 : 1, amount, vat, tariff: big ? 'NH40F' : 'NH20F' };
    });
    const amount = lines.reduce((s, l) => s + l.amount, 0);
    const vat = lines.reduce((s, l) => s + l.vat, 0);
    const tx = w.paid ? `FT${ymd}${String(serial).padStart(8, '0')}` : null;
    const inserted = await database.query(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
         amount, vat_amount, priced_at, operation_code, shipper_name, exp_date, transaction_id, skip_approval, is_auto_approved, source,
         created_by, created_time, order_type)
       select $1::text, $2::text, 'NDP', $3::text, $4::text, cu.money_credit, 'P', $5::bigint, $6::bigint, $7::bigint, $8::timestamptz, 'MSC',
         cu.customer_name, $9::timestamptz, $10::text, false, false, 'SMP', $11::text, $8::timestamptz, null
       from customers cu where cu.customer_code = $3::text
       on conflict do nothing returning 1`,
      [
        orderNo,
        `${ymd}${String(serial % 100_000).padStart(5, '0')}-${String(10 + i).padStart(2, '0')}`,
        w.customer,
        w.job,
        amount + vat,
        amount,
        vat,
        created.toISOString(),
        new Date(created.getTime() + 3 * 24 * HOUR).toISOString(),
        tx,
        creatorOf(w),
      ],
    );
    if (!inserted.length) continue;
    for (const [k, l] of lines.entries()) {
      await database.query(
        `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, cargo_type_code, is_local_foreign, amount)
         values ($1, $2, $3, $4, $5, $6, 'F', $7)`,
        [orderNo, l.cntr, l.iso, w.fe, l.teu, w.cargo, l.amount + l.vat],
      );
      await database.query(
        `insert into order_charges (order_no, line_no, container_no, job_mode_code, job_mode_name, charge_kind, source, tariff_code,
           tariff_name, iso_sizetype, fe, cargo_type_code, quantity, unit, unit_price, tariff_currency, tariff_price, amount, vat_rate,
           vat_amount, total, explanation)
         select $1::text, $2::int, $3::text, $4::text, coalesce(jm.job_mode_name, $4::text), 'job', 'standard', $5::text, $6::text, $7::text,
           $8::text, $9::text, 1, 'Cont', $10::bigint, 'VND', $10::bigint, $10::bigint, 8, $11::bigint, $12::bigint, $13::text
         from (select 1) x left join job_modes jm on jm.job_mode_code = $4::text`,
        [
          orderNo,
          k + 1,
          l.cntr,
          w.job,
          l.tariff,
          l.iso[0] === '4' ? 'Nâng hạ container 40 hàng' : 'Nâng hạ container 20 hàng',
          l.iso,
          w.fe,
          w.cargo,
          l.amount,
          l.vat,
          l.amount + l.vat,
          `Biểu cước chuẩn ${l.tariff}: 1 cont × ${l.amount.toLocaleString('vi-VN')} VNĐ, VAT 8%`,
        ],
      );
    }
    if (tx) {
      await database.query(
        `insert into payments (order_no, partner_code, idempotency_key, amount, status, transaction_id, created_time, completed_time, user_id)
         values ($1, 'MB', $2, $3, 1, $4, $5, $5, $6)`,
        [orderNo, `seed-approval-${orderNo}`, amount + vat, tx, new Date(created.getTime() + 60_000).toISOString(), creatorOf(w)],
      );
    }
  }
}
