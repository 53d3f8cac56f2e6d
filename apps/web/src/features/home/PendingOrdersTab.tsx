import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Alert, Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingOrders, useReloadHome } from './api';
import { OrderRowsTable } from './OrderRowsTable';
import type { PayOrderDialog } from './pay-dialog';

/** Tab 'Lệnh chờ thanh toán': the orders awaiting payment, a search by PIN or container number, 'Nạp dữ liệu'. */
export function PendingOrdersTab({ payDialog }: { payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const reloadHome = useReloadHome();
  const [text, setText] = useState('');
  const [findValue, setFindValue] = useState('');
  const orders = usePendingOrders(findValue);

  const reload = () => {
    setText('');
    setFindValue('');
    void reloadHome();
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          aria-label={t('home.searchPlaceholder')}
          placeholder={t('home.searchPlaceholder')}
          value={text}
          maxLength={30}
          allowClear
          enterButton={t('home.search')}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setFindValue(v.trim())}
          style={{ maxWidth: 420, flex: '1 1 260px' }}
        />
        <Button icon={<ReloadOutlined />} onClick={reload} loading={orders.isFetching && !findValue}>
          {t('home.load')}
        </Button>
      </Flex>
      {orders.isError && <Alert type="error" showIcon title={orders.error.message} />}
      {findValue && orders.isSuccess && orders.data.length === 0 && <Alert type="warning" showIcon title={t('home.notFound')} />}
      <OrderRowsTable caption={t('home.pendingTab')} rows={orders.data ?? []} loading={orders.isFetching} payDialog={payDialog} />
    </Flex>
  );
}
