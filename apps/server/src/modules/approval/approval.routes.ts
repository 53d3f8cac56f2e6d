import type { ModuleHandlers } from '../../http/call-registry';
import type { ApprovalService } from './approval.service';

/** The approval screen's calls ('Cấu hình duyệt lệnh'). */
export function approvalHandlers(approval: ApprovalService): ModuleHandlers<'approval'> {
  return {
    getApprovalJobMode: (input, ctx) => approval.list(ctx.user, input),
    saveApprovalJobMode: (input, ctx) => approval.save(ctx.user, input),
    getReffList: (input, ctx) => approval.reffList(ctx.user, input),
  };
}
