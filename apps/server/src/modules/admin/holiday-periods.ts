/**
 * Holiday storage exemptions (spec 03 §2.5 'Cấu hình miễn lưu bãi ngày lễ') as the tariff engine reads them: which
 * configuration applies to an order (its operator and customer) and which of its periods fall in a stay.
 */
export interface HolidayPeriod {
  ConfigName: string;
  OperationCode: string;
  CustomerCode: string;
  Descriptions: string;
  StartTime: Date;
  EndTime: Date;
}

/**
 * How specific a configuration is for (operator, customer): null when it does not apply (another operator or customer),
 * else (customer, operator) 3 > (customer, *) 2 > (*, operator) 1 > (*, *) 0.
 */
export function specificity(config: Pick<HolidayPeriod, 'OperationCode' | 'CustomerCode'>, operationCode: string, customerCode: string) {
  const op = config.OperationCode === '*' ? 0 : config.OperationCode === operationCode.toUpperCase() ? 1 : null;
  const cu = config.CustomerCode === '*' ? 0 : config.CustomerCode === customerCode.toUpperCase() ? 2 : null;
  return op === null || cu === null ? null : op + cu;
}

/**
 * The exemption periods of an order of (operator, customer) that meet [from, to]: the periods of every applicable
 * configuration — the general ones (*) and the operator's or customer's own lists together, since an operator's list
 * adds its days to the national holidays rather than replacing them (docs/decisions.md) — sorted by start. Periods of
 * several configurations may share days; the tariff engine counts a day once.
 */
export function selectHolidayPeriods(
  rows: readonly HolidayPeriod[],
  q: { operationCode: string; customerCode: string; from: Date; to: Date },
): HolidayPeriod[] {
  return rows
    .filter(
      (r) =>
        specificity(r, q.operationCode, q.customerCode) !== null &&
        r.StartTime.getTime() <= q.to.getTime() &&
        r.EndTime.getTime() >= q.from.getTime(),
    )
    .sort((a, b) => a.StartTime.getTime() - b.StartTime.getTime());
}

/** The first two periods (of one configuration) that share an instant, or null. Ends are inclusive (23:59:59). */
export function firstOverlap<T extends { StartTime: Date; EndTime: Date }>(periods: readonly T[]): [T, T] | null {
  const sorted = [...periods].sort((a, b) => a.StartTime.getTime() - b.StartTime.getTime());
  let reach: T | undefined;
  for (const p of sorted) {
    if (reach && p.StartTime.getTime() <= reach.EndTime.getTime()) return [reach, p];
    if (!reach || p.EndTime.getTime() > reach.EndTime.getTime()) reach = p;
  }
  return null;
}
