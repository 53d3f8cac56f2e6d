import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { int4Field } from '../fields';
import { optionalBody, replyWith } from '../reply';
import { parseStatsDay, periodCount, STATS_MAX_PERIODS, type StatsLoadType, statsLoadTypes } from './period';

/**
 * The statistics calls (spec 02 §2.3–2.7, §7 "CRM" and "Personal summaries"). Module `stats`: the
 * CRM menu 'Thống kê' and the personal summaries, which are statistics of the caller's own orders
 * (docs/decisions.md). Every call reads the statistics rollups, limited to the caller's terminals;
 * a customer account sees only its own customer's figures.
 */

/** Who may: each screen's menu entry grants the calls it makes (packages/contract/src/menu-catalog.ts). */
/** The period × terminal totals: the CRM dashboard, and levels 1–2 of the customer and user statistics. */
const dashboardAccess = menuAccess('CRM_DASHBOARD', 'CRM_CUSTOMER', 'CRM_USER');
const customerAccess = menuAccess('CRM_CUSTOMER');
const userAccess = menuAccess('CRM_USER');
const ratingAccess = menuAccess('CRM_RATING');
const mbAccess = menuAccess('CRM_MB_SUMMARY');
const usageAccess = menuAccess('CRM_USAGE');
const approvalAccess = menuAccess('CRM_APPROVAL');
const personalAccess = menuAccess('PERSONAL_SUMMARY');

export const statsMessages = {
  fromTime: 'Thời gian bắt đầu (fromTime) không hợp lệ',
  toTime: 'Thời gian kết thúc (toTime) không hợp lệ',
  order: 'Thời gian bắt đầu phải trước hoặc bằng thời gian kết thúc',
  tooLong: `Khoảng thời gian quá dài: tối đa ${STATS_MAX_PERIODS} kỳ thống kê`,
  loadType: 'Loại thời gian (loadType) phải là day, month, quarter hoặc year',
  jobType: 'Loại tác nghiệp (JobType) phải là nh, dr hoặc dv',
  /** Shown by the user statistics for a user row without an account (spec 02 §2.5). */
  noAccount: '(Tài khoản không tồn tại)',
  notFoundCustomer: (name: string) => `Không tìm thấy khách hàng ${name} trong thống kê !`,
  notFoundUser: (name: string) => `Không tìm thấy người dùng ${name} trong thống kê !`,
  notFoundSales: (name: string) => `Không tìm thấy nhân viên kinh doanh ${name} trong thống kê !`,
  noRating: 'Không tìm thấy dữ liệu.',
  detailTruncated: (n: number) => `Chỉ hiển thị ${n.toLocaleString('vi-VN')} dòng đầu tiên`,
} as const;

/** At most this many lines in one detail answer (crm/dashboard_*_info_load). */
export const STATS_DETAIL_MAX_LINES = 10_000;

/** Separator of BusinessUserIDs / BusinessUserNames (spec 02 §3: one string of deduplicated values). */
export const STATS_LIST_SEPARATOR = ', ';

const code = (label: string, max = 20) => z.string().trim().max(max, `${label} tối đa ${max} ký tự`);
const terminalCode = code('Mã cảng', 10);
const terminalList = z.array(terminalCode).max(50, 'Tối đa 50 cảng');
const timeText = z.string().trim().max(40, 'Thời gian tối đa 40 ký tự');

export const jobTypes = ['nh', 'dr', 'dv'] as const;
export type JobType = (typeof jobTypes)[number];

/** Checks a from/to pair (and the number of periods of the type) on a request object. */
/** `type` null: a plain date range (details, ratings, personal summaries), no period limit. */
function checkRange(fromKey: string, toKey: string, type: (v: Record<string, unknown>) => StatsLoadType | null) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const from = typeof v[fromKey] === 'string' ? parseStatsDay(v[fromKey] as string, 'start') : null;
    const to = typeof v[toKey] === 'string' ? parseStatsDay(v[toKey] as string, 'end') : null;
    if (!from) ctx.addIssue({ code: 'custom', path: [fromKey], message: statsMessages.fromTime.replace('fromTime', fromKey) });
    if (!to) ctx.addIssue({ code: 'custom', path: [toKey], message: statsMessages.toTime.replace('toTime', toKey) });
    if (!from || !to) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: [toKey], message: statsMessages.order });
    else if (type(v) && periodCount(type(v) as StatsLoadType, from, to) > STATS_MAX_PERIODS)
      ctx.addIssue({ code: 'custom', path: [toKey], message: statsMessages.tooLong });
  };
}

