import { firstMissing, SECRET_RETYPE, type SettingsForm } from '@smartport/contract';
import type { Publisher } from '../events/event-bus';
import { badRequest } from '../http/errors';
import type { AuditRecorder } from '../modules/audit/audit-recorder.service';
import type { SecretBox } from '../security/secret-box';
import { maskSecrets, openSecrets, sealSecrets, storedSecretFor } from './secret-fields';
import type { SettingsStoreRepository, StoredRecord } from './settings-store.repository';

/**
 * Where a form's record lives in system_settings (beside token_secret and settings_key, which are not forms):
 * `form:<name>`, or `form:<name>:<terminal>` for a terminal-scoped form's record of one terminal.
 */
export const formStoreKey = (form: Pick<SettingsForm, 'name'>, at?: string) => (at ? `form:${form.name}:${at}` : `form:${form.name}`);

/** Given fields only: the wire reads blank as missing, and a missing field is not stored. */
const given = (input: Record<string, unknown>): StoredRecord =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));

/**
 * The one service behind every settings form (spec 03 §2.4, §2.5): get answers the stored values
 * over the form's defaults with secrets masked; save checks the required fields in the spec's
 * order on what would be stored (so a masked secret counts only if one is stored), seals new
 * secrets and keeps masked ones, then replaces the record.
 */
export function createSettingsFormService(deps: {
  repo: SettingsStoreRepository;
  box: SecretBox;
  /** `settings.changed` after a save, for the modules that react to a form's values. */
  publish?: Publisher['publish'];
  /** The audit trail: each save recorded with its changed fields, secrets masked. */
  audit?: Pick<AuditRecorder, 'record'>;
}) {
  const { repo, box } = deps;
  const stored = async (form: SettingsForm, at?: string) => (await repo.load(formStoreKey(form, at))) ?? {};
  /** Only the form's own fields are stored (a terminal-scoped form's TerminalCode names the record, it is not in it). */
  const fieldsOf = (form: SettingsForm, input: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(input).filter(([k]) => k in form.values.shape));

  return {
    /** `at`: the terminal of a terminal-scoped form (the caller checked it is the user's). */
    async get(form: SettingsForm, at?: string): Promise<{ success: true; payload: unknown }> {
      const values = { ...form.defaults, ...(await stored(form, at)) };
      return { success: true, payload: form.toPayload(maskSecrets(form, values)) };
    },

    async save(form: SettingsForm, input: Record<string, unknown>, at?: string): Promise<{ success: true; message: string }> {
      const before = deps.audit ? await repo.load(formStoreKey(form, at)) : null;
      await repo.replace(formStoreKey(form, at), (prior) => {
        const { values: next, retype } = sealSecrets(form, given(fieldsOf(form, input)), prior ?? {}, box.seal);
        // In the spec's order: a missing field first, then a masked secret whose endpoint changed, then the form's rule.
        const problem = firstMissing(form, next)?.message ?? (retype.length ? SECRET_RETYPE : null) ?? form.check(next);
        if (problem) throw badRequest(problem);
        return next;
      });
      await deps.audit?.record({
        entity: `form:${form.name}`,
        key: at ?? form.name,
        action: before ? 'update' : 'create',
        before,
        after: await repo.load(formStoreKey(form, at)),
        secrets: form.secrets,
      });
      await deps.publish?.('settings.changed', { form: form.name, scope: at ?? null, by: null });
      return { success: true, message: 'Lưu dữ liệu hoàn tất !' };
    },

    /** Saves `input` only when nothing is stored yet (demo settings at start); answers whether it did. */
    async saveIfAbsent(form: SettingsForm, input: Record<string, unknown>, at?: string): Promise<boolean> {
      if (await repo.load(formStoreKey(form, at))) return false;
      await this.save(form, input, at);
      return true;
    },

    /**
     * Stores `input` as the record's initial value when nothing is stored yet, without the required
     * checks (an initial value from the environment may fill only part of a form, e.g. the terminal
     * config's TOS connection without its mail server). Secrets are sealed as on save.
     */
    async seedIfAbsent(form: SettingsForm, input: Record<string, unknown>, at?: string): Promise<boolean> {
      if (await repo.load(formStoreKey(form, at))) return false;
      await repo.replace(formStoreKey(form, at), (prior) => prior ?? sealSecrets(form, given(fieldsOf(form, input)), {}, box.seal).values);
      return true;
    },

    /**
     * The stored secret at `path` (e.g. `pass`, `apilist.*.pass`) for the endpoint `endpoint` names (its bound fields:
     * host, port, user), in clear for a test call; undefined when the endpoint is not the one the secret was saved for.
     */
    async secretFor(form: SettingsForm, path: string, endpoint: Record<string, unknown>, at?: string): Promise<string | undefined> {
      return storedSecretFor(form, path, endpoint, openSecrets(form, await stored(form, at), box.open));
    },

    /** The values with secrets in clear, for server-side use only (never a call's answer). */
    async read(form: SettingsForm, at?: string): Promise<Record<string, unknown>> {
      return { ...form.defaults, ...openSecrets(form, await stored(form, at), box.open) };
    },
  };
}

export type SettingsFormService = ReturnType<typeof createSettingsFormService>;
