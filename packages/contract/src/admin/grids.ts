import { z } from 'zod';
import { flag, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { getTerminalList } from '../shell/calls';
import { tosCode } from '../tos-mappings/tos-mappings';

/**
 * The administration grids of spec 03 §2.5 (release points by block, the two MB-NAPAS fee tables, dangerous goods
 * allowed to be dropped off, tariff code mapping, EDO data sharing). Every one follows the common grid behaviour of
 * 03 §1; the data that belongs to one terminal carries TerminalCode and is scoped like the payment partners.
 */

const upper = (max: number, label: string) => requiredText(max, label).transform((v) => v.toUpperCase());
const terminalCode = upper(10, 'Mã cảng');
const terminalColumn = {
  field: 'TerminalCode',
  title: 'Mã cảng',
  type: 'enum',
  lookup: lookupOf(getTerminalList, 'TerminalCode'),
  width: 100,
} as const;

export const adminMessages = {
  noReleasePoint: 'Chưa chọn điểm thu phí!',
  blockHint: 'Ba ký tự đầu của mỗi block, cách nhau bằng dấu phẩy',
  blockPart: (part: string) => `Tiền tố block "${part}" phải gồm đúng 3 ký tự (ba ký tự đầu của block, cách nhau bằng dấu phẩy)`,
  shareSelf: 'Cảng nhận không được trùng cảng chia sẻ',
  shareTwice: (code: string) => `Cảng nhận ${code} bị lặp lại`,
  shareUnknown: (code: string) => `Cảng nhận ${code} không tồn tại`,
  shareEmpty: 'Vui lòng nhập cảng nhận (mã cảng, cách nhau bằng dấu phẩy)',
} as const;

/** A list typed as 'A, b ,C': its parts trimmed, upper-cased, blanks dropped. */
export function commaParts(v: string | null | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p.length > 0);
}

/**
 * 'Cấu hình điểm thu phí theo block' (spec 03 §2.5/§3): a release (fee collection) point of the terminal and the yard
 * blocks it serves, given as the first three characters of each block, comma separated. Edit sends ENABLE as an
 * integer (03 §7); delete with nothing selected says 'Chưa chọn điểm thu phí!' (03 §5). The spec shows no delete call:
 * config/releasePointByBlock/delete (docs/decisions.md).
 */
export const releasePointGrid = defineGrid({
  name: 'release_point',
  module: 'admin',
  title: 'Cấu hình điểm thu phí theo block',
  menu: 'SYS_RELEASE_POINT',
  table: 'release_points',
  paths: {
    get: { path: 'config/releasePointByBlock/get', name: 'getReleasePoints' },
    update: { path: 'config/releasePointByBlock/edit', name: 'editReleasePoints' },
    delete: { path: 'config/releasePointByBlock/delete', name: 'deleteReleasePoints' },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: z.object({
    Rowguid: rowguid,
    TerminalCode: terminalCode,
    DIEMPH: upper(20, 'Mã điểm thu phí'),
    NAME: requiredText(200, 'Tên điểm thu phí'),
    BLOCK_PREFIX: z
      .string({ error: adminMessages.blockHint })
      .trim()
      .max(500, 'Tiền tố block tối đa 500 ký tự')
      .nullish()
      .transform((v) => commaParts(v).join(','))
      .superRefine((v, ctx) => {
        const bad = commaParts(v).find((p) => p.length !== 3);
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: adminMessages.blockPart(bad) });
      }),
    MADVI: optionalText(20, 'Mã đơn vị'),
    SERVER: optionalText(100, 'Server'),
    // The edit call carries it as 1/0 (spec 03 §7); a boolean is read the same.
    ENABLE: flag,
  }),
  key: ['TerminalCode', 'DIEMPH'],
  columns: [
    terminalColumn,
    { field: 'DIEMPH', title: 'Mã điểm thu phí', type: 'text', width: 120 },
    { field: 'NAME', title: 'Tên điểm thu phí', type: 'text', width: 200 },
    { field: 'BLOCK_PREFIX', title: 'Tiền tố block', type: 'text', width: 200, hint: adminMessages.blockHint },
    { field: 'MADVI', title: 'Mã đơn vị', type: 'text', width: 100 },
    { field: 'SERVER', title: 'Server', type: 'text', width: 140 },
    { field: 'ENABLE', title: 'Kích hoạt', type: 'bool', sendAsInteger: true },
  ],
  actions: { add: true, delete: true, save: true, import: false },
  nothingSelectedMessage: adminMessages.noReleasePoint,
  height: '55vh',
});