/**
 * The period request of the CRM charts (spec 02 §7): loadType (default month), terminalList
 * (absent = every terminal of the caller; an empty list = no terminal, every period empty), fromTime
 * and toTime ('YYYY-MM-DD HH:mm:ss'; the day type's raw picker text 'YYYY-MM-DD' and the texts of
 * parseStatsDay are accepted too).
 */
const periodShape = {
  loadType: z.enum(statsLoadTypes, { error: statsMessages.loadType }).default('month'),
  terminalList: terminalList.optional(),
  fromTime: timeText,
  toTime: timeText,
};
const periodRange = checkRange('fromTime', 'toTime', (v) => (v.loadType as StatsLoadType | undefined) ?? 'month');

export const periodRequest = z.object(periodShape).superRefine(periodRange);
const jobTypeField = z.enum(jobTypes, { error: statsMessages.jobType }).optional().describe('Bỏ trống: mọi loại tác nghiệp');
export const jobTypePeriodRequest = z.object({ ...periodShape, JobType: jobTypeField }).superRefine(periodRange);

const flagShape = {
  IsLoLo: z.boolean().describe('Nâng hạ'),
  IsCFSStuff: z.boolean().describe('Đóng hàng'),
  IsCFSUnstuff: z.boolean().describe('Rút hàng'),
  IsCFSChange: z.boolean().describe('Sang container'),
  IsServiceYard: z.boolean().describe('Dịch vụ trong bãi'),
  IsServiceNonCont: z.boolean().describe('Dịch vụ không container'),
};

/**
 * Dashboard statistics row (spec 02 §3), one per period × terminal × job mode: the figures and the
 * job mode's group flags. FromDate/ToDate are the (clipped) period's bounds. The figures count the
 * orders approved, or paid and waiting for approval (docs/decisions.md "Which orders the statistics
 * count"); unpaid orders not expired and pay-later orders waiting for approval are given apart.
 */
export const statsRow = z.object({
  TerminalCode: z.string(),
  FromDate: z.string(),
  ToDate: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  TotalAmount: z.number().describe('Doanh thu (VNĐ)'),
  ContainerCount: z.number().int(),
  OrderCount: z.number().int(),
  TotalTeus: z.number().int(),
  UnpaidOrderCount: z.number().int().describe('Lệnh chưa thanh toán (chưa hết hạn), không tính vào số liệu'),
  UnpaidTotalAmount: z.number().describe('Tiền của các lệnh chưa thanh toán (VNĐ)'),
  PendingOrderCount: z.number().int().describe('Lệnh thanh toán sau đang chờ duyệt, không tính vào số liệu'),
  PendingTotalAmount: z.number().describe('Tiền của các lệnh thanh toán sau đang chờ duyệt (VNĐ)'),
  ...flagShape,
});
export type StatsRow = z.infer<typeof statsRow>;

/** Customer-level row: the statistics row of one customer. */
export const customerStatsRow = statsRow.extend({
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  TaxCode: z.string().nullable(),
  CustomerTypeCode: z.string().nullable(),
  CustomerTypeName: z.string().nullable(),
});
export type CustomerStatsRow = z.infer<typeof customerStatsRow>;

/**
 * User-level row: the statistics row of the user who created the orders. UserName is null when the
 * UserID has no account (shown as statsMessages.noAccount). BusinessUserIDs/Names: the sales people of
 * the customers this user's orders of the period were for, deduplicated, joined by ', ' ('' if none).
 */
export const userStatsRow = statsRow.extend({
  UserID: z.string(),
  UserName: z.string().nullable(),
  BusinessUserIDs: z.string(),
  BusinessUserNames: z.string(),
});
export type UserStatsRow = z.infer<typeof userStatsRow>;

