/**
 * The MB-NAPAS fee tables (spec 03 §2.5, §9): service charge tiers (TotalSum = the month's transaction total from which
 * the tier applies, in billions VND; Charge in percent) and the processing fee per transaction (VND). The one rule of
 * the fee: every MB card payment (payments, through `adminRules.mbCharge`) and the demo history (db/seed) use it.
 */
export interface MbFeeTables {
  charges: readonly { TotalSum: number; Charge: number }[];
  fees: readonly { FeeSchedule: number }[];
}

export interface MbServiceCharge {
  /** The percent charge of the tier that applies (0 without tiers). */
  percent: number;
  /** amount × percent, rounded to whole VND. */
  charge: number;
  /** The processing fee per transaction. */
  processingFee: number;
  /** charge + processingFee, integer VND. */
  total: number;
}

const BILLION = 1_000_000_000;

/**
 * The fee of one MB-NAPAS transaction of `amountVnd` when the month's transactions so far total `monthlyTotalVnd`:
 * the tier with the highest TotalSum not above the month's total applies (below every tier: the lowest tier); the
 * processing fee is the table's one value (with several rows, the highest: docs/decisions.md). Integer VND in, integer VND out.
 */
export function mbServiceCharge(monthlyTotalVnd: number, amountVnd: number, tables: MbFeeTables): MbServiceCharge {
  if (!Number.isFinite(monthlyTotalVnd) || !Number.isFinite(amountVnd) || amountVnd < 0 || monthlyTotalVnd < 0) {
    throw new RangeError('Số tiền phải là số không âm');
  }
  const tiers = [...tables.charges].sort((a, b) => a.TotalSum - b.TotalSum);
  const reached = tiers.filter((t) => t.TotalSum * BILLION <= monthlyTotalVnd);
  const tier = reached.at(-1) ?? tiers[0];
  const percent = tier?.Charge ?? 0;
  // Percent with up to 4 decimals: work in millionths to keep the rounding exact.
  const charge = Math.round((amountVnd * Math.round(percent * 10_000)) / 1_000_000);
  const processingFee = tables.fees.length ? Math.max(...tables.fees.map((f) => f.FeeSchedule)) : 0;
  return { percent, charge, processingFee, total: charge + processingFee };
}
