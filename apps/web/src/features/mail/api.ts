import type { CallInput, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

type SendNowBody = CallInput<typeof calls.mail.mailReportSendNow>;

/** 'Gửi ngay' of the report mail (config/MailReportSendNow): sends with the values on the screen, saves nothing. */
export function useMailReportSendNow() {
  return useMutation({
    mutationFn: async (body: SendNowBody) => {
      const reply = await callApi(clientCalls.mail.mailReportSendNow, body);
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
  });
}
