import { firstMissing, SECRET_MASK, type SettingsForm, type SettingsRequired } from '@smartport/contract';

export type FormValues = Record<string, unknown>;

/** The form's values from the get call's payload, over the form's defaults (nothing saved yet: the defaults). */
export function formValues(form: SettingsForm, payload: unknown): FormValues {
  return { ...form.defaults, ...(payload == null ? {} : form.fromPayload(payload)) };
}

/**
 * The save body: the form's own fields as shown. A masked secret goes back as the mask (the
 * server keeps the stored secret); an emptied one goes as '' (the server refuses it when required).
 */
export function saveBody(form: SettingsForm, values: FormValues): FormValues {
  const fields = Object.keys(form.values.shape);
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f] ?? null]));
}

/** The first required field left blank, in the spec's order (the server checks the same way): its message is shown. */
export function missingField(form: SettingsForm, values: FormValues): SettingsRequired | null {
  return firstMissing(form, values);
}

/** A secret field still showing the stored secret's mask. */
export const isMasked = (value: unknown) => value === SECRET_MASK;
