import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { cargoTypeCatalog, classCatalog } from '../catalogs/definitions';
import { getOprs } from '../customs/declarations';
import { lookupOf, moneyCredit, moneyCreditOptions, optionalText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { portDayEnd, portDayKey, portDayStart } from '../port-time';
import { optionalBody, replyWith } from '../reply';
import { getTerminalList } from '../shell/calls';

// Storage days ('Cấu hình thời gian lưu bãi', /config/free_day) and reefer power billing ('Cấu hình điện lạnh',
// /config/reffer_config): spec 03 §2.4, §3 "Free day rule row" / "Reefer config row", §4, §5, §7, §9. The tariff engine
// reads them through apps/server/src/modules/storage-rules/storage-rules.ts (docs/decisions.md).

/** Spec 03 §9: the moments a storage period starts or ends. */
export const freeDayMoments = ['ATB', 'DateIn', 'DateOut'] as const;
export type FreeDayMoment = (typeof freeDayMoments)[number];
export const freeDayMomentNames: Record<FreeDayMoment, string> = {
  ATB: 'ATB (tàu cập)',
  DateIn: 'DateIn (vào bãi)',
  DateOut: 'DateOut (ra bãi)',
};
/** Spec 03 §3: * all, L local, F foreign. */
export const localForeignValues = ['*', 'L', 'F'] as const;
export type LocalForeign = (typeof localForeignValues)[number];
export const localForeignOptions = [
  { value: '*', label: 'Tất cả (*)' },
  { value: 'L', label: 'Nội' },
  { value: 'F', label: 'Ngoại' },
] as const;
/** Spec 03 §3/§9: R0 none, R1 half hour, R2 one hour, R3 12 hours. */
export const reeferRoundings = ['R0', 'R1', 'R2', 'R3'] as const;
export type ReeferRounding = (typeof reeferRoundings)[number];
export const reeferRoundingNames: Record<ReeferRounding, string> = {
  R0: 'Không làm tròn',
  R1: 'Làm tròn nửa giờ',
  R2: 'Làm tròn 1 giờ',
  R3: 'Làm tròn 12 giờ',
};
export const FREE_DAY_MAX = 365;
export const REEFER_HOUR_ADDING_MAX = 720;

export const freeDayMessages = {
  applyDate: 'Vui lòng chọn ngày hiệu lực!',
  expireDate: 'Vui lòng chọn ngày hết hạn!',
  operator: 'Vui lòng chọn hãng khai thác!',
  localForeign: 'Vui lòng chọn hàng nội/ngoại!',
  moneyCredit: 'Vui lòng chọn loại thanh toán!',
  terminal: 'Vui lòng chọn cảng!',
  expireBeforeApply: 'Ngày hết hạn không được trước ngày hiệu lực!',
  saved: 'Lưu dữ liệu hoàn tất !',
  failed: 'Lỗi',
  lanesAll: 'Tuyến (LaneCode) và tàu (VesselCode) luôn là * (tất cả)',
} as const;

export const reeferMessages = {
  expireBeforeApply: 'Ngày hết hạn không được trước ngày hiệu lực!',
} as const;

// ---- field schemas --------------------------------------------------------------------------------------------

const upper = (max: number, label: string) => optionalText(max, label).transform((v) => (v ? v.toUpperCase() : null));
/** A code where * means all (spec 03 §1); blank reads as *. */
const codeOrAll = (max: number, label: string) => optionalText(max, label).transform((v) => (v ? v.toUpperCase() : '*'));
/** A date and time, or null when not given (the rules' own checks name what is missing). */
const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .date({ error: `${label} không hợp lệ` })
      .refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`)
      .nullable(),
  );
const requiredDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.date({ error: `Vui lòng nhập ${label.toLowerCase()}` }).refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`),
  );
/** isRFCheck: 1 or 0 (spec 03 §3); booleans and '1'/'0' read the same. Absent: not given. */
const oneOrZero = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'Hàng lạnh (isRFCheck) phải là 1 hoặc 0' })
  .nullish()
  .transform((v) => (v === undefined || v === null ? null : v === true || v === 1 || v === '1' ? 1 : 0));
const allOnly = z
  .string({ error: freeDayMessages.lanesAll })
  .trim()
  .nullish()
  .refine((v) => v === undefined || v === null || v === '' || v === '*', freeDayMessages.lanesAll)
  .transform((v) => (v ? v : null));

/**
 * The free-day header (left panel): merged into every saved rule. Every field may be absent here so that
 * `freeDayHeaderProblem` names the first missing one with the spec's message, on the screen and on the server.
 */
