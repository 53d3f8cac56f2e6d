import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { lastDay, lineListFilter, optionalTaxCode, reasonText, terminalChoice } from '../fields';
import { isoSizetypeProblem } from '../orders/containers';
import { plainReply, replyWith } from '../reply';

/**
 * Bookings (empty release orders, ERO): the shipping line lets a booking's empties of each size type be picked up and
 * the same number of laden boxes be dropped off for export, until a day (docs/decisions.md 'Bookings'). An empty
 * pickup and an export laden drop-off name a booking of the line at the terminal and never exceed what it has left.
 */
export const bookingAccess = menuAccess('LINE_BOOKING');
/** What is left of a booking: the line, and the customers who order against it. */
export const bookingRemainingAccess = menuAccess('LINE_BOOKING', 'TASK_EMPTY_PICKUP', 'TASK_FCL_PRE_ADVICE');

export const bookingStatusNames = { A: 'Hiệu lực', R: 'Đã hủy', E: 'Hết hạn' } as const;

export const bookingMessages = {
  issued: (no: string) => `Đã phát hành booking ${no}.`,
  amended: (no: string) => `Đã cập nhật booking ${no}.`,
  cancelled: (no: string) => `Đã hủy booking ${no}.`,
  exists: (no: string, line: string) => `Booking ${no} của hãng ${line} đã có.`,
  notFound: (no: string) => `Không tìm thấy booking ${no}.`,
  noLine: 'Tài khoản không thuộc hãng tàu nào: chỉ hãng tàu phát hành được booking.',
  terminal: (terminal: string) => `Bạn không được phát hành booking tại cảng ${terminal}.`,
  validPast: 'Hạn booking phải từ hôm nay trở đi.',
  validFormat: 'Hạn booking không đúng định dạng (YYYY-MM-DD)',
  noLines: 'Vui lòng nhập ít nhất một kích cỡ và số lượng',
  sizeTwice: (size: string) => `Kích cỡ ${size} bị nhập hai lần`,
  belowUsed: (size: string, used: number) => `Số lượng ${size} không được nhỏ hơn số đã dùng (${used})`,
  inUse: (no: string, orders: readonly string[]) => `Booking ${no} đang được dùng cho lệnh ${orders.join(', ')}: không hủy được.`,
  notActive: (no: string) => `Booking ${no} đã bị hủy.`,
  noReason: 'Vui lòng nhập lý do',
  // What an order is refused with.
  orderNone: (no: string, line: string, terminal: string) => `Không tìm thấy booking ${no} của hãng ${line} tại cảng ${terminal}`,
  orderCancelled: (no: string) => `Booking ${no} đã bị hãng tàu hủy`,
  orderExpired: (no: string, day: string) => `Booking ${no} đã hết hạn ngày ${day}`,
  orderAfter: (no: string, day: string) => `Hạn lệnh vượt hạn booking ${no} (${day}): vui lòng chọn hạn lệnh đến ngày ${day}`,
  sizeNotBooked: (no: string, size: string) => `Booking ${no} không có kích cỡ ${size}`,
  overQuantity: (no: string, size: string, left: number) =>
    `Booking ${no} chỉ còn ${left} container ${size}${left ? '' : ' (đã dùng hết)'}`,
  full: (no: string, size: string) => `Booking ${no} vừa hết container ${size}: vui lòng kiểm tra lại số lượng.`,
  noneToPick: (size: string, line: string, terminal: string) =>
    `Không còn container rỗng ${size} của hãng ${line} tại cảng ${terminal} để cấp (đã trừ container hỏng, bị giữ hoặc đã có lệnh).`,
  picked: (n: number, size: string, wanted: number) =>
    n < wanted ? `Cảng chỉ còn ${n} container rỗng ${size} phù hợp (yêu cầu ${wanted}).` : `Cảng đã chọn ${n} container rỗng ${size}.`,
} as const;

const bookingNo = z
  .string({ error: 'Vui lòng nhập số booking' })
  .trim()
  .min(1, 'Vui lòng nhập số booking')
  .max(50, 'Số booking tối đa 50 ký tự')
  .toUpperCase();
