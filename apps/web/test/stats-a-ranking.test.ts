import type { CustomerStatsRow, StatsPeriod, StatsRow, UserStatsRow } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { orderLines } from '../src/features/stats/detail-lines';
import { filterSubjects, periodTree, rankSubjects, trendSeries } from '../src/features/stats/ranking';
import { customerSubject, salesPeopleOf, userSubject } from '../src/features/stats/subject';

const flags = { IsLoLo: false, IsCFSStuff: false, IsCFSUnstuff: false, IsCFSChange: false, IsServiceYard: false, IsServiceNonCont: false };
const period = (label: string): StatsPeriod => ({ label, FromDate: '2026-01-01 00:00:00', ToDate: '2026-01-31 23:59:59' });

function row(TerminalCode: string, OrderCount: number, group: 'nh' | 'dr' | 'dv' | 'none', TotalAmount = OrderCount * 1000): StatsRow {
  return {
    TerminalCode,
    FromDate: '2026-01-01 00:00:00',
    ToDate: '2026-01-31 23:59:59',
    JobModeCode: group,
    JobModeName: group,
    TotalAmount,
    ContainerCount: OrderCount * 2,
    OrderCount,
    TotalTeus: OrderCount * 3,
    UnpaidOrderCount: 0,
    UnpaidTotalAmount: 0,
    PendingOrderCount: 0,
    PendingTotalAmount: 0,
    ...flags,
    IsLoLo: group === 'nh',
    IsCFSStuff: group === 'dr',
    IsServiceYard: group === 'dv',
  };
}
const customer = (code: string, taxCode: string, base: StatsRow): CustomerStatsRow => ({
  ...base,
  CustomerCode: code,
  CustomerName: `Công ty ${code}`,
  TaxCode: taxCode,
  CustomerTypeCode: 'DN',
  CustomerTypeName: 'Doanh nghiệp',
});

describe('ranking table model (spec 02 §4)', () => {
  it('drops all-zero periods, hides terminals with a zero value, sorts terminals and gives shares of the period total', () => {
    const data = {
      'Tháng 1 năm 2026': [row('NDP', 3, 'nh'), row('NDV', 1, 'dr'), row('GML', 5, 'none'), row('NHP', 0, 'dv')],
      'Tháng 2 năm 2026': [],
    };
    const tree = periodTree(data, [period('Tháng 1 năm 2026'), period('Tháng 2 năm 2026')], 'ord');
    expect(tree).toHaveLength(1);
    const [p] = tree;
    // GML's rows carry no group flag: they count in no total (spec 02 §4).
    expect(p?.value).toBe(4);
    expect(p?.terminals.map((t) => [t.TerminalCode, t.value, t.share])).toEqual([
      ['NDP', 3, 75],
      ['NDV', 1, 25],
    ]);
  });

  it('ranks customers by the chosen measure, largest first; the rank filter and the tax-code filter come after', () => {
    const rows = [
      customer('A', '0100000001', row('NDP', 2, 'nh', 9000)),
      customer('B', '0100000002', row('NDP', 5, 'dr', 1000)),
      customer('B', '0100000002', row('NDP', 1, 'dv', 1000)),
      customer('C', '0100000003', row('NDP', 3, 'nh', 500)),
      customer('D', '0100000004', row('NDP', 0, 'nh', 0)),
    ];
    const byOrders = rankSubjects(rows, (r) => r.CustomerCode, customerSubject, 'ord', 12, 't:x:NDP');
    expect(byOrders.map((n) => [n.subject.id, n.rank, n.value, n.share])).toEqual([
      ['B', 1, 6, 50],
      ['C', 2, 3, 25],
      ['A', 3, 2, 16.67],
    ]);
    const byRevenue = rankSubjects(rows, (r) => r.CustomerCode, customerSubject, 'sum', 12500, 't:x:NDP');
    expect(byRevenue.map((n) => n.subject.id)).toEqual(['A', 'B', 'C']);
    expect(filterSubjects(byOrders, 2).map((n) => n.subject.id)).toEqual(['B', 'C']);
    expect(filterSubjects(byOrders, 0).map((n) => n.subject.id)).toEqual(['B', 'C', 'A']);
    // A chosen customer keeps its real rank.
    expect(filterSubjects(byOrders, 0, (s) => s.TaxCode === '0100000001').map((n) => [n.subject.id, n.rank])).toEqual([['A', 3]]);
  });

  it('user rows: a user without an account and the sales people merged without repeats', () => {
    const base = row('NDP', 1, 'nh');
    const rows: UserStatsRow[] = [
      { ...base, UserID: 'u1', UserName: null, BusinessUserIDs: 'kd1, kd2', BusinessUserNames: 'Lan, Minh' },
      { ...base, UserID: 'u1', UserName: null, BusinessUserIDs: 'kd2, kd3', BusinessUserNames: 'Minh, Hoa' },
    ];
    const s = userSubject('(Tài khoản không tồn tại)')(rows);
    expect(s.name).toBe('u1 (Tài khoản không tồn tại)');
    expect(s.extra).toBe('Lan, Minh, Hoa');
    expect(s.salesIds).toEqual(['kd1', 'kd2', 'kd3']);
    expect(salesPeopleOf(rows).map((p) => p.id)).toEqual(['kd3', 'kd1', 'kd2']);
  });

  it('the trend has one line per active terminal and a total line', () => {
    const data = { P1: [row('NDP', 2, 'nh'), row('NDV', 1, 'dr')], P2: [row('NDP', 4, 'nh')] };
    const s = trendSeries(data, [period('P1'), period('P2')], ['NDP', 'NDV', 'GML'], 'ord');
    expect(s.labels).toEqual(['P1', 'P2']);
    expect(s.lines.map((l) => [l.TerminalCode, l.values])).toEqual([
      ['NDP', [2, 4]],
      ['NDV', [1, 0]],
      ['GML', [0, 0]],
    ]);
    expect(s.totals).toEqual([3, 4]);
  });

  it('detail lines are sorted by order number; an order’s lines share one merged STT cell', () => {
    const line = (OrderNo: string, STT: number) => ({ OrderNo, STT }) as never;
    const lines = orderLines([line('B2', 3), line('A1', 2), line('A1', 1), line('C3', 4)]);
    expect(lines.map((l) => [l.OrderNo, l.orderIndex, l.span])).toEqual([
      ['A1', 1, 2],
      ['A1', 1, 0],
      ['B2', 2, 1],
      ['C3', 3, 1],
    ]);
  });
});