/** A period of an answer: its label (the key of `data`) and its clipped bounds. */
export const statsPeriod = z.object({ label: z.string(), FromDate: z.string(), ToDate: z.string() });

/** `data` keyed by period label (every period of the range, in time order, [] when empty) and the same periods as a list. */
function byPeriod<R extends z.ZodType>(row: R) {
  return replyWith({ data: z.record(z.string(), z.array(row)).optional(), periods: z.array(statsPeriod).optional() });
}

export const dashboardOrderChartLoad = defineCall({
  path: 'crm/dashboard_order_chart_load',
  module: 'stats',
  summary: 'Thống kê tổng hợp theo kỳ và cảng (số lệnh, doanh thu, container, TEU theo phương án)',
  access: dashboardAccess,
  request: periodRequest,
  response: byPeriod(statsRow),
});

export const dashboardCustomerChartLoad = defineCall({
  path: 'crm/dashboard_customer_chart_load',
  module: 'stats',
  summary: 'Thống kê theo khách hàng theo kỳ và cảng (CustomerCode: một khách hàng, cho biểu đồ xu hướng)',
  access: customerAccess,
  request: z.object({ ...periodShape, CustomerCode: code('Mã khách hàng').optional() }).superRefine(periodRange),
  response: byPeriod(customerStatsRow),
});

export const dashboardUserChartLoad = defineCall({
  path: 'crm/dashboard_user_chart_load',
  module: 'stats',
  summary: 'Thống kê theo người dùng theo kỳ và cảng (UserID: một người dùng, cho biểu đồ xu hướng)',
  access: userAccess,
  request: z.object({ ...periodShape, UserID: code('Mã người dùng', 50).optional() }).superRefine(periodRange),
  response: byPeriod(userStatsRow),
});

/** Detail order line (spec 02 §3), one per container of an order; order-level fields repeat. */
export const statsDetailLine = z.object({
  STT: z.number().int(),
  OrderNo: z.string(),
  PinCode: z.string().describe('Phần trước dấu gạch đầu tiên'),
  TerminalCode: z.string(),
  ContainerNo: z.string().nullable(),
  JobModeCode: z.string(),
  JobModeName: z.string().nullable(),
  TariffCode: z.string().nullable(),
  TariffName: z.string().nullable(),
  OperationCode: z.string().nullable(),
  IsoSizetype: z.string().nullable(),
  FE: z.string().nullable(),
  ClassName: z.string().nullable().describe('Hướng'),
  MethodName: z.string().nullable(),
  CargoTypeName: z.string().nullable(),
  Temperature: z.number().nullable(),
  Vent: z.string().nullable(),
  VentUnit: z.string().nullable(),
  Class: z.string().nullable(),
  Unno: z.string().nullable(),
  OogTop: z.number().nullable(),
  OogLeft: z.number().nullable(),
  OogRight: z.number().nullable(),
  OogBack: z.number().nullable(),
  OogFront: z.number().nullable(),
  MCWeight: z.number().nullable(),
  POD: z.string().nullable(),
  FPOD: z.string().nullable(),
  Sealno: z.string().nullable(),
  IsLocalForeign: z.string().nullable().describe("'L' Nội, khác Ngoại"),
  VesselName: z.string().nullable(),
  VesselImVoy: z.string().nullable(),
  VesselExVoy: z.string().nullable(),
  BLNo: z.string().nullable(),
  BookingNo: z.string().nullable(),
  ShipperName: z.string().nullable(),
  MoneyCredit: z.string().describe("'M' Thu ngay, khác Thu sau"),
  InvoiceNo: z.string().nullable(),
  InvoiceDate: z.string().nullable().describe('YYYY-MM-DD HH:mm'),
  TotalAmount: z.number().describe('Tổng tiền của lệnh'),
  CustomerName: z.string().nullable(),
  TaxCode: z.string().nullable(),
  Address: z.string().nullable(),
  CreatedBy: z.string().nullable(),
  ShipperRepresent: z.string().nullable(),
  ShipperTel: z.string().nullable(),
  IssueDate: z.string().describe('Ngày tạo lệnh YYYY-MM-DD HH:mm'),
  Note: z.string().nullable(),
});
export type StatsDetailLine = z.infer<typeof statsDetailLine>;

