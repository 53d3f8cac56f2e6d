import { z } from 'zod';
import { menuAccess } from '../access';
import { type CallDef, defineCall, type ModuleName } from '../call';
import type { MenuId } from '../menu-catalog';
import { optionalBody, type plainReply, replyWith } from '../reply';
import type { GridColumn } from './columns';

/**
 * The grid-resource registry (DESIGN.md §5 "one generic mechanism for the editable grids"). One entry
 * declares an editable or read-only grid; its calls are derived here, the server's handlers by
 * `apps/server/src/grid`, the web's page by `apps/web/src/components/data-grid`.
 */

/** How a request filter field narrows the list: equal, contains (case-insensitive, wildcards literal), from, to. */
export type FilterOp = 'eq' | 'contains' | 'gte' | 'lte';
export interface FilterRule {
  op: FilterOp;
  /** The row field compared (default: the filter field itself), e.g. FromDate → ETB. */
  field?: string;
}

/**
 * Whose rows a caller reaches, enforced by the server on list, save and delete:
 * - terminal: rows whose `field` is one of the caller's terminals (a requested `field` narrows it further);
 * - operator: rows of the one operator the list request names in `field` (refused with `message` without one).
 */
export type GridScope = { kind: 'terminal'; field: string } | { kind: 'operator'; field: string; message: string };

/** A column elsewhere (SQL table name, field) that still uses a row's value: such a row is not deleted. */
export interface GridReference {
  table: string;
  field: string;
  /** What the user is told is using it, e.g. 'lệnh'. */
  usedBy: string;
}

/** A call of a grid by its spec path; its key in `calls.<module>` is `name`, by default the path's last segment. */
export interface GridCallSpec {
  path: string;
  name?: string;
  /** Grants that allow this call (default: the grid's menu). */
  menus?: readonly MenuId[];
}
export interface GridGetSpec extends GridCallSpec {
  /** What the grid screen sends to list (e.g. `{ isAll: true }`), before its filter and header values. */
  body?: object;
  /** Where the reply keeps the rows (default `payload`). */
  rowsIn?: 'payload' | 'data';
  /** Further reply fields (e.g. `allTer`). */
  extra?: z.ZodRawShape;
}
export interface GridUpdateSpec extends GridCallSpec {
  /** `{ data: rows }` (default) or the array of rows itself (spec 03 §7 'config/pay-partner/edit'). */
  body?: 'data' | 'rows';
  /** Whether the reply carries the saved rows in `payload` (default) or only success and message. */
  reply?: 'rows' | 'plain';
  maxRows?: number;
}

/** A delete several grids share (`standardtariff/delete`, `common/delete`): rows + action=delete; the server finds the grid by the rows. */
export interface SharedDelete<P extends string = string, N extends string = string> {
  kind: 'sharedDelete';
  name: N;
  call: CallDef<P>;
}

export interface GridSpec {
  /** Unique over the registry (e.g. 'pay_partner'). */
  name: string;
  /** The module that owns it: its calls are `calls.<module>.*`. */
  module: ModuleName;
  /** Grid title (card title, Excel sheet and file name). */
  title: string;
  /** Page title above the grid where the spec gives one (spec 03 §2.1 'Quản lý hãng tàu'). */
  pageTitle?: string;
  /** The menu entry whose grant allows the grid's calls. */
  menu: MenuId;
  /** SQL table name; the server finds its Drizzle table by it. */
  table: string;
  /** One row as sent and saved (wire names, Vietnamese messages); also what the screen checks before saving. */
  row: z.ZodObject;
  /** Business key (unique among rows); a duplicate is refused naming the row and field. */
  key: readonly string[];
  columns: readonly GridColumn[];
  paths: {
    get: string | GridGetSpec;
    update?: string | GridUpdateSpec;
    delete?: string | GridCallSpec | SharedDelete;
  };
  scope?: GridScope;
  /** The list call's request; each field named in `where` narrows the rows (others are read by the module, or ignored). */
  filter?: { schema: z.ZodObject; where?: Readonly<Record<string, FilterOp | FilterRule>> };
  /**
   * Fields chosen above the grid (a parent: operator, template…): sent with the list call (rows equal to them) and
   * merged into every saved row. `schema` checks them (its messages are shown), `columns` draw them.
   */
  header?: { schema: z.ZodObject; columns: readonly GridColumn[] };
  /** Fields every saved row needs, with one message (spec 03 §5 payment partners), checked on both sides before the row schema. */
  required?: { fields: readonly string[]; message: string };
  /** Per field, where a row's value is still used: deleting such a row is refused. */
  references?: Readonly<Record<string, readonly GridReference[]>>;
  /** List order (default: the key). */
  order?: readonly string[];
  /** At most this many rows are listed. */
  limit?: number;
  /** Which toolbar buttons the screen has (spec 03 §2.1). */
  actions: { add: boolean; delete: boolean; save: boolean; import: boolean };
  /** Grid height (spec 03 §2.1/§9: 50vh, 55vh, 65vh). */
  height: string;
  /** The list reloads this long after a save (spec 03 §9: payment partners 1 s); at once when absent. */
  reloadAfterSaveMs?: number;
  /** What a delete with no row selected says (spec 03 §5 release points: 'Chưa chọn điểm thu phí!'); on both sides. */
  nothingSelectedMessage?: string;
  /** After a save or delete every signed-in user gets the live `notice` with this `request_type` (their pages show these rows). */
  liveNotice?: string;
}

