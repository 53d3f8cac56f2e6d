import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { portTime, portTimeText } from '../mail/report-mail';
import { replyWith } from '../reply';

/**
 * 'Cấu hình duyệt lệnh' (spec 03 §2.4 Approval, §3 Approval row, §4, §5, §7, §8): per terminal, for a scope
 * (operator, payee = the customer, payment type = MoneyCredit, FromDate..ToDate), each job mode either needs approval after
 * payment ('Cần duyệt', IsApproval) or not ('Không cần duyệt', IsUnApproval). The payments decide with it
 * (modules/approval/approval.service.ts `approvalNeeded`).
 */
export const approvalMessages = {
  /** Spec 03 §5, in this order. */
  operator: 'Vui lòng chọn hãng khai thác',
  /** The payee is the customer the orders are paid by ('Đối tượng thanh toán', the customer selector of spec 03 §6). */
  payee: 'Vui lòng chọn đối tượng thanh toán',
  /** The payment type (thu ngay / thu sau / tất cả): the free day's words for the same field (spec 03 §5). */
  moneyCreditMissing: 'Vui lòng chọn loại thanh toán!',
  fromDate: 'Vui lòng chọn ngày hiệu lực!',
  toDate: 'Vui lòng chọn ngày hết hạn!',
  /** Spec 03 §8: approval save success. */
  saved: 'Lưu dữ liệu thành công !',
  both: 'Không thể chọn cùng lúc "Không cần duyệt" và "Cần duyệt".',
  dateFormat: 'Ngày phải có dạng YYYY-MM-DD HH:mm:ss',
  dateOrder: 'Ngày hết hạn không được trước ngày hiệu lực.',
  moneyCredit: 'Loại thanh toán phải là M (thu ngay), C (thu sau) hoặc * (tất cả).',
  jobModeMissing: 'Vui lòng chọn phương án.',
  jobMode: (code: string) => `Phương án ${code} không tồn tại.`,
  operatorUnknown: (code: string) => `Hãng khai thác ${code} không tồn tại.`,
  customerUnknown: (code: string) => `Khách hàng ${code} không tồn tại.`,
  rowMissing: 'Không tìm thấy dòng cấu hình duyệt lệnh (có thể đã bị xóa), vui lòng tải lại.',
} as const;

/** '*' = all (operator, customer, MoneyCredit). */
export const APPROVAL_ALL = '*';

const code = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : ''));
const dateText = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .transform((v) => v ?? '');
const switchFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** The scope of the screen's filters (config/getApprovalJobMode); checked by the server with the spec's messages. */
export const approvalScope = z.object({
  OperationCode: code(10),
  MoneyCredit: code(1),
  CustomerCode: code(20),
  FromDate: dateText,
  ToDate: dateText,
  /** The terminal the rows belong to; the caller's current terminal (its first one when absent). */
  TerminalCode: code(10),
});
export type ApprovalScope = z.output<typeof approvalScope>;

/** Approval row (spec 03 §3). */
export const approvalRow = z.object({
  Rowguid: z.uuid('Rowguid không hợp lệ').nullish(),
  TerminalCode: z.string().optional(),
  JobModeCode: z.string(),
  JobModeName: z.string().nullable(),
  FromDate: z.string(),
  ToDate: z.string(),
  IsUnApproval: z.boolean(),
  IsApproval: z.boolean(),
  MoneyCredit: z.string(),
  OperationCode: z.string(),
  CustomerCode: z.string(),
});
export type ApprovalRow = z.infer<typeof approvalRow>;

/** What the screen sends to save one row (one switch toggled). */
export const approvalSave = approvalScope.extend({
  Rowguid: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.uuid('Rowguid không hợp lệ').nullable()),
  JobModeCode: code(10),
  JobModeName: z.string().nullish(),
  IsUnApproval: switchFlag,
  IsApproval: switchFlag,
});

export const getApprovalJobMode = defineCall({
  path: 'config/getApprovalJobMode',
  module: 'approval',
  summary:
    'Cấu hình duyệt lệnh: mọi phương án với công tắc đã lưu cho phạm vi {OperationCode, MoneyCredit, CustomerCode, FromDate, ToDate}',
  access: menuAccess('CFG_APPROVAL'),
  request: approvalScope,
  response: replyWith({ data: z.array(approvalRow).optional() }),
});

export const saveApprovalJobMode = defineCall({
  path: 'config/saveApprovalJobMode',
  module: 'approval',
  summary: 'Lưu một dòng cấu hình duyệt lệnh (Không cần duyệt / Cần duyệt, loại trừ nhau) → data với Rowguid',
  access: menuAccess('CFG_APPROVAL'),
  request: approvalSave,
  response: replyWith({ data: approvalRow.optional() }),
});

export const reffItem = z.object({ ReffCode: z.string() });

export const getReffList = defineCall({
  path: 'common/getReffList',
  module: 'approval',
  summary: 'Nhóm cấu hình duyệt lệnh đã lưu: ReffCode = ngày hiệu lực-ngày hết hạn-hãng khai thác-khách hàng-loại thanh toán',
  access: menuAccess('CFG_APPROVAL'),
  request: z.object({ TerminalCode: code(10) }).partial(),
  response: replyWith({ payload: z.array(reffItem).optional() }),
});

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYYMMDD' (the date part of a reff code). */
const ymd = (text: string) => text.slice(0, 10).replaceAll('-', '');

/**
 * A reff group code (spec 03 §4): parts split by dash — 1 apply date, 2 expire date (YYYYMMDD),
 * 3 operator, 4 customer, 5 payment type (MoneyCredit); '*' means all.
 */
export function reffCode(s: { FromDate: string; ToDate: string; OperationCode: string; CustomerCode: string; MoneyCredit: string }) {
  return [
    ymd(s.FromDate),
    ymd(s.ToDate),
    s.OperationCode || APPROVAL_ALL,
    s.CustomerCode || APPROVAL_ALL,
    s.MoneyCredit || APPROVAL_ALL,
  ].join('-');
}

/** The filters a reff code stands for (FromDate start of day, ToDate end of day), or null when it is not one. */
export function parseReffCode(
  text: string,
): { FromDate: string; ToDate: string; OperationCode: string; CustomerCode: string; MoneyCredit: string } | null {
  const parts = text.split('-');
  if (parts.length !== 5) return null;
  const [from, to, op, cust, mc] = parts as [string, string, string, string, string];
  const day = (d: string, time: string) => (/^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)} ${time}` : null);
  const FromDate = day(from, '00:00:00');
  const ToDate = day(to, '23:59:59');
  if (!FromDate || !ToDate || !portTime(FromDate) || !portTime(ToDate)) return null;
  return { FromDate, ToDate, OperationCode: op || APPROVAL_ALL, CustomerCode: cust || APPROVAL_ALL, MoneyCredit: mc || APPROVAL_ALL };
}

/** The port day of `text` at 00:00:00 / 23:59:59 (spec 03 §4: expiry set to end of day at save). */
export function startOfPortDay(at: Date): string {
  return `${portTimeText(at).slice(0, 10)} 00:00:00`;
}
export function endOfPortDay(at: Date): string {
  return `${portTimeText(at).slice(0, 10)} 23:59:59`;
}
