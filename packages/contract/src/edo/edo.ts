import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { isoContainerNo, lastDay, lineListFilter, optionalTaxCode, reasonText, taxCode, terminalChoice } from '../fields';
import { optionalBody, plainReply, replyWith } from '../reply';

/**
 * Electronic delivery orders (eDO): the shipping line releases an import bill's containers at a terminal to a consignee
 * (and, optionally, a forwarder or trucking company acting for it) until a date. An import pickup of a line on eDO
 * (shipping line IsEDO) needs a valid eDO naming the payer for each container (docs/decisions.md 'eDO release').
 * The EDO data-sharing rows ('Cấu hình chia sẻ dữ liệu EDO') decide at which other terminals an eDO is valid.
 */
export const edoAccess = menuAccess('LINE_EDO');
/** The line's own lists: its containers in the yard, the orders made against its eDOs. */
export const lineAccess = menuAccess('LINE_EDO', 'LINE_CONTAINERS', 'LINE_ORDERS');

export const edoStatusNames = { A: 'Hiệu lực', R: 'Đã thu hồi', E: 'Hết hạn' } as const;
export type EdoStatus = keyof typeof edoStatusNames;

export const edoMessages = {
  issued: (edoNo: string) => `Đã phát hành eDO ${edoNo}.`,
  amended: (edoNo: string) => `Đã cập nhật eDO ${edoNo}.`,
  revoked: (edoNo: string) => `Đã thu hồi eDO ${edoNo}.`,
  imported: (n: number) => `Đã phát hành ${n} eDO từ tệp.`,
  noLine: 'Tài khoản không thuộc hãng tàu nào: chỉ hãng tàu phát hành được eDO.',
  notFound: (edoNo: string) => `Không tìm thấy eDO ${edoNo}.`,
  terminal: (terminal: string) => `Bạn không được phát hành eDO tại cảng ${terminal}.`,
  billEmpty: (bl: string, line: string, terminal: string) =>
    `Vận đơn ${bl} không có container nào của hãng ${line} trong bãi cảng ${terminal}.`,
  notOnBill: (no: string, bl: string) => `Container ${no} không thuộc vận đơn ${bl} của hãng trong bãi.`,
  alreadyOn: (no: string, edoNo: string) => `Container ${no} đã có trong eDO ${edoNo} còn hiệu lực.`,
  consigneeUnknown: (tax: string) => `Không tìm thấy khách hàng có mã số thuế ${tax}.`,
  validPast: 'Hạn eDO phải từ hôm nay trở đi.',
  validFormat: 'Hạn eDO không đúng định dạng (YYYY-MM-DD)',
  notActive: (edoNo: string) => `eDO ${edoNo} đã bị thu hồi, không sửa được.`,
  usedByApproved: (edoNo: string, orders: readonly string[]) =>
    `eDO ${edoNo} đã được dùng cho lệnh đã duyệt ${orders.join(', ')}: không thu hồi được, vui lòng liên hệ cảng để hủy lệnh.`,
  noReason: 'Vui lòng nhập lý do',
  nothingChanged: 'Không có thay đổi nào để cập nhật.',
  sameAgent: 'Mã số thuế đơn vị được ủy quyền trùng với người nhận hàng.',
  // What a pickup is refused with (order checks), each after 'Dòng N: '.
  pickupNone: (no: string, line: string, tax: string | null) =>
    `Container ${no} chưa có eDO của hãng ${line}${tax ? ` cho khách hàng có mã số thuế ${tax}` : ''}`,
  pickupRevoked: (no: string, edoNo: string) => `eDO ${edoNo} của container ${no} đã bị thu hồi`,
  pickupExpired: (no: string, edoNo: string, until: string) => `eDO ${edoNo} của container ${no} đã hết hạn ngày ${until}`,
  pickupAfter: (no: string, edoNo: string, until: string) =>
    `Hạn lệnh vượt hạn eDO ${edoNo} của container ${no} (${until}): vui lòng chọn hạn lệnh đến ngày ${until}`,
  pickupOtherParty: (no: string, edoNo: string, tax: string) =>
    `eDO ${edoNo} của container ${no} cấp cho mã số thuế ${tax}, không phải đối tượng thanh toán của lệnh`,
  pickupTerminal: (no: string, edoNo: string, terminal: string, here: string) =>
    `eDO ${edoNo} của container ${no} phát hành tại cảng ${terminal}, không dùng được tại cảng ${here}`,
  paperDo: (line: string) =>
    `Hãng ${line} chưa dùng eDO: lệnh chờ cảng kiểm tra lệnh giao hàng (D/O) giấy và duyệt; vui lòng xuất trình D/O giấy cho cảng.`,
  saveGone: (edoNo: string) => `eDO ${edoNo} vừa bị thu hồi hoặc hết hạn: lệnh không lưu được.`,
  cancelledByRevoke: (edoNo: string, reason: string) => `Hãng tàu thu hồi eDO ${edoNo}: ${reason}`,
} as const;

