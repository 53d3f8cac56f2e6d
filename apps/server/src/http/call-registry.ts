import multipart from '@fastify/multipart';
import { type CallDef, type CallReply, type CallRequest, calls, dbLimits, storableDate, YEAR_RANGE_MESSAGE } from '@smartport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withActor } from './actor';
import type { AuthUser, CallContext, SignedInContext } from './context';
import { AppError, badRequest, forbidden, unauthorized } from './errors';
import { sendSliced } from './json-slices';

type Calls = typeof calls;
export type ModuleKey = keyof Calls;

type ContextFor<C extends CallDef> = C['access'] extends { kind: 'public' } ? CallContext : SignedInContext;

export type Handler<C extends CallDef> = (input: CallRequest<C>, ctx: ContextFor<C>) => Promise<CallReply<C>>;

export type ModuleHandlers<M extends ModuleKey> = {
  [K in keyof Calls[M]]: Calls[M][K] extends CallDef ? Handler<Calls[M][K]> : never;
};

/** One handler per declared call: the compiler refuses a table with a call missing. */
export type HandlerTable = { [M in ModuleKey]: ModuleHandlers<M> };

z.config(z.locales.vi());

/** A Vietnamese 400 message naming the first offending field. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Dữ liệu gửi lên không hợp lệ.';
  // A row of an order's container list is named as the screens name it ('Dòng N: …'), not by its internal path.
  const [list, index] = issue.path;
  if (list === 'containers' && typeof index === 'number') return `Dòng ${index + 1}: ${issue.message}`;
  const field = issue.path.map(String).join('.');
  return field ? `Dữ liệu không hợp lệ ở trường "${field}": ${issue.message}` : `Dữ liệu gửi lên không hợp lệ: ${issue.message}`;
}

/** NUL, or a UTF-16 surrogate without its pair: PostgreSQL text can store neither (the query would fail later). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string (value or key) holding a character PostgreSQL text cannot store
 * (NUL or a lone surrogate; the query would fail with a 500, or a background update would fail
 * and leave a row stuck); `''` for the body itself; null when none.
 * Walks with an explicit stack: the JSON parser accepts bodies nested far deeper than the call stack.
 */
export function findNulChar(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], path ? `${path}.${i}` : String(i)]);
    } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [k, v] of Object.entries(value).reverse()) {
        const p = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) return p;
        stack.push([v, p]);
      }
    }
  }
  return null;
}

/** A text that is a date ('YYYY-MM-DD', with a time or a zone, or an ISO 6-digit year), a field's value compared in SQL. */
const DATE_TEXT = /^([+-]\d{6}|\d{4,})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Whether a text that is a date names a day of the calendar in the years the database stores (other text: true). */
function storableDateText(v: string): boolean {
  const m = DATE_TEXT.exec(v.trim());
  if (!m) return true;
  // Only the year: a day not on the calendar is the call's own to refuse, with its own message (the spec's texts); what
  // reaches the database anyway is answered 400 by the error handler (data exceptions, plugins/core.ts).
  const y = Number(m[1]);
  return y >= dbLimits.minYear && y <= dbLimits.maxYear;
}

/**
 * The first value of a parsed request the database cannot store, whatever field declared it: a date outside the years
 * 1900–9999 (timestamp columns, text dates compared in SQL) or a number that is not finite or past the safe integers
 * (int8 columns read as numbers). The contract bounds its fields (fields.ts); this guards a field that forgot to.
 */
export function findOutOfRange(value: unknown): { path: string; message: string } | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (v instanceof Date) {
      if (!storableDate(v)) return { path, message: `ngày không hợp lệ: ${YEAR_RANGE_MESSAGE}` };
    } else if (typeof v === 'string') {
      if (!storableDateText(v)) return { path, message: `ngày không hợp lệ: ${YEAR_RANGE_MESSAGE}` };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) return { path, message: 'số vượt quá phạm vi cho phép' };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [k, inner] of Object.entries(v).reverse()) stack.push([inner, path ? `${path}.${k}` : k]);
    }
  }
  return null;
}

export function hasAccess(call: Pick<CallDef, 'access'>, user: AuthUser | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (call.access.kind === 'public') return 'ok';
  if (!user) return 'unauthenticated';
  if (call.access.kind === 'authenticated') return 'ok';
  return call.access.anyOf.some((id) => user.grants.has(id)) ? 'ok' : 'forbidden';
}

/**
 * The grant of the message a variant call carries (contract `variants`): after the call's own
 * check, the parsed request's variant field picks the access; a value without one is refused.
 */
export function hasVariantAccess(call: CallDef, input: unknown, user: AuthUser | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (!call.variants) return 'ok';
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[call.variants.field] : undefined;
  const access = value == null ? undefined : call.variants.access[String(value)];
  return access ? hasAccess({ access }, user) : 'forbidden';
}

/** Largest single upload part: one file over the 5,000,000-byte folder total is refused while it streams. */
export const MULTIPART_LIMITS = { fileSize: 5_000_000, files: 1, fields: 10, fieldSize: 4096, parts: 12 } as const;

export interface MultipartFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

/** A whole upload request may carry one file at the cap plus its few small fields, no more. */
export const MULTIPART_MAX_BODY = MULTIPART_LIMITS.fileSize + MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize + 64 * 1024;