/**
 * 'Mức phí dịch vụ áp dụng cho giao dịch thông qua MB-NAPAS': the service charge in percent by the month's
 * transaction total (billions VND); the tier whose TotalSum is the highest not above the month's total applies
 * (`mbServiceCharge`, docs/decisions.md). The bank's contract is the portal's, not a terminal's: no terminal scope.
 */
export const mbChargesGrid = defineGrid({
  name: 'mb_charges',
  module: 'admin',
  title: 'Mức phí dịch vụ áp dụng cho giao dịch thông qua MB-NAPAS',
  menu: 'SYS_MB_CHARGES',
  table: 'mb_charges',
  paths: {
    get: { path: 'config/getMBChargesList', rowsIn: 'data' },
    update: 'config/updateMBChargesList',
    delete: 'config/deleteMBChargesList',
  },
  row: z.object({
    Rowguid: rowguid,
    TotalSum: z
      .number({ error: 'Tổng giao dịch tháng (tỷ đồng) phải là số' })
      .min(0, 'Tổng giao dịch tháng không được âm')
      .max(1_000_000, 'Tổng giao dịch tháng tối đa 1.000.000 tỷ đồng'),
    Charge: z
      .number({ error: 'Mức phí (%) phải là số' })
      .min(0, 'Mức phí (%) từ 0 đến 100')
      .max(100, 'Mức phí (%) từ 0 đến 100')
      .refine((v) => Math.round(v * 10_000) === v * 10_000, 'Mức phí (%) có tối đa 4 chữ số thập phân'),
  }),
  key: ['TotalSum'],
  columns: [
    { field: 'TotalSum', title: 'Tổng giao dịch tháng (tỷ đồng)', type: 'number', width: 220 },
    { field: 'Charge', title: 'Mức phí (%)', type: 'number', width: 140 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** 'Mức phí xử lý giao dịch thông qua MB-NAPAS': one column, the processing fee in VND per transaction. */
export const mbFeeGrid = defineGrid({
  name: 'mb_fee',
  module: 'admin',
  title: 'Mức phí xử lý giao dịch thông qua MB-NAPAS',
  menu: 'SYS_MB_FEE',
  table: 'mb_fee_schedules',
  paths: { get: 'config/getMBFeeScheduleList', update: 'config/updateMBFeeScheduleList', delete: 'config/deleteMBFeeScheduleList' },
  row: z.object({
    Rowguid: rowguid,
    FeeSchedule: z
      .number({ error: 'Phí xử lý (VNĐ/giao dịch) phải là số nguyên' })
      .int('Phí xử lý (VNĐ/giao dịch) phải là số nguyên')
      .min(0, 'Phí xử lý không được âm')
      .max(100_000_000, 'Phí xử lý tối đa 100.000.000 VNĐ'),
  }),
  key: ['FeeSchedule'],
  columns: [{ field: 'FeeSchedule', title: 'Phí xử lý (VNĐ/giao dịch)', type: 'number', width: 220 }],
  // Spec 03 §2.5: one fee column, Save and search (rows are still added and removed to edit the table).
  actions: { add: true, delete: true, save: true, import: false },
  height: '50vh',
});

/** IMDG class (1–9, with a division such as 2.1 or 6.1). */
export const IMO_CLASS = /^[1-9](\.[1-6])?$/;
export const imoMessages = {
  classFormat: 'Lớp hàng nguy hiểm (Class) là 1–9, có thể kèm phân lớp như 2.1, 6.1',
  unnoFormat: 'Số UN gồm đúng 4 chữ số',
  notAllowed: (cls: string, unno: string, terminal: string) =>
    `Hàng nguy hiểm lớp ${cls}, UN ${unno} không có trong danh mục được phép hạ tại cảng ${terminal}`,
  chooseTerminal: 'Vui lòng chọn cảng',
} as const;
export const imoClass = requiredText(5, 'Lớp hàng nguy hiểm').refine((v) => IMO_CLASS.test(v), imoMessages.classFormat);
export const imoUnno = requiredText(4, 'Số UN').refine((v) => /^\d{4}$/.test(v), imoMessages.unnoFormat);

/** 'Danh mục hàng nguy hiểm được phép hạ': per terminal, the class / UN numbers it accepts, with the alert shown. */
export const imoAlertGrid = defineGrid({
  name: 'imo_alert',
  module: 'admin',
  title: 'Danh mục hàng nguy hiểm được phép hạ',
  menu: 'SYS_IMO_ALERT',
  table: 'imo_alerts',
  paths: { get: 'config/getIMOAlert', update: 'config/updateIMOAlert', delete: 'config/deleteIMOAlert' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: z.object({
    Rowguid: rowguid,
    TerminalCode: terminalCode,
    Class: imoClass,
    Unno: imoUnno,
    AlertMsg: optionalText(500, 'Ghi chú'),
  }),
  key: ['TerminalCode', 'Class', 'Unno'],
  columns: [
    terminalColumn,
    { field: 'Class', title: 'Lớp (Class)', type: 'text', width: 100 },
    { field: 'Unno', title: 'Số UN', type: 'text', width: 100 },
    { field: 'AlertMsg', title: 'Ghi chú', type: 'text', width: 360 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** 'Mapping mã biểu cước giữa hai hệ thống': a portal tariff code as the TOS codes it (one mapping per portal code). */
export const tariffMappingGrid = defineGrid({
  name: 'tariff_mapping',
  module: 'admin',
  title: 'Mapping mã biểu cước giữa hai hệ thống',
  menu: 'SYS_TARIFF_MAPPING',
  table: 'tariff_mappings',
  paths: { get: 'config/getMappingTrfList', update: 'config/updateMappingTrfList', delete: 'config/deleteMappingTrfList' },
  row: z.object({
    Rowguid: rowguid,
    TariffCode: upper(30, 'Mã biểu cước'),
    TosTariffCode: tosCode(30, 'Mã biểu cước TOS'),
    TosDescription: optionalText(500, 'Diễn giải TOS'),
  }),
  key: ['TariffCode'],
  columns: [
    { field: 'TariffCode', title: 'Mã biểu cước', type: 'text', width: 160 },
    { field: 'TosTariffCode', title: 'Mã biểu cước TOS', type: 'text', width: 160 },
    { field: 'TosDescription', title: 'Diễn giải TOS', type: 'text', width: 320 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** The one table EDO sharing is about (spec 03 §3 "DataTable fixed to the delivery-order table"). */
export const EDO_DATA_TABLE = 'DELIVERY_ORDER';

/**
 * 'Cấu hình chia sẻ dữ liệu EDO': the source terminal's delivery orders are seen by the target terminals. Targets are
 * terminal codes, comma separated, never the source; the server also checks that each exists.
 */
export const dataShareGrid = defineGrid({
  name: 'data_share',
  module: 'admin',
  title: 'Cấu hình chia sẻ dữ liệu EDO',
  menu: 'SYS_DATA_SHARE',
  table: 'data_shares',
  paths: { get: 'config/getDataShareList', update: 'config/updateDataShareList', delete: 'config/deleteDataShareList' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: z
    .object({
      Rowguid: rowguid,
      TerminalCode: terminalCode,
      TerminalTarget: z
        .string({ error: adminMessages.shareEmpty })
        .trim()
        .max(500, 'Cảng nhận tối đa 500 ký tự')
        .transform((v) => commaParts(v).join(','))
        .refine((v) => v.length > 0, adminMessages.shareEmpty)
        .superRefine((v, ctx) => {
          const seen = new Set<string>();
          for (const p of commaParts(v)) {
            if (seen.has(p)) ctx.addIssue({ code: 'custom', message: adminMessages.shareTwice(p) });
            seen.add(p);
          }
        }),
      IsActive: flag,
      // A blank cell is the one table there is (a new row's read-only cell, an Excel row without the column).
      DataTable: z
        .union([z.literal(EDO_DATA_TABLE), z.literal('')], { error: `Bảng dữ liệu chỉ có thể là ${EDO_DATA_TABLE} (lệnh giao hàng)` })
        .nullish()
        .transform(() => EDO_DATA_TABLE),
    })
    .refine((r) => !commaParts(r.TerminalTarget).includes(r.TerminalCode), {
      message: adminMessages.shareSelf,
      path: ['TerminalTarget'],
    }),
  key: ['TerminalCode', 'DataTable'],
  columns: [
    { ...terminalColumn, title: 'Cảng chia sẻ' },
    { field: 'TerminalTarget', title: 'Cảng nhận (cách nhau bằng dấu phẩy)', type: 'text', width: 260 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
    { field: 'DataTable', title: 'Bảng dữ liệu', type: 'text', readOnly: true, width: 150, initial: EDO_DATA_TABLE },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});
