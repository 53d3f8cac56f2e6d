import {
  type CallRequest,
  type CustomerStatsRow,
  type calls,
  type JobType,
  type MbSummaryRow,
  type PersonalSummaryRow,
  parseStatsDay,
  periodLabel,
  periodOf,
  type RankCell,
  type RankedCustomer,
  type RankedUser,
  type RatingAggregateRow,
  type SmpTosRow,
  STATS_DETAIL_MAX_LINES,
  STATS_LIST_SEPARATOR,
  STATS_OPTIONS_MAX,
  type StatsDay,
  type StatsDetailLine,
  type StatsFlags,
  type StatsLoadType,
  type StatsMeasures,
  type StatsOption,
  type StatsPeriod,
  type StatsRow,
  statsMessages,
  statsPeriods,
  type UserStatsRow,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest } from '../../http/errors';
import { scopeTerminals } from '../../security/terminal-scope';
import {
  type MbBaseRow,
  type OrderBaseQuery,
  type OrderBaseRow,
  type PersonalKind,
  type RankQuery,
  rankMeasureNames,
  type StatsRepository,
  type StatsSource,
} from './stats.repository';

type C = typeof calls.stats;
type PeriodInput = CallRequest<C['dashboardOrderChartLoad']>;

/** At most this many rating rows in one detail answer. */
export const RATING_ROWS_MAX = 5000;

/** Days of a from/to pair (the request schemas have checked them; a bad one here is still a 400, never a 500). */
function days(fromText: string, toText: string): { from: StatsDay; to: StatsDay } {
  const from = parseStatsDay(fromText, 'start');
  const to = parseStatsDay(toText, 'end');
  if (!from) throw badRequest(statsMessages.fromTime);
  if (!to) throw badRequest(statsMessages.toTime);
  if (from > to) throw badRequest(statsMessages.order);
  return { from, to };
}

/** The caller's terminals among those asked for: absent → all of them; an empty list → none. */
function terminalsOf(user: AuthUser, list: readonly string[] | undefined): string[] {
  if (list === undefined) return scopeTerminals(user);
  return list.length ? scopeTerminals(user, list) : [];
}

interface Keyed<R> {
  data: Record<string, R[]>;
  periods: StatsPeriod[];
}

/** Every period of the range in time order, each with its rows (sorted), [] when none. */
function keyed<R>(type: StatsLoadType, from: StatsDay, to: StatsDay, rows: (R & { pk: string })[], sort: (a: R, b: R) => number): Keyed<R> {
  const periods = statsPeriods(type, from, to);
  const data: Record<string, R[]> = {};
  for (const p of periods) data[p.label] = [];
  for (const { pk, ...row } of rows) {
    const list = data[periodLabel(type, pk)];
    if (list) list.push(row as unknown as R);
  }
  for (const list of Object.values(data)) list.sort(sort);
  return { data, periods: periods.map(({ label, FromDate, ToDate }) => ({ label, FromDate, ToDate })) };
}

