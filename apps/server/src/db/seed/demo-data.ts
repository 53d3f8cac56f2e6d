import { randomBytes } from 'node:crypto';
import { portMonthStart } from '@smartport/contract';
import { mbServiceCharge } from '../../modules/admin/mb-charges';
import { hashPassword } from '../../security/password-hash';
import type { Database } from '../client';
import { adminSeed } from './admin.data';
import { seedCatalogs } from './catalogs.data';
import { seedDemoDeclarations } from './declarations.data';
import { containerNumber, createRandom, type Random } from './random';
import { seedDemoStorageRules } from './storage-rules.data';
import { allTerminalCodes, demoTerminalTaxCodes } from './terminals.data';

export const shippingLineSeed = [
  ['MSC', 'Mediterranean Shipping Company', 'F'],
  ['MAE', 'Maersk Line', 'F'],
  ['CMA', 'CMA CGM', 'F'],
  ['HLC', 'Hapag-Lloyd', 'F'],
  ['ONE', 'Ocean Network Express', 'F'],
  ['EMC', 'Evergreen Marine', 'F'],
  ['COS', 'COSCO Shipping Lines', 'F'],
  ['OOL', 'Orient Overseas Container Line', 'F'],
  ['YML', 'Yang Ming Marine Transport', 'F'],
  ['WHL', 'Wan Hai Lines', 'F'],
  ['SIT', 'SITC Container Lines', 'F'],
  ['HMM', 'HMM Co., Ltd.', 'F'],
  ['KMT', 'Korea Marine Transport', 'F'],
  ['TSL', 'T.S. Lines', 'F'],
  ['VSC', 'Công ty CP Vận tải biển Việt Nam (Vosco)', 'L'],
  ['VFC', 'Vinafco Shipping', 'L'],
  ['GMD', 'Gemadept Shipping', 'L'],
  ['HAI', 'Hải An Transport & Stevedoring', 'L'],
] as const;

export const ownerPrefix: Record<string, string> = {
  MSC: 'MSCU',
  MAE: 'MAEU',
  CMA: 'CMAU',
  HLC: 'HLXU',
  ONE: 'ONEU',
  EMC: 'EGHU',
  COS: 'CSNU',
  OOL: 'OOLU',
  YML: 'YMLU',
  WHL: 'WHLU',
  SIT: 'SITU',
  HMM: 'HMMU',
  KMT: 'KMTU',
  TSL: 'TSLU',
  VSC: 'VSCU',
  VFC: 'VFCU',
  GMD: 'GMDU',
  HAI: 'HASU',
};

export const jobModeSeed = [
  // code, name, LoLo, CFSStuff, CFSUnstuff, CFSChange, ServiceYard, ServiceNonCont, ExtraMode
  ['TRAR', 'Trả rỗng', true, false, false, false, false, false, 0],
  ['CAPR', 'Cấp rỗng', true, false, false, false, false, false, 1],
  ['LAYN', 'Lấy nguyên container', true, false, false, false, false, false, 1],
  ['HBAI', 'Hạ bãi hàng xuất', true, false, false, false, false, false, 0],
  ['HICD', 'Hạ container về ICD', true, false, false, false, false, false, 0],
  ['DONG', 'Đóng hàng vào container', false, true, false, false, false, false, 0],
  ['RUT', 'Rút hàng khỏi container', false, false, true, false, false, false, 2],
  ['SLHK', 'Sang container (đổi vỏ)', false, false, false, true, false, false, 0],
  ['DVBAI', 'Dịch vụ đảo chuyển trong bãi', false, false, false, false, true, false, 3],
  ['DVKT', 'Dịch vụ kiểm hóa, soi chiếu', false, false, false, false, true, false, 4],
  ['DVKC', 'Dịch vụ không container (cân, vệ sinh)', false, false, false, false, false, true, 0],
] as const;

/** Demo attached orders: operator, local/foreign, job mode, attached service (a service job mode), charged by default. */
export const attachConfigSeed = [
  ['*', '*', 'TRAR', 'DVBAI', true],
  ['*', '*', 'CAPR', 'DVKT', false],
  ['*', '*', 'CAPR', 'DVKC', false],
  ['*', '*', 'LAYN', 'DVKT', true],
  ['*', '*', 'HBAI', 'DVKC', false],
  ['*', '*', 'DONG', 'DVBAI', true],
  ['*', '*', 'DONG', 'DVKC', false],
  ['*', '*', 'RUT', 'DVKT', true],
  ['MAE', '*', 'LAYN', 'DVKT', true],
  ['MAE', '*', 'LAYN', 'DVBAI', false],
  ['*', 'L', 'HBAI', 'DVKC', true],
] as const;

