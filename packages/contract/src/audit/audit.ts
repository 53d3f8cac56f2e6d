import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { optionalBody, replyWith } from '../reply';

/**
 * 'Nhật ký thay đổi': the audit trail of every change to configuration (grids, settings forms, admin screens), grants,
 * SFTP accounts and order approvals: who, when, from where, what, before → after (changed fields only, secrets masked).
 * Administrators only (menu SYS_AUDIT, held by the ADMIN group alone). Newest first, paged by the server.
 */
export const auditAccess = menuAccess('SYS_AUDIT');

export const auditMessages = {
  badPeriod: 'Từ ngày phải trước hoặc bằng đến ngày.',
  badDate: (label: string) => `${label} không hợp lệ (YYYY-MM-DD).`,
  tooMany: (count: number, max: number) =>
    `Có ${count.toLocaleString('vi-VN')} bản ghi khớp điều kiện lọc, vượt quá ${max.toLocaleString('vi-VN')} bản ghi mỗi lần xuất Excel. Vui lòng thu hẹp điều kiện lọc.`,
} as const;

export const auditLimits = {
  maxPageSize: 100,
  /** Records one Excel export carries; more is refused with `tooMany`. */
  maxExport: 10_000,
} as const;

/** What was done; the screen names each (`auditActionNames`). */
export const auditActions = ['create', 'update', 'delete', 'approve', 'reject', 'cancel', 'write', 'restart'] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditActionNames: Record<AuditAction, string> = {
  create: 'Thêm',
  update: 'Sửa',
  delete: 'Xóa',
  approve: 'Duyệt',
  reject: 'Từ chối',
  cancel: 'Hủy',
  write: 'Ghi cấu hình',
  restart: 'Khởi động lại',
};

const portDay = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, auditMessages.badDate(label))
    .optional();
const text = (max: number, label: string) => z.string().trim().max(max, `${label} tối đa ${max} ký tự`).optional();

/** The filter: a period of port days, the user, the entity kind, the action and a text the key contains. */
export const auditFilter = z.object({
  FromDate: portDay('Từ ngày'),
  ToDate: portDay('Đến ngày'),
  UserID: text(100, 'Người thực hiện'),
  EntityKind: text(80, 'Loại đối tượng'),
  Action: z.enum(auditActions, { error: 'Thao tác không hợp lệ' }).optional(),
  KeyText: text(200, 'Khóa'),
});
export type AuditFilter = z.infer<typeof auditFilter>;

/** One changed field: before and after (absent on a create's before or a delete's after); secrets as '********'. */
export const auditFieldChange = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });

export const auditRow = z.object({
  Id: z.number().int(),
  ChangedTime: z.string(),
  UserID: z.string(),
  UserName: z.string().nullable(),
  ClientIp: z.string().nullable(),
  EntityKind: z.string(),
  EntityKey: z.string(),
  Action: z.string(),
  Changes: z.record(z.string(), auditFieldChange),
});
export type AuditRow = z.infer<typeof auditRow>;

export const listAudit = defineCall({
  path: 'audit/list',
  module: 'audit',
  summary: 'Nhật ký thay đổi: ai, khi nào, từ đâu, thay đổi gì (trước → sau), mới nhất trước, phân trang trên máy chủ',
  access: auditAccess,
  request: optionalBody(
    auditFilter.extend({
      Page: z.coerce.number({ error: 'Trang không hợp lệ' }).int('Trang không hợp lệ').min(1, 'Trang không hợp lệ').max(100_000).default(1),
      PageSize: z.coerce
        .number({ error: 'Số dòng mỗi trang không hợp lệ' })
        .int('Số dòng mỗi trang không hợp lệ')
        .min(1, 'Số dòng mỗi trang không hợp lệ')
        .max(auditLimits.maxPageSize, `Tối đa ${auditLimits.maxPageSize} dòng mỗi trang`)
        .default(20),
    }),
  ),
  response: replyWith({ payload: z.array(auditRow).optional(), total: z.number().int().optional() }),
});

export const exportAudit = defineCall({
  path: 'audit/export',
  module: 'audit',
  summary: 'Nhật ký thay đổi: mọi bản ghi khớp bộ lọc (không phân trang) để xuất Excel, mới nhất trước',
  access: auditAccess,
  request: optionalBody(auditFilter),
  response: replyWith({ payload: z.array(auditRow).optional() }),
});

export const auditEntityKinds = defineCall({
  path: 'audit/entityKinds',
  module: 'audit',
  summary: 'Các loại đối tượng có trong nhật ký thay đổi (lựa chọn của bộ lọc)',
  access: auditAccess,
  request: optionalBody(z.object({})),
  response: replyWith({ payload: z.array(z.string()).optional() }),
});

export const auditCalls = { listAudit, exportAudit, auditEntityKinds };
