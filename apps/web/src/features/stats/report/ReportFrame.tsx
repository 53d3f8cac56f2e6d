import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Button, Card, Checkbox, Col, DatePicker, Flex, Row, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../shared/EChart';
import { PeriodControls } from '../shared/PeriodControls';
import type { PeriodValue } from '../shared/period';
import { StatCard } from '../shared/StatCard';
import { TerminalToggles } from '../shared/TerminalToggles';
import { STATS_NS } from '../shared/texts';
import {
  checkedTerminals,
  type DatesPeriod,
  type DeclaredTable,
  type ReportColumn,
  type ReportDeclaration,
  type ReportRow,
} from './define-report';
import { useReport } from './useReport';

/**
 * The statistics report frame (spec 02 §2.3, §2.6): title, the controls (period type and pickers, the report's own
 * filter, terminal chips with select-all, 'Tra cứu' and 'Xuất Excel'), the cards choosing the measure, the charts and
 * the expandable table, all from the report's declaration. `period`: the period of the screen around it (look
 * 'part'), without pickers of its own.
 */
export function ReportFrame<Req, Data, M extends string, R extends ReportRow, F>({
  report,
  period: given,
}: {
  report: ReportDeclaration<Req, Data, M, R, F>;
  period?: PeriodValue;
}) {
  const r = useReport(report, given);
  const { t, parts } = r;
  const card = report.look === 'card';
  const side = report.look === 'side';
  const part = report.look === 'part';
  const panel = side ? (report.panel ?? {}) : {};
  const cols = report.cols ?? { period: {}, terminals: {}, actions: {} };

  const periodControls = report.dates ? (
    <DatesControls dates={report.dates} value={r.period} onChange={r.setPeriod} block={side} />
  ) : (
    <PeriodControls value={r.period} onChange={r.setPeriod} defaults={report.periodDefaults} layout={side ? 'column' : 'row'} />
  );
  const period = <Col {...cols.period}>{periodControls}</Col>;
  const filterControl = report.filter?.render?.(r.filter, r.setFilter);
  const filter = filterControl && <Col {...report.filter?.col}>{filterControl}</Col>;
  const portList = typeof report.terminals === 'object' ? report.terminals.list : undefined;
  const chips =
    portList === undefined ? (
      <TerminalToggles terminals={r.terminals} selected={r.selected} onChange={r.setSelected} />
    ) : (
      <Checkbox.Group
        aria-label={t(portList)}
        value={r.selected}
        onChange={(codes) => r.setSelected(checkedTerminals(r.terminalCodes, codes))}
        options={r.terminalCodes.map((code) => ({ value: code, label: code }))}
      />
    );
  // A submit button of the report's own text goes without the search icon.
  // 'Số liệu lúc hh:mm:ss': when the shown answer came from the server (each 'Tra cứu' asks it again).
  const answeredAt = r.source.asked !== null && r.source.updatedAt > 0 && (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="stats-answered-at">
      {t('common.answeredAt', { time: dayjs(r.source.updatedAt).format('HH:mm:ss') })}
    </Typography.Text>
  );
  const searchButton = (
    <Button type="primary" icon={panel.submit ? undefined : <SearchOutlined />} loading={r.source.fetching} onClick={() => void r.search()}>
      {t(panel.submit ?? 'common.search')}
    </Button>
  );
  const search = answeredAt ? (
    <Flex gap={8} align="center" wrap>
      {searchButton}
      {answeredAt}
    </Flex>
  ) : (
    searchButton
  );
  // The dashboard and the rankings show the Excel icon; the reports the download icon.
  const exportButton = report.exportRange && report.exportButton !== 'table' && (
    <Button icon={card || side ? <FileExcelOutlined /> : <DownloadOutlined />} disabled={!r.canExport} onClick={() => void r.exportExcel()}>
      {t('common.exportExcel')}
    </Button>
  );

  const cards = parts.cards.length > 0 && (
    // Hidden cards are there all the same (spec 02 §2.7).
    <Row gutter={[12, 12]} hidden={report.cardsHidden} style={report.cardsHidden ? { display: 'none' } : undefined}>
      {parts.cards.map((c) => (
        <Col key={c.measure} xs={24} sm={8}>
          <StatCard
            title={c.title}
            lines={c.lines}
            compare={c.compare}
            active={r.measure === c.measure}
            onClick={() => r.setMeasure(c.measure)}
            color={c.color}
            icon={c.icon}
          />
        </Col>
      ))}
    </Row>
  );

  // In the look 'part' the charts stand in a column beside the table, 8 px apart, and nothing is carded again.
  const charts =
    'own' in parts.charts ? (
      part ? (
        parts.charts.own
      ) : (
        <Card size="small">{parts.charts.own}</Card>
      )
    ) : (
      parts.charts.length > 0 && (
        <Row gutter={part ? [12, 8] : [12, 12]}>
          {parts.charts.map((c) => {
            const chart = <EChart option={c.option} empty={c.empty} emptyText={c.emptyText} label={c.label} style={c.style} />;
            return (
              <Col key={c.key} {...c.col}>
                {c.title === undefined ? (
                  chart
                ) : (
                  <Card size="small" title={c.title}>
                    {chart}
                  </Card>
                )}
              </Col>
            );
          })}
        </Row>
      )
    );

  const expandableTable = (x: DeclaredTable<R>) => (
    <Table<R>
      size="small"
      rowKey="key"
      columns={tableColumns(x.columns)}
      dataSource={[...x.rows]}
      pagination={false}
      loading={r.source.fetching}
      scroll={{ x: x.scrollX }}
      expandable={{ expandedRowKeys: r.expanded, onExpandedRowsChange: (keys: readonly Key[]) => r.setExpanded(keys.map(String)) }}
      locale={{ emptyText: x.emptyText ?? t('common.noData') }}
    />
  );
  const table =
    'own' in parts.table ? (
      part ? (
        parts.table.own
      ) : (
        <Card size="small">{parts.table.own}</Card>
      )
    ) : 'tables' in parts.table ? (
      <Row gutter={[12, 12]}>
        {parts.table.tables.map((x) => (
          <Col key={x.key} {...x.col}>
            <Card size="small" title={x.title}>
              <Table<R>
                size="small"
                aria-label={x.title}
                rowKey="key"
                columns={tableColumns(x.columns)}
                dataSource={[...x.rows]}
                loading={r.source.fetching}
                pagination={false}
                scroll={{ x: x.scrollX }}
                locale={{ emptyText: x.emptyText ?? t('common.noData') }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    ) : part ? (
      expandableTable(parts.table)
    ) : (
      <Card size="small" title={parts.table.title}>
        {expandableTable(parts.table)}
      </Card>
    );

  const heading = (
    <Typography.Title level={4} style={{ margin: 0 }}>
      {r.title}
    </Typography.Title>
  );

  if (part) {
    return (
      <Card size="small" title={r.title} aria-label={r.title}>
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center" justify="space-between">
            {chips}
            <Flex gap={8}>
              {search}
              {exportButton}
            </Flex>
          </Flex>
          {cards}
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={8}>
              {charts}
            </Col>
            <Col xs={24} lg={16}>
              {table}
            </Col>
          </Row>
        </Flex>
        {parts.extra}
      </Card>
    );
  }
  if (side) {
    const sideCols = panel.cols ?? { panel: { xs: 24, lg: 7, xl: 6 }, main: { xs: 24, lg: 17, xl: 18 } };
    const layout = (
      <Row gutter={[12, 12]}>
        <Col {...sideCols.panel}>
          <Card size="small" title={panel.titleAbove ? undefined : <Typography.Text strong>{r.title}</Typography.Text>}>
            <Flex vertical gap={10}>
              {periodControls}
              {parts.controls?.before}
              {panel.terminalsCaption === false ? (
                chips
              ) : (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('common.terminals')}
                  </Typography.Text>
                  {chips}
                </div>
              )}
              {parts.controls?.after}
              {/* A lone button spans the panel (the rating report's submit, its export being in its grid). */}
              {exportButton ? (
                <Space wrap>
                  {search}
                  {exportButton}
                </Space>
              ) : (
                search
              )}
            </Flex>
          </Card>
        </Col>
        <Col {...sideCols.main}>
          <Flex vertical gap={12}>
            {cards}
            {table}
          </Flex>
        </Col>
        {parts.extra}
      </Row>
    );
    return panel.titleAbove ? (
      <Flex vertical gap={12} style={{ padding: 12 }}>
        {heading}
        {layout}
      </Flex>
    ) : (
      layout
    );
  }
  if (card) {
    return (
      <Flex vertical gap={12}>
        <Card size="small">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {r.title}
          </Typography.Title>
          <Row gutter={[16, 12]} align="bottom">
            {period}
            {filter}
            <Col {...cols.terminals}>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('common.terminals')}
              </Typography.Text>
              {chips}
            </Col>
            <Col {...cols.actions}>
              <Space wrap>
                {search}
                {exportButton}
              </Space>
            </Col>
          </Row>
        </Card>
        {cards}
        {charts}
        {table}
        {report.footer?.(r.period)}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12} style={{ padding: 12 }}>
      {heading}
      {report.dates ? (
        // Two dates only: the pickers, the report's filter and the buttons in one wrapping line.
        <Card size="small">
          <Flex gap={12} wrap align="flex-end">
            {periodControls}
            {filterControl}
            {search}
            {exportButton}
          </Flex>
        </Card>
      ) : (
        <Card size="small">
          <Row gutter={[12, 12]} align="bottom">
            {period}
            {filter}
            {report.terminals !== false && <Col {...cols.terminals}>{chips}</Col>}
            <Col {...cols.actions}>
              <Flex gap={8} wrap justify="flex-end">
                {search}
                {exportButton}
              </Flex>
            </Col>
          </Row>
        </Card>
      )}
      {cards}
      {charts}
      {table}
      {report.footer?.(r.period)}
    </Flex>
  );
}

/** The two date pickers of a report of two dates only, each under its caption; `block`: across the side panel. */
function DatesControls({
  dates,
  value,
  onChange,
  block,
}: {
  dates: DatesPeriod;
  value: PeriodValue;
  onChange: (next: PeriodValue) => void;
  block: boolean;
}) {
  const { t } = useTranslation(STATS_NS);
  const picker = (which: 'from' | 'to', label: string) => (
    <div>
      <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{label}</span>
      <DatePicker
        aria-label={label}
        value={value[which]}
        format={dates.format}
        allowClear={false}
        style={block ? { width: '100%' } : undefined}
        onChange={(d: Dayjs | null) => d && onChange({ ...value, [which]: d })}
      />
    </div>
  );
  return (
    <>
      {picker('from', t(dates.fromLabel))}
      {picker('to', t(dates.toLabel))}
    </>
  );
}

/** The table's columns of a declaration: those with a cell on screen. */
function tableColumns<R extends ReportRow>(columns: readonly ReportColumn<R>[]): TableColumnsType<R> {
  return columns
    .filter((c) => c.render)
    .map((c) => ({
      key: c.key,
      title: c.title,
      ...(c.width === undefined ? {} : { width: c.width }),
      ...(c.align === undefined ? {} : { align: c.align }),
      render: (_: unknown, row: R) => c.render?.(row),
    }));
}