const companyKinds = ['Công ty TNHH', 'Công ty Cổ phần', 'Công ty TNHH MTV'];
const companyCores = [
  'Giao nhận Vận tải Hải Minh',
  'Logistics Đông Á',
  'Thương mại Xuất nhập khẩu Thành Công',
  'Dệt may Nam Định',
  'Gỗ nội thất Phú Tài',
  'Thủy sản Minh Phú',
  'Điện tử Bắc Ninh',
  'Cà phê Tây Nguyên',
  'Nhựa Tiền Phong',
  'Thép Hòa Phát Hải Dương',
  'Vận tải Biển Sao Mai',
  'Tiếp vận Quốc tế Hoàng Long',
  'Hóa chất Đức Giang',
  'Giày da Thái Bình',
  'Nông sản Việt Phát',
  'Phân bón Bình Điền',
  'Cơ khí Việt Nhật',
  'Linh kiện Điện tử Vĩnh Phúc',
  'Bao bì Tân Tiến',
  'Gạo Trung An',
  'Hạt điều Bình Phước',
  'Xi măng Chinfon',
  'Kho vận Miền Bắc',
  'Đại lý Hàng hải Việt Nam',
  'Vận tải Đa phương thức Tân Cảng',
  'May mặc Hưng Yên',
  'Sữa Mộc Châu',
  'Chế biến Gỗ Trường Thành',
  'Dược phẩm Trung ương',
  'Thiết bị Y tế Hà Nội',
];
const cities = ['Hải Phòng', 'Hà Nội', 'TP. Hồ Chí Minh', 'Bình Dương', 'Đồng Nai', 'Bắc Ninh', 'Hưng Yên', 'Hải Dương'];
const people = [
  'Nguyễn Văn An',
  'Trần Thị Bình',
  'Lê Hoàng Cường',
  'Phạm Minh Đức',
  'Vũ Thị Hoa',
  'Đặng Quốc Huy',
  'Bùi Thu Trang',
  'Hoàng Văn Long',
];
const vesselNames = [
  'MSC ANNA',
  'MAERSK HAI PHONG',
  'CMA CGM TAGE',
  'ONE HARMONY',
  'EVER BLOOM',
  'COSCO HAIPHONG',
  'OOCL BANGKOK',
  'YM UNITY',
  'WAN HAI 512',
  'SITC HAIPHONG',
  'HMM RAON',
  'KMTC HOCHIMINH',
  'TS SHANGHAI',
  'VOSCO SUNRISE',
  'GEMADEPT 06',
  'HAIAN BELL',
  'VINAFCO 28',
  'MSC AMANDA',
  'EVER CHEER',
  'CMA CGM PUGET',
];
const sizeTypes = [
  ['22G1', 1],
  ['22G1', 1],
  ['45G1', 2],
  ['45G1', 2],
  ['42G1', 2],
  ['22R1', 1],
  ['45R1', 2],
  ['22U1', 1],
  ['22T1', 1],
  ['42P1', 2],
] as const;
const commodities = [
  'Hàng dệt may',
  'Đồ gỗ nội thất',
  'Thủy sản đông lạnh',
  'Linh kiện điện tử',
  'Cà phê nhân',
  'Gạo',
  'Hạt điều',
  'Thép cuộn',
  'Hạt nhựa',
  'Giày dép',
];
const ports = ['VNHPH', 'VNCLI', 'CNSHA', 'SGSIN', 'HKHKG', 'KRPUS', 'JPTYO', 'USLAX', 'NLRTM', 'DEHAM', 'THLCH', 'MYPKG'];

function taxCode(r: Random) {
  return `0${r.int(100000000, 999999999)}`;
}

export interface DemoSizes {
  orders: number;
}

const DAY = 86_400_000;

/**
 * The serial of a demo order's container: never one of the demo yard's and the tests' own (26xxxx: the yard's imports,
 * empties, reefers and held boxes, which the demo orders must not already hold), moved to 99xxxx.
 */
function demoOrderSerial(drawn: number): number {
  return drawn >= 260_000 && drawn < 270_000 ? drawn + 730_000 : drawn;
}