const edoNo = z.string().trim().min(1, 'Vui lòng chọn eDO').max(30).toUpperCase();
const terminal = terminalChoice;
const blNo = z.string({ error: 'Vui lòng nhập số vận đơn' }).trim().min(1, 'Vui lòng nhập số vận đơn').max(50).toUpperCase();
const reason = reasonText(edoMessages.noReason);
/** The last day the containers may be picked up, 'YYYY-MM-DD' (port time, to the day's end). */
const validUntil = lastDay('Vui lòng nhập hạn eDO', edoMessages.validFormat);
const optionalTax = optionalTaxCode;

export const edoContainer = z.object({
  ContainerNo: z.string(),
  IsoSizetype: z.string().nullable(),
  /** The order that took it out (or holds it), its PIN shown part and state. */
  OrderNo: z.string().nullable(),
  PinCode: z.string().nullable(),
  OrderStatus: z.string().nullable(),
});

export const edoRow = z.object({
  EdoNo: z.string(),
  TerminalCode: z.string(),
  OperationCode: z.string(),
  BLNo: z.string(),
  ConsigneeTaxCode: z.string(),
  ConsigneeName: z.string().nullable(),
  AgentTaxCode: z.string().nullable(),
  AgentName: z.string().nullable(),
  /** The last day, 'YYYY-MM-DD' port time. */
  ValidUntil: z.string(),
  Status: z.enum(['A', 'R', 'E']),
  StatusName: z.string(),
  Note: z.string().nullable(),
  IssuedBy: z.string(),
  IssuedTime: z.string(),
  RevokedBy: z.string().nullable(),
  RevokedTime: z.string().nullable(),
  RevokeReason: z.string().nullable(),
  /** Terminals besides its own where it is valid (EDO data sharing). */
  SharedWith: z.array(z.string()),
  containers: z.array(edoContainer),
});
export type EdoRow = z.infer<typeof edoRow>;

export const edoEvent = z.object({
  /** issue, amend, revoke, use, cancel (an order against it cancelled by the revocation) */
  Kind: z.string(),
  KindName: z.string(),
  By: z.string().nullable(),
  At: z.string(),
  Detail: z.string().nullable(),
});
export type EdoEvent = z.infer<typeof edoEvent>;
export const edoEventNames: Record<string, string> = {
  issue: 'Phát hành',
  amend: 'Cập nhật',
  revoke: 'Thu hồi',
  use: 'Dùng cho lệnh',
  cancel: 'Lệnh bị hủy do thu hồi',
};

/** A container of the line at a terminal, as the yard records it (the issue dialog and 'Container của hãng'). */
export const lineContainer = z.object({
  TerminalCode: z.string(),
  ContainerNo: z.string(),
  IsoSizetype: z.string(),
  FE: z.string(),
  ClassCode: z.string(),
  BLNo: z.string().nullable(),
  BookingNo: z.string().nullable(),
  DateIn: z.string(),
  CustomsStatus: z.string().nullable(),
  /** 'Chưa thanh lý' / 'Đã thanh lý' / null where customs does not hold it. */
  CustomsHold: z.boolean().nullable(),
  /** The active eDO covering it, if any. */
  EdoNo: z.string().nullable(),
});
export type LineContainer = z.infer<typeof lineContainer>;

/** An order made against the line's eDOs or bookings: 'Lệnh theo eDO / booking'. */
export const lineOrder = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  TerminalCode: z.string(),
  OrderStatus: z.string(),
  OrderStatusName: z.string(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
  TaxCode: z.string().nullable(),
  /** The eDO that released its containers (import pickups), else null. */
  EdoNo: z.string().nullable(),
  /** The line's booking it was made against (empty pickups, export drop-offs), else null. */
  BookingNo: z.string().nullable(),
  ContainerNos: z.array(z.string()),
  CreatedBy: z.string().nullable(),
  CreatedTime: z.string(),
});
export type LineOrder = z.infer<typeof lineOrder>;

export const issueEdoInput = z.object({
  TerminalCode: terminal,
  BLNo: blNo,
  ConsigneeTaxCode: taxCode,
  AgentTaxCode: optionalTax,
  ValidUntil: validUntil,
  /** Some containers of the bill; empty or absent = every container of the bill the line has in the yard. */
  ContainerNos: z.array(isoContainerNo).max(500, 'Tối đa 500 container mỗi eDO').default([]),
  Note: z.string().trim().max(500, 'Ghi chú tối đa 500 ký tự').nullish(),
});
export type IssueEdoInput = z.output<typeof issueEdoInput>;

