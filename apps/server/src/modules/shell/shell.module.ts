import type { MenuNode } from '@smartport/contract';
import type { Module, ModuleContext } from '../../kernel/module';
import type { HeardCache } from '../../security/heard-cache';
import { createShellRepository } from './shell.repository';
import { shellHandlers } from './shell.routes';
import { createShellService } from './shell.service';

/** The signed-in frame: terminals, menus (each group's tree kept while changes are heard), notices of the frame. */
export function shellModule(ctx: ModuleContext, deps: { menus: HeardCache<MenuNode[]> }) {
  const shell = createShellService(createShellRepository(ctx.database.db), { menus: deps.menus });
  return { services: { shell }, handlers: { shell: shellHandlers(shell) } } satisfies Module<unknown>;
}
