/**
 * Which approval configuration row decides about a paid order (pure; spec 03 §2.4 'Cấu hình duyệt lệnh').
 *
 * A row applies when its job mode is the order's, FromDate ≤ at ≤ ToDate, and each of operator,
 * customer and MoneyCredit is the order's or '*'; a row with neither switch on decides nothing.
 * Among those: the most specific first — exact customer over '*', then exact operator over '*',
 * then exact MoneyCredit over '*' (lexicographic) — then the latest FromDate, then the narrower
 * period (earlier ToDate), then 'Cần duyệt' over 'Không cần duyệt' (the safe side).
 * No row → approval needed (docs/decisions.md: a port does not release unchecked orders by default).
 */
export const ANY = '*';

export interface ApprovalRule {
  JobModeCode: string;
  OperationCode: string;
  CustomerCode: string;
  MoneyCredit: string;
  FromDate: Date;
  ToDate: Date;
  IsApproval: boolean;
  IsUnApproval: boolean;
}

export interface ApprovalQuery {
  jobModeCode: string;
  operationCode: string | null;
  customerCode: string;
  moneyCredit: string;
  at: Date;
}

const fits = (ruleValue: string, value: string | null) => ruleValue === ANY || (value != null && ruleValue === value);

export function ruleApplies(rule: ApprovalRule, q: ApprovalQuery): boolean {
  return (
    (rule.IsApproval || rule.IsUnApproval) &&
    rule.JobModeCode === q.jobModeCode &&
    rule.FromDate.getTime() <= q.at.getTime() &&
    q.at.getTime() <= rule.ToDate.getTime() &&
    fits(rule.OperationCode, q.operationCode) &&
    fits(rule.CustomerCode, q.customerCode) &&
    fits(rule.MoneyCredit, q.moneyCredit)
  );
}

/** 4 exact customer + 2 exact operator + 1 exact MoneyCredit: a higher number is more specific. */
export const specificity = (rule: Pick<ApprovalRule, 'OperationCode' | 'CustomerCode' | 'MoneyCredit'>) =>
  (rule.CustomerCode !== ANY ? 4 : 0) + (rule.OperationCode !== ANY ? 2 : 0) + (rule.MoneyCredit !== ANY ? 1 : 0);

/** Negative when `a` goes before `b` (wins). */
export function compareRules(a: ApprovalRule, b: ApprovalRule): number {
  return (
    specificity(b) - specificity(a) ||
    b.FromDate.getTime() - a.FromDate.getTime() ||
    a.ToDate.getTime() - b.ToDate.getTime() ||
    Number(b.IsApproval) - Number(a.IsApproval)
  );
}

/** The row that decides, or null when none applies. */
export function decidingRule<R extends ApprovalRule>(rules: readonly R[], q: ApprovalQuery): R | null {
  let best: R | null = null;
  for (const r of rules) if (ruleApplies(r, q) && (!best || compareRules(r, best) < 0)) best = r;
  return best;
}

/** Whether a paid order waits for staff (P) rather than being approved at once (C). */
export function approvalNeededBy(rules: readonly ApprovalRule[], q: ApprovalQuery): boolean {
  const rule = decidingRule(rules, q);
  return rule ? rule.IsApproval : true;
}
