import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { App, Button, Card, Checkbox, Col, Flex, Row, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../../lib/session-queries';
import { type SplitRequest, useExportTerminal, useSplitReport } from '../api';
import { EChart } from '../shared/EChart';
import type { EChartsOption } from '../shared/echarts';
import { downloadReportWorkbook, EXPORT_TIME } from '../shared/excel-export';
import { type PeriodValue, REQUEST_TIME, requestRange } from '../shared/period';
import { StatCard } from '../shared/StatCard';
import { formatCount, formatShare, formatVnd, sharePercent } from '../shared/stats-format';
import { terminalColor } from '../shared/terminal-colors';
import { STATS_NS } from '../shared/texts';
import { metricText, sideColors } from '../usage/SplitReport';
import {
  type SplitData,
  type SplitFigures,
  type SplitMetric,
  splitByTerminal,
  splitPeriods,
  splitTotals,
  total,
} from '../usage/split-data';

interface Row3 {
  key: string;
  name: ReactNode;
  text: string;
  figures: SplitFigures;
  /** The figures this row's total is a share of (its period's). */
  whole: SplitFigures;
  children?: Row3[];
}

/**
 * Spec 02 §2.7, the approval statistics dashboard at the end of the approval screen: a port list (each port toggles
 * its search-active flag), 'Tra cứu', an export titled 'THỐNG KÊ', three cards kept hidden as the spec has them
 * (the metric stays 'ord'), pie charts beside a table period → terminal → job mode with automatic, manual and total,
 * each with its share. Reads crm/sum_cms_smp (all job types) for the screen's period.
 */
export function ApprovalDashboard({ period }: { period: PeriodValue }) {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const terminals = useTerminals();
  const terminalRows = terminals.data ?? [];
  const letterhead = useExportTerminal();
  // Each port's search-active flag; every port starts active.
  const [inactive, setInactive] = useState<Set<string>>(() => new Set());
  const active = terminalRows.map((x) => x.TerminalCode).filter((c) => !inactive.has(c));
  const [metric, setMetric] = useState<SplitMetric>('ord');
  const [asked, setAsked] = useState<SplitRequest | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const answer = useSplitReport('approval', asked);
  const data: SplitData = answer.data ?? {};

  useEffect(() => {
    if (answer.error) void message.error(t('split.loadFailed', { message: answer.error.message }));
  }, [answer.error, message, t]);

  const search = () => {
    const next: SplitRequest = { loadType: period.type, terminalList: active, ...requestRange(period) };
    setExpanded([]);
    if (asked && JSON.stringify(asked) === JSON.stringify(next)) void answer.refetch();
    else setAsked(next);
  };

  const colorOf = useMemo(() => {
    const server = new Map(terminalRows.map((x) => [x.TerminalCode, x.ChartColor]));
    return (code: string) => terminalColor(code, server.get(code));
  }, [terminalRows]);
  const totals = useMemo(() => splitTotals(data), [data]);
  const periods = useMemo(() => splitPeriods(data, metric), [data, metric]);
  const byTerminal = useMemo(() => splitByTerminal(data, metric), [data, metric]);
  const empty = !periods.length;
  const smp = t('approval.dashboard.col.smp');
  const tos = t('approval.dashboard.col.tos');

  const sidesPie = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
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
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
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
  const columns: TableColumnsType<Row3> = [
    { title: t('approval.dashboard.col.period'), dataIndex: 'name', width: 260 },
    { title: smp, key: 'smp', align: 'right', render: (_, r) => cell(metricText(r.figures, metric, 'smp'), sideShare(r, 'smp')) },
    { title: tos, key: 'tos', align: 'right', render: (_, r) => cell(metricText(r.figures, metric, 'tos'), sideShare(r, 'tos')) },
    {
      title: t('approval.dashboard.col.total'),
      key: 'total',
      align: 'right',
      render: (_, r) => cell(metricText(r.figures, metric, 'total'), totalShare(r)),
    },
  ];

  const exportExcel = async () => {
    if (!asked) return;
    const line = (r: Row3, level: number) => ({
      level,
      bold: level === 0,
      cells: [
        r.text,
        r.figures[metric].smp,
        sideShare(r, 'smp'),
        r.figures[metric].tos,
        sideShare(r, 'tos'),
        total(r.figures[metric]),
        totalShare(r),
      ],
    });
    const pct = t('approval.dashboard.col.share');
    try {
      await downloadReportWorkbook(
        t('approval.dashboard.fileName'),
        {
          title: t('approval.dashboard.exportTitle'),
          range: {
            from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
            to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
          },
          terminal: letterhead.data ?? null,
        },
        [
          { title: t('approval.dashboard.col.period'), width: 34 },
          { title: smp, width: 14, numFmt: '#,##0' },
          { title: `${pct} ${smp}`, width: 14, numFmt: '0.00"%"' },
          { title: tos, width: 14, numFmt: '#,##0' },
          { title: `${pct} ${tos}`, width: 14, numFmt: '0.00"%"' },
          { title: t('approval.dashboard.col.total'), width: 14, numFmt: '#,##0' },
          { title: `${pct} ${t('approval.dashboard.col.total')}`, width: 14, numFmt: '0.00"%"' },
        ],
        rows.flatMap((p) => [
          line(p, 0),
          ...(p.children ?? []).flatMap((tr) => [line(tr, 1), ...(tr.children ?? []).map((m) => line(m, 2))]),
        ]),
      );
    } catch (e) {
      void message.error(t('split.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const cardMetric = { ord: 'ord', sum: 'sum', cont: 'cont' } as const;
  return (
    <Card size="small" title={t('approval.dashboard.title')} aria-label={t('approval.dashboard.title')}>
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Checkbox.Group
            aria-label={t('approval.dashboard.ports')}
            value={active}
            onChange={(codes) => setInactive(new Set(terminalRows.map((x) => x.TerminalCode).filter((c) => !codes.includes(c))))}
            options={terminalRows.map((x) => ({ value: x.TerminalCode, label: x.TerminalCode }))}
          />
          <Flex gap={8}>
            <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={answer.isFetching}>
              {t('common.search')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportExcel()} disabled={!asked || empty}>
              {t('common.exportExcel')}
            </Button>
          </Flex>
        </Flex>
        {/* The three cards exist but are hidden (spec 02 §2.7); the metric stays 'ord' until they are shown. */}
        <Row gutter={[12, 12]} hidden style={{ display: 'none' }}>
          {(Object.keys(cardMetric) as (keyof typeof cardMetric)[]).map((m) => (
            <Col key={m} span={8}>
              <StatCard
                title={t(`approval.dashboard.cards.${m}`)}
                lines={[
                  `${smp}: ${m === 'sum' ? formatVnd(totals.sum.smp) : formatCount(totals[m].smp)}`,
                  `${tos}: ${m === 'sum' ? formatVnd(totals.sum.tos) : formatCount(totals[m].tos)}`,
                ]}
                active={metric === m}
                onClick={() => setMetric(cardMetric[m])}
              />
            </Col>
          ))}
        </Row>
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={8}>
            <Flex vertical gap={8}>
              <EChart
                option={sidesPie}
                empty={empty}
                emptyText={asked ? undefined : t('approval.dashboard.notAsked')}
                label={t('approval.dashboard.pieSides')}
                style={{ height: 250 }}
              />
              <EChart option={terminalsPie} empty={empty} label={t('approval.dashboard.pieTerminals')} style={{ height: 250 }} />
            </Flex>
          </Col>
          <Col xs={24} lg={16}>
            <Table<Row3>
              size="small"
              rowKey="key"
              columns={columns}
              dataSource={rows}
              pagination={false}
              loading={answer.isFetching}
              scroll={{ x: 560 }}
              expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
              locale={{ emptyText: t('common.noData') }}
            />
          </Col>
        </Row>
      </Flex>
    </Card>
  );
}
