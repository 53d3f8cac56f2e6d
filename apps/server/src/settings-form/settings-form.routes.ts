import type { SettingsForm } from '@smartport/contract';
import type { ModuleHandlers, ModuleKey } from '../http/call-registry';
import type { SettingsFormService } from './settings-form.service';

/** The calls of these forms (spec names: getMailConfig, saveMailConfig…). */
export type SettingsFormCallName<Fs extends readonly SettingsForm[]> = Fs[number]['getName' | 'saveName'];

/**
 * Two handlers per form of a module, derived from the form: nothing to write for a new settings screen. Each form must
 * belong to `module` (its calls are in `calls.<module>`).
 */
export function settingsFormHandlers<M extends ModuleKey, const Fs extends readonly SettingsForm[]>(
  module: M,
  service: SettingsFormService,
  forms: Fs,
): Pick<ModuleHandlers<M>, SettingsFormCallName<Fs> & keyof ModuleHandlers<M>> {
  const handlers: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {};
  for (const form of forms) {
    if (form.module !== module) throw new Error(`settings form ${form.name} belongs to ${form.module}, not ${module}`);
    handlers[form.getName] = () => service.get(form);
    handlers[form.saveName] = (input) => service.save(form, input);
  }
  return handlers as unknown as Pick<ModuleHandlers<M>, SettingsFormCallName<Fs> & keyof ModuleHandlers<M>>;
}