const detailRange = checkRange('FromDate', 'ToDate', () => null);
const detailReply = replyWith({ data: z.array(statsDetailLine).optional() });

export const dashboardCustomerInfoLoad = defineCall({
  path: 'crm/dashboard_customer_info_load',
  module: 'stats',
  summary: 'Chi tiết lệnh (theo container) của một khách hàng trong khoảng thời gian, theo cảng',
  access: customerAccess,
  request: z
    .object({ CustomerCode: code('Mã khách hàng').optional(), FromDate: timeText, ToDate: timeText, TerminalCode: terminalCode.optional() })
    .superRefine(detailRange),
  response: detailReply,
});

export const dashboardUserInfoLoad = defineCall({
  path: 'crm/dashboard_user_info_load',
  module: 'stats',
  summary: 'Chi tiết lệnh (theo container) do một người dùng tạo trong khoảng thời gian, theo cảng',
  access: userAccess,
  request: z
    .object({
      CreatedBy: code('Mã người dùng', 50).min(1, 'Thiếu người dùng (CreatedBy)'),
      FromDate: timeText,
      ToDate: timeText,
      TerminalCode: terminalCode.optional(),
      /** The spec's "extra flag": accepted, not used. */
      IsUser: z.unknown().optional(),
    })
    .superRefine(detailRange),
  response: detailReply,
});

// Ratings (spec 02 §2.6.1).

const ratingRange = checkRange('fromdate', 'todate', () => null);
const ratingShape = {
  fromdate: timeText,
  todate: timeText,
  UserID: code('Mã người dùng', 50).optional().describe('Người đánh giá; bỏ trống: mọi người'),
  TerminalList: terminalList.optional(),
};

export const ratingAggregateRow = z.object({
  QuestionCode: z.number().int().describe('0: ghi chú tự do'),
  QuestionName: z.string(),
  TotalRating: z.number().int().describe('Tổng số sao'),
  CountRating: z.number().int().describe('Số lượt đánh giá (ghi chú với QuestionCode 0)'),
  Count1Rating: z.number().int(),
  Count2Rating: z.number().int(),
  Count3Rating: z.number().int(),
  Count4Rating: z.number().int(),
  Count5Rating: z.number().int(),
});
export type RatingAggregateRow = z.infer<typeof ratingAggregateRow>;

export const ratingDetailRow = z.object({
  UserID: z.string(),
  UserName: z.string().nullable(),
  PinCode: z.string().nullable(),
  TerminalCode: z.string(),
  ScreenName: z.string().nullable(),
  JobModeName: z.string().nullable(),
  QuestionCode: z.number().int(),
  QuestionName: z.string(),
  Rating: z.number().int().nullable(),
  CreatedTime: z.string().describe('YYYY-MM-DD HH:mm:ss'),
});
export type RatingDetailRow = z.infer<typeof ratingDetailRow>;

export const ratingNoteRow = z.object({
  UserID: z.string(),
  UserName: z.string().nullable(),
  PinCode: z.string().nullable(),
  TerminalCode: z.string(),
  ScreenName: z.string().nullable(),
  JobModeName: z.string().nullable(),
  RatingNote: z.string(),
  CreatedTime: z.string().describe('YYYY-MM-DD HH:mm:ss'),
});
export type RatingNoteRow = z.infer<typeof ratingNoteRow>;

export const totalRating = defineCall({
  path: 'crm/TotalRating',
  module: 'stats',
  summary: 'Tổng hợp đánh giá theo tiêu chí (tổng sao, số lượt, số lượt 1–5 sao; QuestionCode 0 là ghi chú)',
  access: ratingAccess,
  request: z.object(ratingShape).superRefine(ratingRange),
  response: replyWith({ payload: z.array(ratingAggregateRow).optional() }),
});

