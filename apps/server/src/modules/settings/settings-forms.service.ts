import { firstMissing, type SettingsForm } from '@smartport/contract';
import { badRequest } from '../../http/errors';
import type { SecretBox } from '../../security/secret-box';
import { maskSecrets, openSecrets, sealSecrets } from './secret-fields';
import type { SettingsStoreRepository, StoredRecord } from './settings-store.repository';

/** Where a form's record lives in system_settings (beside token_secret and settings_key, which are not forms). */
export const formStoreKey = (form: Pick<SettingsForm, 'name'>) => `form:${form.name}`;

/** Given fields only: the wire reads blank as missing, and a missing field is not stored. */
const given = (input: Record<string, unknown>): StoredRecord =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));

/**
 * The one service behind every settings form (spec 03 §2.4, §2.5): get answers the stored values
 * over the form's defaults with secrets masked; save checks the required fields in the spec's
 * order on what would be stored (so a masked secret counts only if one is stored), seals new
 * secrets and keeps masked ones, then replaces the record.
 */
export function createSettingsFormService(deps: { repo: SettingsStoreRepository; box: SecretBox }) {
  const { repo, box } = deps;
  const stored = async (form: SettingsForm) => (await repo.load(formStoreKey(form))) ?? {};

  return {
    async get(form: SettingsForm): Promise<{ success: true; payload: unknown }> {
      const values = { ...form.defaults, ...(await stored(form)) };
      return { success: true, payload: form.toPayload(maskSecrets(form, values)) };
    },

    async save(form: SettingsForm, input: Record<string, unknown>): Promise<{ success: true; message: string }> {
      await repo.replace(formStoreKey(form), (prior) => {
        const next = sealSecrets(form, given(input), prior ?? {}, box.seal);
        const missing = firstMissing(form, next);
        if (missing) throw badRequest(missing.message);
        return next;
      });
      return { success: true, message: 'Lưu dữ liệu hoàn tất !' };
    },

    /** Saves `input` only when nothing is stored yet (demo settings at start); answers whether it did. */
    async saveIfAbsent(form: SettingsForm, input: Record<string, unknown>): Promise<boolean> {
      if (await repo.load(formStoreKey(form))) return false;
      await this.save(form, input);
      return true;
    },

    /** The values with secrets in clear, for server-side use only (never a call's answer). */
    async read(form: SettingsForm): Promise<Record<string, unknown>> {
      return { ...form.defaults, ...openSecrets(form, await stored(form), box.open) };
    },
  };
}

export type SettingsFormService = ReturnType<typeof createSettingsFormService>;
