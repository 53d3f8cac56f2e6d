import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { isMailAddress, splitMailList } from '../mail/mail-lists';
import type { MenuId } from '../menu-catalog';
import { replyWith } from '../reply';

/**
 * Scheduled Excel exports of a statistics report (issue 27 item 7c; the spec is silent: docs/decisions.md 'Scheduled
 * report exports'). A user with 'Lịch gửi báo cáo' keeps schedules of the reports whose menu the user also holds; the
 * server's job builds the workbook from the statistics service as that user and queues it as a mail attachment.
 */
export const reportScheduleKinds = ['summary', 'customer'] as const;
export type ReportScheduleKind = (typeof reportScheduleKinds)[number];
/** The report's title (its menu entry's) and the menu a user must hold to schedule it. */
export const reportScheduleKindInfo: Record<ReportScheduleKind, { title: string; menu: MenuId }> = {
  summary: { title: 'Thống kê tổng hợp', menu: 'CRM_DASHBOARD' },
  customer: { title: 'Thống kê theo khách hàng', menu: 'CRM_CUSTOMER' },
};

/** The period a run reports: the port day, week (Monday–Sunday) or month before the run's own. */
export const reportSchedulePeriods = ['day', 'week', 'month'] as const;
export type ReportSchedulePeriod = (typeof reportSchedulePeriods)[number];
export const reportSchedulePeriodNames: Record<ReportSchedulePeriod, string> = {
  day: 'Ngày hôm trước',
  week: 'Tuần trước',
  month: 'Tháng trước',
};

export const reportScheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof reportScheduleFrequencies)[number];
export const reportScheduleFrequencyNames: Record<ReportScheduleFrequency, string> = {
  daily: 'Hằng ngày',
  weekly: 'Hằng tuần',
  monthly: 'Hằng tháng',
};
/** Monday = 1 … Sunday = 7 (ISO). */
export const weekDayNames = ['', 'Thứ hai', 'Thứ ba', 'Thứ tư', 'Thứ năm', 'Thứ sáu', 'Thứ bảy', 'Chủ nhật'] as const;

/** At most this many recipients and schedules per user. */
export const REPORT_SCHEDULE_MAX_RECIPIENTS = 20;
export const REPORT_SCHEDULE_MAX_PER_USER = 50;

export const reportScheduleMessages = {
  kind: 'Vui lòng chọn báo cáo !',
  period: 'Vui lòng chọn kỳ báo cáo !',
  frequency: 'Vui lòng chọn tần suất gửi !',
  sendTime: 'Giờ gửi phải có dạng HH:mm (00:00 – 23:59) !',
  weekDay: 'Vui lòng chọn ngày gửi trong tuần !',
  monthDay: 'Ngày gửi trong tháng phải từ 1 đến 28 !',
  recipientsRequired: 'Vui lòng nhập email người nhận !',
  recipientInvalid: (m: string) => `Email người nhận không hợp lệ: "${m}" !`,
  recipientsTooMany: `Tối đa ${REPORT_SCHEDULE_MAX_RECIPIENTS} email người nhận !`,
  terminalsRequired: 'Vui lòng chọn ít nhất một cảng !',
  terminalNotYours: (t: string) => `Bạn không có quyền trên cảng ${t} !`,
  reportNotAllowed: (title: string) => `Bạn không có quyền xem báo cáo "${title}" !`,
  notFound: 'Không tìm thấy lịch gửi báo cáo (đã bị xóa?) !',
  tooMany: `Mỗi người dùng có tối đa ${REPORT_SCHEDULE_MAX_PER_USER} lịch gửi báo cáo !`,
  saved: 'Lưu lịch gửi báo cáo thành công !',
  deleted: 'Đã xóa lịch gửi báo cáo !',
  sentNow: 'Đã xếp hàng gửi báo cáo, mail sẽ được gửi trong giây lát !',
} as const;

const terminalCode = z.string().trim().toUpperCase().min(1).max(10, 'Mã cảng tối đa 10 ký tự');

/** The recipients as typed ('a@x.vn; b@y.vn'), each checked, written back as 'a@x.vn, b@y.vn'. */
const recipients = z
  .string({ error: reportScheduleMessages.recipientsRequired })
  .max(2000, 'Email người nhận tối đa 2000 ký tự')
  .superRefine((v, ctx) => {
    const list = splitMailList(v);
    if (!list.length) ctx.addIssue({ code: 'custom', message: reportScheduleMessages.recipientsRequired });
    else if (list.length > REPORT_SCHEDULE_MAX_RECIPIENTS)
      ctx.addIssue({ code: 'custom', message: reportScheduleMessages.recipientsTooMany });
    const bad = list.find((m) => !isMailAddress(m));
    if (bad) ctx.addIssue({ code: 'custom', message: reportScheduleMessages.recipientInvalid(bad) });
  })
  .transform((v) => [...new Set(splitMailList(v))].join(', '));