export const dataRating = defineCall({
  path: 'crm/DataRating',
  module: 'stats',
  summary: 'Chi tiết đánh giá của một tiêu chí',
  access: ratingAccess,
  request: z
    .object({
      ...ratingShape,
      QuestionCode: int4Field('Tiêu chí (QuestionCode)', { min: 0, missing: 'Thiếu tiêu chí (QuestionCode)' }),
    })
    .superRefine(ratingRange),
  response: replyWith({ payload: z.array(ratingDetailRow).optional() }),
});

export const dataRatingNote = defineCall({
  path: 'crm/DataRatingNote',
  module: 'stats',
  summary: 'Ghi chú đánh giá (QuestionCode 0)',
  access: ratingAccess,
  request: z.object(ratingShape).superRefine(ratingRange),
  response: replyWith({ payload: z.array(ratingNoteRow).optional() }),
});

// Mobile channel (spec 02 §2.6.2).

/** MB summary row: payments through the MB channel of a period and terminal. */
export const mbSummaryRow = z.object({
  TerminalCode: z.string(),
  TongTien: z.number().describe('Tổng tiền thanh toán (VNĐ)'),
  SoLuong: z.number().int().describe('Số giao dịch'),
  ThanhToan: z.number().describe('Phí dịch vụ (VNĐ)'),
});
export type MbSummaryRow = z.infer<typeof mbSummaryRow>;

export const dashboardMbChartLoad = defineCall({
  path: 'crm/dashboard_mb_chart_load',
  module: 'stats',
  summary: 'Thống kê thanh toán qua kênh MB theo kỳ và cảng',
  access: mbAccess,
  request: periodRequest,
  response: byPeriod(mbSummaryRow),
});

// Usage (SMARTPORT vs TOS) and approval (automatic vs manual) reports (spec 02 §2.6.3–4, §2.7).

/**
 * SMP/TOS row, one per period × terminal × job mode. For crm/TosSmp_order_chart_load and
 * crm/sum_tos_smp: Smp* = orders made on SMARTPORT, Tos* = orders from the terminal operating
 * system. For crm/sum_cms_smp (the approval report, SMARTPORT orders only): Smp* = approved
 * automatically (TỰ ĐỘNG), Tos* = approved by hand (DUYỆT TAY), by the approval itself. In every
 * answer AutoOrderCount and CmsOrderCount are the SMARTPORT orders approved automatically and by hand;
 * Pending* are the orders waiting in 'Duyệt lệnh' (in neither side of the approval answer; in the
 * usage answer the paid ones also count on their side); ManualWaitSeconds sums how long the orders
 * approved by hand waited (average = ManualWaitSeconds / CmsOrderCount).
 */
export const smpTosRow = z.object({
  TerminalCode: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  SmpTotalAmount: z.number(),
  TosTotalAmount: z.number(),
  SmpContainerCount: z.number().int(),
  TosContainerCount: z.number().int(),
  SmpOrderCount: z.number().int(),
  TosOrderCount: z.number().int(),
  SmpTotalTeus: z.number().int(),
  TosTotalTeus: z.number().int(),
  CmsOrderCount: z.number().int(),
  AutoOrderCount: z.number().int(),
  PendingOrderCount: z.number().int().describe('Lệnh đang chờ duyệt'),
  PendingTotalAmount: z.number(),
  PendingContainerCount: z.number().int(),
  PendingTotalTeus: z.number().int(),
  ManualWaitSeconds: z.number().describe('Tổng thời gian chờ (giây) của các lệnh duyệt tay'),
});
export type SmpTosRow = z.infer<typeof smpTosRow>;

export const tosSmpOrderChartLoad = defineCall({
  path: 'crm/TosSmp_order_chart_load',
  module: 'stats',
  summary: 'Nạp trước (ngầm) thống kê sử dụng SMARTPORT / TOS theo kỳ, cảng và phương án',
  access: usageAccess,
  request: jobTypePeriodRequest,
  response: byPeriod(smpTosRow),
});

export const sumTosSmp = defineCall({
  path: 'crm/sum_tos_smp',
  module: 'stats',
  summary: 'Thống kê sử dụng theo loại tác nghiệp: SMARTPORT / TOS theo kỳ, cảng và phương án',
  access: usageAccess,
  request: jobTypePeriodRequest,
  response: byPeriod(smpTosRow),
});

