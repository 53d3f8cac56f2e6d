import { z } from 'zod';
import { menuAccess } from '../access';
import type { ModuleName } from '../call';
import { type CallDef, defineCall } from '../call';
import type { MenuId } from '../menu-catalog';
import { optionalBody, plainReply, replyWith } from '../reply';

/**
 * What a get call answers in place of a stored secret, and what the form sends back when the
 * secret was left alone: saving this exact text keeps the stored secret (a secret equal to it
 * cannot be set). A secret that is not stored is answered as ''.
 */
export const SECRET_MASK = '********';

export type SettingsFieldKind = 'text' | 'number' | 'password' | 'select' | 'switch' | 'textarea' | 'datetime';

/** One input of the form, in display order; the label is the screen's Vietnamese text. */
export interface SettingsField<K extends string = string> {
  readonly name: K;
  readonly label: string;
  readonly kind: SettingsFieldKind;
  /** For 'select': stored value → text shown. */
  readonly options?: readonly { readonly value: string | number; readonly label: string }[];
}

/** A required field and the spec's message for it; a form lists them in the spec's order, the first missing one is answered. */
export interface SettingsRequired<K extends string = string> {
  readonly field: K;
  readonly message: string;
}

/**
 * A secret's place in the values: a field name (`pass`) or a field inside the items of a list
 * field (`apilist.*.pass`, e.g. the TOS connections of the terminal config).
 */
export type SecretPath<K extends string = string> = K | `${K}.*.${string}`;

/**
 * A secret and the fields it is bound to (DESIGN.md §5: a stored secret is only ever sent to the endpoint it was saved
 * for): the mask keeps the stored secret only while every bound field is unchanged (for a list secret, the fields of
 * its item). Changing one of them without typing the secret again is refused with `SECRET_RETYPE`.
 */
export type SecretSpec<K extends string = string> =
  | { readonly path: K; readonly boundTo: readonly [K, ...K[]] }
  | { readonly path: `${K}.*.${string}`; readonly boundTo: readonly [string, ...string[]] };

/** The refusal of a masked secret whose endpoint changed (spec 03 §5's password message). */
export const SECRET_RETYPE = 'Vui lòng nhập mật khẩu !';

/**
 * A one-record settings form (spec 03 §2.4, §2.5: sender mail, report mail, alert mail, main
 * config, loyalty, terminal config…): one declaration drives its get/save calls, the server's
 * one settings service (store, secrets, required checks) and the web's one `SettingsForm`.
 * Values are the form's fields as the save call carries them; the get call may answer them in
 * another shape (`toPayload`) when the spec says so.
 */
export interface SettingsForm {
  /** Key of the stored record (system_settings `form:<name>`) and of the web's query. */
  readonly name: string;
  /** Page title: the menu entry's title. */
  readonly title: string;
  readonly menu: MenuId;
  /** The values as saved (each field's schema; on the wire every field may be missing or blank). */
  readonly values: z.ZodObject;
  /** Shown when nothing is stored yet (and for a field never saved). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** Stored encrypted, answered as SECRET_MASK, kept when saved back as SECRET_MASK with its bound fields unchanged. */
  readonly secrets: readonly SecretPath[];
  /** Per secret path: the fields (of the record, or of the list item for `list.*.x`) the stored secret is bound to. */
  readonly secretBindings: Readonly<Record<string, readonly string[]>>;
  /** For a list field holding secrets: the item fields that say which stored item a masked item is (else its position). */
  readonly listKeys: Readonly<Record<string, readonly string[]>>;
  readonly required: readonly SettingsRequired[];
  readonly form: readonly SettingsField[];
  /** Whether 'Lưu' asks 'Lưu lại ?' first (spec 03 §5). */
  readonly confirmSave: boolean;
  /** The module whose calls these are (`calls.<module>`): the module that owns the form. */
  readonly module: ModuleName;
  /**
   * 'terminal': one record per terminal (the terminal config): get and save take an optional
   * `TerminalCode` (default the caller's first terminal; only the caller's own terminals).
   */
  readonly scope: 'none' | 'terminal';
  /** A rule over several fields, checked after the required fields (web and server): its message, or null. */
  check(values: Readonly<Record<string, unknown>>): string | null;
  /** The get call's payload from the (masked) values. */
  toPayload(values: Readonly<Record<string, unknown>>): unknown;
  /** The form's values from the get call's payload. */
  fromPayload(payload: unknown): Record<string, unknown>;
  /** Handler names in `calls.<module>` (the spec's call names). */
  readonly getName: string;
  readonly saveName: string;
  readonly get: CallDef;
  readonly save: CallDef;
}

type MenuAccess = ReturnType<typeof menuAccess>;
type Values<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
/** The save body: any field may be missing (or blank, read as missing) so that the required checks answer with the spec's message. */
type SaveBody<S extends z.ZodRawShape> = { [K in keyof Values<S>]?: Values<S>[K] };
type SaveInput<S extends z.ZodRawShape> = { [K in keyof Values<S>]?: unknown };

/** A terminal-scoped form's record: which terminal (spec 03 §2.5 'Cấu hình cảng'); ignored by the other forms. */
type ScopeBody = { TerminalCode?: string };

export type SettingsGetCall<Path extends string, Payload> = CallDef<
  Path,
  z.ZodType<ScopeBody, unknown>,
  z.ZodType<z.output<typeof plainReply> & { payload?: Payload }>,
  MenuAccess
>;
export type SettingsSaveCall<Path extends string, S extends z.ZodRawShape> = CallDef<
  Path,
  z.ZodType<SaveBody<S> & ScopeBody, SaveInput<S> & ScopeBody>,
  typeof plainReply,
  MenuAccess