export const freeDayHeader = z.object({
  TerminalCode: upper(10, 'Mã cảng'),
  Name: optionalText(100, 'Tên mẫu'),
  ApplyDate: optionalDate('Ngày hiệu lực'),
  ExpireDate: optionalDate('Ngày hết hạn'),
  OperationCode: upper(10, 'Hãng khai thác'),
  IsLocalForiend: z
    .enum(localForeignValues, { error: 'Nội/ngoại phải là * (tất cả), L (nội) hoặc F (ngoại)' })
    .nullish()
    .transform((v) => v ?? null),
  MoneyCredit: moneyCredit.nullish().transform((v) => v ?? null),
  CustomerCode: upper(20, 'Mã khách hàng'),
  isRFCheck: oneOrZero,
  LaneCode: allOnly,
  VesselCode: allOnly,
});
export type FreeDayHeaderInput = z.input<typeof freeDayHeader>;
export type FreeDayHeaderValues = z.output<typeof freeDayHeader>;

/** A header as the rules store it: every field set (customer * when none, lane and vessel always *). */
export interface FreeDayHeader {
  TerminalCode: string;
  Name: string;
  ApplyDate: Date;
  ExpireDate: Date;
  OperationCode: string;
  IsLocalForiend: LocalForeign;
  MoneyCredit: 'M' | 'C';
  CustomerCode: string;
  isRFCheck: 0 | 1;
  LaneCode: '*';
  VesselCode: '*';
}

type HeaderLike = { [K in keyof FreeDayHeaderValues]?: unknown };
const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Spec 03 §5: the first thing a free-day save lacks, in the spec's order (effective date, expiry date, operator,
 * local/foreign, payment type), then an expiry before the effective date and the terminal; null when it may be saved.
 */
export function freeDayHeaderProblem(h: HeaderLike): string | null {
  if (missing(h.ApplyDate)) return freeDayMessages.applyDate;
  if (missing(h.ExpireDate)) return freeDayMessages.expireDate;
  if (missing(h.OperationCode)) return freeDayMessages.operator;
  if (missing(h.IsLocalForiend)) return freeDayMessages.localForeign;
  if (missing(h.MoneyCredit)) return freeDayMessages.moneyCredit;
  const apply = new Date(h.ApplyDate as string | Date);
  const expire = new Date(h.ExpireDate as string | Date);
  if (portDayEnd(expire).getTime() < portDayStart(apply).getTime()) return freeDayMessages.expireBeforeApply;
  if (missing(h.TerminalCode)) return freeDayMessages.terminal;
  return null;
}

/**
 * The stored header of a complete one (checked by `freeDayHeaderProblem`): the effective date at the start of its
 * port day, the expiry at the end of its day (spec 03 §4), customer * when none, and the template's name made from it.
 */
export function completeFreeDayHeader(h: FreeDayHeaderValues): FreeDayHeader {
  const base = {
    TerminalCode: String(h.TerminalCode),
    ApplyDate: portDayStart(h.ApplyDate as Date),
    ExpireDate: portDayEnd(h.ExpireDate as Date),
    OperationCode: String(h.OperationCode),
    IsLocalForiend: h.IsLocalForiend as LocalForeign,
    MoneyCredit: h.MoneyCredit as 'M' | 'C',
    CustomerCode: h.CustomerCode || '*',
    isRFCheck: (h.isRFCheck ?? 0) as 0 | 1,
    LaneCode: '*' as const,
    VesselCode: '*' as const,
  };
  return { ...base, Name: freeDayTemplateName(base) };
}

/**
 * A template's name, made from its header like the approval screen's reff codes (spec 03 §4: dash-separated, dates
 * YYYYMMDD): apply-expire-operator-customer-payment-local/foreign-reefer, e.g. 20261101-20261231-MSC-*-M-*-0.
 * Rules saved with one header form one template (docs/decisions.md).
 */
export function freeDayTemplateName(h: Omit<FreeDayHeader, 'Name' | 'TerminalCode' | 'LaneCode' | 'VesselCode'>): string {
  return [
    portDayKey(h.ApplyDate, 'YYYYMMDD'),
    portDayKey(h.ExpireDate, 'YYYYMMDD'),
    h.OperationCode,
    h.CustomerCode,
    h.MoneyCredit,
    h.IsLocalForiend,
    String(h.isRFCheck),
  ].join('-');
}

/** Spec 03 §3: the rules a blank template starts with (class 1 F, 1 E, 2 E, 3 F, 3 E; all cargo types; 0 days). */
export const defaultFreeDayRows = (
  [
    ['1', 'F'],
    ['1', 'E'],
    ['2', 'E'],
    ['3', 'F'],
    ['3', 'E'],
  ] as const
).map(([ClassCode, FE]) => ({ ClassCode, FE, CargoTypeCode: '*', StartTime: 'DateIn', EndTime: 'DateOut', FreeDay: 0 }));

