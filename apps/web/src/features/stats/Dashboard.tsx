import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Flex, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../lib/session-queries';
import { useExportTerminal, useOrderStats } from './api';
import { GroupDoughnuts, MeasureCards } from './dashboard-parts';
import texts from './locales/vi.json';
import type { MeasureChoice } from './measure-choice';
import { periodTree, rangeMeasures } from './ranking';
import { exportRange, periodRequestOf } from './request';
import { StatsTable } from './StatsTable';
import { downloadReportWorkbook } from './shared/excel-export';
import { PeriodControls } from './shared/PeriodControls';
import { currentPeriod, type PeriodValue } from './shared/period';
import { useSilentPreload } from './shared/preload';
import { TerminalToggles } from './shared/TerminalToggles';
import { registerStatsTexts, STATS_NS } from './shared/texts';
import { statsTableExport } from './table-export';

registerStatsTexts(texts);

/** /CRM/Dashboard 'Thống kê tổng hợp' (spec 02 §2.3). */
export default function Dashboard() {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const terminals = useTerminals().data ?? [];
  const letterhead = useExportTerminal().data ?? null;
  const [period, setPeriod] = useState<PeriodValue>(() => currentPeriod('month'));
  const [selected, setSelected] = useState<string[] | null>(null);
  const [choice, setChoice] = useState<MeasureChoice>('ord');
  const [expanded, setExpanded] = useState<string[]>([]);
  const stats = useOrderStats();

  // Every terminal of the user at first (spec 02 §9).
  const chosen = selected ?? terminals.map((x) => x.TerminalCode);
  const request = periodRequestOf(period, chosen);
  useSilentPreload(request, stats.preload, terminals.length > 0);

  useEffect(() => {
    const id = setTimeout(() => {
      document.title = t('dash.title');
    });
    return () => clearTimeout(id);
  }, [t]);

  const tree = useMemo(() => (stats.data ? periodTree(stats.data.data, stats.data.periods, choice) : []), [stats.data, choice]);
  const measures = useMemo(() => (stats.data ? rangeMeasures(stats.data.data) : null), [stats.data]);

  const search = async () => {
    try {
      await stats.search(request);
      setExpanded([]);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const exportExcel = async () => {
    if (!stats.request) return;
    const { columns, rows } = statsTableExport(tree, choice);
    await downloadReportWorkbook(
      t('dash.exportTitle', { measure: t(`dash.measureUpper.${choice}`) }),
      {
        title: t('dash.exportTitle', { measure: t(`dash.measureUpper.${choice}`) }),
        range: exportRange(stats.request),
        terminal: letterhead,
      },
      columns,
      rows,
    );
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('dash.title')}
        </Typography.Title>
        <Row gutter={[16, 12]} align="bottom">
          <Col xs={24} lg={9}>
            <PeriodControls value={period} onChange={setPeriod} layout="row" />
          </Col>
          <Col xs={24} lg={10}>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('common.terminals')}
            </Typography.Text>
            <TerminalToggles terminals={terminals} selected={chosen} onChange={setSelected} />
          </Col>
          <Col xs={24} lg={5}>
            <Space wrap>
              <Button type="primary" icon={<SearchOutlined />} loading={stats.fetching} onClick={() => void search()}>
                {t('common.search')}
              </Button>
              <Button icon={<FileExcelOutlined />} disabled={!stats.data} onClick={() => void exportExcel()}>
                {t('common.exportExcel')}
              </Button>
            </Space>
          </Col>
        </Row>
      </Card>
      <MeasureCards measures={measures} choice={choice} onChoose={setChoice} />
      <Card size="small">
        <GroupDoughnuts data={stats.data?.data ?? null} choice={choice} />
      </Card>
      <Card size="small">
        <StatsTable label={t('dash.title')} tree={tree} choice={choice} expanded={expanded} onExpandedChange={setExpanded} />
      </Card>
    </Flex>
  );
}