/**
 * A multipart form as `{ ...fields, files: [...] }`; the limits and a malformed form answer 400, not 500.
 * `beforeFile` runs with the fields read so far when the first file part starts, before any of it is buffered.
 */
async function readMultipart(
  req: FastifyRequest,
  beforeFile: (fields: Record<string, unknown>) => Promise<void>,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const files: MultipartFile[] = [];
  let checked = false;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!checked) {
          checked = true;
          await beforeFile(body);
        }
        const data = await part.toBuffer();
        files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else if (part.fieldname !== 'files' && !Object.hasOwn(body, part.fieldname)) {
        body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('Tổng dung lượng không được quá 5MB !!');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Mỗi lần chỉ tải lên một tệp.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Biểu mẫu tải lên có quá nhiều trường.');
    throw badRequest('Dữ liệu tải lên không đúng định dạng multipart/form-data.');
  }
  if (!checked) await beforeFile(body);
  if (files.length) body.files = files;
  return body;
}

export interface RegistryDeps {
  authenticate(token: string): Promise<AuthUser | null>;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

/**
 * Registers `POST /api/<path>` for every call of the contract: authenticate, authorise from the
 * group's grants, parse the body with the call's schema, then hand over to the module's handler.
 */
export function registerCalls(
  app: FastifyInstance,
  table: HandlerTable,
  deps: RegistryDeps,
  // Another table only in tests (a grid entry registered on its own).
  declared: Readonly<Record<string, Readonly<Record<string, CallDef>>>> = calls,
) {
  const registered: string[] = [];
  for (const [moduleKey, moduleCalls] of Object.entries(declared)) {
    // The access check above guarantees `ctx.user` for every non-public call.
    const handlers = table[moduleKey as ModuleKey] as unknown as Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>;
    for (const [name, call] of Object.entries(moduleCalls) as [string, CallDef][]) {
      const handler = handlers[name];
      if (!handler) throw new Error(`Thiếu xử lý cho ${call.path}`);
      const route = async (req: FastifyRequest, reply: FastifyReply) => {
        let token = bearerToken(req);
        const authorise = async () => {
          const user = token ? await deps.authenticate(token) : null;
          const access = hasAccess(call, user);
          if (access === 'unauthenticated') throw unauthorized(token ? undefined : 'Vui lòng đăng nhập để sử dụng chức năng này.');
          if (access === 'forbidden') throw forbidden();
          return user;
        };
        // A multipart call may carry its token as the form field access_token (spec 01 §7), sent before the file:
        // it is checked when the first file part starts, so nobody's upload is buffered before it is authorised.
        const lateAuth = !!call.multipart && !token && req.isMultipart();
        let user = lateAuth ? null : await authorise();
        let body: unknown = req.body;
        if (call.multipart) {
          if (!req.isMultipart()) throw badRequest('Yêu cầu tải tệp phải gửi dạng multipart/form-data.');
          // A declared length over the cap is refused before a byte of the body is read.
          if (Number(req.headers['content-length']) > MULTIPART_MAX_BODY) throw badRequest('Tổng dung lượng không được quá 5MB !!');
          body = await readMultipart(req, async (fields) => {
            if (!lateAuth) return;
            const field = fields.access_token;
            token = typeof field === 'string' && field.trim() ? field.trim() : null;
            user = await authorise();
          });
        }
        const nul = findNulChar(body);
        if (nul !== null) {
          const where = nul ? ` ở trường "${nul.replace(new RegExp(UNSTORABLE.source, 'g'), '').slice(0, 80)}"` : '';
          throw new AppError(400, `Dữ liệu không hợp lệ${where}: chứa ký tự không được phép.`);
        }
        const parsed = call.request.safeParse(body);
        if (!parsed.success) throw new AppError(400, describeIssues(parsed.error));
        const outOfRange = findOutOfRange(parsed.data);
        if (outOfRange)
          throw new AppError(
            400,
            outOfRange.path
              ? `Dữ liệu không hợp lệ ở trường "${outOfRange.path}": ${outOfRange.message}.`
              : `Dữ liệu gửi lên không hợp lệ: ${outOfRange.message}.`,
          );
        if (hasVariantAccess(call, parsed.data, user) !== 'ok') throw forbidden();
        const ctx = { user, ip: req.ip, token, userAgent: req.headers['user-agent'] };
        const answer = await (user
          ? withActor({ UserID: user.UserID, UserName: user.UserName, ip: req.ip }, () => handler(parsed.data, ctx))
          : handler(parsed.data, ctx));
        // A long list (a report) is written in slices so that other calls are served meanwhile.
        return sendSliced(reply, answer);
      };
      if (call.multipart) {
        // The multipart parser lives only in the upload routes' own scope; every other call stays JSON-only.
        app.register(async (scope) => {
          await scope.register(multipart, { limits: MULTIPART_LIMITS });
          scope.post(`/api/${call.path}`, route);
        });
      } else {
        app.post(`/api/${call.path}`, route);
        // A GET carries its request in the query string (no body).
        if (call.methods?.includes('GET'))
          app.get(`/api/${call.path}`, (req, reply) => route(Object.assign(req, { body: { ...(req.query as object) } }), reply));
      }
      registered.push(call.path);
    }
  }
  return registered;
}
