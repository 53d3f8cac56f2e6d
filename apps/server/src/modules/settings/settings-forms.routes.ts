import { type SettingsForm, settingsForms } from '@smartport/contract';
import type { ModuleHandlers } from '../../http/call-registry';
import type { SettingsFormService } from './settings-forms.service';

/** The settings module's calls that belong to settings forms (spec names: getMailConfig, saveMailConfig…). */
export type SettingsFormCallName = (typeof settingsForms)[number]['getName' | 'saveName'];

/** Two handlers per declared form, derived from the form: nothing to write for a new settings screen. */
export function settingsFormHandlers(
  service: SettingsFormService,
  forms: readonly SettingsForm[] = settingsForms,
): Pick<ModuleHandlers<'settings'>, SettingsFormCallName> {
  const handlers: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {};
  for (const form of forms) {
    handlers[form.getName] = () => service.get(form);
    handlers[form.saveName] = (input) => service.save(form, input);
  }
  return handlers as unknown as Pick<ModuleHandlers<'settings'>, SettingsFormCallName>;
}
