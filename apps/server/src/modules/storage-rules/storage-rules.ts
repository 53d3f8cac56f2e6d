import type { FreeDayMoment, LocalForeign, ReeferRounding } from '@smartport/contract';

/**
 * The storage-day and reefer-power rules as the tariff engine reads them (spec 03 §3 "Free day rule row", "Reefer
 * config row"; docs/decisions.md "precedence of specific over *"). Pure functions over rules already loaded; the
 * service (`storage-rules.service.ts`) loads a terminal's rules valid at a moment and calls them.
 */

/** One stored free-day rule (a row of `free_day_rules`, header included). */
export interface FreeDayRule {
  ruleId: string;
  TerminalCode: string;
  Name: string;
  ApplyDate: Date;
  ExpireDate: Date;
  OperationCode: string;
  IsLocalForiend: LocalForeign | string;
  MoneyCredit: string;
  CustomerCode: string;
  isRFCheck: number;
  ClassCode: string;
  FE: string;
  CargoTypeCode: string;
  StartTime: FreeDayMoment | string;
  EndTime: FreeDayMoment | string;
  FreeDay: number;
}

/** What the tariff engine knows of a container's stay when it asks for its free days. */
export interface FreeDayQuery {
  terminal: string;
  operationCode: string;
  customerCode: string;
  isLocalForeign: 'L' | 'F';
  moneyCredit: 'M' | 'C';
  isReefer: boolean;
  classCode: string;
  fe: 'F' | 'E';
  cargoTypeCode: string;
  /** The moment the rule must be valid at (ApplyDate ≤ at ≤ ExpireDate). */
  at: Date;
}

export interface FreeDayAnswer {
  freeDays: number;
  startTime: FreeDayMoment;
  endTime: FreeDayMoment;
  ruleId: string;
}

const ALL = '*';
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
/** A rule's field matches a value when it names it or is *. */
const fits = (ruleValue: string, value: string) => ruleValue === ALL || same(ruleValue, value);
const named = (ruleValue: string) => (ruleValue === ALL ? 0 : 1);
const validAt = (r: { ApplyDate: Date; ExpireDate: Date }, at: Date) =>
  r.ApplyDate.getTime() <= at.getTime() && at.getTime() <= r.ExpireDate.getTime();

/** Whether a free-day rule applies to the container at all (wildcards included). */
export function freeDayRuleApplies(r: FreeDayRule, q: FreeDayQuery): boolean {
  return (
    same(r.TerminalCode, q.terminal) &&
    validAt(r, q.at) &&
    same(r.MoneyCredit, q.moneyCredit) &&
    same(r.FE, q.fe) &&
    // A reefer rule (isRFCheck 1) is for refrigerated containers only; a rule without the tick applies to any container.
    (r.isRFCheck === 0 || q.isReefer) &&
    fits(r.CustomerCode, q.customerCode) &&
    fits(r.OperationCode, q.operationCode) &&
    fits(r.IsLocalForiend, q.isLocalForeign) &&
    fits(r.ClassCode, q.classCode) &&
    fits(r.CargoTypeCode, q.cargoTypeCode)
  );
}

/**
 * How specific an applicable rule is, compared left to right (higher wins): exact customer, exact operator, exact
 * local/foreign, reefer rule, exact class, exact cargo type, then the latest ApplyDate.
 */
export function freeDayRank(r: FreeDayRule): number[] {
  return [
    named(r.CustomerCode),
    named(r.OperationCode),
    named(r.IsLocalForiend),
    r.isRFCheck === 1 ? 1 : 0,
    named(r.ClassCode),
    named(r.CargoTypeCode),
    r.ApplyDate.getTime(),
  ];
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Of the candidates, the one ranking highest; equal ranks: the smaller ruleId (so the answer never depends on order). */
function best<T extends { ruleId: string }>(candidates: readonly T[], rank: (r: T) => number[]): T | null {
  let top: T | null = null;
  let topRank: number[] = [];
  for (const r of candidates) {
    const k = rank(r);
    const c = top === null ? 1 : compareRanks(k, topRank);
    if (c > 0 || (c === 0 && top !== null && r.ruleId < top.ruleId)) {
      top = r;
      topRank = k;
    }
  }
  return top;
}

/** The free days a container gets: the most specific rule valid at `q.at` (docs/decisions.md), or null when none applies. */
export function freeDaysFor(rules: readonly FreeDayRule[], q: FreeDayQuery): FreeDayAnswer | null {
  const r = best(
    rules.filter((x) => freeDayRuleApplies(x, q)),
    freeDayRank,
  );
  if (!r) return null;
  return { freeDays: r.FreeDay, startTime: r.StartTime as FreeDayMoment, endTime: r.EndTime as FreeDayMoment, ruleId: r.ruleId };
}

// ---- reefer power ---------------------------------------------------------------------------------------------

/** One stored reefer config row. */
export interface ReeferRule {
  ruleId: string;
  TerminalCode: string;
  OperationCode: string;
  MoneyCredit: string;
  ApplyDate: Date;
  ExpireDate: Date;
  Rounding: ReeferRounding;
  HourAdding: number;
}

export interface ReeferQuery {
  terminal: string;
  operationCode: string;
  moneyCredit: 'M' | 'C';
  at: Date;
}

/** The reefer rule for an operator and payment type at a moment: valid then, exact operator over *, then the latest ApplyDate. */
export function reeferRuleFor(rules: readonly ReeferRule[], q: ReeferQuery): ReeferRule | null {
  return best(
    rules.filter(
      (r) =>
        same(r.TerminalCode, q.terminal) &&
        validAt(r, q.at) &&
        same(r.MoneyCredit, q.moneyCredit) &&
        fits(r.OperationCode, q.operationCode),
    ),
    (r) => [named(r.OperationCode), r.ApplyDate.getTime()],
  );
}

const HOUR_MS = 3_600_000;
/** Each rounding's step in milliseconds (R0: none). */
export const roundingStepMs: Record<ReeferRounding, number | null> = { R0: null, R1: HOUR_MS / 2, R2: HOUR_MS, R3: 12 * HOUR_MS };

/**
 * The hours billed for one plug-in period (docs/decisions.md): plugged time plus HourAdding hours, then rounded UP to
 * the rule's step (R1 next half hour, R2 next hour, R3 next 12 hours; R0 exact, fractional). A whole step stays as it
 * is (2 h under R2 is 2). Computed on whole milliseconds, so the steps are exact. Plug-out before plug-in is refused.
 */
export function billableReeferHours(plugIn: Date, plugOut: Date, rule: Pick<ReeferRule, 'HourAdding' | 'Rounding'>): number {
  const plugged = plugOut.getTime() - plugIn.getTime();
  if (!Number.isFinite(plugged) || plugged < 0) throw new RangeError('Thời điểm rút điện trước thời điểm cắm điện');
  const total = plugged + rule.HourAdding * HOUR_MS;
  const step = roundingStepMs[rule.Rounding];
  if (step === null) return total / HOUR_MS;
  // Integer arithmetic (the remainder of whole milliseconds is exact): the next multiple of the step at or above the total.
  const rest = total % step;
  return (rest === 0 ? total : total - rest + step) / HOUR_MS;
}