>;

export interface SettingsFormSpec<S extends z.ZodRawShape, P, GN extends string, GP extends string, SN extends string, SP extends string> {
  name: string;
  title: string;
  menu: MenuId;
  fields: S;
  defaults: Partial<Values<S>>;
  secrets: readonly SecretSpec<keyof S & string>[];
  listKeys?: Partial<Record<keyof S & string, readonly string[]>>;
  required: readonly SettingsRequired<keyof S & string>[];
  form: readonly SettingsField<keyof S & string>[];
  confirmSave: boolean;
  /** The module that owns the form: its calls join `calls.<module>` (mail, connectionAlerts, siteConfig, admin …). */
  module: ModuleName;
  /** Default 'none'. */
  scope?: 'none' | 'terminal';
  /** A rule over several fields (e.g. Gold ≥ Silver ≥ Bronze), checked after the required ones. */
  check?: (values: Partial<Values<S>>) => string | null;
  /** The get call's payload shape when the spec gives one other than the values (e.g. sender mail's nested auth/tls). */
  payload?: {
    schema: z.ZodType<P>;
    fromValues(values: Partial<Values<S>>): P;
    toValues(payload: P): Partial<Values<S>>;
  };
  get: { name: GN; path: GP; summary: string };
  save: { name: SN; path: SP; summary: string };
}

export type SettingsFormOf<
  S extends z.ZodRawShape,
  P,
  GN extends string,
  GP extends string,
  SN extends string,
  SP extends string,
> = SettingsForm & {
  readonly getName: GN;
  readonly saveName: SN;
  readonly get: SettingsGetCall<GP, P>;
  readonly save: SettingsSaveCall<SP, S>;
  /** The two calls by their names, for `calls.<module>`. */
  readonly calls: { readonly [K in GN]: SettingsGetCall<GP, P> } & { readonly [K in SN]: SettingsSaveCall<SP, S> };
};

/** Blank on the wire (null, '' or only spaces) reads as not given. */
const blankAsMissing = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Whether a value counts as missing for a required field. */
export function isBlank(v: unknown): boolean {
  return blankAsMissing(v) === undefined;
}

/** The first required field (in the spec's order) that is blank, or null: the one check of the web form and the server. */
export function firstMissing(form: Pick<SettingsForm, 'required'>, values: Readonly<Record<string, unknown>>): SettingsRequired | null {
  return form.required.find((r) => isBlank(values[r.field])) ?? null;
}

/** What a save is refused for: the first missing required field's message, else the form's own rule's; null when fine. */
export function firstProblem(form: Pick<SettingsForm, 'required' | 'check'>, values: Readonly<Record<string, unknown>>): string | null {
  return firstMissing(form, values)?.message ?? form.check(values);
}

export function defineSettingsForm<
  S extends z.ZodRawShape,
  const GN extends string,
  const GP extends string,
  const SN extends string,
  const SP extends string,
  P = Values<S>,
>(spec: SettingsFormSpec<S, P, GN, GP, SN, SP>): SettingsFormOf<S, P, GN, GP, SN, SP> {
  const values = z.object(spec.fields);
  const wire = z.object(
    Object.fromEntries(Object.entries(spec.fields).map(([k, s]) => [k, z.preprocess(blankAsMissing, (s as z.ZodType).optional())])),
  );
  const access = menuAccess(spec.menu);
  const module = spec.module;
  const scope = spec.scope ?? 'none';
  const terminalCode = z.string().trim().toUpperCase().max(10, 'Mã cảng tối đa 10 ký tự').optional();
  const scoped = scope === 'terminal' ? { TerminalCode: terminalCode } : {};
  const get = defineCall({
    path: spec.get.path,
    module,
    summary: spec.get.summary,
    access,
    request: optionalBody(z.object(scoped)),
    response: replyWith({ payload: ((spec.payload?.schema ?? values) as z.ZodType).optional() }),
  }) as unknown as SettingsGetCall<GP, P>;
  const save = defineCall({
    path: spec.save.path,
    module,
    summary: spec.save.summary,
    access,
    request: optionalBody(wire.extend(scoped)),
    response: plainReply,
  }) as unknown as SettingsSaveCall<SP, S>;
  const payload = spec.payload;
  return {
    name: spec.name,
    title: spec.title,
    menu: spec.menu,
    values,
    defaults: spec.defaults,
    secrets: spec.secrets.map((x) => x.path),
    secretBindings: Object.fromEntries(spec.secrets.map((x) => [x.path, x.boundTo])),
    listKeys: (spec.listKeys ?? {}) as Record<string, readonly string[]>,
    required: spec.required,
    form: spec.form,
    confirmSave: spec.confirmSave,
    module,
    scope,
    check: (v) => spec.check?.(v as Partial<Values<S>>) ?? null,
    toPayload: (v) => (payload ? payload.fromValues(v as Partial<Values<S>>) : { ...v }),
    fromPayload: (p) => (payload ? (payload.toValues(p as P) as Record<string, unknown>) : { ...(p as Record<string, unknown>) }),
    getName: spec.get.name,
    saveName: spec.save.name,
    get,
    save,
    calls: { [spec.get.name]: get, [spec.save.name]: save } as SettingsFormOf<S, P, GN, GP, SN, SP>['calls'],
  };
}

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The calls of several forms in one object, by their names (for a module's `calls.<module>`). */
export function callsOf<const E extends readonly { calls: object }[]>(forms: E): Intersection<E[number]['calls']> {
  return Object.assign({}, ...forms.map((f) => f.calls));
}
