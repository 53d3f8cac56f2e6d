import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { type MbRequest, useMbSummary, usePreloadMb } from '../api';
import { defineReport, type ReportChart, type ReportColumn } from '../report/define-report';
import { ReportFrame } from '../report/ReportFrame';
import { useAskedSource } from '../report/useReport';
import type { EChartsOption } from '../shared/echarts';
import { EXPORT_TIME } from '../shared/excel-export';
import { currentPeriod, type PeriodType, type PeriodValue, REQUEST_TIME } from '../shared/period';
import { formatCount, formatShare, formatVnd } from '../shared/stats-format';
import { TOTAL_LINE_COLOR } from '../shared/terminal-colors';
import { registerStatsTexts } from '../shared/texts';
import texts from './mb-summary.vi.json';
import { type MbData, type MbMeasure, mbColumnSeries, mbMeasures, mbPeriods, mbTerminalShares, mbTotals } from './mb-summary-data';

registerStatsTexts(texts);

/**
 * Spec 02 §2.6.2 defaults: month from 5 months ago to the end of this month; quarter, year and day from the start
 * to the end of the current one.
 */
export function mbDefaults(type: PeriodType, now = dayjs()): PeriodValue {
  if (type === 'month') return { type, from: now.subtract(5, 'month').startOf('month'), to: now.startOf('month') };
  return currentPeriod(type, now);
}

const cardColors: Record<MbMeasure, string> = { ThanhToan: '#0b63b6', TongTien: '#16a34a', SoLuong: '#d97706' };

interface TableRow {
  key: string;
  name: string;
  SoLuong: number;
  TongTien: number;
  ThanhToan: number;
  children?: TableRow[];
}

/** /Report/MBSummary 'Thống kê tổng hợp - MB': payments through the MB channel (spec 02 §2.6.2). */
const mbReport = defineReport<MbRequest, MbData, MbMeasure, TableRow>({
  title: 'mb.title',
  periodDefaults: mbDefaults,
  // GML is left out of the first selection (spec 02 §2.6.2).
  initiallyOff: ['GML'],
  measures: mbMeasures,
  useSource: () => useAskedSource(useMbSummary, usePreloadMb()),
  loadFailed: 'mb.loadFailed',
  exportFailed: 'mb.exportFailed',
  exportRange: (asked) => ({
    from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
    to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
  }),
  cols: { period: { xs: 24, md: 10, xl: 8 }, terminals: { xs: 24, md: 14, xl: 11 }, actions: { xs: 24, xl: 5 } },
  useParts: ({ t, data: answer, measure, colorOf, terminalCodes }) => {
    const data: MbData = answer ?? {};
    const totals = useMemo(() => mbTotals(data), [data]);
    const periods = useMemo(() => mbPeriods(data, measure), [data, measure]);
    const shares = useMemo(() => mbTerminalShares(data, measure), [data, measure]);
    const series = useMemo(() => mbColumnSeries(periods, measure, terminalCodes), [periods, measure, terminalCodes]);
    const measureName = t(`mb.measure.${measure}`);
    const show = useCallback(
      (m: MbMeasure, v: number) => (m === 'SoLuong' ? `${formatCount(v)} ${t('mb.unit.SoLuong')}` : formatVnd(v)),
      [t],
    );

    const doughnut = useMemo<EChartsOption>(
      () => ({
        tooltip: { trigger: 'item', valueFormatter: (v: unknown) => show(measure, Number(v)) },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            name: measureName,
            type: 'pie',
            radius: ['42%', '68%'],
            center: ['50%', '44%'],
            data: shares.map((s) => ({ name: s.TerminalCode, value: s.value, itemStyle: { color: colorOf(s.TerminalCode) } })),
            // Spec 02 §9: the percent label only on slices over 5%.
            label: { formatter: (p: { percent?: number }) => ((p.percent ?? 0) > 5 ? formatShare(p.percent ?? 0) : '') },
          },
        ],
      }),
      [shares, measure, measureName, colorOf, show],
    );
    const stacked = useMemo<EChartsOption>(
      () => ({
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { bottom: 0, type: 'scroll' },
        grid: { left: 8, right: 16, top: 24, bottom: 48, containLabel: true },
        xAxis: { type: 'category', data: series.periods, axisLabel: { hideOverlap: true } },
        // The axis ends 10% above the peak; its last label would sit on the one below it.
        yAxis: { type: 'value', max: series.yMax, axisLabel: { showMaxLabel: false } },
        series: [
          ...series.stacks.map((s) => ({
            name: s.TerminalCode,
            type: 'bar' as const,
            stack: 'terminals',
            barMaxWidth: 40,
            itemStyle: { color: colorOf(s.TerminalCode) },
            data: s.values,
          })),
          {
            name: t('mb.total'),
            type: 'line' as const,
            data: series.totals,
            itemStyle: { color: TOTAL_LINE_COLOR },
            lineStyle: { color: TOTAL_LINE_COLOR },
          },
        ],
      }),
      [series, colorOf, t],
    );
    const empty = !periods.length;
    const charts: ReportChart[] = [
      {
        key: 'doughnut',
        col: { xs: 24, lg: 8 },
        title: t('mb.doughnut', { measure: measureName }),
        label: t('mb.doughnut', { measure: measureName }),
        option: doughnut,
        empty: !shares.length,
        style: { height: 280 },
      },
      {
        key: 'columns',
        col: { xs: 24, lg: 16 },
        title: t('mb.columns', { measure: measureName }),
        label: t('mb.columns', { measure: measureName }),
        option: stacked,
        empty,
        style: { height: 280 },
      },
    ];

    const rows = useMemo<TableRow[]>(
      () =>
        periods.map((p) => ({
          key: p.label,
          name: p.label,
          ...p.totals,
          children: p.rows.map((r) => ({
            key: `${p.label}|${r.TerminalCode}`,
            name: r.TerminalCode,
            SoLuong: r.SoLuong,
            TongTien: r.TongTien,
            ThanhToan: r.ThanhToan,
          })),
        })),
      [periods],
    );
    const figure = (field: MbMeasure, title: string, excelWidth: number): ReportColumn<TableRow> => ({
      key: field,
      title,
      align: 'right',
      render: (r) => formatCount(r[field]),
      value: (r) => r[field],
      excelWidth,
      numFmt: '#,##0',
    });
    const columns: ReportColumn<TableRow>[] = [
      {
        key: 'name',
        title: t('mb.col.period'),
        render: (row) =>
          row.children ? (
            <Typography.Text strong>{row.name}</Typography.Text>
          ) : (
            <span>
              <span
                style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, marginRight: 6, background: colorOf(row.name) }}
              />
              {row.name}
            </span>
          ),
        value: (row) => row.name,
        excelWidth: 26,
      },
      figure('SoLuong', t('mb.col.count'), 20),
      figure('TongTien', t('mb.col.amount'), 26),
      figure('ThanhToan', t('mb.col.fee'), 22),
    ];

    return {
      cards: mbMeasures.map((m) => ({ measure: m, title: t(`mb.measure.${m}`), lines: [show(m, totals[m])], color: cardColors[m] })),
      charts,
      table: { rows, columns, title: t('mb.table', { measure: measureName.toLowerCase() }), scrollX: 640 },
      empty,
      exportFile: { fileName: t('mb.fileName'), title: t('mb.exportTitle') },
    };
  },
});

export function MbSummaryReport() {
  return <ReportFrame report={mbReport} />;
}
