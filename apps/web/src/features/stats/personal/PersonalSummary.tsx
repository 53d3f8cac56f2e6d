import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PersonalRequest, usePersonalSummaries } from '../api';
import { datesRange, defineReport, monthToDate, type ReportColumn } from '../report/define-report';
import { ReportFrame } from '../report/ReportFrame';
import { useAskedSource } from '../report/useReport';
import { REQUEST_TIME } from '../shared/period';
import { formatCount } from '../shared/stats-format';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
import texts from './personal.vi.json';
import { type PersonalKind, type PersonalTableRow, personalStatuses, personalTable } from './personal-rows';

registerStatsTexts(texts);

const orderTypes = ['all', 'nh', 'dr', 'dv'] as const;
type OrderType = (typeof orderTypes)[number];
const kinds: PersonalKind[] = ['orders', 'invoices', 'transactions'];

type Row = PersonalTableRow & { key: string };

/**
 * /Personal/Summary 'Thống kê cá nhân': the caller's own orders, invoices and payments by terminal and status
 * (spec 02 §7 personal summaries: personal_info/order_summary, invoice_summary, transaction_summary), the current
 * month shown on opening.
 */
const personalReport = defineReport<PersonalRequest, ReturnType<typeof usePersonalSummaries>['data'], never, Row, OrderType>({
  title: 'personal.title',
  dates: { fromLabel: 'personal.fromDate', toLabel: 'personal.toDate', format: 'DD/MM/YYYY', defaults: monthToDate },
  terminals: false,
  asksOnOpen: true,
  filter: {
    initial: 'all',
    col: {},
    render: (value, onChange) => <OrderTypeSelect value={value} onChange={onChange} />,
  },
  request: (_, orderType, period) => {
    const { from, to } = datesRange(period, REQUEST_TIME);
    return { fromDate: from, toDate: to, ...(orderType === 'all' ? {} : { makeOrderType: orderType }) };
  },
  useSource: () => useAskedSource(usePersonalSummaries, () => Promise.resolve()),
  // An unsuccessful answer shows the server's message, a transport error its own (spec 02 §8).
  loadFailed: true,
  useParts: ({ t, data }) => {
    const columnsOf = (kind: PersonalKind): ReportColumn<Row>[] => [
      {
        key: 'TerminalCode',
        title: t('personal.terminal'),
        render: (r) => (r.TerminalCode ? r.TerminalCode : <Typography.Text strong>{t('personal.total')}</Typography.Text>),
      },
      ...personalStatuses[kind].map(
        (status): ReportColumn<Row> => ({
          key: status,
          title: t(`personal.status.${kind}.${status}`),
          align: 'right',
          render: (r) => formatCount(r.counts[status] ?? 0),
        }),
      ),
      {
        key: 'total',
        title: t('personal.total'),
        align: 'right',
        render: (r) => <Typography.Text strong>{formatCount(r.total)}</Typography.Text>,
      },
    ];
    return {
      cards: [],
      charts: [],
      table: {
        tables: kinds.map((kind) => ({
          key: kind,
          col: { xs: 24, xl: kind === 'orders' ? 24 : 12 },
          title: t(`personal.${kind}`),
          rows: data ? personalTable(data[kind]).map((r) => ({ ...r, key: r.TerminalCode || '__total' })) : [],
          columns: columnsOf(kind),
          scrollX: 480,
        })),
      },
      empty: !data,
    };
  },
});

function OrderTypeSelect({ value, onChange }: { value: OrderType; onChange: (next: OrderType) => void }) {
  const { t } = useTranslation(STATS_NS);
  return (
    <div>
      <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('personal.orderType')}</span>
      <Select
        aria-label={t('personal.orderType')}
        value={value}
        style={{ width: 150 }}
        onChange={onChange}
        options={orderTypes.map((o) => ({ value: o, label: t(`personal.orderTypes.${o}`) }))}
      />
    </div>
  );
}

export function PersonalSummary() {
  return <ReportFrame report={personalReport} />;
}