const terminalLookup = lookupOf(getTerminalList, 'TerminalCode', 'TerminalName');
const operatorLookup = { ...lookupOf(getOprs, 'OperationCode', 'OperationName'), all: 'Tất cả (*)' };

const classLookup = { ...lookupOf(classCatalog.calls.get, 'ClassCode', 'ClassName'), all: 'Tất cả (*)' };
const cargoTypeLookup = { ...lookupOf(cargoTypeCatalog.calls.get, 'CargoTypeCode', 'CargoTypeName'), all: 'Tất cả (*)' };

const moment = (label: string) => z.enum(freeDayMoments, { error: `${label} phải là ATB, DateIn hoặc DateOut` });

/** One free-day rule (spec 03 §3 "Free day rule row"); the header is merged in by the save. */
export const freeDayRule = z.object({
  Rowguid: rowguid,
  ClassCode: codeOrAll(10, 'Hướng'),
  FE: z.enum(['F', 'E'], { error: 'Hàng/rỗng phải là F (hàng) hoặc E (rỗng)' }),
  CargoTypeCode: codeOrAll(10, 'Loại hàng'),
  StartTime: moment('Bắt đầu tính'),
  EndTime: moment('Kết thúc tính'),
  FreeDay: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce
      .number({ error: `Số ngày miễn phí là số nguyên từ 0 đến ${FREE_DAY_MAX}` })
      .int(`Số ngày miễn phí là số nguyên từ 0 đến ${FREE_DAY_MAX}`)
      .min(0, `Số ngày miễn phí là số nguyên từ 0 đến ${FREE_DAY_MAX}`)
      .max(FREE_DAY_MAX, `Số ngày miễn phí là số nguyên từ 0 đến ${FREE_DAY_MAX}`),
  ),
});

const momentOptions = freeDayMoments.map((v) => ({ value: v, label: freeDayMomentNames[v] }));

/**
 * 'Cấu hình thời gian lưu bãi' (spec 03 §2.4 /config/free_day): a template picker and its header on the left, its rules
 * on the right. Rules are per terminal; the header (with the template's Name) is merged into every saved rule.
 */
