import {
  type BookingRow,
  bookingMessages,
  bookingStatusNames,
  type CallReply,
  type CallRequest,
  type calls,
  lastSecondOfDayText,
  portDayKey,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { scopeTerminals } from '../../security/terminal-scope';
import type { BookingRecord, BookingsRepository } from './bookings.repository';

type B = typeof calls.bookings;

/** A booking as the order checks read it. */
export interface BookingFact {
  BookingNo: string;
  TerminalCode: string;
  ValidUntil: Date;
  Status: 'A' | 'R';
  lines: BookingRecord['lines'];
}

/**
 * The shipping line's bookings (docs/decisions.md 'Bookings'): issue, amend (never below what orders use), cancel (only
 * unused), the list with what each size has left, the remaining count a customer's order screen shows, and the yard's
 * choice of empties for an empty pickup by quantity.
 */
export function createBookingsService(deps: { repo: BookingsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();

  function lineOf(user: AuthUser): string {
    if (!user.OperationCode) throw forbidden(bookingMessages.noLine);
    return user.OperationCode;
  }
  function validUntil(day: string): Date {
    const at = lastSecondOfDayText(day);
    if (!at) throw badRequest(bookingMessages.validFormat);
    if (at.getTime() < now().getTime()) throw badRequest(bookingMessages.validPast);
    return at;
  }
  function oneSizeEach(lines: { IsoSizetype: string; Quantity: number }[]) {
    const seen = new Set<string>();
    for (const l of lines) {
      if (seen.has(l.IsoSizetype)) throw badRequest(bookingMessages.sizeTwice(l.IsoSizetype));
      seen.add(l.IsoSizetype);
    }
  }
  function toRow(r: BookingRecord): BookingRow {
    const Status = r.Status === 'A' && r.ValidUntil.getTime() < now().getTime() ? 'E' : r.Status;
    return {
      BookingNo: r.BookingNo,
      TerminalCode: r.TerminalCode,
      OperationCode: r.OperationCode,
      ShipperTaxCode: r.ShipperTaxCode,
      ShipperName: r.ShipperName,
      ValidUntil: portDayKey(r.ValidUntil),
      Status,
      StatusName: bookingStatusNames[Status],
      Note: r.Note,
      IssuedBy: r.IssuedBy,
      IssuedTime: r.IssuedTime.toISOString(),
      lines: r.lines.map((l) => ({ ...l, Quantity: Number(l.Quantity), Picked: Number(l.Picked), Dropped: Number(l.Dropped) })),
    };
  }
  async function own(user: AuthUser, bookingNo: string): Promise<BookingRecord> {
    const line = lineOf(user);
    const b = await repo.byNo(line, bookingNo);
    if (!b || !user.terminals.includes(b.TerminalCode)) throw notFound(bookingMessages.notFound(bookingNo));
    return b;
  }

  return {
    async list(user: AuthUser, f: CallRequest<B['listBookings']>): Promise<CallReply<B['listBookings']>> {
      const rows = await repo.list({
        line: user.OperationCode ?? null,
        terminals: scopeTerminals(user, f?.TerminalCode || null),
        status: f?.Status ?? '*',
        find: f?.FindValue,
      });
      return { success: true, payload: rows.map(toRow) };
    },

    async issue(user: AuthUser, input: CallRequest<B['issueBooking']>): Promise<CallReply<B['issueBooking']>> {
      const line = lineOf(user);
      if (!user.terminals.includes(input.TerminalCode)) throw forbidden(bookingMessages.terminal(input.TerminalCode));
      const until = validUntil(input.ValidUntil);
      oneSizeEach(input.lines);
      const made = await repo.insert({
        BookingNo: input.BookingNo,
        TerminalCode: input.TerminalCode,
        OperationCode: line,
        ShipperTaxCode: input.ShipperTaxCode,
        ValidUntil: until,
        Note: input.Note?.trim() || null,
        IssuedBy: user.UserID,
        lines: input.lines,
      });
      if (!made) throw new AppError(409, bookingMessages.exists(input.BookingNo, line));
      const b = await repo.byNo(line, input.BookingNo);
      return { success: true, message: bookingMessages.issued(input.BookingNo), ...(b ? { data: toRow(b) } : {}) };
    },

    async amend(user: AuthUser, input: CallRequest<B['amendBooking']>): Promise<CallReply<B['amendBooking']>> {
      const b = await own(user, input.BookingNo);
      if (b.Status !== 'A') throw new AppError(409, bookingMessages.notActive(b.BookingNo));
      if (input.lines) oneSizeEach(input.lines);
      const change = {
        ...(input.ValidUntil ? { ValidUntil: validUntil(input.ValidUntil) } : {}),
        ...(input.lines ? { lines: input.lines } : {}),
      };
      const done = await repo.amend(b.Rowguid, change);
      if (!done.ok) {
        if ('gone' in done) throw new AppError(409, bookingMessages.notActive(b.BookingNo));
        throw badRequest(bookingMessages.belowUsed(done.size, done.used));
      }
      const after = await repo.byNo(b.OperationCode, b.BookingNo);
      return { success: true, message: bookingMessages.amended(b.BookingNo), ...(after ? { data: toRow(after) } : {}) };
    },

    async cancel(user: AuthUser, input: CallRequest<B['cancelBooking']>): Promise<CallReply<B['cancelBooking']>> {
      const b = await own(user, input.BookingNo);
      if (b.Status !== 'A') throw new AppError(409, bookingMessages.notActive(b.BookingNo));
      const using = await repo.ordersUsing(b);
      if (using.length) throw new AppError(409, bookingMessages.inUse(b.BookingNo, using));
      if (!(await repo.cancel(b.Rowguid, user.UserID, input.Reason))) throw new AppError(409, bookingMessages.notActive(b.BookingNo));
      return { success: true, message: bookingMessages.cancelled(b.BookingNo) };
    },

    /** The booking at a terminal as a customer's order screen reads it (404 when the line has none there). */
    async remaining(user: AuthUser, input: CallRequest<B['bookingRemaining']>): Promise<CallReply<B['bookingRemaining']>> {
      if (!user.terminals.includes(input.TerminalCode)) throw forbidden(bookingMessages.terminal(input.TerminalCode));
      const b = await repo.byNo(input.OperationCode, input.BookingNo);
      if (!b || b.TerminalCode !== input.TerminalCode)
        throw notFound(bookingMessages.orderNone(input.BookingNo, input.OperationCode, input.TerminalCode));
      return { success: true, data: toRow(b) };
    },

    /** Empties the yard gives for a booking: as many as asked and left on the booking, oldest first. */
    async pickEmpties(user: AuthUser, input: CallRequest<B['pickEmpties']>): Promise<CallReply<B['pickEmpties']>> {
      if (!user.terminals.includes(input.TerminalCode)) throw forbidden(bookingMessages.terminal(input.TerminalCode));
      const b = await repo.byNo(input.OperationCode, input.BookingNo);
      if (!b || b.TerminalCode !== input.TerminalCode)
        throw notFound(bookingMessages.orderNone(input.BookingNo, input.OperationCode, input.TerminalCode));
      const line = b.lines.find((l) => l.IsoSizetype === input.IsoSizetype);
      if (!line) throw badRequest(bookingMessages.sizeNotBooked(b.BookingNo, input.IsoSizetype));
      const left = Math.max(0, Number(line.Quantity) - Number(line.Picked));
      const n = Math.min(input.Quantity, left);
      if (!n) throw badRequest(bookingMessages.overQuantity(b.BookingNo, input.IsoSizetype, 0));
      const picked = await repo.pickEmpties({
        terminal: input.TerminalCode,
        line: input.OperationCode,
        size: input.IsoSizetype,
        n,
        exclude: input.Exclude,
      });
      if (!picked.length) throw badRequest(bookingMessages.noneToPick(input.IsoSizetype, input.OperationCode, input.TerminalCode));
      return { success: true, message: bookingMessages.picked(picked.length, input.IsoSizetype, input.Quantity), payload: picked };
    },

    /** What the order checks read: the line's booking, null when there is none. */
    async bookingFor(q: { line: string; bookingNo: string }): Promise<BookingFact | null> {
      const b = await repo.byNo(q.line, q.bookingNo);
      return b
        ? {
            BookingNo: b.BookingNo,
            TerminalCode: b.TerminalCode,
            ValidUntil: b.ValidUntil,
            Status: b.Status,
            lines: b.lines.map((l) => ({ ...l, Quantity: Number(l.Quantity), Picked: Number(l.Picked), Dropped: Number(l.Dropped) })),
          }
        : null;
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
