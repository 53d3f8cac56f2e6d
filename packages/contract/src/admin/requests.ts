import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { plainReply, replyWith } from '../reply';

/**
 * 'Quản lý yêu cầu' (spec 03 §2.5, §3 Issue, §4 Request, §5, §6, §7): requests to the portal's contractor, per
 * terminal. The rank rules (who may change which field) are `issueLocks`, used by the screen and the server alike.
 */

/** Spec 03 §3: the three request types. */
export const issueTypes = ['Chưa xác định', 'Giao diện', 'Chức năng'] as const;
export type IssueType = (typeof issueTypes)[number];

/** Spec 03 §9: the rank of a group without one. */
export const DEFAULT_RANK = 10;

/** Images of one request (docs/decisions.md): PNG, JPEG, GIF or WebP by content, at most 2,000,000 bytes each, 10 per request. */
export const issueImageLimits = {
  maxBytes: 2_000_000,
  perIssue: 10,
  /** Uploaded images not yet saved with a request, per user. */
  pendingPerUser: 30,
  /** An image not saved with a request within this time is removed by the cleanup job. */
  graceHours: 24,
  types: ['png', 'jpg', 'gif', 'webp'] as const,
} as const;

/** The fields of the request form a rank may lock (spec 03 §5). */
export const issueLockableFields = ['IssueName', 'PerformerComment', 'Performer', 'is_realease', 'ReleaseComment', 'Images'] as const;
export type IssueLockableField = (typeof issueLockableFields)[number];

/** The form's labels, also the names the server's refusals give. */
export const issueLabels = {
  STT: 'STT',
  IssueType: 'Loại yêu cầu',
  IssueName: 'Nội dung',
  Planner: 'Người yêu cầu',
  PerformerComment: 'Ý kiến nhà thầu',
  Performer: 'Người thực hiện',
  ReleaseDate: 'Ngày hoàn thành',
  ReleaseComment: 'Xác nhận',
  CreatedTime: 'Ngày tạo',
  is_realease: 'Hoàn thành',
  Images: 'Hình ảnh',
} as const;

export const issueMessages = {
  addTitle: 'Thêm mới yêu cầu',
  editTitle: 'Điều chỉnh yêu cầu',
  confirmAdd: 'Xác nhận thêm yêu cầu',
  confirmEdit: 'Xác nhận điều chỉnh yêu cầu',
  confirmDelete: 'Xóa nội dung này ?',
  saveFailed: 'Lưu dữ liệu thất bại !',
  saved: 'Lưu dữ liệu hoàn tất !',
  deleted: 'Xóa dữ liệu hoàn tất !',
  noContent: 'Vui lòng nhập nội dung yêu cầu !',
  noneSelected: 'Chưa chọn yêu cầu cần xóa !',
  notFound: 'Không tìm thấy yêu cầu (đã bị xóa hoặc không thuộc phạm vi của bạn).',
  locked: (label: string) => `Bạn không có quyền thay đổi trường "${label}" của yêu cầu.`,
  cannotDelete: 'Bạn không có quyền xóa yêu cầu này (chỉ người yêu cầu được xóa yêu cầu chưa hoàn thành của mình).',
  badImage: 'Ảnh không hợp lệ: chỉ nhận ảnh PNG, JPEG, GIF hoặc WebP (kiểm tra theo nội dung tệp).',
  imageTooLarge: `Mỗi ảnh tối đa ${issueImageLimits.maxBytes / 1_000_000} MB.`,
  tooManyImages: `Mỗi yêu cầu tối đa ${issueImageLimits.perIssue} ảnh.`,
  tooManyPending: `Bạn đã tải lên quá nhiều ảnh chưa lưu (tối đa ${issueImageLimits.pendingPerUser}). Vui lòng lưu yêu cầu hoặc thử lại sau.`,
  unknownImage: 'Ảnh không tồn tại hoặc không thuộc yêu cầu này, vui lòng tải lại ảnh.',
  noImagePermission: 'Bạn không có quyền thêm ảnh vào yêu cầu.',
} as const;

/** The rank as the rules read it: a missing or non-positive rank is the default 10 (spec 03 §5). */
export function effectiveRank(rank: number | null | undefined): number {
  return typeof rank === 'number' && Number.isInteger(rank) && rank > 0 ? rank : DEFAULT_RANK;
}

/**
 * Spec 03 §5/§6: the fields a rank may not change. Rank 1 edits content and the contractor's opinion; rank 2 the
 * performer, completion, confirmation and images; above 2 only creates requests and changes the type: the content is
 * locked for it on the add form too (§5), a rank 1 fills it in. The contractor's opinion is not on the add form.
 */
export function issueLocks(rank: number | null | undefined, mode: 'add' | 'edit'): ReadonlySet<IssueLockableField> {
  const r = effectiveRank(rank);
  const locked = new Set<IssueLockableField>(['PerformerComment']);
  if (r === 1 && mode === 'edit') locked.delete('PerformerComment');
  if ((r > 1 && mode === 'edit') || r > 2) locked.add('IssueName');
  if (r > 2) for (const f of ['Performer', 'is_realease', 'ReleaseComment', 'Images'] as const) locked.add(f);
  return locked;
}

/** The source of a stored image as it appears in `Images` (an authenticated GET, docs/decisions.md). */
export const issueImagePath = (imageId: string) => `/api/config/issue-image/${imageId}`;
export const ISSUE_IMAGE_SOURCE = /^\/api\/config\/issue-image\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const ISSUE_IMAGE_SEPARATOR = '|';