/** A schedule as the screen saves it (no Rowguid: a new one). */
export const reportScheduleInput = z
  .object({
    Rowguid: z.uuid('Mã lịch không hợp lệ').optional(),
    ReportKind: z.enum(reportScheduleKinds, { error: reportScheduleMessages.kind }),
    Period: z.enum(reportSchedulePeriods, { error: reportScheduleMessages.period }),
    Frequency: z.enum(reportScheduleFrequencies, { error: reportScheduleMessages.frequency }),
    SendTime: z.string({ error: reportScheduleMessages.sendTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, reportScheduleMessages.sendTime),
    WeekDay: z.number().int().min(1, reportScheduleMessages.weekDay).max(7, reportScheduleMessages.weekDay).nullable().optional(),
    MonthDay: z.number().int().min(1, reportScheduleMessages.monthDay).max(28, reportScheduleMessages.monthDay).nullable().optional(),
    Recipients: recipients,
    TerminalCodes: z.array(terminalCode).max(50, 'Tối đa 50 cảng').min(1, reportScheduleMessages.terminalsRequired),
    IsActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.Frequency === 'weekly' && v.WeekDay == null)
      ctx.addIssue({ code: 'custom', path: ['WeekDay'], message: reportScheduleMessages.weekDay });
    if (v.Frequency === 'monthly' && v.MonthDay == null)
      ctx.addIssue({ code: 'custom', path: ['MonthDay'], message: reportScheduleMessages.monthDay });
  });
export type ReportScheduleInput = z.infer<typeof reportScheduleInput>;

/** A run's outcome as recorded on the schedule. */
export const reportScheduleRunStatuses = ['queued', 'failed'] as const;
export const reportScheduleRunStatusNames: Record<(typeof reportScheduleRunStatuses)[number], string> = {
  queued: 'Đã xếp hàng gửi',
  failed: 'Lỗi',
};

export const reportScheduleRow = z.object({
  Rowguid: z.string(),
  OwnerID: z.string(),
  ReportKind: z.enum(reportScheduleKinds),
  Period: z.enum(reportSchedulePeriods),
  Frequency: z.enum(reportScheduleFrequencies),
  SendTime: z.string(),
  WeekDay: z.number().int().nullable(),
  MonthDay: z.number().int().nullable(),
  Recipients: z.string(),
  TerminalCodes: z.array(z.string()),
  IsActive: z.boolean(),
  /** ISO instants. */
  NextRunTime: z.string().nullable(),
  LastRunTime: z.string().nullable(),
  LastStatus: z.enum(reportScheduleRunStatuses).nullable(),
  LastResult: z.string().nullable(),
});
export type ReportScheduleRow = z.infer<typeof reportScheduleRow>;

const access = menuAccess('CRM_REPORT_SCHEDULE');

export const listReportSchedules = defineCall({
  path: 'report-schedules/list',
  module: 'reportSchedules',
  summary: 'Lịch gửi báo cáo của người dùng: báo cáo, kỳ, tần suất, người nhận, lần gửi gần nhất',
  access,
  request: z.object({}),
  response: replyWith({ data: z.array(reportScheduleRow).optional() }),
});

export const saveReportSchedule = defineCall({
  path: 'report-schedules/save',
  module: 'reportSchedules',
  summary: 'Thêm hoặc sửa một lịch gửi báo cáo (Excel gửi qua mail)',
  access,
  request: reportScheduleInput,
  response: replyWith({ data: reportScheduleRow.optional() }),
});

export const deleteReportSchedule = defineCall({
  path: 'report-schedules/delete',
  module: 'reportSchedules',
  summary: 'Xóa một lịch gửi báo cáo của người dùng',
  access,
  request: z.object({ Rowguid: z.uuid('Mã lịch không hợp lệ') }),
  response: replyWith({}),
});

/** 'Gửi ngay': the schedule's report of the period before now, mailed at once (recorded as its last run). */
export const sendReportScheduleNow = defineCall({
  path: 'report-schedules/send-now',
  module: 'reportSchedules',
  summary: 'Gửi ngay báo cáo của một lịch (kỳ trước thời điểm hiện tại) đến người nhận của lịch',
  access,
  request: z.object({ Rowguid: z.uuid('Mã lịch không hợp lệ') }),
  response: replyWith({ data: reportScheduleRow.optional() }),
});

export const reportSchedulesCalls = {
  listReportSchedules,
  saveReportSchedule,
  deleteReportSchedule,
  sendReportScheduleNow,
} as const;
