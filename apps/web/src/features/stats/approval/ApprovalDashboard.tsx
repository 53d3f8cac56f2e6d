import { Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { type SplitRequest, useSplitReport } from '../api';
import { defineReport, type ReportColumn, type ReportRow } from '../report/define-report';
import { useAskedSource } from '../report/useReport';
import type { EChartsOption } from '../shared/echarts';
import { EXPORT_TIME } from '../shared/excel-export';
import { REQUEST_TIME } from '../shared/period';
import { formatCount, formatShare, formatVnd, sharePercent, sliceTooltip } from '../shared/stats-format';
import { metricText, sideColors } from '../usage/SplitReport';
import { type SplitData, type SplitFigures, splitByTerminal, splitPeriods, splitTotals, total } from '../usage/split-data';

interface Row3 extends ReportRow {
  name: ReactNode;
  text: string;
  figures: SplitFigures;
  /** The figures this row's total is a share of (its period's). */
  whole: SplitFigures;
  children?: Row3[];
}

/** The three hidden cards (spec 02 §2.7); the metric stays the first, 'ord', until they are shown. */
const cards = ['ord', 'sum', 'cont'] as const;
type CardMetric = (typeof cards)[number];

/**
 * Spec 02 §2.7, the approval statistics dashboard at the end of the approval screen, over the screen's period
 * (`<ReportFrame period>`): a port list (each port toggles its search-active flag), 'Tra cứu', an export titled
 * 'THỐNG KÊ', three cards kept hidden as the spec has them, pie charts beside a table period → terminal → job mode
 * with automatic, manual and total, each with its share. Reads crm/sum_cms_smp (all job types).
 */
export const approvalDashboard = defineReport<SplitRequest, SplitData, CardMetric, Row3>({
  title: 'approval.dashboard.title',
  look: 'part',
  terminals: { list: 'approval.dashboard.ports' },
  measures: cards,
  cardsHidden: true,
  // No silent preload: it asks only on its own 'Tra cứu'.
  useSource: () =>
    useAskedSource(
      (asked) => useSplitReport('approval', asked),
      () => Promise.resolve(),
    ),
  loadFailed: 'split.loadFailed',
  exportFailed: 'split.exportFailed',
  exportRange: (asked) => ({
    from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
    to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
  }),
  useParts: ({ t, data: answer, asked, measure: metric, colorOf }) => {
    const data: SplitData = answer ?? {};
    const totals = useMemo(() => splitTotals(data), [data]);
    const periods = useMemo(() => splitPeriods(data, metric), [data, metric]);
    const byTerminal = useMemo(() => splitByTerminal(data, metric), [data, metric]);
    const empty = !periods.length;
    const smp = t('approval.dashboard.col.smp');
    const tos = t('approval.dashboard.col.tos');

    const sidesPie = useMemo<EChartsOption>(
      () => ({
        tooltip: { trigger: 'item', formatter: sliceTooltip() },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: '62%',
            center: ['50%', '44%'],
            data: [
              { name: smp, value: totals[metric].smp, itemStyle: { color: sideColors.smp } },
              { name: tos, value: totals[metric].tos, itemStyle: { color: sideColors.tos } },
            ],
            label: { formatter: (p: { percent?: number }) => ((p.percent ?? 0) > 5 ? formatShare(p.percent ?? 0) : '') },
          },
        ],
      }),
      [totals, metric, smp, tos],
    );
    const terminalsPie = useMemo<EChartsOption>(
      () => ({
        tooltip: { trigger: 'item', formatter: sliceTooltip() },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            radius: '62%',
            center: ['50%', '44%'],
            data: byTerminal.map((b) => ({ name: b.TerminalCode, value: total(b.split), itemStyle: { color: colorOf(b.TerminalCode) } })),
            label: { formatter: (p: { percent?: number }) => ((p.percent ?? 0) > 5 ? formatShare(p.percent ?? 0) : '') },
          },
        ],
      }),
      [byTerminal, colorOf],
    );

    const rows = useMemo<Row3[]>(
      () =>
        periods.map((p) => ({
          key: p.label,
          name: <Typography.Text strong>{p.label}</Typography.Text>,
          text: p.label,
          figures: p.figures,
          whole: p.figures,
          children: p.terminals.map((tr) => ({
            key: `${p.label}|${tr.TerminalCode}`,
            name: tr.TerminalCode,
            text: tr.TerminalCode,
            figures: tr.figures,
            whole: p.figures,
            children: tr.jobModes.map((m) => ({
              key: `${p.label}|${tr.TerminalCode}|${m.JobModeCode}`,
              name: `${m.JobModeCode} - ${m.JobModeName}`,
              text: `${m.JobModeCode} - ${m.JobModeName}`,
              figures: m.figures,
              whole: p.figures,
            })),
          })),
        })),
      [periods],
    );

    // Shares are part over total, zero when the total is zero; the total's share is of its period's total.
    const sideShare = (r: Row3, side: 'smp' | 'tos') => sharePercent(r.figures[metric][side], total(r.figures[metric]));
    const totalShare = (r: Row3) => sharePercent(total(r.figures[metric]), total(r.whole[metric]));
    const cell = (value: string, share: number) => (
      <span>
        {value} <Typography.Text type="secondary">({formatShare(share)})</Typography.Text>
      </span>
    );
    const pct = t('approval.dashboard.col.share');
    const totalTitle = t('approval.dashboard.col.total');
    // On screen each figure carries its share; the export gives the share its own column after it.
    const shareColumn = (key: string, title: string, share: (r: Row3) => number): ReportColumn<Row3> => ({
      key,
      title: `${pct} ${title}`,
      value: share,
      excelWidth: 14,
      numFmt: '0.00"%"',
    });
    const columns: ReportColumn<Row3>[] = [
      { key: 'name', title: t('approval.dashboard.col.period'), width: 260, render: (r) => r.name, value: (r) => r.text, excelWidth: 34 },
      ...(['smp', 'tos'] as const).flatMap((side): ReportColumn<Row3>[] => [
        {
          key: side,
          title: side === 'smp' ? smp : tos,
          align: 'right',
          render: (r) => cell(metricText(r.figures, metric, side), sideShare(r, side)),
          value: (r) => r.figures[metric][side],
          excelWidth: 14,
          numFmt: '#,##0',
        },
        shareColumn(`${side}Share`, side === 'smp' ? smp : tos, (r) => sideShare(r, side)),
      ]),
      {
        key: 'total',
        title: totalTitle,
        align: 'right',
        render: (r) => cell(metricText(r.figures, metric, 'total'), totalShare(r)),
        value: (r) => total(r.figures[metric]),
        excelWidth: 14,
        numFmt: '#,##0',
      },
      shareColumn('totalShare', totalTitle, totalShare),
    ];

    return {
      cards: cards.map((m) => ({
        measure: m,
        title: t(`approval.dashboard.cards.${m}`),
        lines: [
          `${smp}: ${m === 'sum' ? formatVnd(totals.sum.smp) : formatCount(totals[m].smp)}`,
          `${tos}: ${m === 'sum' ? formatVnd(totals.sum.tos) : formatCount(totals[m].tos)}`,
        ],
      })),
      charts: [
        {
          key: 'sides',
          col: { span: 24 },
          label: t('approval.dashboard.pieSides'),
          option: sidesPie,
          empty,
          emptyText: asked ? undefined : t('approval.dashboard.notAsked'),
          style: { height: 250 },
        },
        {
          key: 'terminals',
          col: { span: 24 },
          label: t('approval.dashboard.pieTerminals'),
          option: terminalsPie,
          empty,
          style: { height: 250 },
        },
      ],
      table: { rows, columns, scrollX: 560 },
      empty,
      exportFile: { fileName: t('approval.dashboard.fileName'), title: t('approval.dashboard.exportTitle') },
    };
  },
});