// ---- derived call types ---------------------------------------------------------------------------------------

type Last<P extends string> = P extends `${string}/${infer R}` ? Last<R> : P;
type PathOf<C> = C extends string ? C : C extends { path: infer P extends string } ? P : C extends SharedDelete<infer P> ? P : never;
/** A call's key in `calls.<module>`: its declared name, else the last segment of its path. */
export type GridCallName<C> = C extends { name: infer N extends string } ? N : Last<PathOf<C>>;

type EmptyShape = {};
type RowsKey<G> = G extends { rowsIn: 'data' } ? 'data' : 'payload';
type ExtraOf<G> = G extends { extra: infer E extends z.ZodRawShape } ? E : EmptyShape;
type FilterOf<S extends GridSpec> = S extends { filter: { schema: infer F extends z.ZodObject } } ? F : z.ZodObject<EmptyShape>;
type ReplyShape = typeof plainReply.shape;
type MenuAccess = ReturnType<typeof menuAccess>;

export type GridListCall<S extends GridSpec> = CallDef<
  PathOf<S['paths']['get']>,
  z.ZodType<z.output<FilterOf<S>>, z.input<FilterOf<S>>>,
  z.ZodObject<ReplyShape & { [K in RowsKey<S['paths']['get']>]: z.ZodOptional<z.ZodArray<S['row']>> } & ExtraOf<S['paths']['get']>>,
  MenuAccess
>;
export type GridUpdateCall<S extends GridSpec> = CallDef<
  PathOf<S['paths']['update']>,
  z.ZodType,
  S['paths']['update'] extends { reply: 'plain' }
    ? z.ZodObject<ReplyShape>
    : z.ZodObject<ReplyShape & { payload: z.ZodOptional<z.ZodArray<S['row']>> }>,
  MenuAccess
>;
export type GridDeleteCall<S extends GridSpec> = CallDef<PathOf<S['paths']['delete']>, z.ZodType, z.ZodObject<ReplyShape>, MenuAccess>;

type Named<C, V> = C extends undefined ? EmptyShape : { [K in GridCallName<C>]: V };
/** The calls of one grid keyed as they appear in `calls.<module>`. */
export type GridCallTable<S extends GridSpec> = Named<S['paths']['get'], GridListCall<S>> &
  Named<S['paths']['update'], GridUpdateCall<S>> &
  Named<S['paths']['delete'], GridDeleteCall<S>>;

/** A registered grid: the declaration plus what is derived from it. */
export type Grid<S extends GridSpec = GridSpec> = S & {
  calls: { get: GridListCall<S>; update?: GridUpdateCall<S>; delete?: GridDeleteCall<S> };
  /** The key of each call in `calls.<module>`. */
  callNames: { get: string; update?: string; delete?: string };
  /** The delete is a shared one: rows are sent with action=delete. */
  deleteShared: boolean;
  /** A row as the update call takes it: the row with the header fields. */
  saveRow: z.ZodType;
  callTable: GridCallTable<S>;
};
/** Any registered grid, as the generic server and web code read it. */
export type AnyGrid = GridSpec & {
  calls: { get: CallDef; update?: CallDef; delete?: CallDef };
  callNames: { get: string; update?: string; delete?: string };
  deleteShared: boolean;
  saveRow: z.ZodType;
  callTable: object;
};

// ---- derivation -----------------------------------------------------------------------------------------------

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const spec = <T extends GridCallSpec>(c: string | T): T => (typeof c === 'string' ? ({ path: c } as T) : c);
const isShared = (c: unknown): c is SharedDelete => typeof c === 'object' && c !== null && (c as SharedDelete).kind === 'sharedDelete';

const selectedRowsOr = (message: string) => z.array(z.object({ Rowguid: z.uuid('Rowguid không hợp lệ') }).loose()).min(1, message);
const selectedRows = selectedRowsOr('Chưa chọn dòng nào để xóa');

