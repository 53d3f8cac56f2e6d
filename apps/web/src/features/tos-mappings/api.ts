import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** 'Kiểm tra': the job modes and tariff codes without a TOS mapping, asked on demand. */
export function useCheckTosMappings() {
  return useMutation({ mutationFn: async () => (await callApi(clientCalls.tosMappings.checkTosMappings, {})).data });
}
