import { type OrderHistoryRow, orderStatusNames } from '@smartport/contract';
import { Alert, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useRecentOrders } from './api';

const statusColors: Record<string, string> = { A: 'default', P: 'gold', C: 'green', D: 'red' };

/** Tab 'Lệnh gần đây': the user's latest orders of every status, and the way to the whole history ('Lịch sử lệnh'). */
export function RecentOrdersTab({ historyPath }: { historyPath: string | null }) {
  const { t } = useTranslation();
  const orders = useRecentOrders();
  return (
    <Flex vertical gap={12}>
      {orders.error && <Alert type="error" showIcon title={(orders.error as Error).message} />}
      <Table<OrderHistoryRow>
        rowKey="OrderNo"
        size="small"
        loading={orders.isLoading}
        dataSource={orders.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        aria-label={t('home.recentTab')}
        locale={{ emptyText: t('home.recentEmpty') }}
        columns={[
          { title: t('home.col.orderNo'), dataIndex: 'OrderNo', width: 170 },
          { title: t('home.col.pin'), dataIndex: 'PinCode', width: 110, render: (pin: string) => pin.split('-')[0] },
          { title: t('home.col.jobMode'), dataIndex: 'JobModeName', width: 170 },
          {
            title: t('home.col.status'),
            dataIndex: 'OrderStatus',
            width: 140,
            render: (s: OrderHistoryRow['OrderStatus'], r) => <Tag color={statusColors[s]}>{r.OrderStatusName ?? orderStatusNames[s]}</Tag>,
          },
          { title: t('home.col.amount'), dataIndex: 'TotalAmount', width: 140, align: 'right', render: (n: number) => formatMoney(n) },
          {
            title: t('home.col.created'),
            dataIndex: 'CreatedTime',
            width: 140,
            render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
          },
        ]}
      />
      {historyPath && (
        <div>
          <Link to={historyPath}>{t('home.recentAll')}</Link>
        </div>
      )}
    </Flex>
  );
}
