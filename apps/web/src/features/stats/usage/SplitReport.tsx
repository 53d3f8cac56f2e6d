import { Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SplitReport as SplitReportKind, type SplitRequest, usePreloadSplit, useSplitReport } from '../api';
import { defineReport, type ReportChart, type ReportColumn, type ReportDeclaration } from '../report/define-report';
import { useAskedSource } from '../report/useReport';
import type { EChartsOption } from '../shared/echarts';
import { EXPORT_TIME } from '../shared/excel-export';
import { type PeriodValue, REQUEST_TIME } from '../shared/period';
import { formatCount, formatNumber, formatShare, formatVnd, sharePercent, sliceTooltip } from '../shared/stats-format';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
import {
  approvalApart,
  type Split,
  type SplitData,
  type SplitFigures,
  type SplitMetric,
  splitByTerminal,
  splitPeriods,
  splitTotals,
  total,
  waitText,
} from './split-data';
import texts from './usage.vi.json';

registerStatsTexts(texts);

/** The two sides' colours: the left side (SMARTPORT / TỰ ĐỘNG) and the right (TOS / DUYỆT TAY). */
export const sideColors = { smp: '#0b63b6', tos: '#f59e0b' } as const;

/** Job type radios: 'all' leaves JobType out of the request (spec 02 §5). */
const jobTypeChoices = ['all', 'nh', 'dr', 'dv'] as const;
type JobTypeChoice = (typeof jobTypeChoices)[number];

/** The three KPI cards; the output card drives the charts by containers (TEU shown beside). */
const cards = ['ord', 'sum', 'cont'] as const;
type CardMetric = (typeof cards)[number];
const cardColors: Record<CardMetric, string> = { ord: '#0b63b6', sum: '#16a34a', cont: '#d97706' };

/** A figure of a metric as a cell shows it; output also gives TEU. */
export function metricText(f: SplitFigures, metric: SplitMetric, side: keyof Split | 'total'): string {
  const pick = (m: SplitMetric) => (side === 'total' ? total(f[m]) : f[m][side]);
  if (metric === 'cont') return `${formatCount(pick('cont'))} (${formatCount(pick('teu'))} TEU)`;
  return formatCount(pick(metric));
}

interface TableRow {
  key: string;
  name: ReactNode;
  text: string;
  figures: SplitFigures;
  children?: TableRow[];
}

/** The job type radio of the usage and approval reports (spec 02 §5). */
function JobTypeFilter({ value, onChange }: { value: JobTypeChoice; onChange: (next: JobTypeChoice) => void }) {
  const { t } = useTranslation(STATS_NS);
  return (
    <>
      <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('split.jobType')}</span>
      <Radio.Group
        aria-label={t('split.jobType')}
        value={value}
        onChange={(e) => onChange(e.target.value as JobTypeChoice)}
        optionType="button"
        size="small"
        options={jobTypeChoices.map((j) => ({ value: j, label: t(`split.jobTypes.${j}`) }))}
      />
    </>
  );
}

/**
 * The usage report and the approval report by job type: same layout, two sides (spec 02 §2.6.3–4).
 * `kind` 'usage': crm/sum_tos_smp, SMARTPORT / TOS; 'approval': crm/sum_cms_smp, TỰ ĐỘNG / DUYỆT TAY; `footer` is
 * shown under the report (the approval screen's §2.7 dashboard), given the screen's period.
 */
