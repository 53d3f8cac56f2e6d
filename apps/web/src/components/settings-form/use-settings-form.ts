import type { SettingsForm } from '@smartport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { type FormValues, formValues, saveBody } from './settings-form-values';

export const settingsFormKeys = {
  all: ['settings', 'form'] as const,
  form: (name: string) => ['settings', 'form', name] as const,
};

/** A settings form's stored values (secrets as the mask), read with its get call. */
export function useSettingsValues(form: SettingsForm) {
  return useQuery({
    queryKey: settingsFormKeys.form(form.name),
    queryFn: async ({ signal }) => {
      const reply = (await callApi(form.get, {}, { signal })) as { success: boolean; payload?: unknown; message?: string };
      if (!reply.success) throw new Error(reply.message ?? '');
      return formValues(form, reply.payload);
    },
    // A settings screen shows what is stored now, not a copy from an earlier visit.
    staleTime: 0,
  });
}

/** Saves the form's values with its save call; the stored values are read again afterwards (a new secret comes back masked). */
export function useSaveSettings(form: SettingsForm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: FormValues) => {
      const reply = (await callApi(form.save, saveBody(form, values))) as { success: boolean; message?: string };
      if (!reply.success) throw new Error(reply.message ?? '');
      return reply;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsFormKeys.form(form.name) }),
  });
}
