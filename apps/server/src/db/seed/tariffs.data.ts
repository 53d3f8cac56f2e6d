import { portInstant } from '@smartport/contract';
import type { Database } from '../client';
import { jobModeSeed } from './demo-data';
import { allTerminalCodes } from './terminals.data';

/** Price of a 20' empty move per job mode (VND); 40' ×1.5, 45' ×1.7, full ×1.6, rounded to 1.000. */
const basePrice: Record<string, number> = {
  TRAR: 230_000,
  CAPR: 230_000,
  LAYN: 380_000,
  HBAI: 380_000,
  HICD: 420_000,
  DONG: 900_000,
  RUT: 1_000_000,
  SLHK: 650_000,
  DVBAI: 180_000,
  DVKT: 250_000,
  DVKC: 120_000,
};
const sizeFactor = { '20': 1, '40': 1.5, '45': 1.7 } as const;
const sizes = ['20', '40', '45'] as const;
const thousand = (n: number) => Math.round(n / 1000) * 1000;
export const demoJobPrice = (mode: string, size: '20' | '40' | '45', fe: 'F' | 'E') =>
  thousand((basePrice[mode] ?? 300_000) * sizeFactor[size] * (fe === 'F' ? 1.6 : 1));

/** Storage per day (VND) by size and F/E; reefer power per hour (VND) by size. */
export const demoStoragePrice = {
  F: { '20': 45_000, '40': 90_000, '45': 100_000 },
  E: { '20': 25_000, '40': 50_000, '45': 55_000 },
} as const;
export const demoReeferPrice = { '20': 28_000, '40': 40_000, '45': 45_000 } as const;
/** Out-of-gauge cargo (OG) picked up or dropped off full, priced in USD. */
export const demoUsdPrice = { '20': 95, '40': 140, '45': 160 } as const;

/** The contract customer (the demo account khachhang pays as C0000001) and the contract shipping line. */
export const demoContract = { customer: 'C0000001', customerShare: 0.9, operator: 'MAE', operatorShare: 0.85 } as const;

/** ExtraMode steps: [mode, from, to, percent, note]. */
export const demoSurchargeSteps = [
  [1, 25, 30, 5, 'Container từ 25 đến dưới 30 tấn'],
  [1, 30, null, 10, 'Container từ 30 tấn trở lên'],
  [2, 1, 2, 50, 'Hàng nguy hiểm class 1 (chất nổ)'],
  [2, 2, 10, 30, 'Hàng nguy hiểm class 2 đến 9'],
  [3, 1, 50, 20, 'Quá khổ dưới 50 cm'],
  [3, 50, 100, 35, 'Quá khổ từ 50 đến dưới 100 cm'],
  [3, 100, null, 50, 'Quá khổ từ 100 cm trở lên'],
  [4, 0, 18, 5, 'Nhiệt độ từ 0 đến trên -18 °C'],
  [4, 18, null, 10, 'Nhiệt độ từ -18 °C trở xuống'],
] as const;

interface Row {
  t: string;
  code: string;
  name: string;
  kind: 'job' | 'storage' | 'reefer';
  mode: string;
  size: string;
  cargo: string;
  fe: string;
  cur: string;
  price: number;
}

/**
 * Demo tariffs at every terminal, one tariff code per price across terminals (e.g. LAYN-40F, LB-20E, DL-40,
 * HD-C0000001-LAYN-20F), each mapped to a TOS tariff code: each job mode for 20/40/45 full and empty, storage per day, reefer power
 * per hour, out-of-gauge pickups and drop-offs in USD; contract tariffs for the demo customer and for Maersk; the
 * ExtraMode surcharge steps. Valid from the start of last year to the end of next year, inserted in bulk.
 */
