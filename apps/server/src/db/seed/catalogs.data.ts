import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { depots } from '../schema';

/** Reference catalogues a terminal starts with (codes used by the demo orders). */
const seeds: { table: string; columns: string[]; rows: (string | number | boolean | null)[][] }[] = [
  {
    table: 'container_statuses',
    columns: ['container_status_code', 'container_status_name'],
    rows: [
      ['S', 'Đang ở bãi (Stacking)'],
      ['D', 'Đã giao ra khỏi cảng (Delivered)'],
      ['B', 'Đã xếp lên tàu (On board)'],
      ['I', 'Dự kiến nhập (Incoming)'],
      ['H', 'Đang giữ (Hold)'],
      ['R', 'Đã trả rỗng (Returned)'],
      ['X', 'Hỏng, chờ sửa chữa (Damaged)'],
    ],
  },
  {
    table: 'cargo_types',
    columns: ['cargo_type_code', 'cargo_type_name'],
    rows: [
      ['GP', 'Hàng khô'],
      ['MT', 'Rỗng'],
      ['RF', 'Hàng lạnh'],
      ['DG', 'Hàng nguy hiểm'],
      ['OG', 'Hàng quá khổ'],
      ['BB', 'Hàng rời'],
    ],
  },
  {
    table: 'classes',
    columns: ['class_code', 'class_name'],
    rows: [
      ['1', 'Nhập'],
      ['2', 'Xuất'],
      ['3', 'Nhập chuyển cảng'],
      ['4', 'Xuất chuyển cảng'],
      ['5', 'Nội địa'],
    ],
  },
  {
    table: 'jobs',
    columns: ['job_code', 'job_name', 'is_quay', 'is_yard', 'is_gate'],
    rows: [
      ['DISC', 'Dỡ container từ tàu', true, false, false],
      ['LOAD', 'Xếp container lên tàu', true, false, false],
      ['SHFT', 'Đảo chuyển trong bãi', false, true, false],
      ['GTIN', 'Giao nhận vào cổng', false, false, true],
      ['GTOT', 'Giao nhận ra cổng', false, false, true],
      ['STUF', 'Đóng hàng tại bãi CFS', false, true, false],
      ['UNST', 'Rút hàng tại bãi CFS', false, true, false],
    ],
  },
  {
    table: 'methods',
    columns: ['method_code', 'method_name', 'mapping_method'],
    rows: [
      ['TRUCK', 'Giao nhận bằng xe tải', 'TR'],
      ['BARGE', 'Giao nhận bằng sà lan', 'BG'],
      ['RAIL', 'Giao nhận bằng tàu hỏa', 'RL'],
      ['SHIP', 'Chuyển tàu', 'VS'],
    ],
  },
  {
    table: 'transits',
    columns: ['transit_code', 'transit_name', 'note'],
    rows: [
      ['CT01', 'Chuyển cảng Hải Phòng - Cái Mép', 'Tuyến nội địa Bắc - Nam'],
      ['CT02', 'Chuyển cảng Hải Phòng - ICD Sóng Thần', 'Qua cảng Cát Lái'],
      ['CT03', 'Chuyển cảng về ICD Nam Hải', null],
    ],
  },
  {
    table: 'commodities',
    columns: ['commodity_code', 'commodity_name'],
    rows: [
      ['DETMAY', 'Hàng dệt may'],
      ['DOGO', 'Đồ gỗ nội thất'],
      ['THUYSAN', 'Thủy sản đông lạnh'],
      ['DIENTU', 'Linh kiện điện tử'],
      ['CAPHE', 'Cà phê nhân'],
      ['GAO', 'Gạo'],
      ['HATDIEU', 'Hạt điều'],
      ['THEP', 'Thép cuộn'],
      ['NHUA', 'Hạt nhựa'],
      ['GIAYDEP', 'Giày dép'],
    ],
  },
  {
    table: 'payment_types',
    columns: ['payment_type_code', 'payment_type_name', 'money_credit'],
    rows: [
      ['TM', 'Tiền mặt', 'M'],
      ['CK', 'Chuyển khoản', 'M'],
      ['TT', 'Thanh toán trực tuyến', 'M'],
      ['CN', 'Công nợ cuối tháng', 'C'],
    ],
  },
];