const terminal = terminalChoice;
const day = lastDay('Vui lòng nhập hạn booking', bookingMessages.validFormat);
const reason = reasonText(bookingMessages.noReason);
const size = z
  .string({ error: 'Vui lòng nhập kích cỡ' })
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    const p = isoSizetypeProblem(v);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });
export const bookingLineInput = z.object({
  IsoSizetype: size,
  Quantity: z.coerce.number({ error: 'Số lượng phải là số' }).int('Số lượng phải là số nguyên').min(1, 'Số lượng phải lớn hơn 0').max(9999),
});
const linesInput = z.array(bookingLineInput).min(1, bookingMessages.noLines).max(20);

export const bookingLine = z.object({
  IsoSizetype: z.string(),
  Quantity: z.number().int(),
  /** Empties picked up against it (live and approved empty pickups). */
  Picked: z.number().int(),
  /** Laden boxes dropped off against it (live and approved export drop-offs). */
  Dropped: z.number().int(),
});
export const bookingRow = z.object({
  BookingNo: z.string(),
  TerminalCode: z.string(),
  OperationCode: z.string(),
  ShipperTaxCode: z.string().nullable(),
  ShipperName: z.string().nullable(),
  ValidUntil: z.string(),
  Status: z.enum(['A', 'R', 'E']),
  StatusName: z.string(),
  Note: z.string().nullable(),
  IssuedBy: z.string(),
  IssuedTime: z.string(),
  lines: z.array(bookingLine),
});
export type BookingRow = z.infer<typeof bookingRow>;

export const listBookings = defineCall({
  path: 'booking/list',
  module: 'bookings',
  summary: 'Danh sách booking của hãng tàu với số container đã cấp rỗng / đã hạ hàng',
  access: bookingAccess,
  request: lineListFilter,
  response: replyWith({ payload: z.array(bookingRow).optional() }),
});

export const issueBooking = defineCall({
  path: 'booking/issue',
  module: 'bookings',
  summary: 'Phát hành booking: kích cỡ × số lượng, hạn, mã số thuế chủ hàng',
  access: bookingAccess,
  request: z.object({
    TerminalCode: terminal,
    BookingNo: bookingNo,
    ShipperTaxCode: optionalTaxCode,
    ValidUntil: day,
    lines: linesInput,
    Note: z.string().trim().max(500, 'Ghi chú tối đa 500 ký tự').nullish(),
  }),
  response: replyWith({ data: bookingRow.optional() }),
});

export const amendBooking = defineCall({
  path: 'booking/amend',
  module: 'bookings',
  summary: 'Gia hạn booking hoặc đổi số lượng (không dưới số đã dùng), có lý do',
  access: bookingAccess,
  request: z.object({ BookingNo: bookingNo, ValidUntil: day.optional(), lines: linesInput.optional(), Reason: reason }),
  response: replyWith({ data: bookingRow.optional() }),
});

export const cancelBooking = defineCall({
  path: 'booking/cancel',
  module: 'bookings',
  summary: 'Hủy booking chưa có lệnh nào đang dùng',
  access: bookingAccess,
  request: z.object({ BookingNo: bookingNo, Reason: reason }),
  response: plainReply,
});

export const bookingRemaining = defineCall({
  path: 'booking/remaining',
  module: 'bookings',
  summary: 'Số container còn lại của một booking theo kích cỡ (màn hình tạo lệnh và hãng tàu)',
  access: bookingRemainingAccess,
  request: z.object({ TerminalCode: terminal, OperationCode: z.string().trim().min(1).max(10).toUpperCase(), BookingNo: bookingNo }),
  response: replyWith({ data: bookingRow.optional() }),
});

export const pickEmpties = defineCall({
  path: 'booking/pickEmpties',
  module: 'bookings',
  summary: 'Cảng chọn container rỗng cho lệnh cấp rỗng theo booking: cũ nhất trước, không hỏng, không bị giữ',
  access: menuAccess('TASK_EMPTY_PICKUP'),
  request: z.object({
    TerminalCode: terminal,
    OperationCode: z.string().trim().min(1).max(10).toUpperCase(),
    BookingNo: bookingNo,
    IsoSizetype: size,
    Quantity: z.coerce.number({ error: 'Số lượng phải là số' }).int().min(1, 'Số lượng phải lớn hơn 0').max(500),
    /** Containers already on the screen's list (not picked again). */
    Exclude: z.array(z.string()).max(2000).default([]),
  }),
  response: replyWith({ payload: z.array(z.string()).optional() }),
});

export const bookingCalls = { listBookings, issueBooking, amendBooking, cancelBooking, bookingRemaining, pickEmpties };
