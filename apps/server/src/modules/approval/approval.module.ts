import type { Module, ModuleContext } from '../../kernel/module';
import { createApprovalRepository } from '../settings/approval.repository';
import { createApprovalService } from '../settings/approval.service';

/** 'Cấu hình duyệt lệnh': the screen's calls, and the decision payments and pay-later ask for (`approvalNeeded`). */
export function approvalModule(ctx: ModuleContext) {
  const approval = createApprovalService({ repo: createApprovalRepository(ctx.database) });
  return {
    services: { approval },
    handlers: {
      settings: {
        getApprovalJobMode: (input, c) => approval.list(c.user, input),
        saveApprovalJobMode: (input, c) => approval.save(c.user, input),
        getReffList: (input, c) => approval.reffList(c.user, input),
      },
    },
  } satisfies Module<unknown>;
}
