import type { ModuleHandlers } from '../../http/call-registry';
import type { EdoService } from './edo.service';

export function edoHandlers(edo: EdoService): ModuleHandlers<'edo'> {
  return {
    listEdos: (input, ctx) => edo.list(ctx.user, input),
    edoBillContainers: (input, ctx) => edo.billContainers(ctx.user, input),
    issueEdo: (input, ctx) => edo.issue(ctx.user, input),
    amendEdo: (input, ctx) => edo.amend(ctx.user, input),
    revokeEdo: (input, ctx) => edo.revoke(ctx.user, input),
    edoHistory: (input, ctx) => edo.history(ctx.user, input),
    importEdos: (input, ctx) => edo.importMany(ctx.user, input),
    lineContainers: (input, ctx) => edo.lineContainers(ctx.user, input),
    lineOrders: (input, ctx) => edo.lineOrders(ctx.user, input),
  };
}