const byText =
  (...keys: string[]) =>
  (a: object, b: object) => {
    for (const k of keys) {
      const x = String((a as Record<string, unknown>)[k] ?? '');
      const y = String((b as Record<string, unknown>)[k] ?? '');
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/** The figures shown apart from the counted ones: unpaid orders (state U) and pay-later orders waiting for approval (W). */
interface ApartFigures {
  unpaidOrders: number;
  unpaidAmount: number;
  pendingOrders: number;
  pendingAmount: number;
}
type FoldedRow = OrderBaseRow & ApartFigures;

/** States whose orders the figures count (docs/decisions.md "Which orders the statistics count"). */
const COUNTED_STATES = new Set(['A', 'M', 'P']);

/**
 * Folds base rows into their periods: a row's day becomes its period's first day, equal keys summed. With `keepState`
 * the states stay apart (the approval report); otherwise the counted states make the figures and the unpaid (U) and
 * waiting pay-later (W) orders go to the apart figures of the same row.
 */
function foldOrders(type: StatsLoadType, rows: OrderBaseRow[], keepState = false): FoldedRow[] {
  const out = new Map<string, FoldedRow>();
  for (const r of rows) {
    const pk = periodOf(type, r.pk).first;
    const state = keepState ? r.state : '';
    const key = `${pk}|${r.terminal}|${r.job}|${r.customer}|${r.user}|${r.source}|${state}`;
    let o = out.get(key);
    if (!o) {
      o = {
        ...r,
        pk,
        state,
        auto: keepState ? r.auto : false,
        orders: 0,
        containers: 0,
        teus: 0,
        amount: 0,
        wait: 0,
        unpaidOrders: 0,
        unpaidAmount: 0,
        pendingOrders: 0,
        pendingAmount: 0,
      };
      out.set(key, o);
    }
    if (keepState || COUNTED_STATES.has(r.state)) {
      o.orders += r.orders;
      o.containers += r.containers;
      o.teus += r.teus;
      o.amount += r.amount;
      o.wait += r.wait;
    } else if (r.state === 'U') {
      o.unpaidOrders += r.orders;
      o.unpaidAmount += r.amount;
    } else if (r.state === 'W') {
      o.pendingOrders += r.orders;
      o.pendingAmount += r.amount;
    }
  }
  // Rows whose figures cancel out (an order moved away) are no rows.
  return [...out.values()].filter(
    (r) =>
      r.orders || r.containers || r.teus || r.amount || r.wait || r.unpaidOrders || r.unpaidAmount || r.pendingOrders || r.pendingAmount,
  );
}

function foldMb(type: StatsLoadType, rows: MbBaseRow[]): MbBaseRow[] {
  const out = new Map<string, MbBaseRow>();
  for (const r of rows) {
    const pk = periodOf(type, r.pk).first;
    const key = `${pk}|${r.terminal}`;
    const o = out.get(key);
    if (o) {
      o.count += r.count;
      o.amount += r.amount;
      o.fee += r.fee;
    } else out.set(key, { ...r, pk });
  }
  return [...out.values()].filter((r) => r.count || r.amount || r.fee);
}

const noFlags: StatsFlags = {
  IsLoLo: false,
  IsCFSStuff: false,
  IsCFSUnstuff: false,
  IsCFSChange: false,
  IsServiceYard: false,
  IsServiceNonCont: false,
};

const measuresOf = (m: readonly number[]): StatsMeasures =>
  Object.fromEntries(rankMeasureNames.map((name, i) => [name, m[i] ?? 0])) as StatsMeasures;

interface Ranked<S> {
  data: Record<string, RankCell[]>;
  periods: StatsPeriod[];
  subjects: S[];
}

export function createStatsService(deps: { repo: StatsRepository; source?: StatsSource }) {
  const { repo } = deps;
  const source = deps.source ?? repo.rollup;
  const orderBase = async (q: OrderBaseQuery, keepState = false): Promise<FoldedRow[]> =>
    foldOrders(q.type, await source.orderBase(q), keepState);

  async function jobModeInfo() {
    const list = await repo.jobModes();
    return new Map(list.map((j) => [j.JobModeCode, j]));
  }

  /** The job modes of a job type (nh lift on/off, dr stuffing/unstuffing/change, dv services); null = all. */
  async function jobModesOf(type: JobType | undefined): Promise<string[] | null> {
    if (!type) return null;
    const list = await repo.jobModes();
    return list
      .filter((j) =>
        type === 'nh' ? j.IsLoLo : type === 'dr' ? j.IsCFSStuff || j.IsCFSUnstuff || j.IsCFSChange : j.IsServiceYard || j.IsServiceNonCont,
      )
      .map((j) => j.JobModeCode);
  }

  function baseQuery(user: AuthUser, input: PeriodInput, extra: Partial<OrderBaseQuery> = {}): OrderBaseQuery & { empty: boolean } {
    const { from, to } = days(input.fromTime, input.toTime);
    return {
      type: input.loadType,
      from,
      to,
      terminals: terminalsOf(user, input.terminalList),
      customerCode: user.CustomerCode,
      userId: null,
      jobModes: null,
      smpOnly: false,
      by: { customer: false, user: false, split: false },
      empty: false,
      ...extra,
    };
  }

  /** Adds the period bounds and the job mode's name and flags to a base row. */
  function statsRowOf(q: OrderBaseQuery, jobs: Awaited<ReturnType<typeof jobModeInfo>>) {
    const periods = new Map(statsPeriods(q.type, q.from, q.to).map((p) => [p.label, p]));
    return (r: FoldedRow): StatsRow & { pk: string } => {
      const p = periods.get(periodLabel(q.type, r.pk));
      const j = jobs.get(r.job);
      return {
        pk: r.pk,
        TerminalCode: r.terminal,
        FromDate: p?.FromDate ?? '',
        ToDate: p?.ToDate ?? '',
        JobModeCode: r.job,
        JobModeName: j?.JobModeName ?? r.job,
        TotalAmount: r.amount,
        ContainerCount: r.containers,
        OrderCount: r.orders,
        TotalTeus: r.teus,
        UnpaidOrderCount: r.unpaidOrders,
        UnpaidTotalAmount: r.unpaidAmount,
        PendingOrderCount: r.pendingOrders,
        PendingTotalAmount: r.pendingAmount,
        IsLoLo: j?.IsLoLo ?? noFlags.IsLoLo,
        IsCFSStuff: j?.IsCFSStuff ?? noFlags.IsCFSStuff,
        IsCFSUnstuff: j?.IsCFSUnstuff ?? noFlags.IsCFSUnstuff,
        IsCFSChange: j?.IsCFSChange ?? noFlags.IsCFSChange,
        IsServiceYard: j?.IsServiceYard ?? noFlags.IsServiceYard,
        IsServiceNonCont: j?.IsServiceNonCont ?? noFlags.IsServiceNonCont,
      };
    };
  }

  function emptyKeyed<R>(q: OrderBaseQuery): Keyed<R> {
    return keyed<R>(q.type, q.from, q.to, [], () => 0);
  }

  async function smpTos(user: AuthUser, input: CallRequest<C['sumTosSmp']>, approval: boolean): Promise<Keyed<SmpTosRow>> {
    const q = baseQuery(user, input, {
      by: { customer: false, user: false, split: true },
      smpOnly: approval,
      jobModes: await jobModesOf(input.JobType),
    });
    const [rows, jobs] = await Promise.all([orderBase(q, true), jobModeInfo()]);
    const out = new Map<string, SmpTosRow & { pk: string }>();
    for (const r of rows) {
      const key = `${r.pk}|${r.terminal}|${r.job}`;
      let o = out.get(key);
      if (!o) {
        o = {
          pk: r.pk,
          TerminalCode: r.terminal,
          JobModeCode: r.job,
          JobModeName: jobs.get(r.job)?.JobModeName ?? r.job,
          SmpTotalAmount: 0,
          TosTotalAmount: 0,
          SmpContainerCount: 0,
          TosContainerCount: 0,
          SmpOrderCount: 0,
          TosOrderCount: 0,
          SmpTotalTeus: 0,
          TosTotalTeus: 0,
          CmsOrderCount: 0,
          AutoOrderCount: 0,
          PendingOrderCount: 0,
          PendingTotalAmount: 0,
          PendingContainerCount: 0,
          PendingTotalTeus: 0,
          ManualWaitSeconds: 0,
        };
        out.set(key, o);
      }
      // Waiting in 'Duyệt lệnh' (paid or pay-later): apart in both reports; the paid ones also count in the usage report.
      if (r.state === 'P' || r.state === 'W') {
        o.PendingOrderCount += r.orders;
        o.PendingTotalAmount += r.amount;
        o.PendingContainerCount += r.containers;
        o.PendingTotalTeus += r.teus;
      }
      if (r.state === 'M') o.ManualWaitSeconds += r.wait;
      if (!COUNTED_STATES.has(r.state) || (approval && r.state === 'P')) continue;
      // Usage: SMARTPORT vs TOS; approval (SMARTPORT orders only): approved automatically (A) vs by staff (M).
      const smpSide = approval ? r.state === 'A' : r.source === 'SMP';
      if (smpSide) {
        o.SmpTotalAmount += r.amount;
        o.SmpContainerCount += r.containers;
        o.SmpOrderCount += r.orders;
        o.SmpTotalTeus += r.teus;
      } else {
        o.TosTotalAmount += r.amount;
        o.TosContainerCount += r.containers;
        o.TosOrderCount += r.orders;
        o.TosTotalTeus += r.teus;
      }
      if (r.source === 'SMP') {
        if (r.state === 'A') o.AutoOrderCount += r.orders;
        else if (r.state === 'M') o.CmsOrderCount += r.orders;
      }
    }
    return keyed(q.type, q.from, q.to, [...out.values()], byText('TerminalCode', 'JobModeCode'));
  }

  async function personal(user: AuthUser, kind: PersonalKind, input: CallRequest<C['orderSummary']>): Promise<PersonalSummaryRow[]> {
    const { from, to } = days(input.fromDate, input.toDate);
    const rows = await source.personalBase({
      kind,
      from,
      to,
      terminals: scopeTerminals(user),
      userId: user.UserID,
      jobModes: await jobModesOf(input.makeOrderType),
    });
    return rows.map((r) => ({ TerminalCode: r.terminal, Status: r.status, Counting: r.counting })).sort(byText('TerminalCode', 'Status'));
  }

  async function details(
    user: AuthUser,
    f: { FromDate: string; ToDate: string; TerminalCode?: string | undefined; customerCode: string | null; createdBy: string | null },
  ): Promise<{ lines: StatsDetailLine[]; truncated: boolean }> {
    const { from, to } = days(f.FromDate, f.ToDate);
    const terminals = f.TerminalCode ? scopeTerminals(user, [f.TerminalCode]) : scopeTerminals(user);
    const rows = await repo.detailLines({
      from,
      to,
      terminals,
      customerCode: f.customerCode,
      createdBy: f.createdBy,
      limit: STATS_DETAIL_MAX_LINES + 1,
    });
    const truncated = rows.length > STATS_DETAIL_MAX_LINES;
    let stt = 0;
    let last: unknown = null;
    const lines = rows.slice(0, STATS_DETAIL_MAX_LINES).map((r) => {
      if (r.OrderNo !== last) {
        stt += 1;
        last = r.OrderNo;
      }
      return { STT: stt, ...r } as StatsDetailLine;
    });
    return { lines, truncated };
  }

  /** A customer account reaches only its own customer: another code asked for gives nothing. */
  function customerFilter(user: AuthUser, asked: string | undefined): { code: string | null; none: boolean } {
    const code = asked?.trim() || null;
    if (user.CustomerCode == null) return { code, none: false };
    return { code: user.CustomerCode, none: code != null && code !== user.CustomerCode };
  }

  type RankInput = CallRequest<C['dashboardCustomerRanking']> & Partial<CallRequest<C['dashboardUserRanking']>>;
  /** Ranked cells of the range keyed by period label (every period, terminals by code), and the ranked ids. */
  async function ranking(user: AuthUser, party: RankQuery['party'], input: RankInput, filters: Partial<RankQuery>) {
    const { from, to } = days(input.fromTime, input.toTime);
    const q: RankQuery = {
      party,
      type: input.loadType,
      from,
      to,
      terminals: terminalsOf(user, input.terminalList),
      ownCustomer: user.CustomerCode,
      customerCode: null,
      userId: null,
      salesUserId: null,
      measure: input.Measure === 'vol' ? 'cont' : input.Measure,
      top: input.Top,
      offset: (input.Page - 1) * input.PageSize,
      limit: input.PageSize,
      ...filters,
    };
    const { cells, rows } = await repo.rank(q);
    const periods = statsPeriods(q.type, q.from, q.to);
    const data: Record<string, RankCell[]> = {};
    for (const p of periods) data[p.label] = [];
    const byCell = new Map<string, RankCell>();
    for (const c of cells) {
      const cell: RankCell = { TerminalCode: c.terminal, Measures: measuresOf(c.m), Count: c.count, Rows: [] };
      byCell.set(`${periodLabel(q.type, c.pk)}|${c.terminal}`, cell);
      data[periodLabel(q.type, c.pk)]?.push(cell);
    }
    for (const r of rows)
      byCell.get(`${periodLabel(q.type, r.pk)}|${r.terminal}`)?.Rows.push({ Rank: r.rank, Id: r.id, Measures: measuresOf(r.m) });
    for (const list of Object.values(data)) {
      list.sort(byText('TerminalCode'));
      for (const cell of list) cell.Rows.sort((a, b) => a.Rank - b.Rank);
    }
    return {
      q,
      data,
      periods: periods.map(({ label, FromDate, ToDate }) => ({ label, FromDate, ToDate })),
      ids: [...new Set(rows.map((r) => r.id))],
    };
  }

  return {
    source,

    /** Customers ranked per period × terminal on the server (top-N, a page); the cells' totals are the chosen customer's. */
    async customerRanking(user: AuthUser, input: CallRequest<C['dashboardCustomerRanking']>): Promise<Ranked<RankedCustomer>> {
      const cf = customerFilter(user, input.CustomerCode);
      const r = await ranking(user, 'customer', cf.none ? { ...input, terminalList: [] } : input, {
        customerCode: input.CustomerCode?.trim() || null,
      });
      const found = await repo.customers(r.ids);
      const byCode = new Map(found.map((c) => [c.CustomerCode, c]));
      const subjects = r.ids.map((id) => {
        const c = byCode.get(id);
        return {
          CustomerCode: id,
          CustomerName: c?.CustomerName ?? null,
          TaxCode: c?.TaxCode ?? null,
          CustomerTypeCode: c?.CustomerTypeCode ?? null,
          CustomerTypeName: c?.CustomerTypeName ?? null,
        };
      });
      return { data: r.data, periods: r.periods, subjects };
    },

    /** Users ranked per period × terminal on the server; a user or a sales person chosen narrows the cells' totals too. */
    async userRanking(user: AuthUser, input: CallRequest<C['dashboardUserRanking']>): Promise<Ranked<RankedUser>> {
      const r = await ranking(user, 'user', input, {
        userId: input.UserID?.trim() || null,
        salesUserId: input.SalesUserID?.trim() || null,
      });
      const [names, sales] = await Promise.all([
        repo.userNames(r.ids),
        repo.salesOfUsers({ type: r.q.type, from: r.q.from, to: r.q.to, terminals: r.q.terminals, users: r.ids }),
      ]);
      const nameOf = new Map(names.map((u) => [u.UserID, u.UserName]));
      const salesOf = new Map<string, { id: string; name: string }[]>();
      for (const s of sales)
        salesOf.set(s.UserID, [...(salesOf.get(s.UserID) ?? []), { id: s.BusinessUserID, name: s.UserName ?? s.BusinessUserID }]);
      const subjects = r.ids.map((id) => {
        const sp = (salesOf.get(id) ?? []).sort((a, b) => (a.id < b.id ? -1 : 1));
        return {
          UserID: id,
          UserName: nameOf.get(id) ?? null,
          BusinessUserIDs: sp.map((x) => x.id).join(STATS_LIST_SEPARATOR),
          BusinessUserNames: sp.map((x) => x.name).join(STATS_LIST_SEPARATOR),
        };
      });
      return { data: r.data, periods: r.periods, subjects };
    },

    customerOptions: (user: AuthUser, input: CallRequest<C['customerOptions']>): Promise<StatsOption[]> =>
      repo.searchCustomers(input.Search, user.CustomerCode, STATS_OPTIONS_MAX),
    userOptions: (user: AuthUser, input: CallRequest<C['userOptions']>): Promise<StatsOption[]> =>
      repo.searchUsers(input.Search, user.CustomerCode, input.Sales, STATS_OPTIONS_MAX),

    async orderChart(user: AuthUser, input: PeriodInput): Promise<Keyed<StatsRow>> {
      const q = baseQuery(user, input);
      const [rows, jobs] = await Promise.all([orderBase(q), jobModeInfo()]);
      return keyed(q.type, q.from, q.to, rows.map(statsRowOf(q, jobs)), byText('TerminalCode', 'JobModeCode'));
    },

    async customerChart(user: AuthUser, input: CallRequest<C['dashboardCustomerChartLoad']>): Promise<Keyed<CustomerStatsRow>> {
      const cf = customerFilter(user, input.CustomerCode);
      const q = baseQuery(user, input, { customerCode: cf.code, by: { customer: true, user: false, split: false } });
      if (cf.none) return emptyKeyed(q);
      const [rows, jobs] = await Promise.all([orderBase(q), jobModeInfo()]);
      const customers = new Map((await repo.customers([...new Set(rows.map((r) => r.customer))])).map((c) => [c.CustomerCode, c]));
      const toRow = statsRowOf(q, jobs);
      const out = rows.map((r) => {
        const c = customers.get(r.customer);
        return {
          ...toRow(r),
          CustomerCode: r.customer,
          CustomerName: c?.CustomerName ?? null,
          TaxCode: c?.TaxCode ?? null,
          CustomerTypeCode: c?.CustomerTypeCode ?? null,
          CustomerTypeName: c?.CustomerTypeName ?? null,
        };
      });
      return keyed<CustomerStatsRow>(q.type, q.from, q.to, out, byText('TerminalCode', 'CustomerCode', 'JobModeCode'));
    },

    async userChart(user: AuthUser, input: CallRequest<C['dashboardUserChartLoad']>): Promise<Keyed<UserStatsRow>> {
      const q = baseQuery(user, input, { userId: input.UserID?.trim() || null, by: { customer: true, user: true, split: false } });
      const [rows, jobs] = await Promise.all([orderBase(q), jobModeInfo()]);
      const customerCodes = [...new Set(rows.map((r) => r.customer))];
      const [names, sales] = await Promise.all([repo.userNames([...new Set(rows.map((r) => r.user))]), repo.salesPeople(customerCodes)]);
      const nameOf = new Map(names.map((u) => [u.UserID, u.UserName]));
      const salesOf = new Map<string, { id: string; name: string }[]>();
      for (const s of sales) {
        const list = salesOf.get(s.CustomerCode) ?? [];
        list.push({ id: s.BusinessUserID, name: s.UserName ?? s.BusinessUserID });
        salesOf.set(s.CustomerCode, list);
      }
      // Rows per period × terminal × user × job mode; the customers only decide the sales people.
      const merged = new Map<string, FoldedRow>();
      const people = new Map<string, Map<string, string>>();
      for (const r of rows) {
        const key = `${r.pk}|${r.terminal}|${r.user}|${r.job}`;
        const m = merged.get(key);
        if (m) {
          m.orders += r.orders;
          m.containers += r.containers;
          m.teus += r.teus;
          m.amount += r.amount;
          m.unpaidOrders += r.unpaidOrders;
          m.unpaidAmount += r.unpaidAmount;
          m.pendingOrders += r.pendingOrders;
          m.pendingAmount += r.pendingAmount;
        } else merged.set(key, { ...r, customer: '' });
        const who = `${r.pk}|${r.terminal}|${r.user}`;
        const set = people.get(who) ?? new Map<string, string>();
        for (const s of salesOf.get(r.customer) ?? []) set.set(s.id, s.name);
        people.set(who, set);
      }
      const toRow = statsRowOf(q, jobs);
      const out = [...merged.values()].map((r) => {
        const sp = [...(people.get(`${r.pk}|${r.terminal}|${r.user}`) ?? new Map<string, string>()).entries()].sort((a, b) =>
          a[0] < b[0] ? -1 : 1,
        );
        return {
          ...toRow(r),
          UserID: r.user,
          UserName: nameOf.get(r.user) ?? null,
          BusinessUserIDs: sp.map(([id]) => id).join(STATS_LIST_SEPARATOR),
          BusinessUserNames: sp.map(([, name]) => name).join(STATS_LIST_SEPARATOR),
        };
      });
      return keyed<UserStatsRow>(q.type, q.from, q.to, out, byText('TerminalCode', 'UserID', 'JobModeCode'));
    },

    async customerInfo(user: AuthUser, input: CallRequest<C['dashboardCustomerInfoLoad']>) {
      const cf = customerFilter(user, input.CustomerCode);
      if (cf.none) return { lines: [], truncated: false };
      return details(user, { ...input, customerCode: cf.code, createdBy: null });
    },

    async userInfo(user: AuthUser, input: CallRequest<C['dashboardUserInfoLoad']>) {
      return details(user, { ...input, customerCode: user.CustomerCode, createdBy: input.CreatedBy });
    },

    async mbChart(user: AuthUser, input: PeriodInput): Promise<Keyed<MbSummaryRow>> {
      const q = baseQuery(user, input);
      const rows = foldMb(q.type, await source.mbBase(q));
      return keyed<MbSummaryRow>(
        q.type,
        q.from,
        q.to,
        rows.map((r) => ({ pk: r.pk, TerminalCode: r.terminal, TongTien: r.amount, SoLuong: r.count, ThanhToan: r.fee })),
        byText('TerminalCode'),
      );
    },

    tosSmp: (user: AuthUser, input: CallRequest<C['sumTosSmp']>) => smpTos(user, input, false),
    cmsSmp: (user: AuthUser, input: CallRequest<C['sumCmsSmp']>) => smpTos(user, input, true),

    async totalRating(user: AuthUser, input: CallRequest<C['totalRating']>): Promise<RatingAggregateRow[]> {
      const { from, to } = days(input.fromdate, input.todate);
      const [rows, questions] = await Promise.all([
        source.ratingBase({
          from,
          to,
          terminals: terminalsOf(user, input.TerminalList),
          customerCode: user.CustomerCode,
          userId: input.UserID?.trim() || null,
        }),
        repo.questions(),
      ]);
      const byCode = new Map(rows.map((r) => [r.question, r]));
      const codes = new Set([...questions.filter((q) => q.IsActive).map((q) => q.QuestionCode), ...rows.map((r) => r.question)]);
      const nameOf = new Map(questions.map((q) => [q.QuestionCode, q.QuestionName]));
      // The criteria in their order, the free-text notes (QuestionCode 0) last.
      return [...codes]
        .sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : a - b))
        .map((code) => {
          const r = byCode.get(code);
          return {
            QuestionCode: code,
            // The free-text notes are no criterion of the questions table: they are named as their dialog is.
            QuestionName: nameOf.get(code) ?? (code === 0 ? 'Ghi chú đánh giá' : String(code)),
            TotalRating: r?.total ?? 0,
            CountRating: r?.count ?? 0,
            Count1Rating: r?.c1 ?? 0,
            Count2Rating: r?.c2 ?? 0,
            Count3Rating: r?.c3 ?? 0,
            Count4Rating: r?.c4 ?? 0,
            Count5Rating: r?.c5 ?? 0,
          };
        });
    },

    async ratingRows(user: AuthUser, input: CallRequest<C['totalRating']> & { QuestionCode?: number }, notes: boolean) {
      const { from, to } = days(input.fromdate, input.todate);
      return repo.ratingRows({
        from,
        to,
        terminals: terminalsOf(user, input.TerminalList),
        customerCode: user.CustomerCode,
        userId: input.UserID?.trim() || null,
        question: input.QuestionCode ?? null,
        notes,
        limit: RATING_ROWS_MAX,
      });
    },

    orderSummary: (user: AuthUser, input: CallRequest<C['orderSummary']>) => personal(user, 'order', input),
    invoiceSummary: (user: AuthUser, input: CallRequest<C['invoiceSummary']>) => personal(user, 'invoice', input),
    transactionSummary: (user: AuthUser, input: CallRequest<C['transactionSummary']>) => personal(user, 'transaction', input),

    rebuild: () => repo.rebuild(),
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