export const listEdos = defineCall({
  path: 'edo/list',
  module: 'edo',
  summary: 'Danh sách eDO của hãng tàu (theo cảng, trạng thái, số eDO / vận đơn / container / mã số thuế)',
  access: lineAccess,
  request: lineListFilter,
  response: replyWith({ payload: z.array(edoRow).optional() }),
});

export const edoBillContainers = defineCall({
  path: 'edo/billContainers',
  module: 'edo',
  summary: 'Container của hãng trong bãi theo vận đơn tại một cảng (để phát hành eDO)',
  access: edoAccess,
  request: z.object({ TerminalCode: terminal, BLNo: blNo }),
  response: replyWith({ payload: z.array(lineContainer).optional() }),
});

export const issueEdo = defineCall({
  path: 'edo/issue',
  module: 'edo',
  summary: 'Phát hành eDO cho một vận đơn tại một cảng',
  access: edoAccess,
  request: issueEdoInput,
  response: replyWith({ data: edoRow.optional() }),
});

export const amendEdo = defineCall({
  path: 'edo/amend',
  module: 'edo',
  summary: 'Gia hạn eDO, đổi người nhận hàng hoặc đơn vị được ủy quyền (có lý do)',
  access: edoAccess,
  request: z.object({
    EdoNo: edoNo,
    ValidUntil: validUntil.optional(),
    ConsigneeTaxCode: taxCode.optional(),
    AgentTaxCode: optionalTax.optional(),
    Reason: reason,
  }),
  response: replyWith({ data: edoRow.optional() }),
});

export const revokeEdo = defineCall({
  path: 'edo/revoke',
  module: 'edo',
  summary: 'Thu hồi eDO: các lệnh chưa duyệt dùng eDO bị hủy, tiền đã thu ghi nhận để hoàn trả',
  access: edoAccess,
  request: z.object({ EdoNo: edoNo, Reason: reason }),
  response: plainReply,
});

export const edoHistory = defineCall({
  path: 'edo/history',
  module: 'edo',
  summary: 'Lịch sử một eDO: phát hành, cập nhật, thu hồi, dùng cho lệnh',
  access: lineAccess,
  request: z.object({ EdoNo: edoNo }),
  response: replyWith({ payload: z.array(edoEvent).optional() }),
});

export const importEdoRow = z.object({
  TerminalCode: z.string().trim().toUpperCase().default(''),
  BLNo: z.string().trim().toUpperCase().default(''),
  ConsigneeTaxCode: z.string().trim().default(''),
  AgentTaxCode: z.string().trim().nullish(),
  ValidUntil: z.string().trim().default(''),
  /** Empty: every container of the bill. Rows of one bill, terminal and consignee make one eDO. */
  ContainerNo: z.string().trim().nullish(),
});
export type ImportEdoRow = z.infer<typeof importEdoRow>;

export const importEdos = defineCall({
  path: 'edo/import',
  module: 'edo',
  summary: 'Phát hành nhiều eDO từ tệp Excel (mọi dòng hợp lệ, hoặc không dòng nào được lưu)',
  access: edoAccess,
  request: z.object({ rows: z.array(importEdoRow).min(1, 'Tệp không có dòng dữ liệu nào').max(2000, 'Tối đa 2.000 dòng mỗi tệp') }),
  response: replyWith({ payload: z.array(edoRow).optional(), problems: z.array(z.string()).optional() }),
});

export const lineContainers = defineCall({
  path: 'edo/lineContainers',
  module: 'edo',
  summary: 'Container của hãng trong bãi các cảng của người dùng, với trạng thái hải quan và eDO',
  access: lineAccess,
  request: optionalBody(
    z.object({
      TerminalCode: z.string().trim().max(10).toUpperCase().optional(),
      FindValue: z.string().trim().max(50).toUpperCase().optional(),
    }),
  ),
  response: replyWith({ payload: z.array(lineContainer).optional() }),
});

export const lineOrders = defineCall({
  path: 'edo/lineOrders',
  module: 'edo',
  summary: 'Lệnh đã tạo theo eDO hoặc booking của hãng',
  access: lineAccess,
  request: optionalBody(
    z.object({
      TerminalCode: z.string().trim().max(10).toUpperCase().optional(),
      FindValue: z.string().trim().max(50).toUpperCase().optional(),
    }),
  ),
  response: replyWith({ payload: z.array(lineOrder).optional() }),
});

export const edoCalls = {
  listEdos,
  edoBillContainers,
  issueEdo,
  amendEdo,
  revokeEdo,
  edoHistory,
  importEdos,
  lineContainers,
  lineOrders,
};
