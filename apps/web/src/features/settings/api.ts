import { type CallInput, calls } from '@smartport/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type SendNowBody = CallInput<typeof calls.settings.mailReportSendNow>;

/** 'Gửi ngay' of the report mail (config/MailReportSendNow): sends with the values on the screen, saves nothing. */
export function useMailReportSendNow() {
  return useMutation({
    mutationFn: async (body: SendNowBody) => {
      const reply = await callApi(calls.settings.mailReportSendNow, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
  });
}

/** The free-day templates of the user's terminals (common/getFreeDayNameList), for the template picker. */
export function useFreeDayTemplates() {
  return useQuery({
    queryKey: ['settings', 'freeDayTemplates'],
    queryFn: async () => {
      const reply = await callApi(calls.settings.getFreeDayNameList, {});
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply.payload ?? [];
    },
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The customers for the free-day customer picker (common/getCustomerList, active ones). */
export function useCustomerChoices() {
  return useQuery({
    queryKey: ['settings', 'customerChoices'],
    queryFn: async () => {
      const reply = await callApi(calls.catalogs.getCustomerList, { IsActive: 1 });
      if (!reply.success) throw new Error(reply.message ?? '');
      return (reply.payload ?? []).map((c) => ({ value: c.CustomerCode, label: `${c.CustomerCode} - ${c.CustomerName}` }));
    },
    staleTime: 5 * 60_000,
  });
}
