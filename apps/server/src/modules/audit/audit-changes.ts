import { SECRET_MASK } from '@smartport/contract';

type Rec = Record<string, unknown>;

/** One changed field: its value before and after (absent on a create's before or a delete's after). */
export interface FieldChange {
  before?: unknown;
  after?: unknown;
}
export type Changes = Record<string, FieldChange>;

/**
 * Field names that hold a secret whatever declares them: a declaration (settings form `secrets`, grid column `secret`)
 * is the rule; this catches a secret a declaration forgot, so the trail never keeps one.
 */
const SECRET_NAME = /pass(word)?$|^pass|secret|token|api_?key|private_?key|^key$|otp|pin_?code/i;

const isSecretName = (field: string) => SECRET_NAME.test(field);

/** Comparable text of a value (dates as ISO, objects as JSON with sorted keys). */
function comparable(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v, Object.keys(v as object).sort());
  return String(v);
}

/** What the trail keeps of a value: JSON-safe (dates as ISO strings). */
function kept(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v === undefined) return null;
  return v;
}

/**
 * The changed fields between two states, secrets masked: a field equal on both sides is left out; a secret that changed
 * is kept as `SECRET_MASK` on each side that had a value, so the trail says that it changed and never what it is.
 * A list field holding secrets (`apilist.*.pass`) is masked inside each item.
 */
export function changedFields(
  before: Rec | null,
  after: Rec | null,
  secrets: readonly string[] = [],
  skip: readonly string[] = [],
): Changes {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const secretFields = new Set(secrets.filter((p) => !p.includes('.')));
  const listSecrets = new Map<string, string[]>();
  for (const p of secrets) {
    const [field, star, item] = p.split('.');
    if (star === '*' && field && item) listSecrets.set(field, [...(listSecrets.get(field) ?? []), item]);
  }
  const out: Changes = {};
  for (const field of fields) {
    if (skip.includes(field)) continue;
    const b = before?.[field];
    const a = after?.[field];
    if (comparable(b) === comparable(a)) continue;
    // A side is shown only when that state has the field (a create has no before, a reason no earlier value).
    const hadBefore = !!before && field in before;
    const hasAfter = !!after && field in after;
    const change: FieldChange = {};
    if (secretFields.has(field) || isSecretName(field)) {
      if (hadBefore) change.before = comparable(b) ? SECRET_MASK : null;
      if (hasAfter) change.after = comparable(a) ? SECRET_MASK : null;
    } else {
      const items = listSecrets.get(field);
      if (hadBefore) change.before = items ? maskItems(b, items) : kept(b);
      if (hasAfter) change.after = items ? maskItems(a, items) : kept(a);
    }
    out[field] = change;
  }
  return out;
}

/** A list's items with their secret fields (and any secret-named field) masked. */
function maskItems(list: unknown, items: readonly string[]): unknown {
  if (!Array.isArray(list)) return kept(list);
  return list.map((entry) => {
    if (!entry || typeof entry !== 'object') return entry;
    return Object.fromEntries(
      Object.entries(entry as Rec).map(([k, v]) => [
        k,
        items.includes(k) || isSecretName(k) ? (comparable(v) ? SECRET_MASK : null) : kept(v),
      ]),
    );
  });
}
