import type { ModuleHandlers } from '../../http/call-registry';
import type { BookingsService } from './bookings.service';

export function bookingsHandlers(bookings: BookingsService): ModuleHandlers<'bookings'> {
  return {
    listBookings: (input, ctx) => bookings.list(ctx.user, input),
    issueBooking: (input, ctx) => bookings.issue(ctx.user, input),
    amendBooking: (input, ctx) => bookings.amend(ctx.user, input),
    cancelBooking: (input, ctx) => bookings.cancel(ctx.user, input),
    bookingRemaining: (input, ctx) => bookings.remaining(ctx.user, input),
    pickEmpties: (input, ctx) => bookings.pickEmpties(ctx.user, input),
  };
}
