import { getApprovalJobMode, getReffList, saveApprovalJobMode } from './approval';

/** `calls.approval`: the approval screen's calls. */
export const approvalCalls = { getApprovalJobMode, saveApprovalJobMode, getReffList } as const;
