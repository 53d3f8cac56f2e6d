import {
  depotMessages,
  type OrderHeaderInput,
  type OrderTypeDef,
  orderLimits,
  orderMessages,
  type PayerRow,
  type VesselVoyageRecord,
} from '@smartport/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { PORT_TZ } from '../../lib/format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Step 1 as the screen holds it (the vessel as picked, the expiry as a date-time). */
export interface OrderInfo {
  TerminalCode: string;
  OperationCode: string;
  vessel: VesselVoyageRecord | null;
  BLNo: string;
  BookingNo: string;
  ExpDate: Dayjs | null;
  JobModeCode: string;
  ShipperName: string;
  Note: string;
  /** Optional attached services the customer ticked (step 4, among those the attach configuration offers). */
  AttachServices: string[];
  /** The depot chosen where the terminal offers one (empty pickup / return, 'Hiển thị chọn depot' on), else ''. */
  DepotCode: string;
}

/** The order's default expiry: the end of tomorrow, port time. */
export const defaultExpiry = (now = dayjs()) => now.tz(PORT_TZ).add(1, 'day').endOf('day').second(59).millisecond(0);

/** The last moment the expiry may be set to (today + 30 days, end of day). */
export const lastExpiry = (now = dayjs()) => now.tz(PORT_TZ).add(orderLimits.maxExpiryDays, 'day').endOf('day');

export function emptyOrderInfo(type: OrderTypeDef, terminal = ''): OrderInfo {
  return {
    TerminalCode: terminal,
    OperationCode: '',
    vessel: null,
    BLNo: '',
    BookingNo: '',
    ExpDate: defaultExpiry(),
    JobModeCode: type.jobModes[0] ?? '',
    ShipperName: '',
    Note: '',
    AttachServices: [],
    DepotCode: '',
  };
}

/**
 * The first problem of step 1, in the order the server checks the header (orderMessages), or null. The same
 * sentences the server answers, so a user reads one wording whoever catches it.
 */
export function orderInfoProblem(type: OrderTypeDef, info: OrderInfo, now = dayjs(), depotOffered = false): string | null {
  if (!info.TerminalCode) return orderMessages.noTerminal;
  if (!info.OperationCode) return orderMessages.noOperation;
  if (type.vesselRequired && !info.vessel) return orderMessages.noVessel;
  const bl = info.BLNo.trim();
  const booking = info.BookingNo.trim();
  if (type.document === 'BLNo' && !bl) return orderMessages.noBL;
  if (type.document === 'BookingNo' && !booking) return orderMessages.noBooking;
  if (type.document === 'either' && !bl && !booking) return orderMessages.noDocument;
  if (!info.ExpDate) return orderMessages.noExpDate;
  if (!info.ExpDate.isAfter(now)) return orderMessages.expPast;
  if (info.ExpDate.isAfter(lastExpiry(now))) return orderMessages.expTooFar;
  if (!info.JobModeCode) return orderMessages.noJobMode;
  if (depotOffered && !info.DepotCode) return depotMessages.required;
  return null;
}

/** The header of every order call: port time 'YYYY-MM-DD HH:mm:ss' for the expiry. */
export function headerInput(type: OrderTypeDef, info: OrderInfo): OrderHeaderInput {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  return {
    OrderType: type.type,
    TerminalCode: info.TerminalCode,
    JobModeCode: info.JobModeCode,
    OperationCode: info.OperationCode,
    VesselKey: info.vessel?.VesselKey ?? null,
    BLNo: type.document === 'BookingNo' ? null : text(info.BLNo),
    BookingNo: type.document === 'BLNo' ? null : text(info.BookingNo),
    ExpDate: info.ExpDate ? info.ExpDate.tz(PORT_TZ).format('YYYY-MM-DD HH:mm:ss') : '',
    ShipperName: text(info.ShipperName),
    Note: text(info.Note),
    AttachServices: [...info.AttachServices],
    DepotCode: text(info.DepotCode),
  };
}

/** Payer label: M pay now, C pay later. */
export const isPayLater = (payer: Pick<PayerRow, 'MoneyCredit'> | null | undefined) => payer?.MoneyCredit === 'C';
