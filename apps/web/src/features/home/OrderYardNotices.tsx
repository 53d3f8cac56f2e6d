import type { ExtensionDue, PendingOrderRow } from '@smartport/contract';
import { Alert, Button, Flex, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useOrderYard, useReloadHome, useTrackingRows } from './api';
import type { PayOrderDialog } from './pay-dialog';

const time = (d: string | null) => formatDateTime(d, 'DD/MM/YYYY HH:mm');

/**
 * Under the tracking list: per approved order, where it stands in the yard ('Đã phân bổ', 'Hoàn tất' with its time) and
 * the extension (gia hạn) a late truck made due, with the button that pays it. The rows are per container and carry
 * neither, so each approved order is asked once (task/order/getOrder).
 */
export function OrderYardNotices({ rows, payDialog }: { rows: readonly PendingOrderRow[]; payDialog: PayOrderDialog }) {
  const approved = useMemo(() => [...new Set(rows.filter((r) => r.OrderStatus === 'C').map((r) => r.OrderNo))], [rows]);
  if (!approved.length) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }} data-testid="yard-notices">
      {approved.map((orderNo) => (
        <OrderYardNotice key={orderNo} orderNo={orderNo} payDialog={payDialog} />
      ))}
    </Flex>
  );
}

function OrderYardNotice({ orderNo, payDialog }: { orderNo: string; payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const order = useOrderYard(orderNo).data;
  const [paying, setPaying] = useState<ExtensionDue | null>(null);
  // An order the server does not show (another customer's, a network error) is just not told about.
  if (!order) return null;
  const due = order.ExtensionDue;
  return (
    <>
      {order.YardState !== 'none' && (
        <Alert
          type={order.YardState === 'completed' ? 'success' : 'info'}
          showIcon
          data-testid="yard-state"
          title={t('home.yard.state', { orderNo, state: order.YardStateName })}
          description={order.CompletedAt ? t('home.yard.completedAt', { at: time(order.CompletedAt) }) : undefined}
        />
      )}
      {due && (
        <Alert
          type="warning"
          showIcon
          data-testid="extension-due"
          title={t('home.yard.extensionDue', { orderNo, extension: due.OrderNo, amount: formatMoney(due.TotalAmount) })}
          description={t('home.yard.extensionHint', { until: time(due.ExpDate) })}
          action={
            <Button type="primary" size="small" onClick={() => setPaying(due)}>
              {t('home.yard.payExtension')}
            </Button>
          }
        />
      )}
      {paying && <ExtensionPayment due={paying} payDialog={payDialog} onClose={() => setPaying(null)} />}
    </>
  );
}

/** The payment dialog of the extension order, opened on its own tracking row (the dialog pays a row). */
function ExtensionPayment({ due, payDialog: PaymentDialog, onClose }: { due: ExtensionDue; payDialog: PayOrderDialog; onClose(): void }) {
  const { t } = useTranslation();
  const rows = useTrackingRows([due.PinCode]);
  const reload = useReloadHome();
  const row = rows.data?.find((r) => r.OrderNo === due.OrderNo && r.OrderStatus === 'A' && !r.TransactionId);
  if (rows.isFetching) return <Spin size="small" />;
  if (!row) return <Alert type="info" showIcon closable={{ onClose }} title={t('home.yard.extensionGone', { extension: due.OrderNo })} />;
  return (
    <PaymentDialog
      open
      order={row}
      onClose={onClose}
      onDone={() => {
        onClose();
        void reload();
      }}
    />
  );
}