export async function seedCatalogs(database: Database, now = new Date()) {
  for (const s of seeds) {
    const params = s.columns.map((_, c) => s.rows.map((r) => r[c] ?? null));
    const casts = s.columns.map((_, c) => (typeof s.rows[0]?.[c] === 'boolean' ? 'bool' : 'text'));
    await database.query(
      `insert into ${s.table} (${s.columns.join(', ')}) select * from unnest(${casts.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) on conflict do nothing`,
      params,
    );
  }
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await database.query(
    `insert into notifications (mail_title, notify_content, notify_from, notify_to, notify_note, is_active) values
     ($1, $2, $3, $4, $5, true) on conflict do nothing`,
    [
      'Lịch bảo trì hệ thống SmartPort',
      '<p>SmartPort sẽ <strong>bảo trì định kỳ từ 23:00 đến 23:30 thứ Bảy hằng tuần</strong>. Trong thời gian này chức năng thanh toán trực tuyến tạm ngừng; các chức năng tra cứu vẫn hoạt động bình thường.</p><p>Xin cảm ơn Quý khách đã đồng hành cùng SmartPort.</p>',
      new Date(day.getTime() - 86_400_000),
      new Date(day.getTime() + 60 * 86_400_000),
      'Thông báo chung cho mọi người dùng',
    ],
  );
  await database.query(
    `insert into exchange_rates (currency_code, rate, date_of_rate) values ('USD', 25380, $1), ('EUR', 27450, $1), ('JPY', 168.5, $1)
     on conflict do nothing`,
    [day],
  );
}

/** Demo depots ('Danh mục depot') of the Hải Phòng terminals, with their lift charges (VND per container). */
export const depotSeed = [
  {
    TerminalCode: 'NDP',
    DepotCode: 'DVD',
    DepotName: 'Depot Đình Vũ',
    Address: 'Lô CN5, KCN Đình Vũ, quận Hải An, TP. Hải Phòng',
    LiftCharge: 150_000,
  },
  {
    TerminalCode: 'NDP',
    DepotCode: 'TBD',
    DepotName: 'Depot Tân Cảng Hải Phòng',
    Address: 'Số 1 Đình Vũ, phường Đông Hải 2, quận Hải An, TP. Hải Phòng',
    LiftCharge: 180_000,
  },
  {
    TerminalCode: 'NDP',
    DepotCode: 'VIC',
    DepotName: 'Depot Vinabridge',
    Address: 'Km 6 đường 356, quận Hải An, TP. Hải Phòng',
    LiftCharge: 165_000,
  },
  {
    TerminalCode: 'NDV',
    DepotCode: 'DVD',
    DepotName: 'Depot Đình Vũ',
    Address: 'Lô CN5, KCN Đình Vũ, quận Hải An, TP. Hải Phòng',
    LiftCharge: 150_000,
  },
  {
    TerminalCode: 'NDV',
    DepotCode: 'GLD',
    DepotName: 'Depot Gemadept Hải Phòng',
    Address: 'Số 8 Lê Thánh Tông, quận Ngô Quyền, TP. Hải Phòng',
    LiftCharge: 170_000,
  },
  {
    TerminalCode: 'NHP',
    DepotCode: 'HAD',
    DepotName: 'Depot Hải An',
    Address: 'Đường Tân Vũ – Lạch Huyện, quận Hải An, TP. Hải Phòng',
    LiftCharge: 160_000,
  },
  {
    TerminalCode: 'NHP',
    DepotCode: 'MPD',
    DepotName: 'Depot Minh Phương',
    Address: 'Số 2 Ngô Quyền, phường Vạn Mỹ, quận Ngô Quyền, TP. Hải Phòng',
    LiftCharge: 140_000,
  },
] as const;

/** Seeds the demo depots once, when the catalogue is empty (an administrator's later edits are kept). */
export async function seedDepots(database: Database) {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(depots);
  if (!row?.n) await database.db.insert(depots).values([...depotSeed]);
}
