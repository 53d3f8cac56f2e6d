import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { noPayload, optionalBody, replyWith } from '../reply';
import { localForeignValues } from '../storage-rules/storage-rules';

/** Spec 03 §8 and §5 texts of the attached-order configuration ('Cấu hình lệnh đính kèm', /config/attach_config). */
export const attachConfigMessages = {
  confirmSave: 'Lưu lại ?',
  saved: 'Lưu dữ liệu hoàn tất !',
  saveFailed: 'Lưu dữ liệu thất bại !',
} as const;

/** A scope code where * (or blank) means all (spec 03 §1, §3 'Scope fields … all default *'). */
const scopeCode = (max: number, label: string) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .optional()
    .transform((v) => (v ? v.toUpperCase() : '*'));

/** The four scope fields and the terminal (absent: the caller's current terminal, see the service). */
export const attachScopeShape = {
  OperationCode: scopeCode(10, 'Hãng khai thác'),
  VesselKey: z
    .string({ error: 'Tàu/chuyến phải là chuỗi ký tự' })
    .trim()
    .max(30, 'Tàu/chuyến tối đa 30 ký tự')
    .optional()
    .transform((v) => v || '*'),
  CustomerCode: scopeCode(20, 'Đối tượng thanh toán'),
  IsLocalForeign: z
    .string({ error: 'Nội/ngoại phải là *, L hoặc F' })
    .trim()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : '*'))
    .pipe(z.enum(localForeignValues, { error: 'Nội/ngoại phải là *, L hoặc F' })),
  TerminalCode: z
    .string({ error: 'Mã cảng phải là chuỗi ký tự' })
    .trim()
    .max(10, 'Mã cảng tối đa 10 ký tự')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
};
export const attachScope = z.object(attachScopeShape);
export type AttachScope = z.output<typeof attachScope>;

/** One attached service of a job mode (spec 03 §3 ConfigList item). IsFixed: charged by default ('Tính phí mặc định'). */
export const attachItem = z.object({
  AttachServiceCode: z
    .string({ error: 'Mã dịch vụ đính kèm phải là chuỗi ký tự' })
    .trim()
    .min(1, 'Thiếu mã dịch vụ đính kèm')
    .max(10, 'Mã dịch vụ đính kèm tối đa 10 ký tự')
    .transform((v) => v.toUpperCase()),
  JobModeCode: z
    .string({ error: 'Mã phương án phải là chuỗi ký tự' })
    .trim()
    .max(10, 'Mã phương án tối đa 10 ký tự')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  IsFixed: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Tính phí mặc định (IsFixed) phải là true/false' })
    .optional()
    .transform((v) => v === true || v === 1),
});
export type AttachItem = z.input<typeof attachItem>;

/** What the screen shows of an attached item (and what `attachedServicesFor` gives the tariff engine, plus JobModeCode). */
export const attachItemRow = z.object({ AttachServiceCode: z.string(), JobModeCode: z.string(), IsFixed: z.boolean() });
export type AttachItemRow = z.infer<typeof attachItemRow>;

/** A job option of the left grid with its attached items for the scope asked (ConfigList). */
export const jobModeAttachRow = z.object({
  Rowguid: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  IsLoLo: z.boolean(),
  IsCFSStuff: z.boolean(),
  IsCFSUnstuff: z.boolean(),
  ConfigList: z.array(attachItemRow),
});
export type JobModeAttachRow = z.infer<typeof jobModeAttachRow>;

/** An attachable service (spec 03 §3 'Job mode service list'): a yard or non-container service job mode. */
export const jobModeServiceRow = z.object({ JobModeCode: z.string(), JobModeName: z.string() });
export type JobModeServiceRow = z.infer<typeof jobModeServiceRow>;

const oneFlag = z.union([z.literal(1), z.literal('1'), z.literal(true)]).optional();

/** The radio of the left grid (spec 03 §9 'stuff modes lolo, stuff, unstuff'). */
export type AttachKind = 'lolo' | 'stuff' | 'unstuff';
export const attachKindFlag = { lolo: 'IsLoLo', stuff: 'IsCFSStuff', unstuff: 'IsCFSUnstuff' } as const;

export const attachConfigCalls = {
  /** The attachable services (right grid): job modes flagged IsServiceYard or IsServiceNonCont (docs/decisions.md). */
  getJobModeServiceList: defineCall({
    path: 'common/getJobModeServiceList',
    module: 'attachConfig',
    summary: 'Danh sách dịch vụ có thể đính kèm (phương án dịch vụ bãi / không container)',
    access: menuAccess('CFG_ATTACH'),
    request: noPayload,
    response: replyWith({ payload: z.array(jobModeServiceRow).optional() }),
  }),
  /** The job options of one kind (IsLoLo, IsCFSStuff or IsCFSUnstuff = 1) with their attached items for the scope. */
  getJobModeConfigAttachList: defineCall({
    path: 'common/getJobModeConfigAttachList',
    module: 'attachConfig',
    summary: 'Phương án (nâng hạ / đóng / rút) kèm lệnh đính kèm theo phạm vi (hãng, tàu, đối tượng thanh toán, nội/ngoại)',
    access: menuAccess('CFG_ATTACH'),
    request: optionalBody(z.object({ IsLoLo: oneFlag, IsCFSStuff: oneFlag, IsCFSUnstuff: oneFlag, ...attachScopeShape })),
    response: replyWith({ payload: z.array(jobModeAttachRow).optional() }),
  }),
  /**
   * Save: the scope fields plus `data`, an object keyed by JobModeCode with the list of its items. Only the job modes
   * named are replaced (for that scope and terminal); an empty list removes that job mode's attachments there.
   */
  updateAttachConfigList: defineCall({
    path: 'common/updateAttachConfigList',
    module: 'attachConfig',
    summary: 'Lưu lệnh đính kèm theo phương án cho một phạm vi',
    access: menuAccess('CFG_ATTACH'),
    request: z.object({
      ...attachScopeShape,
      data: z.record(
        z.string().trim().min(1, 'Thiếu mã phương án').max(10, 'Mã phương án tối đa 10 ký tự'),
        z
          .array(attachItem, { error: 'Danh sách đính kèm của một phương án phải là mảng' })
          .max(200, 'Tối đa 200 dịch vụ cho một phương án'),
        { error: 'Dữ liệu phải là danh sách lệnh đính kèm theo mã phương án' },
      ),
    }),
    response: replyWith({}),
  }),
};
