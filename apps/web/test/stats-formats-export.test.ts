import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detailExportRows, orderLines } from '../src/features/stats/detail-lines';
import { vietnameseNumbers } from '../src/features/stats/shared/echarts';
import { buildReportWorkbook } from '../src/features/stats/shared/excel-export';
import { formatCount, formatGrowth, formatNumber, formatShare, sliceTooltip } from '../src/features/stats/shared/stats-format';

describe('statistics figures the Vietnamese way and the detail export', () => {
  it('numbers, shares and growth: thousands with a dot, decimals with a comma', () => {
    expect(formatCount(1_000_000)).toBe('1.000.000');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatShare(10.5)).toBe('10,50%');
    expect(formatShare(9.23)).toBe('9,23%');
    expect(formatGrowth(115, 100)).toBe('+15,0%');
    expect(formatGrowth(90, 100)).toBe('−10,0%');
    expect(formatGrowth(5, 0)).toBeNull();
    expect(sliceTooltip()({ name: 'NDP', value: 1234567, percent: 9.23 })).toBe('NDP: 1.234.567 (9,23%)');
  });

  it('value axes, tooltips and shown column labels get Vietnamese formatters where the chart gave none', () => {
    const own = (v: number) => `${v}!`;
    const o = vietnameseNumbers({
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: ['a'] },
      yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: own } }],
      series: [
        { type: 'bar', label: { show: true }, data: [1500000] },
        { type: 'pie', label: { show: true }, data: [] },
      ],
    }) as Record<string, unknown>;
    const y = o.yAxis as { axisLabel: { formatter: (v: number) => string } }[];
    expect(y[0]?.axisLabel.formatter(2500000.5)).toBe('2.500.000,5');
    expect(y[1]?.axisLabel.formatter).toBe(own);
    expect((o.xAxis as { axisLabel?: unknown }).axisLabel).toBeUndefined();
    expect((o.tooltip as { valueFormatter: (v: unknown) => string }).valueFormatter(1234567)).toBe('1.234.567');
    const [bar, pie] = o.series as { label: { formatter?: (p: { value: number }) => string } }[];
    expect(bar?.label.formatter?.({ value: 1500000 })).toBe('1.500.000');
    expect(pie?.label.formatter).toBeUndefined();
  });

  it('the detail export merges order-level cells over the order’s containers: "Tổng tiền" sums once per order', async () => {
    const line = (OrderNo: string, STT: number, ContainerNo: string, TotalAmount: number) =>
      ({ OrderNo, STT, ContainerNo, TotalAmount }) as never;
    const lines = orderLines([
      line('A1', 1, 'C1', 4_000_000),
      line('A1', 2, 'C2', 4_000_000),
      line('A1', 3, 'C3', 4_000_000),
      line('A1', 4, 'C4', 4_000_000),
      line('B2', 5, 'C5', 1_000_000),
    ]);
    const columns = [
      { order: true, text: (r: (typeof lines)[number]) => r.orderIndex },
      { text: (r: (typeof lines)[number]) => r.ContainerNo ?? '' },
      { order: true, text: (r: (typeof lines)[number]) => r.TotalAmount },
    ];
    const data = await buildReportWorkbook(
      { title: 'CHI TIẾT THỐNG KÊ', signatures: false },
      [{ title: 'STT' }, { title: 'Số container' }, { title: 'Tổng tiền', numFmt: '#,##0' }],
      detailExportRows(columns, lines),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as never);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    let head = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'STT') head = n;
    });
    const totals: number[] = [];
    const containers: string[] = [];
    for (let n = head + 1; n <= head + 5; n++) {
      const cell = sheet.getCell(n, 3);
      if (cell.master === cell && typeof cell.value === 'number') totals.push(cell.value);
      containers.push(String(sheet.getCell(n, 2).value));
    }
    expect(containers).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    // One figure per order: 5.000.000 VNĐ, not 17.000.000.
    expect(totals).toEqual([4_000_000, 1_000_000]);
    expect(sheet.getCell(head + 4, 3).isMerged && sheet.getCell(head + 4, 3).master.address).toBe(`C${head + 1}`);
    expect(sheet.getCell(head + 2, 1).master.value).toBe(1);
    expect(sheet.getCell(head + 5, 1).value).toBe(2);
  });
});
