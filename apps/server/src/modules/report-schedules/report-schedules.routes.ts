import { reportScheduleMessages } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import type { ReportSchedulesService } from './report-schedules.service';

/** 'Lịch gửi báo cáo': input → one service call → reply. */
export function reportSchedulesHandlers(schedules: ReportSchedulesService): ModuleHandlers<'reportSchedules'> {
  return {
    listReportSchedules: async (_input, c) => ({ success: true, data: await schedules.list(c.user) }),
    saveReportSchedule: async (input, c) => ({
      success: true,
      message: reportScheduleMessages.saved,
      data: await schedules.save(c.user, input),
    }),
    deleteReportSchedule: async (input, c) => {
      await schedules.remove(c.user, input.Rowguid);
      return { success: true, message: reportScheduleMessages.deleted };
    },
    sendReportScheduleNow: async (input, c) => {
      const r = await schedules.sendNow(c.user, input.Rowguid);
      return r.LastStatus === 'failed'
        ? { success: false, message: r.LastResult ?? '', data: r }
        : { success: true, message: reportScheduleMessages.sentNow, data: r };
    },
  };
}