/** One request as the list gives it (dates ISO; Images pipe-separated sources). */
export const issueRow = z.object({
  Rowguid: z.string(),
  TerminalCode: z.string(),
  IssueName: z.string(),
  IssueType: z.string(),
  Planner: z.string(),
  Performer: z.string().nullable(),
  PerformerComment: z.string().nullable(),
  ReleaseDate: z.string().nullable(),
  ReleaseComment: z.string().nullable(),
  CreatedTime: z.string(),
  Images: z.string(),
  is_realease: z.enum(['1', '']),
  /** Whether the caller may delete it (the server decides again on delete). */
  CanDelete: z.boolean(),
});
export type IssueRow = z.infer<typeof issueRow>;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => (v == null ? v : v.trim()));

const rowguid = z
  .string({ error: 'Rowguid phải là chuỗi ký tự' })
  .trim()
  .nullish()
  .transform((v) => v || null)
  .pipe(z.uuid({ error: 'Rowguid không hợp lệ' }).nullable());

/**
 * One request as the form sends it. Planner, CreatedTime and ReleaseDate are the server's: sent or not, they
 * are dropped (the release date follows `is_realease`). An absent field is left as stored.
 */
export const issueInput = z.object({
  Rowguid: rowguid,
  TerminalCode: z.string().trim().toUpperCase().max(10, 'Mã cảng tối đa 10 ký tự').nullish(),
  IssueName: text(4000, issueLabels.IssueName),
  IssueType: z.enum(issueTypes, { error: `${issueLabels.IssueType} phải là một trong: ${issueTypes.join(', ')}` }).nullish(),
  Performer: text(100, issueLabels.Performer),
  PerformerComment: text(4000, issueLabels.PerformerComment),
  ReleaseComment: text(4000, issueLabels.ReleaseComment),
  is_realease: z
    .union([z.enum(['1', '', '0']), z.boolean()], { error: `${issueLabels.is_realease} phải là '1' hoặc ''` })
    .nullish()
    .transform((v) => (v == null ? v : v === true || v === '1')),
  Images: text(2000, issueLabels.Images),
});
export type IssueInput = z.output<typeof issueInput>;

/** config/getIssueList (spec 03 §7): the caller's requests, or one by Rowguid. */
export const getIssueList = defineCall({
  path: 'config/getIssueList',
  module: 'admin',
  summary: 'Danh sách yêu cầu (theo cảng của người dùng; cấp trên 2 chỉ thấy yêu cầu của mình)',
  access: menuAccess('SYS_ISSUES'),
  request: z.preprocess((v) => (v == null ? {} : v), z.object({ Rowguid: rowguid.optional() })),
  response: replyWith({ payload: z.array(issueRow).optional() }),
});

/** config/updateIssueList: an array of requests (new without Rowguid), saved together or not at all. */
export const updateIssueList = defineCall({
  path: 'config/updateIssueList',
  module: 'admin',
  summary: 'Thêm / điều chỉnh yêu cầu theo cấp của nhóm người dùng (spec 03 §5, §6)',
  access: menuAccess('SYS_ISSUES'),
  request: z
    .array(issueInput, { error: 'Dữ liệu gửi lên phải là danh sách yêu cầu' })
    .min(1, 'Chưa có yêu cầu nào để lưu')
    .max(50, 'Mỗi lần lưu tối đa 50 yêu cầu'),
  response: replyWith({ payload: z.array(issueRow).optional() }),
});

/** config/deleteIssueList: the selected rows (only their Rowguid is read). */
export const deleteIssueList = defineCall({
  path: 'config/deleteIssueList',
  module: 'admin',
  summary: 'Xóa các yêu cầu đã chọn (cấp 1, 2: mọi yêu cầu trong cảng; người yêu cầu: yêu cầu chưa hoàn thành của mình)',
  access: menuAccess('SYS_ISSUES'),
  request: z
    .array(z.object({ Rowguid: rowguid.pipe(z.string({ error: 'Thiếu Rowguid của yêu cầu cần xóa' })) }), {
      error: 'Dữ liệu gửi lên phải là danh sách yêu cầu',
    })
    .min(1, issueMessages.noneSelected)
    .max(200, 'Mỗi lần xóa tối đa 200 yêu cầu'),
  response: plainReply,
});

/** One file part of a multipart request, as the server's registry hands it over. */
const imagePart = z.object({
  filename: z.string(),
  mimetype: z.string(),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Tệp tải lên không hợp lệ'),
});

/** config/uploadIssueImage (named by the project): one image, kept until a request saved with it. */
export const uploadIssueImage = defineCall({
  path: 'config/uploadIssueImage',
  module: 'admin',
  summary: 'Tải lên một ảnh cho yêu cầu (multipart: files); PNG, JPEG, GIF, WebP theo nội dung, tối đa 2.000.000 byte',
  access: menuAccess('SYS_ISSUES'),
  multipart: true,
  request: z.object({
    access_token: z.string().max(2000).nullish(),
    files: z.array(imagePart).max(1, 'Mỗi lần chỉ tải một ảnh').nullish(),
  }),
  response: replyWith({ src: z.string().optional(), size: z.number().int().optional() }),
});

/** The request screen's calls, spread into `calls.admin` (packages/contract/src/index.ts). */
export const adminRequestCalls = { getIssueList, updateIssueList, deleteIssueList, uploadIssueImage } as const;
