import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  baseRequest,
  checkedTerminals,
  datesRange,
  defineReport,
  exportColumns,
  exportRows,
  initialMeasure,
  initialPeriod,
  initialTerminals,
  monthToDate,
  type ReportColumn,
  type ReportRow,
  sameRequest,
  yearToDate,
} from '../src/features/stats/report/define-report';
import { currentPeriod, type PeriodType } from '../src/features/stats/shared/period';
import { allToggleAction } from '../src/features/stats/shared/TerminalToggles';

const codes = ['NDP', 'NDV', 'NHP', 'NHI', 'GML', 'BDP', 'VMD', 'ASL', 'STD', 'PMD', 'PIP', 'IC3', 'GNL'];

describe('the statistics report mechanism', () => {
  it('opens on the month type with the current month in both pickers, or the report’s own defaults', () => {
    const now = currentPeriod('month');
    const first = initialPeriod();
    expect(first.type).toBe('month');
    expect(first.from.format('YYYY-MM-DD')).toBe(now.from.format('YYYY-MM-DD'));
    expect(first.to.format('YYYY-MM-DD')).toBe(now.from.format('YYYY-MM-DD'));
    // MB (spec 02 §2.6.2): the month type runs from five months back.
    const at = dayjs('2026-03-15');
    const mb = (type: PeriodType) =>
      type === 'month' ? { type, from: at.subtract(5, 'month').startOf('month'), to: at.startOf('month') } : currentPeriod(type, at);
    const own = initialPeriod(mb);
    expect([own.from.format('YYYY-MM'), own.to.format('YYYY-MM')]).toEqual(['2025-10', '2026-03']);
  });

  it('selects every terminal at first but those the report leaves off; the select-all button follows the rule', () => {
    expect(initialTerminals(codes)).toEqual(codes);
    const mb = initialTerminals(codes, ['GML']);
    expect(mb).toEqual(codes.filter((c) => c !== 'GML'));
    // One terminal of 13 off: 'Bỏ chọn tất cả'; seven off: 'Chọn tất cả'.
    expect(allToggleAction(mb.length, codes.length)).toBe('deselect');
    expect(allToggleAction(initialTerminals(codes, codes.slice(0, 7)).length, codes.length)).toBe('select');
    expect(initialTerminals([], ['GML'])).toEqual([]);
  });

  it('chooses the first declared measure at first', () => {
    expect(initialMeasure(['ord', 'sum', 'vol'] as const)).toBe('ord');
    expect(initialMeasure(['ThanhToan', 'TongTien', 'SoLuong'] as const)).toBe('ThanhToan');
    expect(() => initialMeasure([])).toThrow();
  });

  it('sends the period request in the calls’ order: loadType, terminalList, fromTime, toTime', () => {
    const r = baseRequest({ type: 'quarter', from: dayjs('2026-02-10'), to: dayjs('2026-05-03') }, ['NDP', 'NHP']);
    expect(JSON.stringify(r)).toBe(
      '{"loadType":"quarter","terminalList":["NDP","NHP"],"fromTime":"2026-01-01 00:00:00","toTime":"2026-06-30 23:59:59"}',
    );
    expect(sameRequest(r, { ...r })).toBe(true);
    expect(sameRequest(null, null)).toBe(false);
    expect(sameRequest(r, { ...r, JobType: 'nh' })).toBe(false);
  });

  it('writes the export of a declared table: every level whatever is expanded, export-only columns in place', () => {
    interface Row extends ReportRow {
      text: string;
      n: number;
      children?: Row[];
    }
    const columns: ReportColumn<Row>[] = [
      { key: 'name', title: 'Kỳ', excelTitle: 'Kỳ (Tổng lệnh)', render: (r) => r.text, value: (r) => r.text, excelWidth: 30 },
      { key: 'n', title: 'Số', render: (r) => String(r.n), value: (r) => r.n, excelWidth: 12, numFmt: '#,##0' },
      { key: 'share', title: 'Tỉ lệ', value: (r) => r.n / 10, numFmt: '0.00"%"' },
      { key: 'action', title: 'Thao tác', render: () => 'x' },
    ];
    const rows: Row[] = [
      {
        key: 'p',
        text: 'Tháng 01/2026',
        n: 10,
        children: [{ key: 'p|NDP', text: 'NDP', n: 6, children: [{ key: 'p|NDP|NH', text: 'NH - Nâng hạ', n: 6 }] }],
      },
      { key: 'q', text: 'Tháng 02/2026', n: 0, children: [] },
    ];
    expect(exportColumns(columns)).toEqual([
      { title: 'Kỳ (Tổng lệnh)', width: 30 },
      { title: 'Số', width: 12, numFmt: '#,##0' },
      { title: 'Tỉ lệ', numFmt: '0.00"%"' },
    ]);
    expect(exportRows(rows, columns)).toEqual([
      { level: 0, bold: true, cells: ['Tháng 01/2026', 10, 1] },
      { level: 1, bold: false, cells: ['NDP', 6, 0.6] },
      { level: 2, bold: false, cells: ['NH - Nâng hạ', 6, 0.6] },
      { level: 0, bold: true, cells: ['Tháng 02/2026', 0, 0] },
    ]);
  });

  it('a declaration is returned as it is', () => {
    const report = defineReport({
      title: 'x.title',
      measures: ['ord'] as const,
      useSource: () => ({
        data: undefined,
        asked: null,
        fetching: false,
        updatedAt: 0,
        error: null,
        search: () => {},
        preload: async () => {},
      }),
      exportRange: () => ({ from: '', to: '' }),
      cols: { period: {}, terminals: {}, actions: {} },
      useParts: () => ({
        cards: [],
        charts: [],
        table: { rows: [], columns: [], scrollX: 0 },
        empty: true,
        exportFile: { fileName: '', title: '' },
      }),
    });
    expect(report.title).toBe('x.title');
  });

  it('holds a period of two dates only as the day type, from the first of the month to today, sent whole days', () => {
    const at = dayjs('2026-03-15T10:20:30');
    const own = monthToDate(at);
    expect(own.from.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-01 00:00:00');
    expect(own.to.format('YYYY-MM-DD')).toBe('2026-03-15');
    const dates = { fromLabel: 'f', toLabel: 't', format: 'DD/MM/YYYY', defaults: () => own };
    const first = initialPeriod(undefined, dates);
    expect(first.type).toBe('day');
    expect(first.from.isSame(own.from)).toBe(true);
    expect(datesRange({ type: 'day', from: at, to: at.add(2, 'day') }, 'YYYY-MM-DD HH:mm:ss')).toEqual({
      from: '2026-03-15 00:00:00',
      to: '2026-03-17 23:59:59',
    });
    // Without terminal chips the request's terminal list is empty.
    expect(baseRequest(first, []).terminalList).toEqual([]);
  });

  it('opens the rating report on the start of the year to the end of today (spec 02 §2.6.1)', () => {
    const at = dayjs('2026-03-15T10:20:30');
    const own = yearToDate(at);
    expect(own.from.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-01 00:00:00');
    expect(own.to.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-15 23:59:59');
    const first = initialPeriod(undefined, { fromLabel: 'f', toLabel: 't', format: 'DD/MM/YYYY', defaults: () => own });
    expect(datesRange(first, 'YYYY-MM-DD HH:mm:ss')).toEqual({ from: '2026-01-01 00:00:00', to: '2026-03-15 23:59:59' });
  });

  it('keeps a port list’s checked ports in the terminals’ order (spec 02 §2.7)', () => {
    expect(checkedTerminals(codes, ['GML', 'NDP', 'BDP'])).toEqual(['NDP', 'GML', 'BDP']);
    expect(checkedTerminals(codes, [])).toEqual([]);
    // A code no longer among the user's terminals is not sent.
    expect(checkedTerminals(['NDP'], ['NDP', 'XXX'])).toEqual(['NDP']);
  });
});