/** Seeds reference data and `sizes.orders` orders over three years, in bulk (`unnest`), deterministically. */
export async function seedDemoData(database: Database, sizes: DemoSizes, now = new Date()) {
  const r = createRandom(20261121);
  const q = database.query;

  await q(
    `insert into shipping_lines (operation_code, operation_name, is_lf, money_credit, is_edo)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bool[]) on conflict do nothing`,
    [
      shippingLineSeed.map((s) => s[0]),
      shippingLineSeed.map((s) => s[1]),
      shippingLineSeed.map((s) => s[2]),
      shippingLineSeed.map((_, i) => (i % 4 === 3 ? 'C' : 'M')),
      shippingLineSeed.map((_, i) => i % 3 === 0),
    ],
  );
  await q(
    `insert into customer_types (customer_type_code, customer_type_name) values
     ('DN', 'Doanh nghiệp xuất nhập khẩu'), ('FWD', 'Đại lý giao nhận'), ('HT', 'Hãng tàu'), ('CN', 'Cá nhân')
     on conflict do nothing`,
  );

  await seedCatalogs(database, now);
  await q(
    `update terminals t set tax_code = d.tax from unnest($1::text[], $2::text[]) as d(code, tax)
     where t.terminal_code = d.code and t.tax_code is null`,
    [Object.keys(demoTerminalTaxCodes), Object.values(demoTerminalTaxCodes)],
  );

  const customerCount = 60;
  const customers = Array.from({ length: customerCount }, (_, i) => {
    const core = companyCores[i % companyCores.length] as string;
    const kind = companyKinds[i % companyKinds.length] as string;
    const suffix = i >= companyCores.length ? ` ${cities[i % cities.length]}` : '';
    return {
      code: `C${String(i + 1).padStart(7, '0')}`,
      tax: taxCode(r),
      name: `${kind} ${core}${suffix}`,
      address: `Số ${r.int(1, 300)} đường ${r.pick(['Lê Hồng Phong', 'Trần Phú', 'Nguyễn Trãi', 'Lạch Tray', 'Điện Biên Phủ', 'Hai Bà Trưng'])}, ${r.pick(cities)}`,
      email: `xuatnhapkhau${i + 1}@${core
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/đ/g, 'd')
        .replace(/[^a-z]/g, '')
        .slice(0, 14)}.vn`,
      represent: r.pick(people),
      phone: `0${r.int(900000000, 989999999)}`,
      credit: i % 5 === 4 ? 'C' : 'M',
      level: r.int(1, 3),
      type: i % 10 === 9 ? 'FWD' : 'DN',
    };
  });
  await q(
    `insert into customers (customer_code, tax_code, customer_name, address, email, represent, phone, money_credit, customer_level_code, customer_type_code)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[])
     on conflict do nothing`,
    [
      customers.map((c) => c.code),
      customers.map((c) => c.tax),
      customers.map((c) => c.name),
      customers.map((c) => c.address),
      customers.map((c) => c.email),
      customers.map((c) => c.represent),
      customers.map((c) => c.phone),
      customers.map((c) => c.credit),
      customers.map((c) => c.level),
      customers.map((c) => c.type),
    ],
  );

  await q(
    // The evaluation criteria of the configuration screen (table questions); code 0, the free-text note, is no criterion.
    `insert into questions (question_code, question_name) select * from unnest($1::int[], $2::text[]) on conflict do nothing`,
    [ratingQuestionSeed.filter((x) => x[0] > 0).map((x) => x[0]), ratingQuestionSeed.filter((x) => x[0] > 0).map((x) => x[1])],
  );
  await q(`select setval(pg_get_serial_sequence('questions', 'question_code'), greatest((select max(question_code) from questions), 1))`);
  // Sales accounts have no known password (a random one, hashed): they are people, not demo logins.
  const salesHashes = await Promise.all(salesPeopleSeed.map(() => hashPassword(randomBytes(18).toString('base64'))));
  await q(
    `insert into users (user_id, user_name, password_hash, user_group_code, terminal_codes)
     select id, name, h, 'STAFF', $4::text[] from unnest($1::text[], $2::text[], $3::text[]) as x(id, name, h)
     on conflict do nothing`,
    [salesPeopleSeed.map((x) => x[0]), salesPeopleSeed.map((x) => x[1]), salesHashes, [...allTerminalCodes]],
  );
  // Each customer's own account (one per customer; C0000001's is the demo login 'khachhang'), at the terminals it works
  // at: its orders there are made by it, the rest by staff. No known password (one random hash): people, not logins.
  const customerHash = await hashPassword(randomBytes(18).toString('base64'));
  const own = customers.filter((c) => c.code !== 'C0000001');
  await q(
    `insert into users (user_id, user_name, password_hash, user_group_code, terminal_codes, customer_code, email)
     select id, name, $3, 'CUSTOMER', string_to_array(t, ','), cc, mail from unnest($1::text[], $2::text[], $4::text[], $5::text[], $6::text[])
       as x(id, name, t, cc, mail)
     on conflict do nothing`,
    [
      own.map((c) => customerUserId(c.code)),
      own.map((c) => c.represent),
      customerHash,
      own.map((c) => customerTerminals(c.code).join(',')),
      own.map((c) => c.code),
      own.map((c) => c.email),
    ],
  );

  // Each customer has one or two sales people (some share them).
  const sales = customers.flatMap((c, i) => {
    const first = salesPeopleSeed[i % salesPeopleSeed.length]?.[0] as string;
    const second = salesPeopleSeed[(i * 3 + 1) % salesPeopleSeed.length]?.[0] as string;
    return i % 3 === 0 && second !== first
      ? [
          [c.code, first],
          [c.code, second],
        ]
      : [[c.code, first]];
  });
  await q(
    `insert into customer_sales (customer_code, business_user_id) select * from unnest($1::text[], $2::text[]) on conflict do nothing`,
    [sales.map((x) => x[0]), sales.map((x) => x[1])],
  );

  await q(
    `insert into job_modes (job_mode_code, job_mode_name, is_lolo, is_cfs_stuff, is_cfs_unstuff, is_cfs_change, is_service_yard, is_service_non_cont, extra_mode)
     select * from unnest($1::text[], $2::text[], $3::bool[], $4::bool[], $5::bool[], $6::bool[], $7::bool[], $8::bool[], $9::int[])
     on conflict do nothing`,
    Array.from({ length: 9 }, (_, col) => jobModeSeed.map((j) => j[col])),
  );

  // Attached orders (/config/attach_config): the same rules at every terminal, for all scopes (*), plus a Maersk rule.
  const attach = allTerminalCodes.flatMap((terminal) =>
    attachConfigSeed.map(([opr, lf, mode, service, fixed]) => ({ terminal, opr, lf, mode, service, fixed })),
  );
  await q(
    `insert into attach_configs (terminal_code, operation_code, is_local_foreign, job_mode_code, attach_service_code, is_fixed)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[]) on conflict do nothing`,
    [
      attach.map((a) => a.terminal),
      attach.map((a) => a.opr),
      attach.map((a) => a.lf),
      attach.map((a) => a.mode),
      attach.map((a) => a.service),
      attach.map((a) => a.fixed),
    ],
  );

  // Vessel voyages: a call per terminal roughly every 4 days over three years, plus the next weeks.
  const start = now.getTime() - 3 * 365 * DAY;
  const voyages: { key: string; terminal: string; name: string; im: string; ex: string; opr: string; eta: number }[] = [];
  for (const terminal of allTerminalCodes) {
    let t = start + r.int(0, 4) * DAY;
    let n = 0;
    while (t < now.getTime() + 30 * DAY) {
      const name = r.pick(vesselNames);
      const yy = new Date(t).getUTCFullYear() % 100;
      const year = new Date(t).getUTCFullYear();
      const week = String(Math.floor((t - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1).padStart(2, '0');
      voyages.push({
        key: `${terminal}${new Date(t).getUTCFullYear()}${String(++n).padStart(4, '0')}`,
        terminal,
        name,
        im: `${yy}${week}N`,
        ex: `${yy}${week}S`,
        opr: r.pick(shippingLineSeed)[0],
        eta: t,
      });
      t += r.int(3, 5) * DAY;
    }
  }
  await q(
    `insert into vessel_voyages (vessel_key, terminal_code, vessel_name, vessel_im_voy, vessel_ex_voy, operation_code, eta, etb, etd)
     select k, tc, vn, im, ex, op, to_timestamp(eta / 1000.0), to_timestamp(eta / 1000.0) + interval '6 hours', to_timestamp(eta / 1000.0) + interval '30 hours'
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[]) as v(k, tc, vn, im, ex, op, eta)
     on conflict do nothing`,
    [
      voyages.map((v) => v.key),
      voyages.map((v) => v.terminal),
      voyages.map((v) => v.name),
      voyages.map((v) => v.im),
      voyages.map((v) => v.ex),
      voyages.map((v) => v.opr),
      voyages.map((v) => v.eta),
    ],
  );

  const voyagesByTerminal = new Map<string, { key: string; eta: number }[]>();
  for (const v of voyages) {
    const list = voyagesByTerminal.get(v.terminal) ?? [];
    list.push({ key: v.key, eta: v.eta });
    voyagesByTerminal.set(v.terminal, list);
  }
  await seedOrders(database, sizes.orders, r, customers, voyagesByTerminal, now);
  await seedDemoDeclarations(database, customers, now);
  await seedDemoStorageRules(database, now);
}

/**
 * The demo's MB payments charged as live ones are: the fee tables' one rule (`mbServiceCharge`) over the seeded
 * tables, by the port month's MB total before each payment (in time order within a chunk; `monthTotals` carries on).
 */
function chargeMbFees(p: { partner: string[]; amount: number[]; time: number[]; fee: number[] }, monthTotals: Map<number, number>): void {
  const tables = { charges: adminSeed.mbCharges, fees: adminSeed.mbFees };
  const mb = p.partner.flatMap((partner, i) => (partner === 'MB' ? [i] : [])).sort((a, b) => (p.time[a] ?? 0) - (p.time[b] ?? 0));
  for (const i of mb) {
    const amount = p.amount[i] ?? 0;
    const month = portMonthStart(new Date(p.time[i] ?? 0)).getTime();
    const before = monthTotals.get(month) ?? 0;
    p.fee[i] = mbServiceCharge(before, amount, tables).total;
    monthTotals.set(month, before + amount);
  }
}

/** Rating criteria (spec 02 §2.6.1); QuestionCode 0 holds the free-text notes. */
export const ratingQuestionSeed = [
  [1, 'Mức độ hài lòng về thủ tục đăng ký lệnh'],
  [2, 'Tốc độ xử lý và duyệt lệnh'],
  [3, 'Thanh toán trực tuyến thuận tiện'],
  [4, 'Thái độ phục vụ của nhân viên cảng'],
  [5, 'Thời gian giao nhận container tại cảng'],
  [0, 'Ý kiến đóng góp khác'],
] as const;

const ratingNotes = [
  'Thủ tục nhanh gọn, rất hài lòng.',
  'Mong cảng bổ sung thêm cổng thanh toán QR.',
  'Thời gian chờ tại cổng còn lâu vào giờ cao điểm.',
  'Nhân viên hỗ trợ nhiệt tình.',
  'Đề nghị gửi thông báo khi lệnh được duyệt.',
  'Hóa đơn điện tử xuất chậm vào cuối tháng.',
];
const ratingScreens = ['Lệnh chờ thanh toán', 'Đăng ký lệnh', 'Thanh toán trực tuyến'];

interface RatingSeedRow {
  terminal: string;
  user: string;
  customer: string;
  orderNo: string;
  pin: string;
  screen: string;
  job: string;
  question: number;
  rating: number | null;
  note: string | null;
  at: number;
}

/** One rater's answers after an order: stars for each criterion, sometimes a note. */
function rate(
  r: Random,
  out: RatingSeedRow[],
  o: { orderNo: string; pin: string; terminal: string; customer: string; user: string; job: string; at: number; until: number },
) {
  const at = Math.min(o.until, o.at + r.int(10, 600) * 60_000);
  const screen = r.pick(ratingScreens);
  const mood = r.int(2, 5);
  for (const [code] of ratingQuestionSeed) {
    const base = {
      terminal: o.terminal,
      user: o.user,
      customer: o.customer,
      orderNo: o.orderNo,
      pin: o.pin.split('-')[0] as string,
      screen,
      job: o.job,
      at,
    };
    if (code === 0) {
      if (r.chance(0.3)) out.push({ ...base, question: 0, rating: null, note: r.pick(ratingNotes) });
    } else out.push({ ...base, question: code, rating: Math.min(5, Math.max(1, mood + r.int(-1, 1))), note: null });
  }
}

async function insertRatings(database: Database, rows: RatingSeedRow[]) {
  if (!rows.length) return;
  await database.query(
    `insert into ratings (terminal_code, user_id, customer_code, order_no, pin_code, screen_name, job_mode_code, question_code, rating, rating_note, created_time)
     select tc, u, c, o, p, s, j, q, r, n, to_timestamp(t / 1000.0)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::float8[])
          as x(tc, u, c, o, p, s, j, q, r, n, t)`,
    [
      rows.map((x) => x.terminal),
      rows.map((x) => x.user),
      rows.map((x) => x.customer),
      rows.map((x) => x.orderNo),
      rows.map((x) => x.pin),
      rows.map((x) => x.screen),
      rows.map((x) => x.job),
      rows.map((x) => x.question),
      rows.map((x) => x.rating),
      rows.map((x) => x.note),
      rows.map((x) => x.at),
    ],
  );
}

/** Sales people (spec 02 §2.5 'Nhân viên kinh doanh'): staff accounts, each in charge of some customers. */
export const salesPeopleSeed = [
  ['kd.hung', 'Ngô Văn Hùng'],
  ['kd.lan', 'Trịnh Thị Lan'],
  ['kd.phong', 'Đinh Quang Phong'],
  ['kd.ngoc', 'Lý Bảo Ngọc'],
  ['kd.tuan', 'Mai Anh Tuấn'],
] as const;

/** A demo customer's own account: 'khachhang' for C0000001 (the demo login), 'kh.c0000002' … for the others. */
export const customerUserId = (code: string) => (code === 'C0000001' ? 'khachhang' : `kh.${code.toLowerCase()}`);

/** The terminals a demo customer works at (its account's): C0000001 at NDP as the demo login, others three of them. */
export function customerTerminals(code: string): string[] {
  if (code === 'C0000001') return ['NDP'];
  const n = Number(code.slice(1));
  const all = allTerminalCodes as readonly string[];
  return [...new Set([all[n % all.length], all[(n * 5 + 3) % all.length], all[(n * 7 + 1) % all.length]])] as string[];
}

/** Staff who make and approve orders at a terminal: the demo staff login at its terminals, else a sales person. */
const staffAt = (terminal: string, r: Random) =>
  ['NDP', 'NDV', 'NHP'].includes(terminal) && r.chance(0.6) ? 'nhanvien' : (r.pick(salesPeopleSeed)[0] as string);

async function seedOrders(
  database: Database,
  total: number,
  r: Random,
  customers: { code: string; credit: string }[],
  voyagesByTerminal: Map<string, { key: string; eta: number }[]>,
  now: Date,
) {
  /** The terminal's last vessel call before the order's time (+2 days): lists are in ETA order. */
  const voyageFor = (terminal: string, at: number): string | null => {
    const list = voyagesByTerminal.get(terminal) ?? [];
    let lo = 0;
    let hi = list.length - 1;
    let found: string | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = list[mid] as { key: string; eta: number };
      if (v.eta <= at + 2 * DAY) {
        found = v.key;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const chunk = 20_000;
  const span = 3 * 365 * DAY;
  const endMs = now.getTime();
  let serial = 100000;
  let invoiceSerial = 0;
  // Ratings draw from their own sequence so the orders stay what they were before ratings existed.
  const rr = createRandom(20261122);
  const ratingRows: RatingSeedRow[] = [];
  // Who made and approved each order, and when things happened after its creation, from a sequence of their own.
  const who = createRandom(20261128);
  const mbMonthTotals = new Map<number, number>();
  for (let offset = 0; offset < total; offset += chunk) {
    const n = Math.min(chunk, total - offset);
    const o = {
      no: [] as string[],
      pin: [] as string[],
      terminal: [] as string[],
      customer: [] as string[],
      job: [] as string[],
      credit: [] as string[],
      status: [] as string[],
      amount: [] as number[],
      opr: [] as string[],
      vessel: [] as (string | null)[],
      booking: [] as (string | null)[],
      bl: [] as (string | null)[],
      shipper: [] as string[],
      exp: [] as number[],
      tx: [] as (string | null)[],
      skip: [] as boolean[],
      auto: [] as boolean[],
      source: [] as string[],
      by: [] as string[],
      created: [] as number[],
      approver: [] as (string | null)[],
      approved: [] as (number | null)[],
    };
    const c = {
      order: [] as string[],
      cntr: [] as string[],
      iso: [] as string[],
      fe: [] as string[],
      teu: [] as number[],
      cargo: [] as string[],
      commodity: [] as (string | null)[],
      cls: [] as number[],
      lf: [] as string[],
      pol: [] as string[],
      pod: [] as string[],
      fpod: [] as string[],
      weight: [] as number[],
      seal: [] as (string | null)[],
      hold: [] as (boolean | null)[],
      temp: [] as (number | null)[],
      imo: [] as (string | null)[],
      unno: [] as (string | null)[],
      oog: [] as (number | null)[],
      amount: [] as number[],
    };
    const p = {
      user: [] as string[],
      fee: [] as number[],
      order: [] as string[],
      partner: [] as string[],
      key: [] as string[],
      amount: [] as number[],
      tx: [] as string[],
      time: [] as number[],
    };
    const inv = {
      order: [] as string[],
      series: [] as string[],
      no: [] as string[],
      tac: [] as string[],
      amount: [] as number[],
      time: [] as number[],
    };

    for (let i = 0; i < n; i++) {
      const idx = offset + i;
      // Skewed toward recent months (a growing port); the first demo customer always has recent orders.
      const age = Math.floor(span * r.next() ** 1.4);
      const created = endMs - age;
      const customer = idx % 50 === 0 ? (customers[0] as { code: string; credit: string }) : r.pick(customers);
      // A customer orders mostly at the terminals it works at, sometimes elsewhere (through the port's staff).
      const terminal = idx % 50 === 0 ? 'NDP' : r.pick(who.chance(0.85) ? customerTerminals(customer.code) : allTerminalCodes);
      const job = r.pick(jobModeSeed);
      const jobCode = job[0];
      const d = new Date(created);
      const ymd = `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
      const orderNo = `${terminal}${ymd}${String(++serial).padStart(7, '0')}`;
      const recent = age < 5 * DAY;
      const roll = r.next();
      const status = recent
        ? roll < 0.55
          ? 'A'
          : roll < 0.7
            ? 'P'
            : roll < 0.95
              ? 'C'
              : 'D'
        : roll < 0.04
          ? 'A'
          : roll < 0.06
            ? 'P'
            : roll < 0.95
              ? 'C'
              : 'D';
      const opr = r.pick(shippingLineSeed)[0];
      const isExport = ['HBAI', 'CAPR', 'DONG'].includes(jobCode);
      const containers = jobCode === 'DVKC' ? 1 : r.int(1, 4);
      let amount = 0;
      for (let k = 0; k < containers; k++) {
        const [iso, teu] = r.pick(sizeTypes);
        const empty = jobCode === 'TRAR' || jobCode === 'CAPR';
        const price = (teu === 1 ? 650_000 : 980_000) * (job[3] || job[4] ? 2.6 : job[6] || job[7] ? 0.8 : 1);
        const amountOne = Math.round(price / 1000) * 1000;
        amount += amountOne;
        const reefer = iso.includes('R');
        const dangerous = iso === '22T1' || r.chance(0.02);
        const oog = iso === '42P1' || iso === '22U1';
        const lf = r.chance(0.35) ? 'L' : 'F';
        const cls = isExport ? 2 : r.pick([1, 1, 3, 4]);
        c.order.push(orderNo);
        c.cntr.push(containerNumber(ownerPrefix[opr] ?? 'TGHU', demoOrderSerial(r.int(100000, 989999))));
        c.iso.push(iso);
        c.fe.push(empty ? 'E' : 'F');
        c.teu.push(teu);
        c.cargo.push(empty ? 'MT' : reefer ? 'RF' : dangerous ? 'DG' : oog ? 'OG' : 'GP');
        c.commodity.push(empty ? null : r.pick(commodities));
        c.cls.push(cls);
        c.lf.push(lf);
        c.pol.push(isExport ? 'VNHPH' : r.pick(ports));
        c.pod.push(isExport ? r.pick(ports) : 'VNHPH');
        c.fpod.push(isExport ? r.pick(ports) : 'VNHPH');
        c.weight.push(empty ? (teu === 1 ? 2200 : 3800) : r.int(8000, 28000));
        c.seal.push(empty ? null : `VN${r.int(1000000, 9999999)}`);
        // Customs hold only matters for foreign full import containers (spec 02 §4).
        c.hold.push(!empty && lf === 'F' && [1, 3, 4].includes(cls) ? r.chance(0.15) : null);
        c.temp.push(reefer ? r.pick([-18, -20, 2, 5, 13]) : null);
        c.imo.push(dangerous ? r.pick(['3', '8', '9', '2.1']) : null);
        c.unno.push(dangerous ? r.pick(['1263', '1760', '3077', '1950']) : null);
        c.oog.push(oog ? r.int(10, 80) : null);
        c.amount.push(amountOne);
      }
      const paid = status === 'P' || status === 'C';
      const tx = paid ? `FT${ymd}${String(serial).padStart(8, '0')}` : null;
      o.no.push(orderNo);
      o.pin.push(`${ymd}${String(serial % 100000).padStart(5, '0')}-${String(r.int(1, 99)).padStart(2, '0')}`);
      o.terminal.push(terminal);
      o.customer.push(customer.code);
      o.job.push(jobCode);
      o.credit.push(customer.credit);
      o.status.push(status);
      o.amount.push(amount);
      o.opr.push(opr);
      o.vessel.push(job[6] || job[7] ? null : voyageFor(terminal, created));
      o.booking.push(isExport ? `${opr}B${r.int(1000000, 9999999)}` : null);
      o.bl.push(isExport ? null : `${ownerPrefix[opr]?.slice(0, 3) ?? 'BL'}${r.int(100000000, 999999999)}`);
      o.shipper.push(customer.code);
      o.exp.push(created + r.int(2, 7) * DAY);
      o.tx.push(tx);
      o.skip.push(r.chance(0.7));
      o.auto.push(r.chance(0.8));
      // Orders made in the portal are SMARTPORT orders; TOS-side orders come from the TOS simulator's
      // order feed (modules/stats/tos-orders.service.ts). The draw stays so the rest of the data is unchanged.
      r.chance(0.7);
      o.source.push('SMP');
      // The customer's own account at its terminals (now and then staff for it), staff elsewhere.
      const customerUser = customerUserId(customer.code);
      const creator = customerTerminals(customer.code).includes(terminal) && who.chance(0.9) ? customerUser : staffAt(terminal, who);
      o.by.push(creator);
      o.created.push(created);
      // Paid a little after creation; approved at payment when approval is skipped (by the payer), else by staff after a
      // wait; invoiced after approval. Nothing after now: an order too recent for a step has not reached it.
      const paidAt = Math.min(endMs, created + who.int(60, 3600) * 1000);
      const approvedAt = o.skip[o.skip.length - 1] ? paidAt : Math.min(endMs, paidAt + who.int(5, 360) * 60_000);
      o.approver.push(status === 'C' ? (o.skip[o.skip.length - 1] ? creator : staffAt(terminal, who)) : null);
      o.approved.push(status === 'C' ? approvedAt : null);
      // Rated by the customer's own account, after the order was approved (a rating is of a served order).
      if (rr.chance(0.12) && status === 'C')
        rate(rr, ratingRows, {
          orderNo,
          pin: o.pin[o.pin.length - 1] as string,
          terminal,
          customer: customer.code,
          user: customerUser,
          job: jobCode,
          at: approvedAt,
          until: endMs,
        });
      if (paid && tx) {
        p.order.push(orderNo);
        p.user.push(creator);
        const partner = r.pick(['MB', 'VCB_NAPAS', 'VIETQR']);
        p.fee.push(0); // MB: charged by chargeMbFees below
        p.partner.push(partner);
        p.key.push(`seed-${orderNo}`);
        p.amount.push(amount);
        p.tx.push(tx);
        r.int(60, 3600);
        p.time.push(paidAt);
      }
      if (status === 'C') {
        inv.order.push(orderNo);
        inv.series.push(`C${String(d.getUTCFullYear() % 100).padStart(2, '0')}TAA`);
        inv.no.push(String(++invoiceSerial).padStart(8, '0'));
        inv.tac.push(`M1-${String(d.getUTCFullYear() % 100)}-${r.int(10000, 99999)}-${String(invoiceSerial).padStart(11, '0')}`);
        inv.amount.push(amount);
        inv.time.push(Math.min(endMs, approvedAt + r.int(120, 7200) * 1000));
      }
    }
    // Customer names for shippers are resolved in one pass after the insert.
    await database.query(
      `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
         operation_code, vessel_key, booking_no, bl_no, shipper_name, exp_date, transaction_id, skip_approval, is_auto_approved, source, created_by, created_time,
         approved_by, approved_time)
       select o.no, o.pin, o.tc, o.cc, o.jm, o.mc, o.st, o.amt, o.op, o.vk, o.bk, o.bl, cu.customer_name, to_timestamp(o.exp / 1000.0), o.tx, o.sk, o.au, o.src, o.by,
              to_timestamp(o.cr / 1000.0), o.ab, to_timestamp(o.at / 1000.0)
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::text[],
                   $11::text[], $12::text[], $13::float8[], $14::text[], $15::bool[], $16::bool[], $17::text[], $18::text[], $19::float8[], $20::text[],
                   $21::text[], $22::float8[])
            as o(no, pin, tc, cc, jm, mc, st, amt, op, bk, bl, sh, exp, tx, sk, au, src, by, cr, vk, ab, at)
       left join customers cu on cu.customer_code = o.sh`,
      [
        o.no,
        o.pin,
        o.terminal,
        o.customer,
        o.job,
        o.credit,
        o.status,
        o.amount,
        o.opr,
        o.booking,
        o.bl,
        o.shipper,
        o.exp,
        o.tx,
        o.skip,
        o.auto,
        o.source,
        o.by,
        o.created,
        o.vessel,
        o.approver,
        o.approved,
      ],
    );
    await database.query(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, cargo_type_code, commodity, class_code, is_local_foreign,
         pol, pod, fpod, mc_weight, seal_no, cus_hold, temperature, imo_class, unno, oog_top, amount)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[], $9::text[], $10::text[],
                            $11::text[], $12::text[], $13::numeric[], $14::text[], $15::bool[], $16::numeric[], $17::text[], $18::text[], $19::int[], $20::bigint[])`,
      [
        c.order,
        c.cntr,
        c.iso,
        c.fe,
        c.teu,
        c.cargo,
        c.commodity,
        c.cls,
        c.lf,
        c.pol,
        c.pod,
        c.fpod,
        c.weight,
        c.seal,
        c.hold,
        c.temp,
        c.imo,
        c.unno,
        c.oog,
        c.amount,
      ],
    );
    chargeMbFees(p, mbMonthTotals);
    await database.query(
      `insert into payments (order_no, partner_code, idempotency_key, amount, status, transaction_id, created_time, completed_time, user_id, service_fee)
       select o, pc, k, a, 1, tx, to_timestamp(t / 1000.0), to_timestamp(t / 1000.0), u, f
       from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::float8[], $7::text[], $8::bigint[]) as x(o, pc, k, a, tx, t, u, f)`,
      [p.order, p.partner, p.key, p.amount, p.tx, p.time, p.user, p.fee],
    );
    await database.query(
      `insert into invoices (order_no, invoice_series, invoice_no, tax_authority_code, amount, issue_date)
       select o, s, n, tac, a, to_timestamp(t / 1000.0)
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::float8[]) as x(o, s, n, tac, a, t)`,
      [inv.order, inv.series, inv.no, inv.tac, inv.amount, inv.time],
    );
    await insertRatings(database, ratingRows);
    ratingRows.length = 0;
  }
  // Approvals as a port makes them: the order waits in 'Duyệt lệnh' from its payment (the approvals drawn above keep
  // their approver and time; any order without one: automatic at the payment, else 'nhanvien' 5 minutes to 4 hours
  // later, never after now). Unpaid orders
  // past their expiry are expired, as the job 'orders.expire-unpaid' marks them.
  await database.query(
    `update orders o set waiting_since = least(p.completed_time, coalesce(o.approved_time, p.completed_time)),
            approved_time = coalesce(o.approved_time, case when o.order_status = 'C' then least(now(), p.completed_time
              + case when o.is_auto_approved then interval '0 minutes' else make_interval(mins => 5 + abs(hashtext(o.order_no)) % 235) end) end),
            approved_by = coalesce(o.approved_by, case when o.order_status = 'C' and not o.is_auto_approved then 'nhanvien' end)
       from payments p
      where p.order_no = o.order_no and p.status = 1 and o.order_status in ('P', 'C')`,
  );
  await database.query(
    `update orders set expired_unpaid_at = exp_date where order_status = 'A' and expired_unpaid_at is null and exp_date <= now()`,
  );
}
