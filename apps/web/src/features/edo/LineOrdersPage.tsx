import { type LineOrder, shownPin } from '@smartport/contract';
import { Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListFilterForm, usePageTitle } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { type LineFilter, useLineOrders } from './api';
import { OrderStatusTag } from './edo-ui';

/** 'Lệnh theo eDO / booking' (/Line/Orders): the orders made against the line's eDOs or bookings at the user's terminals. */
export default function LineOrdersPage() {
  const { t } = useTranslation();
  const title = t('edo.ordersTitle');
  usePageTitle(title);
  const [filter, setFilter] = useState<LineFilter>({});
  const list = useLineOrders(filter);

  const columns: ColumnsType<LineOrder> = [
    { title: t('edo.col.orderNo'), dataIndex: 'OrderNo', width: 160, fixed: 'left' },
    { title: t('edo.col.pin'), dataIndex: 'PinCode', width: 110, render: (p: string) => shownPin(p) },
    { title: t('edo.col.terminal'), dataIndex: 'TerminalCode', width: 70 },
    {
      title: t('edo.col.status'),
      dataIndex: 'OrderStatusName',
      width: 130,
      render: (name: string, r) => <OrderStatusTag status={r.OrderStatus} name={name} />,
    },
    {
      title: t('edo.col.customer'),
      dataIndex: 'CustomerName',
      width: 220,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.CustomerName ?? r.CustomerCode}</span>
          {r.TaxCode && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.TaxCode}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('edo.col.edo'), dataIndex: 'EdoNo', width: 120 },
    { title: t('edo.col.booking'), dataIndex: 'BookingNo', width: 130 },
    {
      title: t('edo.col.containers'),
      dataIndex: 'ContainerNos',
      width: 240,
      render: (nos: string[]) => <span style={{ wordBreak: 'break-word' }}>{nos.join(', ')}</span>,
    },
    { title: t('edo.col.createdBy'), dataIndex: 'CreatedBy', width: 120, render: (b: string | null) => b ?? '' },
    {
      title: t('edo.col.createdTime'),
      dataIndex: 'CreatedTime',
      width: 140,
      render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <ListFilterForm
        filter={filter}
        placeholder={t('edo.filter.findOrder')}
        searchWidth={370}
        loading={list.isFetching}
        onChange={setFilter}
        onReload={() => void list.refetch()}
      />
      {list.error && (
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text type="danger">{errorText(list.error)}</Typography.Text>
        </Space>
      )}
      <Table<LineOrder>
        rowKey="OrderNo"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 1310 }}
        locale={{ emptyText: t('edo.emptyOrders') }}
        aria-label={title}
      />
    </Card>
  );
}
