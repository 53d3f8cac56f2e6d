import { isBlank, SECRET_MASK, type SettingsForm } from '@smartport/contract';
import { isSealed } from '../security/secret-box';

type Rec = Record<string, unknown>;
type Form = Pick<SettingsForm, 'name' | 'secrets' | 'listKeys'>;

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
function eachSecret(form: Form, values: Rec, stored: Rec, fn: (value: unknown, storedValue: unknown, place: string) => unknown): Rec {
  const out: Rec = { ...values };
  for (const path of form.secrets) {
    const { field, item } = parsePath(path);
    const place = secretPlace(form, path);
    const apply = (target: Rec, key: string, prior: Rec) => {
      const next = fn(target[key], prior[key], place);
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

/** What the get call shows: each stored secret as SECRET_MASK, each absent one as ''. */
export function maskSecrets(form: Form, values: Rec): Rec {
  return eachSecret(form, values, {}, (v) => (isBlank(v) ? '' : SECRET_MASK));
}

/**
 * What a save stores: a new secret sealed; SECRET_MASK keeps the sealed value it stands for
 * (dropped when there is none, so a required secret is then missing); a blank secret is removed.
 */
export function sealSecrets(form: Form, incoming: Rec, stored: Rec, seal: (plain: string, place: string) => string): Rec {
  return eachSecret(form, incoming, stored, (v, prior, place) => {
    if (v === SECRET_MASK) return isSealed(prior) ? prior : undefined;
    if (isBlank(v)) return undefined;
    return seal(String(v), place);
  });
}

/** The stored values with every secret in clear, for the server's own use (sending mail, logging in to the TOS). */
export function openSecrets(form: Form, stored: Rec, open: (sealed: string, place: string) => string): Rec {
  return eachSecret(form, stored, {}, (v, _prior, place) => (isSealed(v) ? open(v, place) : undefined));
}
