import {
  APPROVAL_ALL,
  type ApprovalRow,
  approvalMessages,
  type CallReply,
  type CallRequest,
  type calls,
  portTime,
  portTimeText,
  reffCode,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { assertTerminal } from '../../security/terminal-scope';
import type { ApprovalRepository, ApprovalScopeKey, StoredApproval } from './approval.repository';
import { type ApprovalQuery, approvalNeededBy } from './approval-rules';

type S = typeof calls.approval;

/** What the payments ask when money is applied to an order (ApprovalQuery + the order's terminal). */
export interface ApprovalFacts extends ApprovalQuery {
  terminal: string;
}

const m = approvalMessages;

/** 'YYYY-MM-DD …' → that port day at 00:00:00 / 23:59:59 (spec 03 §4: expiry is end of day at save). */
function portDay(text: string, edge: 'start' | 'end'): Date {
  const day = text.trim().slice(0, 10);
  const at = portTime(`${day} ${edge === 'start' ? '00:00:00' : '23:59:59'}`);
  if (!at || !/^\d{4}-\d{2}-\d{2}/.test(text.trim())) throw badRequest(m.dateFormat);
  return at;
}

/**
 * The approval configuration (spec 03 §2.4): the screen's calls, and `approvalNeeded`, which the payments
 * ask at the moment money is applied (rows picked by the pure `approval-rules.ts`).
 */
export function createApprovalService(deps: { repo: ApprovalRepository }) {
  const { repo } = deps;

  function terminalOf(user: AuthUser, requested: string): string {
    const terminal = requested || user.terminals[0];
    if (!terminal) throw badRequest('Tài khoản chưa được gán cảng.');
    assertTerminal(user, terminal);
    return terminal.toUpperCase();
  }

  /**
   * The screen's scope, checked in the spec's order (operator, payee = the customer), then the payment type and the
   * dates; codes must exist unless '*'.
   */
  async function scopeOf(
    user: AuthUser,
    input: { OperationCode: string; MoneyCredit: string; CustomerCode: string; FromDate: string; ToDate: string; TerminalCode: string },
  ): Promise<ApprovalScopeKey> {
    if (!input.OperationCode) throw badRequest(m.operator);
    if (!input.CustomerCode) throw badRequest(m.payee);
    if (!input.MoneyCredit) throw badRequest(m.moneyCreditMissing);
    if (!input.FromDate) throw badRequest(m.fromDate);
    if (!input.ToDate) throw badRequest(m.toDate);
    if (![APPROVAL_ALL, 'M', 'C'].includes(input.MoneyCredit)) throw badRequest(m.moneyCredit);
    const FromDate = portDay(input.FromDate, 'start');
    const ToDate = portDay(input.ToDate, 'end');
    if (ToDate < FromDate) throw badRequest(m.dateOrder);
    if (input.OperationCode !== APPROVAL_ALL && !(await repo.operatorExists(input.OperationCode)))
      throw badRequest(m.operatorUnknown(input.OperationCode));
    if (input.CustomerCode !== APPROVAL_ALL && !(await repo.customerExists(input.CustomerCode)))
      throw badRequest(m.customerUnknown(input.CustomerCode));
    return {
      TerminalCode: terminalOf(user, input.TerminalCode),
      OperationCode: input.OperationCode,
      CustomerCode: input.CustomerCode,
      MoneyCredit: input.MoneyCredit,
      FromDate,
      ToDate,
    };
  }

  const rowOf = (r: StoredApproval, JobModeName: string | null): ApprovalRow => ({
    Rowguid: r.Rowguid,
    TerminalCode: r.TerminalCode,
    JobModeCode: r.JobModeCode,
    JobModeName,
    FromDate: portTimeText(r.FromDate),
    ToDate: portTimeText(r.ToDate),
    IsUnApproval: r.IsUnApproval,
    IsApproval: r.IsApproval,
    MoneyCredit: r.MoneyCredit,
    OperationCode: r.OperationCode,
    CustomerCode: r.CustomerCode,
  });

  return {
    async list(user: AuthUser, input: CallRequest<S['getApprovalJobMode']>): Promise<CallReply<S['getApprovalJobMode']>> {
      const scope = await scopeOf(user, input);
      const rows = await repo.jobModesIn(scope);
      return {
        success: true,
        data: rows.map((r) => ({
          Rowguid: r.Rowguid,
          TerminalCode: scope.TerminalCode,
          JobModeCode: r.JobModeCode,
          JobModeName: r.JobModeName,
          FromDate: portTimeText(scope.FromDate),
          ToDate: portTimeText(scope.ToDate),
          IsUnApproval: r.IsUnApproval,
          IsApproval: r.IsApproval,
          MoneyCredit: scope.MoneyCredit,
          OperationCode: scope.OperationCode,
          CustomerCode: scope.CustomerCode,
        })),
      };
    },

    /** One row saved (a switch toggled): exclusive switches, the same row again by its Rowguid or its key. */
    async save(user: AuthUser, input: CallRequest<S['saveApprovalJobMode']>): Promise<CallReply<S['saveApprovalJobMode']>> {
      if (input.IsApproval && input.IsUnApproval) throw badRequest(m.both);
      const scope = await scopeOf(user, input);
      if (!input.JobModeCode) throw badRequest(m.jobModeMissing);
      if (!(await repo.jobModeExists(input.JobModeCode))) throw badRequest(m.jobMode(input.JobModeCode));
      const write = {
        ...scope,
        JobModeCode: input.JobModeCode,
        IsApproval: input.IsApproval,
        IsUnApproval: input.IsUnApproval,
        UpdatedBy: user.UserID,
      };
      let saved: StoredApproval | null;
      if (input.Rowguid) {
        if (!(await repo.byRowguid(input.Rowguid, user.terminals))) throw notFound(m.rowMissing);
        try {
          saved = await repo.update(input.Rowguid, write);
        } catch (err) {
          // Another row already holds this scope and job mode: that one is the row to change.
          if ((err as { code?: string }).code !== '23505') throw err;
          saved = await repo.upsert(write);
        }
        if (!saved) throw notFound(m.rowMissing);
      } else saved = await repo.upsert(write);
      return { success: true, message: m.saved, data: rowOf(saved, input.JobModeName ?? null) };
    },

    /** The distinct stored scopes as reff group codes (common/getReffList). */
    async reffList(user: AuthUser, input: CallRequest<S['getReffList']>): Promise<CallReply<S['getReffList']>> {
      const terminals = input.TerminalCode ? [terminalOf(user, input.TerminalCode)] : user.terminals;
      const seen = new Set<string>();
      for (const s of await repo.scopes(terminals))
        seen.add(reffCode({ ...s, FromDate: portTimeText(s.FromDate), ToDate: portTimeText(s.ToDate) }));
      return { success: true, payload: [...seen].map((ReffCode) => ({ ReffCode })) };
    },

    /** Whether an order paid now waits for staff (true → P) or is approved at once (false → C). */
    async approvalNeeded(f: ApprovalFacts): Promise<boolean> {
      return approvalNeededBy(await repo.candidates(f.terminal, f.jobModeCode, f.at), f);
    },
  };
}
export type ApprovalService = ReturnType<typeof createApprovalService>;
