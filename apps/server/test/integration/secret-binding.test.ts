import { loyaltyForm, SECRET_MASK, SECRET_RETYPE, type SettingsForm, settingsForms, terminalConfigForm } from '@smartport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * DESIGN.md §5: a stored secret is only ever sent to the endpoint it was saved for. For every secret of every settings
 * entry, the mask keeps the stored secret only while the fields it is bound to are unchanged.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const TERMINAL = 'NDP';

/** Every settings entry there is (the forms outside admin, and admin's two). */
const allForms: readonly SettingsForm[] = [...settingsForms, terminalConfigForm, loyaltyForm];

/** A valid record of each entry that has secrets (a new entry with a secret must add its own here). */
const samples: Record<string, (secret: string) => Rec> = {
  mail_config: (pass) => ({ host: 'smtp.cang.vn', port: 587, user: 'noreply@cang.vn', pass, tls: 1 }),
  terminal_config: (pass) => ({
    AutoActiveUser: 1,
    ImportPickupAllCont: 0,
    DepotSelect: 0,
    HolydaySelect: 0,
    host: 'smtp.ndp.vn',
    port: 465,
    user: 'cang@ndp.vn',
    pass,
    tls: 1,
    apilist: [
      { host: 'tos1.ndp.vn', port: 8080, user: 'smp', pass },
      { host: 'tos2.ndp.vn', port: 8081, user: 'smp2', pass: `${pass}-2` },
    ],
    CurrentApi: 0,
  }),
};

const withSecretsForms = allForms.filter((f) => f.secrets.length);
const at = (form: SettingsForm) => (form.scope === 'terminal' ? TERMINAL : undefined);
const body = (form: SettingsForm, values: Rec) => (form.scope === 'terminal' ? { ...values, TerminalCode: TERMINAL } : values);
const save = (form: SettingsForm, values: Rec) => t.call<{ success: boolean; message?: string }>(form.save.path, body(form, values), admin);
const read = (form: SettingsForm) => t.portal.services.settingsForms.read(form, at(form));

/** Splits `apilist.*.pass` into the list and the item field. */
const parts = (path: string) => {
  const [field = '', star, item] = path.split('.');
  return star === '*' ? { field, item } : { field, item: undefined };
};

const secretText = fc
  .string({ minLength: 1, maxLength: 24 })
  .filter((s) => s.trim() !== '' && s !== SECRET_MASK)
  .map((s) => `P${s}`);

/** Another value for a bound field than `current`, valid for the form (a port stays a port; a text stays non-blank). */
function otherValue(current: unknown): fc.Arbitrary<unknown> {
  if (typeof current === 'number')
    return fc
      .integer({ min: 1, max: 65_535 })
      .filter((p) => p !== current)
      .chain((p) => fc.constantFrom<unknown>(p, String(p)));
  return fc
    .string({ minLength: 1, maxLength: 40 })
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== String(current).trim());
}

describe('a stored secret follows its endpoint, never a changed one', () => {
  it('every entry with a secret has a sample record and every secret is bound to at least one field', () => {
    for (const form of withSecretsForms) {
      expect(samples[form.name], `${form.name}: add a sample record`).toBeDefined();
      for (const path of form.secrets) expect(form.secretBindings[path]?.length ?? 0, `${form.name}/${path}`).toBeGreaterThan(0);
    }
    expect(withSecretsForms.map((f) => f.name).sort()).toEqual(['mail_config', 'terminal_config']);
  });

  const cases = withSecretsForms.flatMap((form) =>
    form.secrets.flatMap((path) => (form.secretBindings[path] ?? []).map((bound) => [form.name, path, bound, form] as const)),
  );

  it.each(cases)(
    '[reliability: secret-follows-host] %s %s: changing %s with the mask is refused; the mask alone keeps the secret',
    async (_name, path, bound, form) => {
      const sample = samples[form.name] as (secret: string) => Rec;
      const { field, item } = parts(path);
      const base = sample('Gốc@2026');
      const current = item === undefined ? base[bound] : (base[field] as Rec[])[0]?.[bound];
      await fc.assert(
        fc.asyncProperty(secretText, fc.nat({ max: 1 }), otherValue(current), async (secret, index, changed) => {
          const values = sample(secret);
          const saved = await save(form, values);
          expect(saved.status, saved.raw).toBe(200);
          const before = await read(form);

          // The mask sent where the secret lives, with one bound field changed.
          const masked = structuredClone(values);
          if (item === undefined) {
            masked[field] = SECRET_MASK;
            masked[bound] = changed;
          } else {
            const list = masked[field] as Rec[];
            for (const entry of list) entry[item] = SECRET_MASK;
            const entry = list[index] as Rec;
            entry[bound] = changed;
          }
          const refused = await save(form, masked);
          expect(refused.status).toBe(400);
          expect(refused.body).toEqual({ success: false, message: SECRET_RETYPE });
          expect(await read(form)).toEqual(before);

          // The mask with nothing changed keeps every secret as it was.
          const same = structuredClone(values);
          if (item === undefined) same[field] = SECRET_MASK;
          else for (const entry of same[field] as Rec[]) entry[item as string] = SECRET_MASK;
          const kept = await save(form, same);
          expect(kept.status, kept.raw).toBe(200);
          expect(await read(form)).toEqual(before);
          const opened = await read(form);
          if (item === undefined) expect(opened[field]).toBe(secret);
          else expect((opened[field] as Rec[]).map((e) => e[item])).toEqual((values[field] as Rec[]).map((e) => e[item]));
        }),
        { numRuns: 8 },
      );
    },
    120_000,
  );
});
