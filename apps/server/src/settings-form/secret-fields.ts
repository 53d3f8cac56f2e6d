import { isBlank, SECRET_MASK, type SettingsForm } from '@smartport/contract';
import { isSealed } from '../security/secret-box';

type Rec = Record<string, unknown>;
type Form = Pick<SettingsForm, 'name' | 'secrets' | 'listKeys' | 'secretBindings'>;

/** `pass` → one field; `apilist.*.pass` → the field `pass` of every item of the list `apilist`. */
function parsePath(path: string): { field: string; item?: string } {
  const [field = '', star, ...rest] = path.split('.');
  return star === '*' && rest.length ? { field, item: rest.join('.') } : { field: path };
}

const asRec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The place a secret is sealed for (the cipher's associated data): form and path pattern, the same for every list item. */
export const secretPlace = (form: Pick<SettingsForm, 'name'>, path: string) => `${form.name}/${path}`;

/**
 * Applies `fn` to each secret of `values` (for list paths: in each item), with the stored item a
 * list item stands for: the one with the same `listKeys` fields, else the one at its position.
 */
function eachSecret(
  form: Form,
  values: Rec,
  stored: Rec,
  fn: (value: unknown, storedValue: unknown, place: string, sameEndpoint: boolean, path: string) => unknown,
): Rec {
  const out: Rec = { ...values };
  for (const path of form.secrets) {
    const { field, item } = parsePath(path);
    const place = secretPlace(form, path);
    const bound = form.secretBindings[path] ?? [];
    const apply = (target: Rec, key: string, prior: Rec) => {
      const next = fn(target[key], prior[key], place, sameFields(bound, target, prior), path);
      if (next === undefined) delete target[key];
      else target[key] = next;
    };
    if (item === undefined) {
      apply(out, field, stored);
      continue;
    }
    if (!Array.isArray(values[field])) continue;
    const keys = form.listKeys[field];
    const priorList = asList(stored[field]).map(asRec);
    out[field] = asList(values[field]).map((raw, i) => {
      const entry = { ...asRec(raw) };
      const prior = keys?.length ? priorList.find((p) => keys.every((k) => p[k] === entry[k])) : priorList[i];
      apply(entry, item, prior ?? {});
      return entry;
    });
  }
  return out;
}

/** A bound field's value as compared: blank is absent, a port is the same as its digits. */
const norm = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : String(v));
const sameFields = (fields: readonly string[], a: Rec, b: Rec) => fields.every((f) => norm(a[f]) === norm(b[f]));

/** What the get call shows: each stored secret as SECRET_MASK, each absent one as ''. */
export function maskSecrets(form: Form, values: Rec): Rec {
  return eachSecret(form, values, {}, (v) => (isBlank(v) ? '' : SECRET_MASK));
}

/**
 * What a save stores: a new secret sealed; SECRET_MASK keeps the sealed value it stands for only while the fields the
 * secret is bound to (host, port, user…) are those it was saved with. Otherwise the mask is dropped and its path listed
 * in `retype` (the save is refused: the secret must be typed again for the new endpoint). A blank secret is removed.
 */
export function sealSecrets(
  form: Form,
  incoming: Rec,
  stored: Rec,
  seal: (plain: string, place: string) => string,
): { values: Rec; retype: string[] } {
  const retype = new Set<string>();
  const values = eachSecret(form, incoming, stored, (v, prior, place, sameEndpoint, path) => {
    if (v === SECRET_MASK) {
      if (isSealed(prior) && sameEndpoint) return prior;
      retype.add(path);
      return undefined;
    }
    if (isBlank(v)) return undefined;
    return seal(String(v), place);
  });
  return { values, retype: [...retype] };
}

/**
 * The clear secret a mask stands for in a test (Test mail, Test connection): the stored one whose bound fields equal
 * `endpoint`'s (for a list secret, the stored item with the same bound fields), else undefined.
 */
export function storedSecretFor(form: Form, path: string, endpoint: Rec, opened: Rec): string | undefined {
  const { field, item } = parsePath(path);
  const bound = form.secretBindings[path] ?? [];
  const found =
    item === undefined
      ? sameFields(bound, endpoint, opened)
        ? opened[field]
        : undefined
      : asList(opened[field])
          .map(asRec)
          .find((c) => sameFields(bound, endpoint, c))?.[item];
  return isBlank(found) ? undefined : String(found);
}

/** The stored values with every secret in clear, for the server's own use (sending mail, logging in to the TOS). */
export function openSecrets(form: Form, stored: Rec, open: (sealed: string, place: string) => string): Rec {
  return eachSecret(form, stored, {}, (v, _prior, place) => (isSealed(v) ? open(v, place) : undefined));
}

/**
 * A stored record with every sealed value sealed again (`reseal(value, place)`), found wherever it sits: a field
 * (`<form>/<field>`) or a field of a list's items (`<form>/<list>.*.<field>`), the places `secretPlace` names. Used
 * when the settings key changes (a demo database's old key migrated out of the database).
 */
export function resealRecord(formName: string, record: Rec, reseal: (sealed: string, place: string) => string): Rec {
  const out: Rec = {};
  for (const [field, value] of Object.entries(record)) {
    if (isSealed(value)) out[field] = reseal(value, `${formName}/${field}`);
    else if (Array.isArray(value))
      out[field] = value.map((item) => {
        if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
        return Object.fromEntries(
          Object.entries(item as Rec).map(([k, v]) => [k, isSealed(v) ? reseal(v, `${formName}/${field}.*.${k}`) : v]),
        );
      });
    else out[field] = value;
  }
  return out;
}
