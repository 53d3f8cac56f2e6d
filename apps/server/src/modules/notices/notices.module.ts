import type { Module, ModuleContext } from '../../kernel/module';
import { createNoticesRepository } from './notices.repository';
import { noticesHandlers } from './notices.routes';
import { createNoticesService } from './notices.service';

/** Notifications: the configuration grid and the signed-in users' active notices. */
export function noticesModule(ctx: ModuleContext) {
  const notices = createNoticesService(createNoticesRepository(ctx.database.db));
  return { services: { notices }, handlers: { notices: noticesHandlers(ctx.grid, notices) } } satisfies Module<unknown>;
}
