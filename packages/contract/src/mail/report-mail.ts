import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { formatPortTime, parsePortTime, portFormats } from '../port-time';
import { plainReply } from '../reply';
import { defineSettingsForm } from '../settings-form/settings-form';
import { mailListText, splitCodes } from './mail-lists';

/** Spec 03 §5: report mail save and send-now need, in order, start time, cycle hours, CC list and terminal list. */
export const reportMailMessages = {
  start_time: 'Vui lòng nhập ngày bắt đầu!',
  htime: 'Vui lòng nhập giờ lặp !',
  cc: 'Vui lòng nhập danh sách mail nhận (CC) !',
  TerminalList: 'Vui lòng nhập danh sách mã cảng !',
  /** Spec 03 §8: the report was sent. */
  sent: 'Gửi mail hoàn tất !',
  /** Spec 03 §5: send-now warns that it does not save, and sends the period from start minus cycle; then asks to continue. */
  sendNowWarning:
    'Gửi ngay không lưu cấu hình. Báo cáo được gửi cho khoảng thời gian từ (ngày bắt đầu - số giờ lặp) đến ngày bắt đầu. Tiếp tục ?',
} as const;

/** Spec 03 §9: configuration date-times are YYYY-MM-DD HH:mm:ss (port time, Asia/Ho_Chi_Minh). */
export const CONFIG_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A 'YYYY-MM-DD HH:mm:ss' port time as an instant, or null when not a real time. */
export const portTime = (text: string): Date | null => parsePortTime(text, portFormats.isoDateTime);

/** An instant written as port time 'YYYY-MM-DD HH:mm:ss'. */
export const portTimeText = (at: Date): string => formatPortTime(at, portFormats.isoDateTime);

export const reportMailFields = {
  start_time: z
    .string({ error: 'Ngày bắt đầu phải là chuỗi YYYY-MM-DD HH:mm:ss' })
    .trim()
    .refine((v) => portTime(v) !== null, 'Ngày bắt đầu phải có dạng YYYY-MM-DD HH:mm:ss'),
  htime: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'Giờ lặp phải là số nguyên từ 1 đến 720')])
    .transform(Number)
    .pipe(
      z
        .number()
        .int('Giờ lặp phải là số nguyên từ 1 đến 720')
        .min(1, 'Giờ lặp phải là số nguyên từ 1 đến 720')
        .max(720, 'Giờ lặp phải là số nguyên từ 1 đến 720'),
    ),
  cc: mailListText('Danh sách mail nhận (CC)'),
  TerminalList: z
    .string({ error: 'Danh sách mã cảng phải là chuỗi ký tự' })
    .max(500, 'Danh sách mã cảng tối đa 500 ký tự')
    .refine(
      (v) => splitCodes(v).every((c) => /^[A-Z0-9_-]{1,10}$/.test(c)),
      'Danh sách mã cảng: mỗi mã gồm 1–10 chữ cái hoặc chữ số, cách nhau bởi dấu phẩy',
    )
    .transform((v) => splitCodes(v).join(',')),
};

const required = [
  { field: 'start_time', message: reportMailMessages.start_time },
  { field: 'htime', message: reportMailMessages.htime },
  { field: 'cc', message: reportMailMessages.cc },
  { field: 'TerminalList', message: reportMailMessages.TerminalList },
] as const;

/**
 * 'Mail báo cáo' (spec 03 §2.4, report mail config): the statistics report (orders, revenue, TEU per terminal) goes to
 * the CC list every `htime` hours from `start_time`, for the terminals listed (jobs/report-mail.job.ts).
 */
export const reportMail = defineSettingsForm({
  name: 'report_mail_config',
  module: 'mail',
  title: 'Mail báo cáo',
  menu: 'CFG_REPORT_MAIL',
  fields: reportMailFields,
  defaults: { start_time: '', cc: '', TerminalList: '' },
  secrets: [],
  required,
  form: [
    { name: 'start_time', label: 'Thời gian bắt đầu', kind: 'datetime' },
    { name: 'htime', label: 'Chu kỳ (giờ)', kind: 'number' },
    { name: 'cc', label: 'Mail nhận (CC)', kind: 'textarea' },
    { name: 'TerminalList', label: 'Danh sách mã cảng', kind: 'text' },
  ],
  confirmSave: true,
  get: { name: 'getMailReportConfig', path: 'config/getMailReportConfig', summary: 'Mail báo cáo: start_time, htime, cc, TerminalList' },
  save: {
    name: 'saveMailReportConfig',
    path: 'config/saveMailReportConfig',
    summary: 'Lưu mail báo cáo {start_time, htime, cc, TerminalList}',
  },
});

/**
 * 'Gửi ngay' (spec 03 §7 config/MailReportSendNow): the report for the period from start minus cycle to start, sent
 * now to the CC list, with the values on the screen (not saved). Same required checks and messages as the save.
 */
export const mailReportSendNow = defineCall({
  path: 'config/MailReportSendNow',
  module: 'mail',
  summary: 'Gửi ngay báo cáo cho khoảng (start_time - htime giờ) → start_time, không lưu cấu hình',
  access: menuAccess('CFG_REPORT_MAIL'),
  request: reportMail.save.request,
  response: plainReply,
});
