import { useMemo } from 'react';
import { type PeriodRequest, useOrderStatsLastYear } from './api';
import { GroupDoughnuts, measureCards } from './dashboard-parts';
import texts from './locales/vi.json';
import type { MeasureChoice } from './measure-choice';
import { type OrderStats, useOrderSource } from './order-source';
import { type PeriodNode, periodTree, rangeMeasures } from './ranking';
import { defineReport } from './report/define-report';
import { ReportFrame } from './report/ReportFrame';
import { exportRange } from './request';
import { StatsTable } from './StatsTable';
import { registerStatsTexts } from './shared/texts';
import { statsTableExport } from './table-export';

registerStatsTexts(texts);

/** /CRM/Dashboard 'Thống kê tổng hợp' (spec 02 §2.3). */
const dashboard = defineReport<PeriodRequest, OrderStats, MeasureChoice, PeriodNode>({
  title: 'dash.title',
  look: 'card',
  documentTitle: true,
  measures: ['ord', 'sum', 'vol'],
  useSource: useOrderSource,
  // Every terminal of the user at first (spec 02 §9); the preload waits for them.
  preloadWhen: 'some',
  exportRange,
  canExport: ({ data }) => !!data,
  cols: { period: { xs: 24, lg: 9 }, terminals: { xs: 24, lg: 10 }, actions: { xs: 24, lg: 5 } },
  useParts: ({ t, data, asked, measure: choice, expanded, onExpandedChange }) => {
    const lastYear = useOrderStatsLastYear(asked);
    const before = useMemo(() => (lastYear.data ? rangeMeasures(lastYear.data.data) : null), [lastYear.data]);
    const tree = useMemo(() => (data ? periodTree(data.data, data.periods, choice) : []), [data, choice]);
    const measures = useMemo(() => (data ? rangeMeasures(data.data) : null), [data]);
    const title = t('dash.exportTitle', { measure: t(`dash.measureUpper.${choice}`) });
    return {
      cards: measureCards(t, measures, before),
      charts: { own: <GroupDoughnuts data={data?.data ?? null} choice={choice} request={asked} /> },
      table: {
        own: <StatsTable label={t('dash.title')} tree={tree} choice={choice} expanded={expanded} onExpandedChange={onExpandedChange} />,
        export: () => statsTableExport(tree, choice),
      },
      empty: !tree.length,
      exportFile: { fileName: title, title },
    };
  },
});

export default function Dashboard() {
  return <ReportFrame report={dashboard} />;
}