export async function seedDemoTariffs(database: Database, now: Date) {
  const from = portInstant(now.getUTCFullYear() - 1, 1, 1);
  const to = new Date(portInstant(now.getUTCFullYear() + 2, 1, 1).getTime() - 1000);
  const std: Row[] = [];
  const con: (Row & { no: string; cu: string; op: string })[] = [];
  const feName = { F: 'hàng', E: 'rỗng' } as const;
  for (const t of allTerminalCodes) {
    for (const [mode, modeName] of jobModeSeed) {
      for (const size of sizes) {
        for (const fe of ['F', 'E'] as const) {
          const price = demoJobPrice(mode, size, fe);
          const name = `${modeName} ${size}' ${feName[fe]}`;
          std.push({ t, code: `${mode}-${size}${fe}`, name, kind: 'job', mode, size, cargo: '*', fe, cur: 'VND', price });
          if (['LAYN', 'HBAI', 'CAPR', 'TRAR'].includes(mode)) {
            con.push({
              t,
              code: `HD-${demoContract.customer}-${mode}-${size}${fe}`,
              name: `${name} (hợp đồng khách hàng)`,
              kind: 'job',
              mode,
              size,
              cargo: '*',
              fe,
              cur: 'VND',
              price: thousand(price * demoContract.customerShare),
              no: `HD-${now.getUTCFullYear()}-${demoContract.customer}`,
              cu: demoContract.customer,
              op: '*',
            });
          }
          if (['LAYN', 'TRAR', 'HBAI'].includes(mode)) {
            con.push({
              t,
              code: `HD-${demoContract.operator}-${mode}-${size}${fe}`,
              name: `${name} (hợp đồng Maersk)`,
              kind: 'job',
              mode,
              size,
              cargo: '*',
              fe,
              cur: 'VND',
              price: thousand(price * demoContract.operatorShare),
              no: `HD-${now.getUTCFullYear()}-${demoContract.operator}`,
              cu: '*',
              op: demoContract.operator,
            });
          }
        }
      }
    }
    for (const size of sizes) {
      for (const fe of ['F', 'E'] as const) {
        const price = demoStoragePrice[fe][size];
        std.push({
          t,
          code: `LB-${size}${fe}`,
          name: `Lưu bãi cont ${size}' ${feName[fe]} (ngày)`,
          kind: 'storage',
          mode: '*',
          size,
          cargo: '*',
          fe,
          cur: 'VND',
          price,
        });
      }
      std.push({
        t,
        code: `DL-${size}`,
        name: `Điện lạnh cont ${size}' (giờ)`,
        kind: 'reefer',
        mode: '*',
        size,
        cargo: '*',
        fe: 'F',
        cur: 'VND',
        price: demoReeferPrice[size],
      });
      for (const mode of ['LAYN', 'HBAI']) {
        std.push({
          t,
          code: `${mode}-${size}F-OG`,
          name: `Hàng quá khổ ${size}' (USD)`,
          kind: 'job',
          mode,
          size,
          cargo: 'OG',
          fe: 'F',
          cur: 'USD',
          price: demoUsdPrice[size],
        });
      }
    }
  }
  const q = database.query;
  const cols = (rows: Row[]) => [
    rows.map((r) => r.t),
    rows.map((r) => r.code),
    rows.map((r) => r.name),
    rows.map((r) => r.kind),
    rows.map((r) => r.mode),
    rows.map((r) => r.size),
    rows.map((r) => r.cargo),
    rows.map((r) => r.fe),
    rows.map((r) => r.cur),
    rows.map((r) => r.price),
  ];
  const columns = `terminal_code, tariff_code, tariff_name, charge_kind, job_mode_code, cont_size, cargo_type_code, fe, currency_code, unit_price`;
  const types = `$1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[]`;
  await q(
    `insert into standard_tariffs (${columns}, is_local_foreign, vat_rate, apply_date, expire_date)
     select *, '*', 8, $11::timestamptz, $12::timestamptz from unnest(${types}) on conflict do nothing`,
    [...cols(std), from, to],
  );
  await q(
    `insert into contract_tariffs (${columns}, contract_no, customer_code, operation_code, is_local_foreign, vat_rate, apply_date, expire_date)
     select *, '*', 8, $14::timestamptz, $15::timestamptz from unnest(${types}, $11::text[], $12::text[], $13::text[]) on conflict do nothing`,
    [...cols(con), con.map((r) => r.no), con.map((r) => r.cu), con.map((r) => r.op), from, to],
  );
  // The TOS knows each demo tariff code ('Mapping mã biểu cước'): approved orders reach the TOS simulator.
  const codes = new Map<string, string>();
  for (const r of [...std, ...con]) codes.set(r.code, r.name);
  await q(
    `insert into tariff_mappings (tariff_code, tos_tariff_code, tos_description)
     select c, 'TOS.' || replace(c, '-', '.'), n from unnest($1::text[], $2::text[]) as u(c, n) on conflict do nothing`,
    [[...codes.keys()], [...codes.values()]],
  );
  const steps = allTerminalCodes.flatMap((t) => demoSurchargeSteps.map((s) => [t, ...s] as const));
  await q(
    `insert into tariff_surcharges (terminal_code, extra_mode, from_value, to_value, percent, note)
     select * from unnest($1::text[], $2::int2[], $3::numeric[], $4::numeric[], $5::numeric[], $6::text[]) on conflict do nothing`,
    Array.from({ length: 6 }, (_, i) => steps.map((s) => s[i] ?? null)),
  );
}
