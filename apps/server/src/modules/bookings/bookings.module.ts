import type { Module, ModuleContext } from '../../kernel/module';
import { createBookingsRepository } from './bookings.repository';
import { bookingsHandlers } from './bookings.routes';
import { createBookingsService } from './bookings.service';

/** Bookings: the shipping line's empty release orders; the order checks (orders, a higher tier) read what is left. */
export function bookingsModule(ctx: ModuleContext) {
  const bookings = createBookingsService({ repo: createBookingsRepository(ctx.database.db) });
  return {
    services: { bookings },
    handlers: { bookings: bookingsHandlers(bookings) },
  } satisfies Module<unknown>;
}
