import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { orderMessages, shownPin } from '@smartport/contract';
import { Alert, Button, Descriptions, Flex, Result, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { currentSocket } from '../../lib/realtime';
import { useOrderDetail } from './api';
import { followState } from './order-follow';

interface Props {
  orderNo: string;
  onNewOrder(): void;
}

/**
 * Step 6 'Duyệt lệnh': where the order stands (task/order/getOrder), asked again on the live `order_completed` event
 * and by polling until it is refused, or approved with its invoice published and its TOS delivery ended.
 */
export function ApprovalStep({ orderNo, onNewOrder }: Props) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderNo);
  const { refetch } = detail;

  useEffect(() => {
    const socket = currentSocket();
    if (!socket) return;
    const onCompleted = (env: { data?: unknown }) => {
      if ((env.data as { OrderNo?: string } | undefined)?.OrderNo === orderNo) void refetch();
    };
    socket.on('order_completed', onCompleted);
    return () => {
      socket.off('order_completed', onCompleted);
    };
  }, [orderNo, refetch]);

  const order = detail.data;
  const newOrder = (
    <Button key="new" type="primary" icon={<PlusOutlined />} onClick={onNewOrder}>
      {t('orders.approval.newOrder')}
    </Button>
  );
  if (!order) {
    return detail.isError ? (
      <Alert type="error" showIcon title={(detail.error as Error).message} action={newOrder} />
    ) : (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  }

  const rejected = order.OrderStatus === 'D' || !!order.RejectReason;
  const approved = order.OrderStatus === 'C';
  const following = followState(order) !== 'done';
  const working = (busy: boolean, text: string, testId: string) => (
    <Flex gap={8} align="center">
      {busy && <Spin size="small" />}
      <Tag data-testid={testId}>{text}</Tag>
    </Flex>
  );
  const facts = (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ maxWidth: 640, margin: '0 auto', textAlign: 'left' }}
      items={[
        { key: 'no', label: t('orders.payment.orderNo'), children: <strong data-testid="order-no">{order.OrderNo}</strong> },
        { key: 'status', label: t('orders.approval.status'), children: <span data-testid="order-status">{order.OrderStatusName}</span> },
        { key: 'total', label: t('orders.charges.totalAmount'), children: formatMoney(order.TotalAmount) },
        { key: 'exp', label: t('orders.info.expDate'), children: formatDateTime(order.ExpDate, 'DD/MM/YYYY HH:mm') },
        ...(order.DepotCode
          ? [
              {
                key: 'depot',
                label: t('orders.info.depot'),
                children: <span data-testid="order-depot">{`${order.DepotCode} - ${order.DepotName ?? ''}`}</span>,
              },
            ]
          : []),
        ...(approved
          ? [
              { key: 'pin', label: t('orders.payment.pin'), children: <strong data-testid="order-pin">{shownPin(order.PinCode)}</strong> },
              {
                key: 'invoice',
                label: t('orders.approval.invoiceNo'),
                children: order.InvoiceNo ? (
                  <span data-testid="order-invoice">{order.InvoiceNo}</span>
                ) : (
                  working(order.InvoiceState === 'pending', order.InvoiceStateName, 'order-invoice')
                ),
              },
              {
                key: 'tos',
                label: t('orders.approval.tos'),
                children: working(
                  order.TosStatus === 'none' || order.TosStatus === 'pending' || order.TosRetrying,
                  order.TosStatusName,
                  'order-tos',
                ),
              },
              ...(order.YardState !== 'none'
                ? [
                    {
                      key: 'yard',
                      label: t('orders.approval.yard'),
                      children: (
                        <Flex gap={8} align="center" wrap>
                          <Tag color={order.YardState === 'completed' ? 'green' : 'blue'} data-testid="order-yard">
                            {order.YardStateName}
                          </Tag>
                          {order.CompletedAt &&
                            t('orders.approval.completedAt', { at: formatDateTime(order.CompletedAt, 'DD/MM/YYYY HH:mm') })}
                        </Flex>
                      ),
                    },
                  ]
                : []),
              ...(order.ApprovedTime
                ? [
                    {
                      key: 'at',
                      label: t('orders.approval.approvedTime'),
                      children: formatDateTime(order.ApprovedTime, 'DD/MM/YYYY HH:mm:ss'),
                    },
                  ]
                : []),
            ]
          : []),
      ]}
    />
  );

  // A truck came after the expiry: the extension order is paid from the home page's tracking of its own PIN.
  const due = order.ExtensionDue;
  const extensionDue = due && (
    <Alert
      type="warning"
      showIcon
      data-testid="extension-due"
      style={{ maxWidth: 640, margin: '0 auto 12px', textAlign: 'left' }}
      title={t('orders.approval.extensionDue', { extension: due.OrderNo, amount: formatMoney(due.TotalAmount) })}
      description={t('orders.approval.extensionHint', { until: formatDateTime(due.ExpDate, 'DD/MM/YYYY HH:mm') })}
      action={<Link to={`/#${encodeURIComponent(shownPin(due.PinCode))}`}>{t('orders.approval.payExtension')}</Link>}
    />
  );

  if (approved) {
    return (
      <Result
        status="success"
        title={t('orders.approval.approved')}
        subTitle={following ? t('orders.approval.finishing') : t('orders.approval.approvedHint')}
        extra={[
          ...(order.ord_url
            ? [
                <Button key="link" href={order.ord_url} target="_blank" rel="noreferrer">
                  {t('orders.approval.openOrder')}
                </Button>,
              ]
            : []),
          newOrder,
        ]}
      >
        {extensionDue}
        {facts}
      </Result>
    );
  }
  if (rejected) {
    return (
      <Result
        status="error"
        title={t('orders.approval.rejected')}
        subTitle={order.RejectReason ? t('orders.approval.reason', { reason: order.RejectReason }) : undefined}
        extra={[newOrder]}
      >
        {facts}
      </Result>
    );
  }
  return (
    <Result
      status="info"
      icon={<Spin size="large" />}
      title={order.OrderStatus === 'A' ? t('orders.approval.unpaid') : orderMessages.waitingApproval}
      subTitle={t('orders.approval.waitingHint')}
      extra={[newOrder]}
    >
      {facts}
    </Result>
  );
}