/** Deletes shared by several grids (`standardtariff/delete`, `common/delete`): rows + action=delete. */
export function sharedDelete<const P extends string, const N extends string>(d: {
  path: P;
  name: N;
  module: ModuleName;
  summary: string;
  menus: readonly MenuId[];
}): SharedDelete<P, N> {
  return {
    kind: 'sharedDelete',
    name: d.name,
    call: defineCall({
      path: d.path,
      module: d.module,
      summary: d.summary,
      access: menuAccess(...d.menus),
      request: z.object({ data: selectedRows, action: z.literal('delete', { error: 'action phải là "delete"' }) }),
      response: replyWith({}),
    }),
  };
}

/** Registers one grid: checks the declaration and derives its get/update/delete calls. */
export function defineGrid<const S extends GridSpec>(s: S): Grid<S> {
  const access = (c: GridCallSpec) => menuAccess(...(c.menus ?? [s.menu]));
  const fields = new Set([...Object.keys(s.row.shape), ...Object.keys(s.header?.schema.shape ?? {})]);
  for (const f of [...s.key, ...s.columns.map((c) => c.field), ...(s.order ?? []), ...(s.required?.fields ?? [])]) {
    if (!fields.has(f)) throw new Error(`Lưới ${s.name}: trường ${f} không có trong dòng hay phần đầu`);
  }
  if (s.scope && !fields.has(s.scope.field)) throw new Error(`Lưới ${s.name}: trường phạm vi ${s.scope.field} không có trong dòng`);

  const header = s.header?.schema;
  const filter = s.filter?.schema ?? z.object({});
  // The header's fields narrow the list like filter fields, and arrive in every saved row.
  const listRequest = header ? filter.safeExtend(header.partial().shape) : filter;
  const saveRow = header ? s.row.safeExtend(header.shape) : s.row;

  const get = spec<GridGetSpec>(s.paths.get);
  const rowsIn = get.rowsIn ?? 'payload';
  const calls: AnyGrid['calls'] = {
    get: defineCall({
      path: get.path,
      module: s.module,
      summary: `Danh sách: ${s.title}`,
      access: access(get),
      request: optionalBody(listRequest),
      response: replyWith({ [rowsIn]: z.array(s.row).optional(), ...get.extra }),
    }) as never,
  };
  const callNames: AnyGrid['callNames'] = { get: get.name ?? lastSegment(get.path) };

  if (s.paths.update) {
    const u = spec<GridUpdateSpec>(s.paths.update);
    const rows = z.array(saveRow).max(u.maxRows ?? 10_000, `Tối đa ${(u.maxRows ?? 10_000).toLocaleString('vi-VN')} dòng mỗi lần lưu`);
    calls.update = defineCall({
      path: u.path,
      module: s.module,
      summary: `Lưu (thêm mới / sửa theo Rowguid): ${s.title}`,
      access: access(u),
      request: u.body === 'rows' ? rows : z.object({ data: rows }),
      response: u.reply === 'plain' ? replyWith({}) : replyWith({ payload: z.array(s.row).optional() }),
    }) as never;
    callNames.update = u.name ?? lastSegment(u.path);
  }

  let deleteShared = false;
  if (s.paths.delete) {
    const d = s.paths.delete;
    if (isShared(d)) {
      calls.delete = d.call as never;
      callNames.delete = d.name;
      deleteShared = true;
    } else {
      const ds = spec<GridCallSpec>(d);
      calls.delete = defineCall({
        path: ds.path,
        module: s.module,
        summary: `Xóa: ${s.title}`,
        access: access(ds),
        request: z.object({ data: s.nothingSelectedMessage ? selectedRowsOr(s.nothingSelectedMessage) : selectedRows }),
        response: replyWith({}),
      }) as never;
      callNames.delete = ds.name ?? lastSegment(ds.path);
    }
  }

  const callTable: Record<string, CallDef> = { [callNames.get]: calls.get };
  if (calls.update && callNames.update) callTable[callNames.update] = calls.update;
  if (calls.delete && callNames.delete) callTable[callNames.delete] = calls.delete;
  return { ...s, calls, callNames, deleteShared, saveRow, callTable } as unknown as Grid<S>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type TableOf<G> = G extends { callTable: infer T } ? T : never;
/** The calls of several grids, keyed as in `calls.<module>`. */
export type GridCallTables<Gs extends readonly { callTable: object }[]> = UnionToIntersection<TableOf<Gs[number]>>;

/** The calls of a module's grids, keyed as in `calls.<module>`; a shared delete appears once. */
export function gridCallTable<const Gs extends readonly { callTable: object; name: string }[]>(...grids: Gs): GridCallTables<Gs> {
  const table: Record<string, CallDef> = {};
  for (const g of grids) {
    for (const [name, call] of Object.entries(g.callTable as Record<string, CallDef>)) {
      if (table[name] && table[name] !== call) throw new Error(`Hai lời gọi cùng tên ${name} (lưới ${g.name})`);
      table[name] = call;
    }
  }
  return table as never;
}
