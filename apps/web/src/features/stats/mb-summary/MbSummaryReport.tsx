import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { App, Button, Card, Col, Flex, Row, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../../lib/session-queries';
import { type MbRequest, useExportTerminal, useMbSummary, usePreloadMb } from '../api';
import { EChart } from '../shared/EChart';
import type { EChartsOption } from '../shared/echarts';
import { downloadReportWorkbook, EXPORT_TIME } from '../shared/excel-export';
import { PeriodControls } from '../shared/PeriodControls';
import { currentPeriod, type PeriodType, type PeriodValue, REQUEST_TIME, requestRange } from '../shared/period';
import { useSilentPreload } from '../shared/preload';
import { StatCard } from '../shared/StatCard';
import { formatCount, formatShare, formatVnd } from '../shared/stats-format';
import { TerminalToggles } from '../shared/TerminalToggles';
import { TOTAL_LINE_COLOR, terminalColor } from '../shared/terminal-colors';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
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

/** GML is left out of the first selection (spec 02 §2.6.2). */
const INITIALLY_OFF = ['GML'];
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
export function MbSummaryReport() {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const terminals = useTerminals();
  const terminalRows = terminals.data ?? [];
  const letterhead = useExportTerminal();
  const [period, setPeriod] = useState<PeriodValue>(() => mbDefaults('month'));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? terminalRows.map((x) => x.TerminalCode).filter((c) => !INITIALLY_OFF.includes(c));
  const [measure, setMeasure] = useState<MbMeasure>('ThanhToan');
  const [asked, setAsked] = useState<MbRequest | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);

  const request = useMemo<MbRequest>(
    () => ({ loadType: period.type, terminalList: selected, ...requestRange(period) }),
    [period, selected],
  );
  const preload = usePreloadMb();
  useSilentPreload(request, preload, terminals.isSuccess);
  const answer = useMbSummary(asked);
  const data: MbData = answer.data ?? {};

  useEffect(() => {
    if (answer.error) void message.error(t('mb.loadFailed', { message: answer.error.message }));
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
  const order = useMemo(() => terminalRows.map((x) => x.TerminalCode), [terminalRows]);

  const totals = useMemo(() => mbTotals(data), [data]);
  const periods = useMemo(() => mbPeriods(data, measure), [data, measure]);
  const shares = useMemo(() => mbTerminalShares(data, measure), [data, measure]);
  const columns = useMemo(() => mbColumnSeries(periods, measure, order), [periods, measure, order]);
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
      xAxis: { type: 'category', data: columns.periods, axisLabel: { hideOverlap: true } },
      // The axis ends 10% above the peak; its last label would sit on the one below it.
      yAxis: { type: 'value', max: columns.yMax, axisLabel: { showMaxLabel: false } },
      series: [
        ...columns.stacks.map((s) => ({
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
          data: columns.totals,
          itemStyle: { color: TOTAL_LINE_COLOR },
          lineStyle: { color: TOTAL_LINE_COLOR },
        },
      ],
    }),
    [columns, colorOf, t],
  );

  const tableRows = useMemo<TableRow[]>(
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

  const tableColumns: TableColumnsType<TableRow> = [
    {
      title: t('mb.col.period'),
      dataIndex: 'name',
      render: (name: string, row) =>
        row.children ? (
          <Typography.Text strong>{name}</Typography.Text>
        ) : (
          <span>
            <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, marginRight: 6, background: colorOf(name) }} />
            {name}
          </span>
        ),
    },
    { title: t('mb.col.count'), dataIndex: 'SoLuong', align: 'right', render: (v: number) => formatCount(v) },
    { title: t('mb.col.amount'), dataIndex: 'TongTien', align: 'right', render: (v: number) => formatCount(v) },
    { title: t('mb.col.fee'), dataIndex: 'ThanhToan', align: 'right', render: (v: number) => formatCount(v) },
  ];

  const exportExcel = async () => {
    if (!asked) return;
    try {
      await downloadReportWorkbook(
        t('mb.fileName'),
        {
          title: t('mb.exportTitle'),
          range: {
            from: dayjs(asked.fromTime, REQUEST_TIME).format(EXPORT_TIME),
            to: dayjs(asked.toTime, REQUEST_TIME).endOf('day').format(EXPORT_TIME),
          },
          terminal: letterhead.data ?? null,
        },
        [
          { title: t('mb.col.period'), width: 26 },
          { title: t('mb.col.count'), width: 20, numFmt: '#,##0' },
          { title: t('mb.col.amount'), width: 26, numFmt: '#,##0' },
          { title: t('mb.col.fee'), width: 22, numFmt: '#,##0' },
        ],
        periods.flatMap((p) => [
          { cells: [p.label, p.totals.SoLuong, p.totals.TongTien, p.totals.ThanhToan], bold: true, level: 0 },
          ...p.rows.map((r) => ({ cells: [r.TerminalCode, r.SoLuong, r.TongTien, r.ThanhToan], level: 1 })),
        ]),
      );
    } catch (e) {
      void message.error(t('mb.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  };

  const empty = !periods.length;
  return (
    <Flex vertical gap={12} style={{ padding: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('mb.title')}
      </Typography.Title>
      <Card size="small">
        <Row gutter={[12, 12]} align="bottom">
          <Col xs={24} md={10} xl={8}>
            <PeriodControls value={period} onChange={setPeriod} defaults={mbDefaults} layout="row" />
          </Col>
          <Col xs={24} md={14} xl={11}>
            <TerminalToggles terminals={terminalRows} selected={selected} onChange={setChosen} />
          </Col>
          <Col xs={24} xl={5}>
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
        {mbMeasures.map((m) => (
          <Col key={m} xs={24} sm={8}>
            <StatCard
              title={t(`mb.measure.${m}`)}
              lines={[show(m, totals[m])]}
              active={measure === m}
              onClick={() => setMeasure(m)}
              color={cardColors[m]}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('mb.doughnut', { measure: measureName })}>
            <EChart option={doughnut} empty={!shares.length} label={t('mb.doughnut', { measure: measureName })} style={{ height: 280 }} />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small" title={t('mb.columns', { measure: measureName })}>
            <EChart option={stacked} empty={empty} label={t('mb.columns', { measure: measureName })} style={{ height: 280 }} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('mb.table', { measure: measureName.toLowerCase() })}>
        <Table<TableRow>
          size="small"
          rowKey="key"
          columns={tableColumns}
          dataSource={tableRows}
          pagination={false}
          loading={answer.isFetching}
          scroll={{ x: 640 }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }}
          locale={{ emptyText: t('common.noData') }}
        />
      </Card>
    </Flex>
  );
}
