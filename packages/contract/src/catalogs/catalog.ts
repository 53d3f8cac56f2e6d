import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import type { MenuId } from '../menu-catalog';
import { optionalBody, replyWith } from '../reply';

/** How a column is shown, edited, imported and exported by the one editable grid. */
export type CatalogColumn = {
  field: string;
  /** Column title on screen, in Excel export headers and as the Excel import header to match. */
  title: string;
  type: 'text' | 'number' | 'bool' | 'enum' | 'datetime';
  /** For 'enum': stored value → meaning shown (spec 03 §9). */
  options?: readonly { value: string | number | null; label: string }[];
  readOnly?: boolean;
  hidden?: boolean;
  width?: number;
};

/** A catalogue: one descriptor drives its calls, its server mechanism and its grid screen. */
export interface CatalogDef<Row extends z.ZodObject = z.ZodObject> {
  name: string;
  /** Grid title. */
  title: string;
  menu: MenuId;
  row: Row;
  /** Business key (unique among rows); a duplicate is refused naming the row and field. */
  key: readonly string[];
  columns: readonly CatalogColumn[];
  /** Which toolbar buttons the screen has (spec 03 §2.1). */
  actions: { add: boolean; delete: boolean; save: boolean; import: boolean };
  /** Grid height (spec 03 §2.1: 50vh, 55vh customers, 65vh container status). */
  height: string;
  /** The list reloads this long after a save (spec 03 §9: payment partners 1 s); at once when absent. */
  reloadAfterSaveMs?: number;
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

const rowsOf = (def: CatalogDef) => z.array(def.row).max(10_000, 'Tối đa 10.000 dòng mỗi lần lưu');
const selectedRows = z.array(z.object({ Rowguid: z.uuid('Rowguid không hợp lệ') }).loose()).min(1, 'Chưa chọn dòng nào để xóa');

/** `<get>`: the catalogue's rows (payload), optionally filtered. */
export function catalogGet<P extends string>(def: CatalogDef, path: P, filter: z.ZodType = z.object({})) {
  return defineCall({
    path,
    module: 'catalogs',
    summary: `Danh sách: ${def.title}`,
    access: menuAccess(def.menu),
    request: optionalBody(filter),
    response: replyWith({ payload: z.array(def.row).optional() }),
  });
}

/** `<update>`: new rows (no Rowguid) and edited rows (with Rowguid), saved in one transaction. */
export function catalogUpdate<P extends string>(def: CatalogDef, path: P) {
  return defineCall({
    path,
    module: 'catalogs',
    summary: `Lưu (thêm mới / sửa theo Rowguid): ${def.title}`,
    access: menuAccess(def.menu),
    request: z.object({ data: rowsOf(def) }),
    response: replyWith({ payload: z.array(def.row).optional() }),
  });
}

/** `<delete>`: the selected saved rows, by Rowguid; refused whole when one is still referenced. */
export function catalogDelete<P extends string>(def: CatalogDef, path: P) {
  return defineCall({
    path,
    module: 'catalogs',
    summary: `Xóa: ${def.title}`,
    access: menuAccess(def.menu),
    request: z.object({ data: selectedRows }),
    response: replyWith({}),
  });
}

/** Deletes shared by several catalogues (`standardtariff/delete`, `common/delete`): rows + action=delete. */
export function sharedDelete<P extends string>(path: P, defs: readonly CatalogDef[]) {
  return defineCall({
    path,
    module: 'catalogs',
    summary: `Xóa dòng của: ${defs.map((d) => d.title).join(', ')} (catalogue nhận ra theo khóa của dòng)`,
    access: menuAccess(...defs.map((d) => d.menu)),
    request: z.object({ data: selectedRows, action: z.literal('delete', { error: 'action phải là "delete"' }) }),
    response: replyWith({}),
  });
}