export const sumCmsSmp = defineCall({
  path: 'crm/sum_cms_smp',
  module: 'stats',
  summary: 'Thống kê duyệt lệnh: TỰ ĐỘNG (Smp*) / DUYỆT TAY (Tos*) theo kỳ, cảng và phương án',
  access: approvalAccess,
  request: jobTypePeriodRequest,
  response: byPeriod(smpTosRow),
});

// Personal summaries (spec 02 §7).

/**
 * makeOrderType: the job type of the orders counted ('nh', 'dr', 'dv'; absent = all). The caller's
 * own records: orders it created, invoices of those orders, payments it started.
 */
const personalRequest = optionalBody(
  z
    .object({
      fromDate: timeText,
      toDate: timeText,
      makeOrderType: z.enum(jobTypes, { error: 'Loại lệnh (makeOrderType) phải là nh, dr hoặc dv' }).optional(),
    })
    .superRefine(checkRange('fromDate', 'toDate', () => null)),
);

/**
 * Personal-info summary row. Status: order A/P/C/D, invoice Y/C, transaction -1/0/1 (as text).
 */
export const personalSummaryRow = z.object({ TerminalCode: z.string(), Status: z.string(), Counting: z.number().int() });
export type PersonalSummaryRow = z.infer<typeof personalSummaryRow>;
const personalReply = replyWith({ data: z.array(personalSummaryRow).optional() });

export const orderSummary = defineCall({
  path: 'personal_info/order_summary',
  module: 'stats',
  summary: 'Số lệnh của người dùng theo cảng và trạng thái (A, P, C, D)',
  access: personalAccess,
  request: personalRequest,
  response: personalReply,
});

export const invoiceSummary = defineCall({
  path: 'personal_info/invoice_summary',
  module: 'stats',
  summary: 'Số hóa đơn của các lệnh người dùng tạo theo cảng và trạng thái (Y, C)',
  access: personalAccess,
  request: personalRequest,
  response: personalReply,
});

export const transactionSummary = defineCall({
  path: 'personal_info/transaction_summary',
  module: 'stats',
  summary: 'Số giao dịch thanh toán người dùng thực hiện theo cảng và trạng thái (-1, 0, 1)',
  access: personalAccess,
  request: personalRequest,
  response: personalReply,
});

// Rankings of the customer and user statistics (spec 02 §2.4–2.5, §4; docs/decisions.md 'Rankings on the server').

/** The measure the rankings order by: orders, revenue, or volume (containers; TEU shown beside). */
export const rankMeasures = ['ord', 'sum', 'vol'] as const;
export type RankMeasure = (typeof rankMeasures)[number];

/** At most this many ranked customers or users per period × terminal in one answer (a page). */
export const STATS_RANK_PAGE_MAX = 50;
/** At most this many options in one answer of a selector's search. */
export const STATS_OPTIONS_MAX = 30;

const measuresShape = Object.fromEntries(
  (['sum', 'cont', 'ord', 'teu'] as const).flatMap((k) => (['nh', 'dr', 'dv', ''] as const).map((g) => [`${k}_${g}`, z.number()])),
) as Record<`${'sum' | 'cont' | 'ord' | 'teu'}_${'nh' | 'dr' | 'dv' | ''}`, z.ZodNumber>;
/** The measures of spec 02 §3 (sum_nh … teu_dv, the totals with a trailing underscore), as statsMeasures computes them. */
export const statsMeasuresSchema = z.object(measuresShape);

/**
 * The ranking request: the period request, the measure ranked by, the rank filter (Top 3, 5, 10; 0 = all) and the
 * page of ranked rows per period × terminal (Page from 1, PageSize rows).
 */
const rankShape = {
  ...periodShape,
  Measure: z.enum(rankMeasures, { error: 'Tiêu chí xếp hạng (Measure) phải là ord, sum hoặc vol' }).default('ord'),
  Top: int4Field('Giới hạn xếp hạng (Top)', { min: 0, max: 100_000 }).default(0).describe('0: tất cả'),
  Page: int4Field('Trang (Page)', { min: 1, max: 100_000 }).default(1),
  PageSize: int4Field('Số dòng mỗi trang (PageSize)', { min: 1, max: STATS_RANK_PAGE_MAX }).default(10),
};

