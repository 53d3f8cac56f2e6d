import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { App, Button, Card, Col, Flex, Radio, Row, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../../lib/session-queries';
import { type SplitReport as SplitReportKind, type SplitRequest, useExportTerminal, usePreloadSplit, useSplitReport } from '../api';
import { EChart } from '../shared/EChart';
import type { EChartsOption } from '../shared/echarts';
import { downloadReportWorkbook, EXPORT_TIME } from '../shared/excel-export';
import { PeriodControls } from '../shared/PeriodControls';
import { currentPeriod, type PeriodValue, REQUEST_TIME, requestRange } from '../shared/period';
import { useSilentPreload } from '../shared/preload';
import { StatCard } from '../shared/StatCard';
import { formatCount, formatShare, formatVnd, sharePercent } from '../shared/stats-format';
import { TerminalToggles } from '../shared/TerminalToggles';
import { terminalColor } from '../shared/terminal-colors';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
import {
  type Split,
  type SplitData,
  type SplitFigures,
  type SplitMetric,
  splitByTerminal,
  splitPeriods,
  splitTotals,
  total,
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
  level: 0 | 1 | 2;
  name: ReactNode;
  text: string;
  figures: SplitFigures;
  children?: TableRow[];
}

export interface SplitReportProps {
  /** 'usage': crm/sum_tos_smp, SMARTPORT / TOS; 'approval': crm/sum_cms_smp, TỰ ĐỘNG / DUYỆT TAY (spec 02 §2.6.3–4). */
  kind: SplitReportKind;
  /** Shown under the report (the approval screen's §2.7 dashboard), given the screen's period. */
  footer?: (period: PeriodValue) => ReactNode;
}

/** The usage report and the approval report by job type: same layout, two sides (spec 02 §2.6.3–4). */
export function SplitReport({ kind, footer }: SplitReportProps) {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const terminals = useTerminals();
  const terminalRows = terminals.data ?? [];
  const letterhead = useExportTerminal();
  const [period, setPeriod] = useState<PeriodValue>(() => currentPeriod('month'));
  const [jobType, setJobType] = useState<JobTypeChoice>('all');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? terminalRows.map((x) => x.TerminalCode);
  const [metric, setMetric] = useState<CardMetric>('ord');
  const [asked, setAsked] = useState<SplitRequest | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const smp = t(`${kind}.smp`);
  const tos = t(`${kind}.tos`);

  const request = useMemo<SplitRequest>(
    () => ({
      loadType: period.type,
      terminalList: selected,
      ...requestRange(period),
      ...(jobType === 'all' ? {} : { JobType: jobType as NonNullable<SplitRequest['JobType']> }),
    }),
    [period, selected, jobType],
  );
  const preload = usePreloadSplit(kind);
  useSilentPreload(request, preload, terminals.isSuccess);
  const answer = useSplitReport(kind, asked);
  const data: SplitData = answer.data ?? {};

  useEffect(() => {
    if (answer.error) void message.error(t('split.loadFailed', { message: answer.error.message }));
  }, [answer.error, message, t]);

  const search = () => {
    setExpanded([]);
    if (asked && JSON.stringify(asked) === JSON.stringify(request)) void answer.refetch();
    else setAsked(request);
  };

  const colorOf = useMemo(() => {
    const server = new Map(terminalRows.map((x) => [x.TerminalCode, x.ChartColor]));
    return (code: string) => terminalColor(code, server.get(code));
  }, [terminalRows]);

  const totals = useMemo(() => splitTotals(data), [data]);
  const periods = useMemo(() => splitPeriods(data, metric), [data, metric]);
  const byTerminal = useMemo(() => splitByTerminal(data, metric), [data, metric]);
  const empty = !periods.length;
  const sideValue = useCallback((m: CardMetric, v: number) => (m === 'sum' ? formatVnd(v) : formatCount(v)), []);

  const doughnut = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
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
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
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

  const tableRows = useMemo<TableRow[]>(
    () =>
      periods.map((p) => ({
        key: p.label,
        level: 0,
        name: <Typography.Text strong>{p.label}</Typography.Text>,
        text: p.label,
        figures: p.figures,
        children: p.terminals.map((tr) => ({
          key: `${p.label}|${tr.TerminalCode}`,
          level: 1,
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
            level: 2,
            name: `${m.JobModeCode} - ${m.JobModeName}`,
            text: `${m.JobModeCode} - ${m.JobModeName}`,
            figures: m.figures,
          })),
        })),
      })),
    [periods, colorOf],
  );

  const pct = (f: SplitFigures, side: keyof Split) => formatShare(sharePercent(f[metric][side], total(f[metric])));
  const tableColumns: TableColumnsType<TableRow> = [
    { title: t('split.col.name'), dataIndex: 'name', width: 280 },
    { title: smp, key: 'smp', align: 'right', render: (_, r) => metricText(r.figures, metric, 'smp') },
    { title: t('split.col.share', { side: smp }), key: 'smpShare', align: 'right', render: (_, r) => pct(r.figures, 'smp') },
    { title: tos, key: 'tos', align: 'right', render: (_, r) => metricText(r.figures, metric, 'tos') },
    { title: t('split.col.share', { side: tos }), key: 'tosShare', align: 'right', render: (_, r) => pct(r.figures, 'tos') },
    { title: t('split.col.total'), key: 'total', align: 'right', render: (_, r) => metricText(r.figures, metric, 'total') },
  ];

  const exportExcel = async () => {
    if (!asked) return;
    const line = (text: string, f: SplitFigures, level: number) => ({
      level,
      bold: level === 0,
      cells: [
        text,
        f[metric].smp,
        sharePercent(f[metric].smp, total(f[metric])),
        f[metric].tos,
        sharePercent(f[metric].tos, total(f[metric])),
        total(f[metric]),
        ...(metric === 'cont' ? [f.teu.smp, f.teu.tos, total(f.teu)] : []),
      ],
    });
    try {
      await downloadReportWorkbook(
        t(`${kind}.title`),
        {
          title: t(`${kind}.exportTitle`),
          range: {
            from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
            to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
          },
          terminal: letterhead.data ?? null,
        },
        [
          { title: `${t('split.col.name')} (${t(`split.metric.${metric}`)})`, width: 36 },
          { title: smp, width: 16, numFmt: '#,##0' },
          { title: t('split.col.share', { side: smp }), width: 16, numFmt: '0.00"%"' },
          { title: tos, width: 16, numFmt: '#,##0' },
          { title: t('split.col.share', { side: tos }), width: 16, numFmt: '0.00"%"' },
          { title: t('split.col.total'), width: 16, numFmt: '#,##0' },
          ...(metric === 'cont'
            ? [
                { title: `${smp} (TEU)`, width: 14, numFmt: '#,##0' },
                { title: `${tos} (TEU)`, width: 14, numFmt: '#,##0' },
                { title: `${t('split.col.total')} (TEU)`, width: 14, numFmt: '#,##0' },
              ]
            : []),
        ],
        periods.flatMap((p) => [
          line(p.label, p.figures, 0),
          ...p.terminals.flatMap((tr) => [
            line(tr.TerminalCode, tr.figures, 1),
            ...tr.jobModes.map((m) => line(`${m.JobModeCode} - ${m.JobModeName}`, m.figures, 2)),
          ]),
        ]),
      );
    } catch (e) {
      void message.error(t('split.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const splitLine = (m: SplitMetric) =>
    `${smp}: ${sideValue(m === 'sum' ? 'sum' : 'ord', totals[m].smp)} · ${tos}: ${sideValue(m === 'sum' ? 'sum' : 'ord', totals[m].tos)}`;
  const cardLines = (m: CardMetric): ReactNode[] => {
    if (m === 'cont') {
      return [
        `${formatCount(total(totals.cont))} ${t('split.units.cont')}`,
        `${formatCount(total(totals.teu))} ${t('split.units.teu')}`,
        <Typography.Text key="split" type="secondary" style={{ fontSize: 13 }}>
          {splitLine('cont')}
        </Typography.Text>,
      ];
    }
    return [
      m === 'sum' ? formatVnd(total(totals.sum)) : `${formatCount(total(totals.ord))} ${t('split.units.ord')}`,
      <Typography.Text key="split" type="secondary" style={{ fontSize: 13 }}>
        {splitLine(m)}
      </Typography.Text>,
    ];
  };

  const notLoaded = t('common.notLoaded');
  return (
    <Flex vertical gap={12} style={{ padding: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(`${kind}.title`)}
      </Typography.Title>
      <Card size="small">
        <Row gutter={[12, 12]} align="bottom">
          <Col xs={24} md={10} xl={7}>
            <PeriodControls value={period} onChange={setPeriod} layout="row" />
          </Col>
          <Col xs={24} md={14} xl={5}>
            <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('split.jobType')}</span>
            <Radio.Group
              aria-label={t('split.jobType')}
              value={jobType}
              onChange={(e) => setJobType(e.target.value as JobTypeChoice)}
              optionType="button"
              size="small"
              options={jobTypeChoices.map((j) => ({ value: j, label: t(`split.jobTypes.${j}`) }))}
            />
          </Col>
          <Col xs={24} md={16} xl={8}>
            <TerminalToggles terminals={terminalRows} selected={selected} onChange={setChosen} />
          </Col>
          <Col xs={24} md={8} xl={4}>
            <Flex gap={8} wrap justify="flex-end">
              <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={answer.isFetching}>
                {t('common.search')}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} disabled={!asked || empty}>
                {t('common.exportExcel')}
              </Button>
            </Flex>
          </Col>
        </Row>
      </Card>
      <Row gutter={[12, 12]}>
        {cards.map((m) => (
          <Col key={m} xs={24} sm={8}>
            <StatCard
              title={t(`split.cards.${m}`)}
              lines={cardLines(m)}
              active={metric === m}
              onClick={() => setMetric(m)}
              color={cardColors[m]}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={9}>
          <Card size="small" title={t('split.doughnut', { smp, tos })}>
            <EChart
              option={doughnut}
              empty={empty}
              emptyText={notLoaded}
              label={t('split.doughnut', { smp, tos })}
              style={{ height: 280 }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card size="small" title={t('split.bars', { smp, tos })}>
            <EChart
              option={bars}
              empty={empty}
              emptyText={notLoaded}
              label={t('split.bars', { smp, tos })}
              style={{ height: Math.max(280, 36 * byTerminal.length + 60) }}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`${t('split.table')} — ${t(`split.metric.${metric}`)}`}>
        <Table<TableRow>
          size="small"
          rowKey="key"
          columns={tableColumns}
          dataSource={tableRows}
          pagination={false}
          loading={answer.isFetching}
          scroll={{ x: 900 }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
          locale={{ emptyText: notLoaded }}
        />
      </Card>
      {footer?.(period)}
    </Flex>
  );
}
