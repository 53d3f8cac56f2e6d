import { calls } from '@smartport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  holidayTemplates: () => ['admin', 'holidayTemplates'] as const,
  operators: () => ['admin', 'operators'] as const,
  customers: () => ['admin', 'customers'] as const,
};

const rows = async <T>(reply: { success: boolean; message?: string; payload?: T[] }) => {
  if (!reply.success) throw new Error(reply.message ?? '');
  return reply.payload ?? [];
};

/** The holiday screen's templates (common/getHolidayNameList). */
export function useHolidayTemplates() {
  return useQuery({
    queryKey: adminKeys.holidayTemplates(),
    queryFn: async () => rows(await callApi(calls.admin.getHolidayNameList, {})),
  });
}

/** The operator dropdown (common/getOperationList). */
export function useOperators() {
  return useQuery({
    queryKey: adminKeys.operators(),
    queryFn: async () => rows(await callApi(calls.catalogs.getOperationList, {})),
    staleTime: 5 * 60_000,
  });
}

/** The customer selector (common/getCustomerList, active customers). */
export function useCustomers() {
  return useQuery({
    queryKey: adminKeys.customers(),
    queryFn: async () => rows(await callApi(calls.catalogs.getCustomerList, { IsActive: 1 })),
    staleTime: 5 * 60_000,
  });
}
