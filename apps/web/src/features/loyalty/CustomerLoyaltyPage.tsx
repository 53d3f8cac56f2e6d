import type { LoyaltyCustomerRow } from '@smartport/contract';
import { Alert, Card, Col, Input, Row, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/list-screen/list-screen';
import { useCustomerLoyalty, useLoyaltyCustomers } from './api';
import { LoyaltyStatementView, TierTag } from './LoyaltyStatementView';

/**
 * 'Điểm tích lũy khách hàng' (/CRM/Loyalty, staff): the customers with points in the caller's terminals, and the chosen
 * one's balance, tier and statement (the rows of those terminals).
 */
export default function CustomerLoyaltyPage() {
  const { t } = useTranslation();
  usePageTitle(t('loyalty.staffTitle'));
  const customers = useLoyaltyCustomers();
  const [picked, setPicked] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const statement = useCustomerLoyalty(picked);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (customers.data ?? []).filter((c) => !q || `${c.CustomerCode} ${c.CustomerName ?? ''}`.toLowerCase().includes(q));
  }, [customers.data, search]);
  const columns: ColumnsType<LoyaltyCustomerRow> = [
    { title: t('loyalty.col.code'), dataIndex: 'CustomerCode', width: 110 },
    { title: t('loyalty.col.name'), dataIndex: 'CustomerName', ellipsis: true },
    { title: t('loyalty.balance'), dataIndex: 'Balance', width: 100, align: 'right' },
    { title: t('loyalty.tier'), dataIndex: 'Tier', width: 120, render: (tier: LoyaltyCustomerRow['Tier']) => <TierTag tier={tier} /> },
  ];
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('loyalty.staffTitle')}
        </Typography.Title>
      }
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={9}>
          <Input.Search
            allowClear
            placeholder={t('loyalty.search')}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {customers.error && <Alert type="error" showIcon title={customers.error.message || t('loyalty.loadFailed')} />}
          <Table<LoyaltyCustomerRow>
            size="small"
            rowKey="CustomerCode"
            loading={customers.isPending}
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 15, hideOnSinglePage: true }}
            onRow={(r) => ({ onClick: () => setPicked(r.CustomerCode), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.CustomerCode === picked ? 'ant-table-row-selected' : '')}
            locale={{ emptyText: t('loyalty.empty') }}
            data-testid="loyalty-customers"
          />
        </Col>
        <Col xs={24} lg={15}>
          {!picked && <Typography.Text type="secondary">{t('loyalty.pick')}</Typography.Text>}
          {picked && statement.isPending && <Spin />}
          {statement.error && <Alert type="error" showIcon title={statement.error.message || t('loyalty.loadFailed')} />}
          {picked && statement.data && (
            <>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {t('loyalty.customer')}: {statement.data.CustomerCode}{' '}
                {statement.data.CustomerName ? `– ${statement.data.CustomerName}` : ''}
              </Typography.Title>
              <LoyaltyStatementView data={statement.data} />
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