export function splitReport(
  kind: SplitReportKind,
  footer?: (period: PeriodValue) => ReactNode,
): ReportDeclaration<SplitRequest, SplitData, CardMetric, TableRow, JobTypeChoice> {
  return defineReport<SplitRequest, SplitData, CardMetric, TableRow, JobTypeChoice>({
    title: `${kind}.title`,
    measures: cards,
    filter: {
      initial: 'all',
      col: { xs: 24, md: 14, xl: 5 },
      render: (value, onChange) => <JobTypeFilter value={value} onChange={onChange} />,
    },
    request: (base, jobType) => ({
      ...base,
      ...(jobType === 'all' ? {} : { JobType: jobType as NonNullable<SplitRequest['JobType']> }),
    }),
    useSource: () => useAskedSource((asked) => useSplitReport(kind, asked), usePreloadSplit(kind)),
    loadFailed: 'split.loadFailed',
    exportFailed: 'split.exportFailed',
    exportRange: (asked) => ({
      from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
      to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
    }),
    cols: { period: { xs: 24, md: 10, xl: 7 }, terminals: { xs: 24, md: 16, xl: 8 }, actions: { xs: 24, md: 8, xl: 4 } },
    footer,
    useParts: ({ t, data: answer, measure: metric, colorOf }) => {
      const data: SplitData = answer ?? {};
      const smp = t(`${kind}.smp`);
      const tos = t(`${kind}.tos`);
      const totals = useMemo(() => splitTotals(data), [data]);
      const apart = useMemo(() => approvalApart(data), [data]);
      const periods = useMemo(() => splitPeriods(data, metric), [data, metric]);
      const byTerminal = useMemo(() => splitByTerminal(data, metric), [data, metric]);
      const empty = !periods.length;
      const sideValue = (m: CardMetric, v: number) => (m === 'sum' ? formatVnd(v) : formatCount(v));

      const doughnut = useMemo<EChartsOption>(
        () => ({
          tooltip: { trigger: 'item', formatter: sliceTooltip() },
          legend: { bottom: 0 },
          series: [
            {
              name: t(`split.metric.${metric}`),
              type: 'pie',
              radius: ['42%', '68%'],
              center: ['50%', '44%'],
              data: [
                { name: smp, value: totals[metric].smp, itemStyle: { color: sideColors.smp } },
                { name: tos, value: totals[metric].tos, itemStyle: { color: sideColors.tos } },
              ],
              label: {
                // The names are in the legend; the ring carries the percents (slices over 5%, spec 02 §9).
                formatter: (p: { percent?: number }) => ((p.percent ?? 0) > 5 ? formatShare(p.percent ?? 0) : ''),
              },
            },
          ],
        }),
        [totals, metric, smp, tos, t],
      );

      // Each terminal's bar is its whole (100%): the left side's share, then the right side's.
      const bars = useMemo<EChartsOption>(() => {
        const codes = byTerminal.map((b) => b.TerminalCode);
        const share = (s: Split, side: keyof Split) => sharePercent(s[side], total(s));
        return {
          tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => formatShare(Number(v)) },
          legend: { bottom: 0 },
          grid: { left: 8, right: 24, top: 8, bottom: 40, containLabel: true },
          xAxis: { type: 'value', max: 100, axisLabel: { formatter: (v: number) => `${formatNumber(v)}%` } },
          yAxis: { type: 'category', data: codes, inverse: true },
          series: (['smp', 'tos'] as const).map((side) => ({
            name: side === 'smp' ? smp : tos,
            type: 'bar' as const,
            stack: 'share',
            barMaxWidth: 40,
            itemStyle: { color: sideColors[side] },
            label: { show: true, formatter: (p: { value?: unknown }) => (Number(p.value) >= 12 ? formatShare(Number(p.value)) : '') },
            data: byTerminal.map((b) => share(b.split, side)),
          })),
        };
      }, [byTerminal, smp, tos]);

      const notLoaded = t('common.notLoaded');
      const charts: ReportChart[] = [
        {
          key: 'doughnut',
          col: { xs: 24, lg: 9 },
          title: t('split.doughnut', { smp, tos }),
          label: t('split.doughnut', { smp, tos }),
          option: doughnut,
          empty,
          emptyText: notLoaded,
          style: { height: 280 },
        },
        {
          key: 'bars',
          col: { xs: 24, lg: 15 },
          title: t('split.bars', { smp, tos }),
          label: t('split.bars', { smp, tos }),
          option: bars,
          empty,
          emptyText: notLoaded,
          style: { height: Math.max(280, 36 * byTerminal.length + 60) },
        },
      ];

      const rows = useMemo<TableRow[]>(
        () =>
          periods.map((p) => ({
            key: p.label,
            name: <Typography.Text strong>{p.label}</Typography.Text>,
            text: p.label,
            figures: p.figures,
            children: p.terminals.map((tr) => ({
              key: `${p.label}|${tr.TerminalCode}`,
              name: (
                <span>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      marginRight: 6,
                      background: colorOf(tr.TerminalCode),
                    }}
                  />
                  {tr.TerminalCode}
                </span>
              ),
              text: tr.TerminalCode,
              figures: tr.figures,
              children: tr.jobModes.map((m) => ({
                key: `${p.label}|${tr.TerminalCode}|${m.JobModeCode}`,
                name: `${m.JobModeCode} - ${m.JobModeName}`,
                text: `${m.JobModeCode} - ${m.JobModeName}`,
                figures: m.figures,
              })),
            })),
          })),
        [periods, colorOf],
      );

      const share = (f: SplitFigures, side: keyof Split) => sharePercent(f[metric][side], total(f[metric]));
      const teu = (title: string, value: (f: SplitFigures) => number): ReportColumn<TableRow> => ({
        key: `${title}-teu`,
        title: `${title} (TEU)`,
        value: (r) => value(r.figures),
        excelWidth: 14,
        numFmt: '#,##0',
      });
      const columns: ReportColumn<TableRow>[] = [
        {
          key: 'name',
          title: t('split.col.name'),
          excelTitle: `${t('split.col.name')} (${t(`split.metric.${metric}`)})`,
          width: 280,
          render: (r) => r.name,
          value: (r) => r.text,
          excelWidth: 36,
        },
        ...(['smp', 'tos'] as const).flatMap((side): ReportColumn<TableRow>[] => {
          const name = side === 'smp' ? smp : tos;
          return [
            {
              key: side,
              title: name,
              align: 'right',
              render: (r) => metricText(r.figures, metric, side),
              value: (r) => r.figures[metric][side],
              excelWidth: 16,
              numFmt: '#,##0',
            },
            {
              key: `${side}Share`,
              title: t('split.col.share', { side: name }),
              align: 'right',
              render: (r) => formatShare(share(r.figures, side)),
              value: (r) => share(r.figures, side),
              excelWidth: 16,
              numFmt: '0.00"%"',
            },
          ];
        }),
        {
          key: 'total',
          title: t('split.col.total'),
          align: 'right',
          render: (r) => metricText(r.figures, metric, 'total'),
          value: (r) => total(r.figures[metric]),
          excelWidth: 16,
          numFmt: '#,##0',
        },
        ...(metric === 'cont'
          ? [teu(smp, (f) => f.teu.smp), teu(tos, (f) => f.teu.tos), teu(t('split.col.total'), (f) => total(f.teu))]
          : []),
      ];

      const splitLine = (m: SplitMetric) =>
        `${smp}: ${sideValue(m === 'sum' ? 'sum' : 'ord', totals[m].smp)} · ${tos}: ${sideValue(m === 'sum' ? 'sum' : 'ord', totals[m].tos)}`;
      // The approval report: the orders still waiting in 'Duyệt lệnh' apart, and how long a manual approval waited.
      const approvalLines = (m: CardMetric): ReactNode[] => {
        if (kind !== 'approval' || m === 'cont') return [];
        const pending =
          m === 'sum'
            ? t('approval.pendingAmount', { amount: formatVnd(apart.amount) })
            : t('approval.pendingOrders', { n: formatCount(apart.orders) });
        const lines = [
          <Typography.Text key="pending" type="secondary" style={{ fontSize: 13 }} data-testid={`approval-pending-${m}`}>
            {pending}
          </Typography.Text>,
        ];
        if (m === 'ord' && apart.avgWait != null) {
          lines.push(
            <Typography.Text key="wait" type="secondary" style={{ fontSize: 13 }} data-testid="approval-manual-wait">
              {t('approval.manualWait', { wait: waitText(apart.avgWait) })}
            </Typography.Text>,
          );
        }
        return lines;
      };
      const cardLines = (m: CardMetric): ReactNode[] => [...splitCardLines(m), ...approvalLines(m)];
      const splitCardLines = (m: CardMetric): ReactNode[] => {
        const line = (
          <Typography.Text key="split" type="secondary" style={{ fontSize: 13 }}>
            {splitLine(m)}
          </Typography.Text>
        );
        if (m === 'cont') {
          return [
            `${formatCount(total(totals.cont))} ${t('split.units.cont')}`,
            `${formatCount(total(totals.teu))} ${t('split.units.teu')}`,
            line,
          ];
        }
        return [m === 'sum' ? formatVnd(total(totals.sum)) : `${formatCount(total(totals.ord))} ${t('split.units.ord')}`, line];
      };

      return {
        cards: cards.map((m) => ({ measure: m, title: t(`split.cards.${m}`), lines: cardLines(m), color: cardColors[m] })),
        charts,
        table: { rows, columns, title: `${t('split.table')} — ${t(`split.metric.${metric}`)}`, scrollX: 900, emptyText: notLoaded },
        empty,
        exportFile: { fileName: t(`${kind}.title`), title: t(`${kind}.exportTitle`) },
      };
    },
  });
}
