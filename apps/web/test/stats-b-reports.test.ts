import { describe, expect, it } from 'vitest';
import { mbColumnSeries, mbPeriods, mbTerminalShares, mbTotals } from '../src/features/stats/mb-summary/mb-summary-data';
import { averageScore, formatAverage, isNotesCriterion, starCounts } from '../src/features/stats/rating/rating-rows';
import { formatShare, sharePercent } from '../src/features/stats/shared/stats-format';
import { approvalApart, type SplitRow, splitByTerminal, splitPeriods, splitTotals, waitText } from '../src/features/stats/usage/split-data';

describe('rating rows (spec 02 §2.6.1)', () => {
  const row = { QuestionCode: 3, QuestionName: 'Thái độ phục vụ', TotalRating: 37, CountRating: 9 };
  it('average = total points / rating count, blank without a count', () => {
    expect(averageScore(row)).toBeCloseTo(37 / 9);
    expect(formatAverage(row)).toBe('4,11');
    expect(averageScore({ TotalRating: 0, CountRating: 0 })).toBeNull();
    expect(formatAverage({ TotalRating: 12, CountRating: 0 })).toBe('');
  });
  it('overview counts go 5, 4, 3, 2, 1 stars; QuestionCode 0 is the notes row', () => {
    const counts = starCounts({ ...row, Count1Rating: 1, Count2Rating: 0, Count3Rating: 2, Count4Rating: 3, Count5Rating: 3 });
    expect(counts).toEqual([
      { stars: 5, count: 3 },
      { stars: 4, count: 3 },
      { stars: 3, count: 2 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
    expect(isNotesCriterion({ QuestionCode: 0 })).toBe(true);
    expect(isNotesCriterion({ QuestionCode: 10 })).toBe(false);
  });
});

describe('MB summary (spec 02 §2.6.2)', () => {
  const data = {
    'Tháng 1 năm 2026': [
      { TerminalCode: 'NDP', TongTien: 1_000_000, SoLuong: 2, ThanhToan: 11_000 },
      { TerminalCode: 'NHP', TongTien: 5_000_000, SoLuong: 1, ThanhToan: 22_000 },
      { TerminalCode: 'VMD', TongTien: 0, SoLuong: 0, ThanhToan: 0 },
    ],
    'Tháng 2 năm 2026': [{ TerminalCode: 'NDP', TongTien: 0, SoLuong: 0, ThanhToan: 0 }],
    'Tháng 3 năm 2026': [{ TerminalCode: 'NDP', TongTien: 2_000_000, SoLuong: 4, ThanhToan: 44_000 }],
  };
  it('hides periods and rows that are all zero, sorts a period by the chosen measure descending', () => {
    const byFee = mbPeriods(data, 'ThanhToan');
    expect(byFee.map((p) => p.label)).toEqual(['Tháng 1 năm 2026', 'Tháng 3 năm 2026']);
    expect(byFee[0]?.rows.map((r) => r.TerminalCode)).toEqual(['NHP', 'NDP']);
    expect(mbPeriods(data, 'SoLuong')[0]?.rows.map((r) => r.TerminalCode)).toEqual(['NDP', 'NHP']);
    expect(byFee[0]?.totals).toEqual({ ThanhToan: 33_000, TongTien: 6_000_000, SoLuong: 3 });
  });
  it('cards sum everything; the doughnut shares are per terminal without empty slices', () => {
    expect(mbTotals(data)).toEqual({ ThanhToan: 77_000, TongTien: 8_000_000, SoLuong: 7 });
    expect(mbTerminalShares(data, 'SoLuong')).toEqual([
      { TerminalCode: 'NDP', value: 6 },
      { TerminalCode: 'NHP', value: 1 },
    ]);
  });
  it('the column chart stacks terminals per period and ends its y axis 10% above the peak total', () => {
    const s = mbColumnSeries(mbPeriods(data, 'ThanhToan'), 'ThanhToan', ['NDP', 'NDV', 'NHP']);
    expect(s.periods).toEqual(['Tháng 1 năm 2026', 'Tháng 3 năm 2026']);
    expect(s.stacks).toEqual([
      { TerminalCode: 'NDP', values: [11_000, 44_000] },
      { TerminalCode: 'NHP', values: [22_000, 0] },
    ]);
    expect(s.totals).toEqual([33_000, 44_000]);
    expect(s.yMax).toBe(48_400);
    expect(mbColumnSeries([], 'ThanhToan', []).yMax).toBeUndefined();
  });
});

describe('two-sided reports: SMARTPORT/TOS and TỰ ĐỘNG/DUYỆT TAY (spec 02 §2.6.3–4, §2.7)', () => {
  const r = (TerminalCode: string, JobModeCode: string, smp: number, tos: number): SplitRow => ({
    TerminalCode,
    JobModeCode,
    JobModeName: `PA ${JobModeCode}`,
    SmpOrderCount: smp,
    TosOrderCount: tos,
    SmpTotalAmount: smp * 1000,
    TosTotalAmount: tos * 1000,
    SmpContainerCount: smp * 2,
    TosContainerCount: tos * 2,
    SmpTotalTeus: smp * 3,
    TosTotalTeus: tos * 3,
  });
  const data = {
    'Tháng 1 năm 2026': [r('NDP', 'LAYN', 1, 1), r('NHP', 'LAYN', 5, 0), r('NHP', 'HBAI', 0, 2), r('VMD', 'LAYN', 0, 0)],
    'Tháng 2 năm 2026': [r('NDP', 'LAYN', 0, 0)],
  };
  it('three levels: period → terminal → job mode, terminals by the metric descending, zero rows hidden', () => {
    const periods = splitPeriods(data, 'ord');
    expect(periods.map((p) => p.label)).toEqual(['Tháng 1 năm 2026']);
    const [p] = periods;
    expect(p?.terminals.map((t) => t.TerminalCode)).toEqual(['NHP', 'NDP']);
    expect(p?.terminals[0]?.jobModes.map((m) => m.JobModeCode)).toEqual(['LAYN', 'HBAI']);
    expect(p?.figures.ord).toEqual({ smp: 6, tos: 3 });
    expect(p?.figures.teu).toEqual({ smp: 18, tos: 9 });
  });
  it('shares are part over total with 2 decimals, zero when the total is zero', () => {
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(sharePercent(2, 3)).toBe(66.67);
    expect(sharePercent(0, 0)).toBe(0);
    expect(formatShare(33.33)).toBe('33,33%');
    expect(formatShare(0)).toBe('0,00%');
  });
  it('cards split every figure; bars per terminal keep each side', () => {
    const t = splitTotals(data);
    expect(t.ord).toEqual({ smp: 6, tos: 3 });
    expect(t.sum).toEqual({ smp: 6000, tos: 3000 });
    expect(splitByTerminal(data, 'ord')).toEqual([
      { TerminalCode: 'NHP', split: { smp: 5, tos: 2 } },
      { TerminalCode: 'NDP', split: { smp: 1, tos: 1 } },
    ]);
  });
  it('the approval report: orders waiting in Duyệt lệnh apart, the average wait of the manual approvals', () => {
    const withApart = {
      'Tháng 1 năm 2026': [
        { ...r('NDP', 'LAYN', 1, 2), PendingOrderCount: 3, PendingTotalAmount: 3_000_000, ManualWaitSeconds: 2 * 3900 },
        { ...r('NHP', 'LAYN', 4, 0), PendingOrderCount: 1, PendingTotalAmount: 500_000, ManualWaitSeconds: 0 },
      ],
    };
    expect(approvalApart(withApart)).toEqual({ orders: 4, amount: 3_500_000, avgWait: 3900 });
    expect(approvalApart(data).avgWait).toBe(0);
    expect(approvalApart({ x: [r('NDP', 'LAYN', 1, 0)] }).avgWait).toBeNull();
    expect(waitText(3900)).toBe('1 giờ 05 phút');
    expect(waitText(720)).toBe('12 phút');
    expect(waitText(20)).toBe('dưới 1 phút');
  });
});

describe('personal summaries (spec 02 §7)', () => {
  it('one line per terminal with a count per status, the total line last', async () => {
    const { personalTable } = await import('../src/features/stats/personal/personal-rows');
    const lines = personalTable([
      { TerminalCode: 'NHP', Status: 'A', Counting: 2 },
      { TerminalCode: 'NDP', Status: 'C', Counting: 5 },
      { TerminalCode: 'NDP', Status: 'A', Counting: 1 },
    ]);
    expect(lines.map((l) => l.TerminalCode)).toEqual(['NDP', 'NHP', '']);
    expect(lines[0]).toEqual({ TerminalCode: 'NDP', counts: { C: 5, A: 1 }, total: 6 });
    expect(lines[2]).toEqual({ TerminalCode: '', counts: { A: 3, C: 5 }, total: 8 });
    expect(personalTable([])).toEqual([]);
  });
});
