import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { App, Button, Card, Col, DatePicker, Flex, Row, Select, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PersonalRequest, usePersonalSummaries } from '../api';
import { REQUEST_TIME } from '../shared/period';
import { formatCount } from '../shared/stats-format';
import { registerStatsTexts, STATS_NS } from '../shared/texts';
import texts from './personal.vi.json';
import { type PersonalKind, type PersonalTableRow, personalStatuses, personalTable } from './personal-rows';

registerStatsTexts(texts);

const orderTypes = ['all', 'nh', 'dr', 'dv'] as const;
type OrderType = (typeof orderTypes)[number];
const kinds: PersonalKind[] = ['orders', 'invoices', 'transactions'];

/**
 * /Personal/Summary 'Thống kê cá nhân': the caller's own orders, invoices and payments by terminal and status
 * (spec 02 §7 personal summaries: personal_info/order_summary, invoice_summary, transaction_summary).
 */
export function PersonalSummary() {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  const [fromDate, setFromDate] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [toDate, setToDate] = useState<Dayjs>(() => dayjs().endOf('day'));
  const [orderType, setOrderType] = useState<OrderType>('all');
  const build = (): PersonalRequest => ({
    fromDate: fromDate.startOf('day').format(REQUEST_TIME),
    toDate: toDate.endOf('day').format(REQUEST_TIME),
    ...(orderType === 'all' ? {} : { makeOrderType: orderType }),
  });
  // The current month is shown on opening.
  const [asked, setAsked] = useState<PersonalRequest | null>(build);
  const answer = usePersonalSummaries(asked);

  // An unsuccessful answer shows the server's message, a transport error its own (spec 02 §8).
  useEffect(() => {
    if (answer.error) void message.error(answer.error.message);
  }, [answer.error, message]);

  const search = () => {
    const next = build();
    if (asked && JSON.stringify(asked) === JSON.stringify(next)) void answer.refetch();
    else setAsked(next);
  };

  const columnsOf = (kind: PersonalKind): TableColumnsType<PersonalTableRow> => [
    {
      title: t('personal.terminal'),
      dataIndex: 'TerminalCode',
      render: (code: string) => (code ? code : <Typography.Text strong>{t('personal.total')}</Typography.Text>),
    },
    ...personalStatuses[kind].map((status) => ({
      title: t(`personal.status.${kind}.${status}`),
      key: status,
      align: 'right' as const,
      render: (_: unknown, r: PersonalTableRow) => formatCount(r.counts[status] ?? 0),
    })),
    {
      title: t('personal.total'),
      key: 'total',
      align: 'right',
      render: (_, r) => <Typography.Text strong>{formatCount(r.total)}</Typography.Text>,
    },
  ];

  return (
    <Flex vertical gap={12} style={{ padding: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('personal.title')}
      </Typography.Title>
      <Card size="small">
        <Flex gap={12} wrap align="flex-end">
          <div>
            <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('personal.fromDate')}</span>
            <DatePicker
              aria-label={t('personal.fromDate')}
              value={fromDate}
              format="DD/MM/YYYY"
              allowClear={false}
              onChange={(d) => d && setFromDate(d)}
            />
          </div>
          <div>
            <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('personal.toDate')}</span>
            <DatePicker
              aria-label={t('personal.toDate')}
              value={toDate}
              format="DD/MM/YYYY"
              allowClear={false}
              onChange={(d) => d && setToDate(d)}
            />
          </div>
          <div>
            <span style={{ display: 'block', fontSize: 12, color: '#666' }}>{t('personal.orderType')}</span>
            <Select
              aria-label={t('personal.orderType')}
              value={orderType}
              style={{ width: 150 }}
              onChange={setOrderType}
              options={orderTypes.map((o) => ({ value: o, label: t(`personal.orderTypes.${o}`) }))}
            />
          </div>
          <Button type="primary" icon={<SearchOutlined />} onClick={search} loading={answer.isFetching}>
            {t('common.search')}
          </Button>
        </Flex>
      </Card>
      <Row gutter={[12, 12]}>
        {kinds.map((kind) => (
          <Col key={kind} xs={24} xl={kind === 'orders' ? 24 : 12}>
            <Card size="small" title={t(`personal.${kind}`)}>
              <Table<PersonalTableRow>
                size="small"
                aria-label={t(`personal.${kind}`)}
                rowKey={(r) => r.TerminalCode || '__total'}
                columns={columnsOf(kind)}
                dataSource={answer.data ? personalTable(answer.data[kind]) : []}
                loading={answer.isFetching}
                pagination={false}
                scroll={{ x: 480 }}
                locale={{ emptyText: t('common.noData') }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