/** One ranked customer or user of a period × terminal: its rank (1 = largest value of the measure) and measures. */
export const rankedRow = z.object({ Rank: z.number().int(), Id: z.string(), Measures: statsMeasuresSchema });
export type RankedRow = z.infer<typeof rankedRow>;

/**
 * A period × terminal of a ranking answer: the terminal's measures over the customers or users asked for (every one
 * of them when none is chosen), how many have a non-zero value of the measure (`Count`, the rank filter applied) and
 * the page of ranked rows.
 */
export const rankCell = z.object({
  TerminalCode: z.string(),
  Measures: statsMeasuresSchema,
  Count: z.number().int(),
  Rows: z.array(rankedRow),
});
export type RankCell = z.infer<typeof rankCell>;

export const rankedCustomer = z.object({
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  TaxCode: z.string().nullable(),
  CustomerTypeCode: z.string().nullable(),
  CustomerTypeName: z.string().nullable(),
});
export type RankedCustomer = z.infer<typeof rankedCustomer>;
/** A ranked user: UserName null without an account; the sales people of the customers of its orders in the range. */
export const rankedUser = z.object({
  UserID: z.string(),
  UserName: z.string().nullable(),
  BusinessUserIDs: z.string(),
  BusinessUserNames: z.string(),
});
export type RankedUser = z.infer<typeof rankedUser>;

function rankReply<S extends z.ZodType>(subject: S) {
  return replyWith({
    data: z.record(z.string(), z.array(rankCell)).optional(),
    periods: z.array(statsPeriod).optional(),
    subjects: z.array(subject).optional().describe('Các khách hàng / người dùng có trong Rows'),
  });
}

export const dashboardCustomerRanking = defineCall({
  path: 'crm/customer_ranking',
  module: 'stats',
  summary: 'Xếp hạng khách hàng theo kỳ và cảng trên máy chủ (Top, trang), tổng của kỳ và cảng theo khách hàng đã chọn',
  access: customerAccess,
  request: z
    .object({ ...rankShape, CustomerCode: code('Mã khách hàng').optional().describe('Cùng mã số thuế với khách hàng này') })
    .superRefine(periodRange),
  response: rankReply(rankedCustomer),
});

export const dashboardUserRanking = defineCall({
  path: 'crm/user_ranking',
  module: 'stats',
  summary: 'Xếp hạng người dùng theo kỳ và cảng trên máy chủ (Top, trang), lọc theo người dùng hoặc nhân viên kinh doanh',
  access: userAccess,
  request: z
    .object({
      ...rankShape,
      UserID: code('Mã người dùng', 50).optional(),
      SalesUserID: code('Mã nhân viên kinh doanh', 50).optional().describe('Người dùng có lệnh cho khách hàng của nhân viên này'),
    })
    .superRefine(periodRange),
  response: rankReply(rankedUser),
});

/** A selector's search: the text typed (code, name or tax code; empty: the first ones by name). */
const optionsRequest = optionalBody(z.object({ Search: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').default('') }));
export const statsOption = z.object({ Id: z.string(), Name: z.string(), TaxCode: z.string().nullable() });
export type StatsOption = z.infer<typeof statsOption>;

export const customerOptions = defineCall({
  path: 'crm/customer_options',
  module: 'stats',
  summary: 'Tìm khách hàng cho bộ chọn của thống kê theo khách hàng (mã, tên, mã số thuế)',
  access: customerAccess,
  request: optionsRequest,
  response: replyWith({ payload: z.array(statsOption).optional() }),
});

export const userOptions = defineCall({
  path: 'crm/user_options',
  module: 'stats',
  summary: 'Tìm người dùng hoặc nhân viên kinh doanh (Sales) cho bộ chọn của thống kê theo người dùng',
  access: userAccess,
  request: optionalBody(
    z.object({
      Search: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').default(''),
      Sales: z.boolean().default(false).describe('true: chỉ nhân viên kinh doanh phụ trách khách hàng'),
    }),
  ),
  response: replyWith({ payload: z.array(statsOption).optional() }),
});
