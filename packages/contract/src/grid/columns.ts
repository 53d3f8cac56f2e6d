import { z } from 'zod';
import type { CallDef } from '../call';

/**
 * Choices of a column read from another call at run time (spec 03 §2.4/§2.5: the user's terminals, the
 * operator list…): the web asks `call` with `body`, takes the rows under `rowsIn` and shows them as a select.
 */
export interface GridLookup {
  call: CallDef;
  /** Sent with the lookup call (default `{}`). */
  body?: object;
  /** Where the reply keeps its rows (default `payload`). */
  rowsIn?: 'payload' | 'data';
  /** The row field that is stored in the column. */
  value: string;
  /** The row field shown for it (default the value itself). */
  label?: string;
  /** A first choice '*' (spec 03 §1: wildcard * means all) shown with this label. */
  all?: string;
}

/** A lookup on a list call whose rows are in `payload` (the user's terminals, the operators…). */
export const lookupOf = (call: CallDef, value: string, label?: string): GridLookup => ({ call, value, ...(label ? { label } : {}) });

/** How a column is shown, edited, imported and exported by the one editable grid. */
export interface GridColumn {
  field: string;
  /** Column title on screen, in Excel export headers and as the Excel import header to match. */
  title: string;
  type: 'text' | 'number' | 'bool' | 'enum' | 'datetime';
  /** For 'enum': stored value → meaning shown (spec 03 §9). A lookup column gets its options from the lookup. */
  options?: readonly { value: string | number | null; label: string }[];
  /** For 'enum': the options come from another call instead of `options`. */
  lookup?: GridLookup;
  readOnly?: boolean;
  /** What a new row holds in this column: a fixed value the user does not type (a read-only column's only value). */
  initial?: string | number | boolean | null;
  hidden?: boolean;
  width?: number;
  /** Rich text (HTML): the server sanitises it before storing (DESIGN.md §5). */
  richText?: boolean;
  /** A secret (password, key, token): the audit trail records only that it changed, never its value. */
  secret?: boolean;
  /** A text typed through a mask (spec 03 §5 mail order DelayTime: HH:MM, hour up to 29, minute 00–59). */
  mask?: 'HH:MM';
  /** A hint shown on the column's header (spec 03 §5 block field: what to type). */
  hint?: string;
  /** For 'bool': sent on save as 1/0 (spec 03 §7 release points: ENABLE as integer). */
  sendAsInteger?: boolean;
}

/** Spec 03 §3 mail order DelayTime: HH:MM, the hour at most 29, minutes 00–59. */
export const DELAY_TIME = /^([01]\d|2\d):([0-5]\d)$/;
export const delayTimeMessage = 'Thời gian phải có dạng HH:MM (giờ từ 00 đến 29, phút từ 00 đến 59)';

/** What the HH:MM mask makes of what was typed ('830' → '08:30', '8:30' → '08:30'); null when it cannot fit. */
export function maskHHMM(input: string): string | null {
  const t = input.trim();
  const parts = /^(\d{1,2})[:h.](\d{1,2})$/.exec(t);
  let h: number;
  let m: number;
  if (parts) {
    h = Number(parts[1]);
    m = Number(parts[2]);
  } else if (/^\d{3,4}$/.test(t)) {
    h = Number(t.slice(0, t.length - 2));
    m = Number(t.slice(-2));
  } else if (/^\d{1,2}$/.test(t)) {
    h = Number(t);
    m = 0;
  } else return null;
  if (h > 29 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export const rowguid = z.uuid('Rowguid không hợp lệ').optional().nullable();

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`);
export const requiredText = (max: number, label: string) => text(max, label).min(1, `Vui lòng nhập ${label.toLowerCase()}`);
export const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1')
  .default(false);
export const moneyCredit = z.enum(['M', 'C'], { error: 'Hình thức thanh toán phải là M (thu ngay) hoặc C (thu sau)' });

export const moneyCreditOptions = [
  { value: 'M', label: 'Thu ngay' },
  { value: 'C', label: 'Thu sau' },
] as const;
