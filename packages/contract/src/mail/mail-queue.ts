import { z } from 'zod';
import { defineGrid } from '../grid/resource';
import { type MailOrderFilter, mailOrderFilterNames, mailOrderFilters } from './mail-orders';

/**
 * What a mail of the queue is about: one order fact told to its payer and creator (the domain event's name), or a
 * shipping line's mail-order rule (`mailOrder.<DataFilter>`).
 */
export const payerMailKinds = [
  'order.saved',
  'order.paid',
  'invoice.issued',
  'order.approved',
  'order.rejected',
  'order.allocated',
  'order.completed',
  'order.extensionDue',
] as const;
export type PayerMailKind = (typeof payerMailKinds)[number];
/** A mail to a user about the user's own account (auth: a temporary lock after failed logins). */
export type AccountMailKind = 'account.locked';
/** A connection alert (connection-alerts): a connection went down, or came back after an outage. */
type AlertMailKind = 'alert.down' | 'alert.up' | 'alert.notice';
/** A scheduled report's workbook (report-schedules). */
type ReportMailKind = 'report.scheduled';
export type MailKind = PayerMailKind | AccountMailKind | AlertMailKind | ReportMailKind | `mailOrder.${MailOrderFilter}`;
export const mailKindNames: Record<MailKind, string> = {
  'order.saved': 'Lệnh đã lưu',
  'order.paid': 'Lệnh đã thanh toán',
  'invoice.issued': 'Hóa đơn đã xuất',
  'order.approved': 'Lệnh đã duyệt',
  'order.rejected': 'Lệnh bị từ chối',
  'order.allocated': 'Lệnh đã phân bổ',
  'order.completed': 'Lệnh hoàn tất',
  'order.extensionDue': 'Lệnh cần gia hạn',
  'account.locked': 'Tài khoản tạm khóa',
  'alert.down': 'Cảnh báo mất kết nối',
  'alert.up': 'Kết nối phục hồi',
  'alert.notice': 'Cảnh báo kết nối',
  'report.scheduled': 'Báo cáo định kỳ',
  ...(Object.fromEntries(mailOrderFilters.map((f) => [`mailOrder.${f}`, `Hãng tàu: ${mailOrderFilterNames[f]}`])) as Record<
    `mailOrder.${MailOrderFilter}`,
    string
  >),
};

/** queued: waiting for the job (or for its next try); sent; failed: tries used up; skipped: nobody to send to. */
export const mailQueueStatuses = ['queued', 'sent', 'failed', 'skipped'] as const;
export type MailQueueStatus = (typeof mailQueueStatuses)[number];
export const mailQueueStatusNames: Record<MailQueueStatus, string> = {
  queued: 'Chờ gửi',
  sent: 'Đã gửi',
  failed: 'Gửi lỗi',
  skipped: 'Không gửi',
};

export const mailQueueRow = z.object({
  Rowguid: z.string(),
  Kind: z.string(),
  MailTo: z.string(),
  Subject: z.string(),
  OrderNo: z.string().nullable(),
  TerminalCode: z.string().nullable(),
  Status: z.enum(mailQueueStatuses),
  QueuedTime: z.string(),
  SentTime: z.string().nullable(),
  Attempts: z.number().int(),
  Result: z.string().nullable(),
});
export type MailQueueRow = z.infer<typeof mailQueueRow>;

/** The most recent mails the screen lists (newest first). */
export const MAIL_QUEUE_LIST_LIMIT = 1000;

/**
 * 'Nhật ký gửi mail': every mail the portal queued for a payer, a shipping line or a connection alert, read only: to whom, what, for which
 * order, when queued and sent, tries and the server's answer (never a password).
 */
export const mailQueueGrid = defineGrid({
  name: 'mail_queue',
  module: 'mail',
  title: 'Nhật ký gửi mail',
  menu: 'CFG_MAIL_QUEUE',
  table: 'mail_queue',
  paths: { get: { path: 'config/getMailQueue', name: 'getMailQueue' } },
  row: mailQueueRow,
  key: ['Rowguid'],
  columns: [
    { field: 'QueuedTime', title: 'Thời gian tạo', type: 'datetime' },
    {
      field: 'Kind',
      title: 'Loại mail',
      type: 'enum',
      options: Object.entries(mailKindNames).map(([value, label]) => ({ value, label })),
      width: 180,
    },
    { field: 'MailTo', title: 'Người nhận', type: 'text', width: 240 },
    { field: 'Subject', title: 'Tiêu đề', type: 'text', width: 320 },
    { field: 'OrderNo', title: 'Số lệnh', type: 'text', width: 170 },
    { field: 'TerminalCode', title: 'Cảng', type: 'text', width: 90 },
    {
      field: 'Status',
      title: 'Trạng thái',
      type: 'enum',
      options: mailQueueStatuses.map((v) => ({ value: v, label: mailQueueStatusNames[v] })),
      width: 120,
    },
    { field: 'SentTime', title: 'Thời gian gửi', type: 'datetime' },
    { field: 'Attempts', title: 'Số lần gửi', type: 'number', width: 110 },
    { field: 'Result', title: 'Kết quả', type: 'text', width: 320 },
  ],
  actions: { add: false, delete: false, save: false, import: false },
  height: '65vh',
});
