import type { Db } from '../../db/client';
import { systemActor } from '../../http/actor';
import type { Module, ModuleContext } from '../../kernel/module';
import { createAuditRepository } from './audit.repository';
import { auditHandlers } from './audit.routes';
import { createAuditService } from './audit.service';
import { createAuditRecorder } from './audit-recorder.service';

/** The actor an order fact names: the call's user when it is the one acting, else the fact's own (a payer, the system). */
const orderActor = (by: string | null) => (by ? undefined : systemActor);

/** The recorder every module and mechanism is given (kernel/platform.ts puts it in ModuleContext as `audit`). */
export function auditRecorderOver(db: Db) {
  return createAuditRecorder(createAuditRepository(db));
}

/**
 * The audit trail: the screen's calls, and the order facts recorded in the transaction that made them (approved,
 * rejected, cancelled). Everything else is recorded by the mechanisms and services that change it, through the
 * platform's recorder (`ctx.audit`).
 */
export function auditModule(ctx: ModuleContext) {
  const audit = createAuditService(createAuditRepository(ctx.database.db));
  const { events } = ctx;
  events.onInTransaction('order.approved', async (e, t) => {
    const actor = orderActor(e.by);
    await ctx.audit.record(
      {
        entity: 'order',
        key: e.orderNo,
        action: 'approve',
        after: { OrderStatus: 'C', ApprovedBy: e.by ?? e.payer ?? 'system' },
        ...(actor ? { actor } : {}),
      },
      t.tx,
    );
  });
  events.onInTransaction('order.rejected', async (e, t) => {
    await ctx.audit.record(
      { entity: 'order', key: e.orderNo, action: 'reject', before: { OrderStatus: 'P' }, after: { OrderStatus: 'D', Reason: e.reason } },
      t.tx,
    );
  });
  events.onInTransaction('order.cancelled', async (e, t) => {
    await ctx.audit.record(
      { entity: 'order', key: e.orderNo, action: 'cancel', after: { OrderStatus: 'D', Reason: e.reason, CancelledBy: e.by } },
      t.tx,
    );
  });
  return { services: {}, handlers: { audit: auditHandlers(audit) } } satisfies Module<unknown>;
}
