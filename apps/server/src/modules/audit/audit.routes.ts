import type { ModuleHandlers } from '../../http/call-registry';
import type { AuditService } from './audit.service';

export function auditHandlers(audit: AuditService): ModuleHandlers<'audit'> {
  return {
    listAudit: async (input, ctx) => {
      const { rows, total } = await audit.list(ctx.user, input);
      return { success: true, payload: rows, total };
    },
    exportAudit: async (input, ctx) => ({ success: true, payload: await audit.export(ctx.user, input) }),
    auditEntityKinds: async (_input, ctx) => ({ success: true, payload: await audit.entityKinds(ctx.user) }),
  };
}
