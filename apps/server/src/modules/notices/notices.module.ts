import { notifyGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { Module, ModuleContext } from '../../kernel/module';
import { createNoticesRepository } from '../settings/notices.repository';
import { createNoticesService } from '../settings/notices.service';

/** Notifications: the configuration grid and the signed-in users' active notices. */
export function noticesModule(ctx: ModuleContext) {
  const notices = createNoticesService(createNoticesRepository(ctx.database.db));
  return {
    services: { notices },
    handlers: {
      settings: {
        ...gridHandlers([notifyGrid] as const, ctx.grid),
        getActiveNotifyList: async () => ({ success: true, payload: await notices.active() }),
      },
    },
  } satisfies Module<unknown>;
}
