import { type LoyaltyEntry, type LoyaltyStatement, loyaltyEntryNames, loyaltyTierNames } from '@smartport/contract';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';

/** Points and rates with the port's thousands separator (1.000). */
const count = (n: number) => n.toLocaleString('vi-VN');

const tierColors = { GOLD: 'gold', SILVER: 'default', COPPER: 'orange' } as const;

/** A tier as a coloured tag ('Vàng', 'Bạc', 'Đồng'), or 'Chưa xếp hạng'. */
export function TierTag({ tier }: { tier: LoyaltyStatement['Tier'] }) {
  const { t } = useTranslation();
  if (!tier) return <Tag data-testid="loyalty-tier">{t('loyalty.noTier')}</Tag>;
  return (
    <Tag color={tierColors[tier]} data-testid="loyalty-tier">
      {loyaltyTierNames[tier]}
    </Tag>
  );
}

/** Balance, tier, the next tier and the statement of one customer (its own screen, or staff's). */
export function LoyaltyStatementView({ data }: { data: LoyaltyStatement }) {
  const { t } = useTranslation();
  const columns: ColumnsType<LoyaltyEntry> = [
    { title: t('loyalty.col.time'), dataIndex: 'CreatedTime', width: 150, render: (v: string) => formatDateTime(v) },
    { title: t('loyalty.col.kind'), dataIndex: 'Kind', width: 190, render: (k: LoyaltyEntry['Kind']) => loyaltyEntryNames[k] },
    { title: t('loyalty.col.orderNo'), dataIndex: 'OrderNo', width: 170 },
    { title: t('loyalty.col.terminal'), dataIndex: 'TerminalCode', width: 70 },
    { title: t('loyalty.col.teu'), dataIndex: 'Teu', width: 60, align: 'right', render: (v: number | null) => v ?? '' },
    {
      title: t('loyalty.col.rate'),
      key: 'rate',
      width: 120,
      render: (_: unknown, r) =>
        r.Kind === 'earn' || r.Kind === 'reverse'
          ? t('loyalty.rateEarn', { rate: count(r.Rate) })
          : t('loyalty.rateSpend', { rate: count(r.Rate) }),
    },
    {
      title: t('loyalty.col.points'),
      dataIndex: 'Points',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{v > 0 ? `+${v}` : v}</Typography.Text>,
    },
    {
      title: t('loyalty.col.amount'),
      dataIndex: 'Amount',
      width: 120,
      align: 'right',
      render: (v: number | null) => (v == null ? '' : formatMoney(v)),
    },
  ];
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} sm={12} md={6}>
          <Card size="small">
            <Statistic title={t('loyalty.balance')} value={count(data.Balance)} data-testid="loyalty-balance" />
            {data.PointValue != null && (
              <Typography.Text type="secondary">
                {t('loyalty.worth', { amount: formatMoney(data.Balance * data.PointValue) })}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card size="small">
            <Statistic title={t('loyalty.earned')} value={count(data.Earned)} data-testid="loyalty-earned" />
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card size="small">
            <Typography.Text type="secondary">{t('loyalty.tier')}</Typography.Text>
            <div style={{ margin: '6px 0' }}>
              <TierTag tier={data.Tier} />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {data.NextTier?.Tier
                ? t('loyalty.next', { missing: count(data.NextTier.Missing), tier: loyaltyTierNames[data.NextTier.Tier] })
                : data.PointValue != null
                  ? t('loyalty.top')
                  : ''}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('loyalty.pointValue')}
              value={data.PointValue == null ? t('loyalty.notConfigured') : formatMoney(data.PointValue)}
            />
          </Card>
        </Col>
      </Row>
      <Table<LoyaltyEntry>
        size="small"
        rowKey={(r) => `${r.OrderNo}|${r.Kind}`}
        title={() => <Typography.Text strong>{t('loyalty.statement')}</Typography.Text>}
        columns={columns}
        dataSource={data.entries}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('loyalty.empty') }}
        data-testid="loyalty-statement"
      />
    </>
  );
}