export const freeDayGrid = defineGrid({
  name: 'free_day',
  module: 'storageRules',
  title: 'Quy tắc thời gian lưu bãi miễn phí',
  pageTitle: 'Cấu hình thời gian lưu bãi',
  menu: 'CFG_FREE_DAY',
  table: 'free_day_rules',
  paths: { get: 'common/getFreeDayList', update: 'common/updateFreeDayList', delete: 'common/deleteFreeDayList' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  header: {
    schema: freeDayHeader,
    columns: [
      { field: 'TerminalCode', title: 'Cảng', type: 'enum', lookup: terminalLookup },
      { field: 'Name', title: 'Mẫu', type: 'text', hidden: true },
      { field: 'ApplyDate', title: 'Ngày hiệu lực', type: 'datetime' },
      { field: 'ExpireDate', title: 'Ngày hết hạn', type: 'datetime' },
      { field: 'OperationCode', title: 'Hãng khai thác', type: 'enum', lookup: operatorLookup },
      { field: 'IsLocalForiend', title: 'Nội/ngoại', type: 'enum', options: localForeignOptions },
      { field: 'MoneyCredit', title: 'Loại thanh toán', type: 'enum', options: moneyCreditOptions },
      { field: 'isRFCheck', title: 'Hàng lạnh', type: 'bool' },
      { field: 'CustomerCode', title: 'Khách hàng', type: 'text' },
      { field: 'LaneCode', title: 'Tuyến', type: 'text', hidden: true },
      { field: 'VesselCode', title: 'Tàu', type: 'text', hidden: true },
    ],
  },
  row: freeDayRule,
  key: ['TerminalCode', 'Name', 'ClassCode', 'FE', 'CargoTypeCode'],
  order: ['ClassCode', 'FE', 'CargoTypeCode'],
  columns: [
    { field: 'ClassCode', title: 'Hướng', type: 'enum', lookup: classLookup, width: 150 },
    {
      field: 'FE',
      title: 'Hàng/Rỗng',
      type: 'enum',
      options: [
        { value: 'F', label: 'Hàng (F)' },
        { value: 'E', label: 'Rỗng (E)' },
      ],
      width: 120,
    },
    { field: 'CargoTypeCode', title: 'Loại hàng', type: 'enum', lookup: cargoTypeLookup, width: 170 },
    { field: 'StartTime', title: 'Bắt đầu tính', type: 'enum', options: momentOptions, width: 160 },
    { field: 'EndTime', title: 'Kết thúc tính', type: 'enum', options: momentOptions, width: 160 },
    { field: 'FreeDay', title: 'Số ngày miễn phí', type: 'number', width: 140 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** A template of the picker (spec 03 §3 "Template list items": Name, the header fields and CustomerName). */
export const freeDayTemplate = z.object({
  Name: z.string(),
  TerminalCode: z.string(),
  OperationCode: z.string(),
  MoneyCredit: z.string(),
  IsLocalForiend: z.string(),
  ApplyDate: z.coerce.date(),
  ExpireDate: z.coerce.date(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  isRFCheck: z.number(),
  LaneCode: z.string(),
  VesselCode: z.string(),
  RuleCount: z.number(),
});
export type FreeDayTemplate = z.infer<typeof freeDayTemplate>;

export const getFreeDayNameList = defineCall({
  path: 'common/getFreeDayNameList',
  module: 'storageRules',
  summary: 'Danh sách mẫu cấu hình thời gian lưu bãi (tên mẫu, phần đầu, tên khách hàng) của các cảng của người dùng',
  access: menuAccess('CFG_FREE_DAY'),
  request: optionalBody(z.object({ TerminalCode: z.string().trim().max(10, 'Mã cảng tối đa 10 ký tự').optional() })),
  response: replyWith({ payload: z.array(freeDayTemplate).optional() }),
});

/**
 * 'Cấu hình điện lạnh' (spec 03 §2.4 /config/reffer_config, §3 "Reefer config row"): how a reefer's power hours are
 * billed per operator (* all) and payment type, in a validity period: HourAdding hours added, then rounded up (R0–R3).
 */
export const reeferConfigGrid = defineGrid({
  name: 'reefer_config',
  module: 'storageRules',
  title: 'Cấu hình điện lạnh',
  menu: 'CFG_REEFER',
  table: 'reefer_configs',
  paths: { get: 'common/getReeferConfigList', update: 'common/updateReeferConfigList', delete: 'common/deleteReeferConfigList' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: z
    .object({
      Rowguid: rowguid,
      TerminalCode: z
        .string({ error: freeDayMessages.terminal })
        .trim()
        .min(1, freeDayMessages.terminal)
        .max(10, 'Mã cảng tối đa 10 ký tự')
        .transform((v) => v.toUpperCase()),
      OperationCode: codeOrAll(10, 'Hãng khai thác'),
      Name: optionalText(100, 'Tên'),
      ApplyDate: requiredDate('Ngày hiệu lực'),
      ExpireDate: requiredDate('Ngày hết hạn'),
      Rounding: z.enum(reeferRoundings, { error: 'Làm tròn phải là R0 (không), R1 (nửa giờ), R2 (1 giờ) hoặc R3 (12 giờ)' }),
      HourAdding: z.preprocess(
        (v) => (v === '' || v === null || v === undefined ? 0 : v),
        z.coerce
          .number({ error: `Số giờ cộng thêm là số nguyên từ 0 đến ${REEFER_HOUR_ADDING_MAX}` })
          .int(`Số giờ cộng thêm là số nguyên từ 0 đến ${REEFER_HOUR_ADDING_MAX}`)
          .min(0, `Số giờ cộng thêm là số nguyên từ 0 đến ${REEFER_HOUR_ADDING_MAX}`)
          .max(REEFER_HOUR_ADDING_MAX, `Số giờ cộng thêm là số nguyên từ 0 đến ${REEFER_HOUR_ADDING_MAX}`),
      ),
      MoneyCredit: moneyCredit,
    })
    .refine((r) => r.ExpireDate.getTime() >= r.ApplyDate.getTime(), { message: reeferMessages.expireBeforeApply, path: ['ExpireDate'] }),
  key: ['TerminalCode', 'OperationCode', 'MoneyCredit', 'ApplyDate'],
  order: ['OperationCode', 'MoneyCredit', 'ApplyDate'],
  columns: [
    { field: 'TerminalCode', title: 'Cảng', type: 'enum', lookup: terminalLookup, width: 140 },
    { field: 'OperationCode', title: 'Hãng khai thác', type: 'enum', lookup: operatorLookup, width: 200 },
    { field: 'Name', title: 'Tên', type: 'text', hidden: true },
    { field: 'ApplyDate', title: 'Ngày hiệu lực', type: 'datetime' },
    { field: 'ExpireDate', title: 'Ngày hết hạn', type: 'datetime' },
    {
      field: 'Rounding',
      title: 'Làm tròn',
      type: 'enum',
      options: reeferRoundings.map((v) => ({ value: v, label: reeferRoundingNames[v] })),
    },
    { field: 'HourAdding', title: 'Số giờ cộng thêm', type: 'number' },
    { field: 'MoneyCredit', title: 'Loại thanh toán', type: 'enum', options: moneyCreditOptions },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});
