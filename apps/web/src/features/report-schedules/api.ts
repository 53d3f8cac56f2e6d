import type { CallInput, calls, ReportScheduleRow } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api-client';

type R = typeof calls.reportSchedules;
const keys = { all: ['reportSchedules'] as const };

/** The caller's schedules. */
export function useReportSchedules() {
  return useQuery({
    queryKey: keys.all,
    queryFn: async ({ signal }): Promise<ReportScheduleRow[]> =>
      (await callApi(clientCalls.reportSchedules.listReportSchedules, {}, { signal })).data ?? [],
  });
}

/** Save (new or changed) and delete; each reloads the list. */
export function useReportScheduleActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    save: useMutation({
      mutationFn: async (v: CallInput<R['saveReportSchedule']>) => callApi(clientCalls.reportSchedules.saveReportSchedule, v),
      onSettled,
    }),
    /** 'Gửi ngay': a refusal of the run (success false) is thrown with its words. */
    sendNow: useMutation({
      mutationFn: async (Rowguid: string) => {
        const reply = await callApi(clientCalls.reportSchedules.sendReportScheduleNow, { Rowguid });
        if (!reply.success) throw new ApiError(200, reply.message || 'Không gửi được báo cáo', reply as never);
        return reply;
      },
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (Rowguid: string) => callApi(clientCalls.reportSchedules.deleteReportSchedule, { Rowguid }),
      onSettled,
    }),
  };
}
