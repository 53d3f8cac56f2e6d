import { type OrderStatus, shownPin } from '@smartport/contract';
import { Card, Descriptions, Flex, QRCode, Result, Spin, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderRatingForm } from '../../components/order-rating/OrderRatingForm';
import { formatDateTime, formatMoney } from '../../lib/format';
import { siteName } from '../../lib/site-title';
import { usePublicOrder, usePublicRatingForm, useRatePublicOrder } from './api';

const statusColor: Record<OrderStatus, string> = { A: 'orange', P: 'blue', C: 'green', D: 'red' };

/** `/order/:model`: the order behind a signed link, without login (DESIGN.md §8). */
export function PublicOrderPage() {
  const { t } = useTranslation();
  const { model = '' } = useParams();
  const order = usePublicOrder(model);
  useEffect(() => {
    document.title = `${t('publicOrder.title')} - ${siteName()}`;
  }, [t]);

  if (order.isPending) return <Spin size="large" fullscreen />;
  if (order.isError || !order.data) {
    return (
      <Result
        status="warning"
        title={t('publicOrder.errorTitle')}
        subTitle={order.error?.message}
        extra={<a href="/">{t('shell.backHome')}</a>}
      />
    );
  }
  const o = order.data;
  return (
    <div style={{ maxWidth: 1000, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={3} style={{ color: '#0b4f8a' }}>
        SMARTPORT · {t('publicOrder.title')}
      </Typography.Title>
      <Flex gap={16} wrap align="flex-start">
        <Card style={{ flex: '1 1 520px' }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('publicOrder.orderNo')}>{o.OrderNo}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.pin')}>
              <Typography.Text strong>{shownPin(o.PinCode)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.terminal')}>{`${o.TerminalCode} - ${o.TerminalName}`}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.jobMode')}>{o.JobModeName}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.status')}>
              <Tag color={statusColor[o.OrderStatus]}>{o.OrderStatusName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.customer')}>{o.CustomerName}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.shippingLine')}>{o.OperationCode}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.vessel')}>
              {o.VesselName ? `${o.VesselName} / ${o.VesselImVoy} / ${o.VesselExVoy}` : ''}
            </Descriptions.Item>
            {o.BookingNo && <Descriptions.Item label={t('publicOrder.booking')}>{o.BookingNo}</Descriptions.Item>}
            {o.BLNo && <Descriptions.Item label={t('publicOrder.bl')}>{o.BLNo}</Descriptions.Item>}
            <Descriptions.Item label={t('publicOrder.createdTime')}>{formatDateTime(o.CreatedTime)}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.expDate')}>{formatDateTime(o.ExpDate)}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.amount')}>{formatMoney(o.TotalAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('publicOrder.releasePoint')} span={2}>
              <Typography.Text strong data-testid="release-points">
                {o.ReleasePoints.length ? o.ReleasePoints.join('; ') : t('publicOrder.noReleasePoint')}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('publicOrder.gateQr')} style={{ flex: '0 0 auto' }}>
          <QRCode value={o.GateQr} size={200} />
        </Card>
      </Flex>
      <Card title={t('publicOrder.containers')} style={{ marginTop: 16 }}>
        <Table
          rowKey="ContainerNo"
          size="small"
          pagination={false}
          scroll={{ x: 860 }}
          dataSource={o.containers}
          columns={[
            { title: 'STT', render: (_v, _r, i) => i + 1, width: 56 },
            { title: t('publicOrder.containerNo'), dataIndex: 'ContainerNo' },
            { title: t('publicOrder.size'), dataIndex: 'IsoSizetype' },
            {
              title: t('publicOrder.fe'),
              dataIndex: 'FE',
              render: (v: string) => (v === 'F' ? t('publicOrder.full') : t('publicOrder.empty')),
            },
            { title: t('publicOrder.cargoType'), dataIndex: 'CargoTypeName' },
            { title: t('publicOrder.seal'), dataIndex: 'SealNo' },
            {
              title: t('publicOrder.weight'),
              dataIndex: 'MCWeight',
              align: 'right',
              render: (v: number | null) => (v == null ? '' : v.toLocaleString('vi-VN')),
            },
            { title: t('publicOrder.block'), dataIndex: 'Block' },
            { title: t('publicOrder.containerReleasePoint'), dataIndex: 'ReleasePoint' },
          ]}
        />
      </Card>
      <DriverRating token={model} />
    </div>
  );
}

/** The driver's rating of the link's completed order, with the order's PIN (once). */
function DriverRating({ token }: { token: string }) {
  const form = usePublicRatingForm(token);
  const rate = useRatePublicOrder(token);
  if (form.isError) return null;
  return (
    <OrderRatingForm
      form={form.data}
      loading={form.isPending}
      askPin
      submitting={rate.isPending}
      onSubmit={(v) => rate.mutateAsync({ ...v, PinCode: v.PinCode ?? '' })}
    />
  );
}
