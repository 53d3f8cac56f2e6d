import type { SettingsForm as SettingsFormDef } from '@smartport/contract';
import { SettingsForm } from './SettingsForm';

/** The page of one declared settings form (loaded with the form's chunk); views/Config maps its URL here. */
export function settingsFormPage(form: SettingsFormDef) {
  return function SettingsFormPage() {
    return <SettingsForm form={form} />;
  };
}
