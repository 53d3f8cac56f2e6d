import { type CustomerStatsRow, type RankedCustomer, type RankedUser, STATS_LIST_SEPARATOR, type UserStatsRow } from '@smartport/contract';

/** A ranked customer or user as the ranking table, the selectors and the modals show it. */
export interface Subject {
  /** CustomerCode or UserID: what the trend and detail calls send. */
  id: string;
  name: string;
  /** Customer type, or the user's sales people ('NV kinh doanh'). */
  extra: string;
  TaxCode?: string;
  /** The user's sales people's IDs (the sales-person filter). */
  salesIds?: string[];
}

const split = (s: string) =>
  s
    .split(STATS_LIST_SEPARATOR)
    .map((x) => x.trim())
    .filter(Boolean);

export function customerSubject(rows: readonly CustomerStatsRow[]): Subject {
  const r = rows[0] as CustomerStatsRow;
  return {
    id: r.CustomerCode,
    name: r.CustomerName ?? r.CustomerCode,
    extra: r.CustomerTypeName ?? r.CustomerTypeCode ?? '',
    TaxCode: r.TaxCode ?? undefined,
  };
}

/** A user without an account shows '(Tài khoản không tồn tại)' (spec 02 §2.5); sales people merged over the rows. */
export function userSubject(noAccount: string) {
  return (rows: readonly UserStatsRow[]): Subject => {
    const r = rows[0] as UserStatsRow;
    const ids: string[] = [];
    const names: string[] = [];
    for (const row of rows) {
      const rowIds = split(row.BusinessUserIDs);
      const rowNames = split(row.BusinessUserNames);
      rowIds.forEach((id, i) => {
        if (ids.includes(id)) return;
        ids.push(id);
        names.push(rowNames[i] ?? id);
      });
    }
    return { id: r.UserID, name: r.UserName ?? `${r.UserID} ${noAccount}`, extra: names.join(STATS_LIST_SEPARATOR), salesIds: ids };
  };
}

/** The sales people named on user rows: [id, name] pairs, deduplicated. */
export function salesPeopleOf(rows: readonly UserStatsRow[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const names = split(row.BusinessUserNames);
    split(row.BusinessUserIDs).forEach((id, i) => {
      if (!seen.has(id)) seen.set(id, names[i] ?? id);
    });
  }
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'vi'));
}

/** A ranked customer or user of a ranking answer (crm/customer_ranking, crm/user_ranking) as the table shows it. */
export function rankedSubject(noAccount: string) {
  return (s: RankedCustomer | RankedUser): Subject =>
    'CustomerCode' in s ? customerSubject([s as CustomerStatsRow]) : userSubject(noAccount)([{ ...s } as UserStatsRow]);
}
