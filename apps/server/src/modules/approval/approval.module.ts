import type { Module, ModuleContext } from '../../kernel/module';
import { createApprovalRepository } from './approval.repository';
import { approvalHandlers } from './approval.routes';
import { createApprovalService } from './approval.service';

/** 'Cấu hình duyệt lệnh': the screen's calls, and the decision payments and pay-later ask for (`approvalNeeded`). */
export function approvalModule(ctx: ModuleContext) {
  const approval = createApprovalService({ repo: createApprovalRepository(ctx.database) });
  return { services: { approval }, handlers: { approval: approvalHandlers(approval) } } satisfies Module<unknown>;
}
