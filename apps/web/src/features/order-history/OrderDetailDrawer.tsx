import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FilePdfOutlined from '@ant-design/icons/FilePdfOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import type { OrderHistoryDetail } from '@smartport/contract';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Modal,
  QRCode,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/list-screen/list-screen';
import { OrderRatingForm } from '../../components/order-rating/OrderRatingForm';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session-queries';
import { useDraftInvoice, useExtendOrder, useHistoryOrder, useOrderRatingForm, useRateOrder } from './api';
import { OrderStatusTag, shownPin } from './order-history-ui';

const time = (d: string | null) => formatDateTime(d, 'DD/MM/YYYY HH:mm');
const plain = (n: number | null) => (n == null ? '' : formatMoney(n).replace(' VNĐ', ''));
const absolute = (path: string) => new URL(path, window.location.origin).toString();
const eventColors: Record<string, string> = {
  created: 'blue',
  paid: 'green',
  payFailed: 'red',
  approved: 'green',
  rejected: 'red',
  cancelled: 'red',
  invoiced: 'green',
  invoiceCancelled: 'orange',
  tos: 'gray',
  gateIn: 'blue',
  gateOut: 'blue',
  allocated: 'blue',
  completed: 'green',
  extension: 'orange',
};

/** One order of the history: its facts, QR and public link, containers (gate times), charge lines, invoices, payments, timeline. */
export function OrderDetailDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useHistoryOrder(orderNo);
  const d = detail.data;
  return (
    <Drawer
      open={!!orderNo}
      onClose={onClose}
      title={orderNo ? t('orderHistory.detail.title', { orderNo }) : ''}
      size={Math.min(960, typeof window === 'undefined' ? 960 : window.innerWidth)}
      destroyOnHidden
      closable={{ 'aria-label': t('orderHistory.detail.close') }}
    >
      {detail.isLoading && <Spin />}
      {detail.error && <Alert type="error" showIcon title={t('orderHistory.detail.loadFailed', { message: errorText(detail.error) })} />}
      {d && <DetailBody d={d} />}
    </Drawer>
  );
}

/** A completed order of the signed-in customer: its rating (once), on the active criteria. */
function RatingBlock({ d }: { d: OrderHistoryDetail }) {
  const me = useMe();
  if (!me.data?.CustomerCode || !d.CompletedAt || d.OrderStatus !== 'C') return null;
  return <RatingCard orderNo={d.OrderNo} />;
}

function RatingCard({ orderNo }: { orderNo: string }) {
  const form = useOrderRatingForm(orderNo);
  const rate = useRateOrder(orderNo);
  return (
    <OrderRatingForm
      form={form.data}
      loading={form.isLoading}
      loadError={form.error ? errorText(form.error) : null}
      submitting={rate.isPending}
      onSubmit={(v) => rate.mutateAsync(v)}
    />
  );
}

/**
 * The order's extension (gia hạn): the unpaid one it has (paid from the home page's unpaid orders, like any order), or,
 * for an approved order past its expiry whose containers are not all out, the button that asks for one.
 */
function ExtensionBlock({ d }: { d: OrderHistoryDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const extend = useExtendOrder(d.OrderNo);
  const [asking, setAsking] = useState(false);
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  if (d.ExtensionDue)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 12 }}
        title={t('orderHistory.extension.due', { orderNo: d.ExtensionDue.OrderNo, amount: formatMoney(d.ExtensionDue.TotalAmount) })}
        description={t('orderHistory.extension.payHint', { until: time(d.ExtensionDue.ExpDate) })}
      />
    );
  const late =
    d.OrderStatus === 'C' &&
    !d.ExtendsOrderNo &&
    !d.CompletedAt &&
    !!d.ExpDate &&
    new Date(d.ExpDate).getTime() < Date.now() &&
    d.containers.some((c) => !c.GateOutTime);
  if (!late) return null;
  const ask = async () => {
    try {
      const reply = await extend.mutateAsync(day.format('YYYY-MM-DD'));
      message.success(reply.message ?? '');
      setAsking(false);
    } catch (e) {
      message.error(errorText(e));
    }
  };
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginTop: 12 }}
        title={t('orderHistory.extension.expired')}
        action={
          <Button size="small" onClick={() => setAsking(true)}>
            {t('orderHistory.extension.ask')}
          </Button>
        }
      />
      <Modal
        open={asking}
        title={t('orderHistory.extension.title', { orderNo: d.OrderNo })}
        okText={t('orderHistory.extension.ok')}
        onOk={ask}
        confirmLoading={extend.isPending}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text>{t('orderHistory.extension.explain')}</Typography.Text>
          <DatePicker
            aria-label={t('orderHistory.extension.newDate')}
            value={day}
            format="DD/MM/YYYY"
            allowClear={false}
            disabledDate={(x) => x.isBefore(dayjs(), 'day')}
            onChange={(v) => v && setDay(v)}
          />
        </Flex>
      </Modal>
    </>
  );
}

function DetailBody({ d }: { d: OrderHistoryDetail }) {
  const { t } = useTranslation();
  const section = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 20 }}>
      {title}
    </Typography.Title>
  );
  const gates = d.containers.some((c) => c.GateInTime || c.GateOutTime);
  return (
    <Flex vertical gap={4}>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered title={t('orderHistory.detail.info')}>
        <Descriptions.Item label={t('orderHistory.col.pin')}>
          <Typography.Text strong>{shownPin(d.PinCode)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.status')}>
          <OrderStatusTag status={d.OrderStatus} name={d.OrderStatusName} />
          {d.YardStateName && <Tag color={d.CompletedAt ? 'green' : 'blue'}>{d.YardStateName}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.terminal')}>{d.TerminalCode}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.jobMode')}>{d.JobModeName}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.customer')}>{d.CustomerName ?? d.CustomerCode}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.taxCode')}>{d.TaxCode ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.document')}>{d.BLNo ?? d.BookingNo ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.operator')}>{d.OperationCode ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.vessel')}>{d.VesselName ?? ''}</Descriptions.Item>
        {d.Depot && <Descriptions.Item label={t('orderHistory.detail.depot')}>{d.Depot}</Descriptions.Item>}
        <Descriptions.Item label={t('orderHistory.detail.moneyCredit')}>
          {d.MoneyCredit === 'M' ? t('orderHistory.detail.payNow') : t('orderHistory.detail.payAfter')}
        </Descriptions.Item>
        {/* Orders priced by the tariff engine keep the amount before VAT and the VAT; older ones only their total. */}
        {d.Amount != null && <Descriptions.Item label={t('orderHistory.detail.amountBeforeVat')}>{plain(d.Amount)}</Descriptions.Item>}
        {d.VatAmount != null && <Descriptions.Item label={t('orderHistory.detail.vat')}>{plain(d.VatAmount)}</Descriptions.Item>}
        <Descriptions.Item label={t('orderHistory.col.amount')}>
          <Typography.Text strong>{plain(d.TotalAmount)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.transaction')}>{d.TransactionId ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.created')}>{time(d.CreatedTime)}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.col.expDate')}>{time(d.ExpDate)}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.createdBy')}>{d.CreatedBy ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('orderHistory.detail.tos')}>{d.TosStatusName}</Descriptions.Item>
        {d.Note && <Descriptions.Item label={t('orderHistory.detail.note')}>{d.Note}</Descriptions.Item>}
        <Descriptions.Item label={t('orderHistory.detail.releasePoint')} span={2}>
          <span data-testid="release-points">
            {d.ReleasePoints.length ? d.ReleasePoints.join('; ') : t('orderHistory.detail.noReleasePoint')}
          </span>
        </Descriptions.Item>
      </Descriptions>

      <ExtensionBlock d={d} />
      <RatingBlock d={d} />

      {section(t('orderHistory.detail.qr'))}
      <QrBlock d={d} />

      {section(t('orderHistory.detail.containers'))}
      <Table
        rowKey="ContainerNo"
        size="small"
        pagination={false}
        scroll={{ x: gates ? 1300 : 910 }}
        dataSource={d.containers}
        aria-label={t('orderHistory.detail.containers')}
        columns={[
          { title: t('orderHistory.col.containers'), dataIndex: 'ContainerNo', width: 130 },
          { title: t('orderHistory.detail.size'), dataIndex: 'IsoSizetype', width: 80 },
          { title: 'F/E', dataIndex: 'FE', width: 50 },
          { title: t('orderHistory.detail.cargo'), dataIndex: 'CargoTypeName', width: 120 },
          { title: t('orderHistory.detail.seal'), dataIndex: 'SealNo', width: 110 },
          { title: t('orderHistory.detail.amount'), dataIndex: 'Amount', width: 120, align: 'right', render: plain },
          { title: t('orderHistory.detail.block'), dataIndex: 'Block', width: 70 },
          { title: t('orderHistory.detail.containerReleasePoint'), dataIndex: 'ReleasePoint', width: 200 },
          ...(gates
            ? [
                { title: t('orderHistory.detail.allocated'), dataIndex: 'AllocatedAt', width: 130, render: time },
                { title: t('orderHistory.detail.gateIn'), dataIndex: 'GateInTime', width: 130, render: time },
                { title: t('orderHistory.detail.gateOut'), dataIndex: 'GateOutTime', width: 130, render: time },
              ]
            : []),
        ]}
      />

      {section(t('orderHistory.detail.charges'))}
      {d.charges.length ? (
        <Table
          rowKey="LineNo"
          size="small"
          pagination={false}
          scroll={{ x: 820 }}
          dataSource={d.charges}
          aria-label={t('orderHistory.detail.charges')}
          columns={[
            { title: '#', dataIndex: 'LineNo', width: 40 },
            { title: t('orderHistory.detail.tariff'), dataIndex: 'TariffName', width: 220 },
            { title: t('orderHistory.col.containers'), dataIndex: 'ContainerNo', width: 120 },
            { title: t('orderHistory.detail.quantity'), key: 'q', width: 90, render: (_: unknown, l) => `${l.Quantity} ${l.Unit}` },
            { title: t('orderHistory.detail.unitPrice'), dataIndex: 'UnitPrice', width: 110, align: 'right', render: plain },
            { title: t('orderHistory.detail.vatRate'), dataIndex: 'VatRate', width: 70, render: (r: number) => `${r}%` },
            { title: t('orderHistory.detail.lineTotal'), dataIndex: 'Total', width: 130, align: 'right', render: plain },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('orderHistory.detail.noCharges')}</Typography.Text>
      )}

      {section(t('orderHistory.detail.invoices'))}
      <InvoiceBlock d={d} />

      {section(t('orderHistory.detail.payments'))}
      {d.payments.length ? (
        <Table
          rowKey={(p) => `${p.PartnerCode}-${p.CreatedTime}`}
          size="small"
          pagination={false}
          dataSource={d.payments}
          aria-label={t('orderHistory.detail.payments')}
          columns={[
            { title: t('orderHistory.detail.partner'), dataIndex: 'PartnerCode', width: 120 },
            { title: t('orderHistory.detail.amount'), dataIndex: 'Amount', width: 120, align: 'right', render: plain },
            { title: t('orderHistory.detail.payStatus'), dataIndex: 'StatusName', width: 120 },
            { title: t('orderHistory.detail.transaction'), dataIndex: 'TransactionId', width: 160 },
            {
              title: t('orderHistory.detail.payTime'),
              key: 'time',
              width: 140,
              render: (_: unknown, p) => time(p.CompletedTime ?? p.CreatedTime),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('orderHistory.detail.noPayments')}</Typography.Text>
      )}

      {section(t('orderHistory.detail.timeline'))}
      <Timeline
        aria-label={t('orderHistory.detail.timeline')}
        items={d.events.map((e, i) => ({
          key: `${e.Kind}-${i}`,
          color: eventColors[e.Kind] ?? 'blue',
          content: (
            <div>
              <Typography.Text strong>{e.Title}</Typography.Text>
              <Typography.Text type="secondary">
                {' · '}
                {e.Time ? time(e.Time) : t('orderHistory.detail.noTime')}
                {e.By ? ` · ${t('orderHistory.detail.by', { by: e.By })}` : ''}
              </Typography.Text>
              {e.Detail && <div>{e.Detail}</div>}
            </div>
          ),
        }))}
      />
    </Flex>
  );
}

/** The QR (what it holds is the public order link), the link itself, and the QR as a PNG to keep. */
function QrBlock({ d }: { d: OrderHistoryDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  const link = absolute(d.ord_url);
  const downloadQr = () => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `QR-${d.OrderNo}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <Flex gap={16} wrap align="center">
      <div ref={box}>
        <QRCode value={link} size={160} type="canvas" aria-label={t('orderHistory.detail.qr')} />
      </div>
      <Flex vertical gap={8} style={{ minWidth: 220, flex: 1 }}>
        {d.OrderStatus === 'D' && <Alert type="warning" showIcon title={t('orderHistory.detail.cancelledWarning')} />}
        <Typography.Text type="secondary">{t('orderHistory.detail.qrHint')}</Typography.Text>
        <Space wrap>
          <Button icon={<LinkOutlined />} href={link} target="_blank" rel="noopener noreferrer">
            {t('orderHistory.detail.openOrder')}
          </Button>
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link)
                .then(() => message.success(t('orderHistory.detail.copied')))
                .catch(() => undefined)
            }
          >
            {t('orderHistory.detail.copyLink')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={downloadQr}>
            {t('orderHistory.detail.downloadQr')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}

/** Issued and cancelled invoices with their PDF at the provider; the draft (HTML) on request. */
function InvoiceBlock({ d }: { d: OrderHistoryDetail }) {
  const { t } = useTranslation();
  const [draftOpen, setDraftOpen] = useState(false);
  const draft = useDraftInvoice(draftOpen ? d.OrderNo : null);
  return (
    <Flex vertical gap={8}>
      {d.invoices.length ? (
        <Table
          rowKey={(i) => `${i.InvoiceSeries}-${i.InvoiceNo}`}
          size="small"
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={d.invoices}
          aria-label={t('orderHistory.detail.invoices')}
          columns={[
            {
              title: t('orderHistory.detail.invoiceNo'),
              key: 'no',
              width: 160,
              render: (_: unknown, i) => `${i.InvoiceSeries}-${i.InvoiceNo}`,
            },
            { title: t('orderHistory.detail.issueDate'), dataIndex: 'IssueDate', width: 140, render: time },
            { title: t('orderHistory.detail.invoiceStatus'), dataIndex: 'StatusName', width: 120 },
            { title: t('orderHistory.detail.amount'), dataIndex: 'Amount', width: 120, align: 'right', render: plain },
            { title: t('orderHistory.detail.taxAuthorityCode'), dataIndex: 'TaxAuthorityCode', width: 200 },
            {
              title: t('orderHistory.col.actions'),
              key: 'pdf',
              width: 170,
              render: (_: unknown, i) =>
                i.pdf_url ? (
                  <Button size="small" icon={<FilePdfOutlined />} href={i.pdf_url} target="_blank" rel="noopener noreferrer">
                    {t('orderHistory.detail.downloadPdf')}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('orderHistory.detail.noPdf')}</Typography.Text>
                ),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('orderHistory.detail.noInvoice')}</Typography.Text>
      )}
      {d.OrderStatus !== 'D' && (
        <div>
          <Button onClick={() => setDraftOpen(true)}>{t('orderHistory.detail.draft')}</Button>
        </div>
      )}
      <Modal
        open={draftOpen}
        title={t('orderHistory.detail.draftTitle', { orderNo: d.OrderNo })}
        onCancel={() => setDraftOpen(false)}
        footer={<Button onClick={() => setDraftOpen(false)}>{t('orderHistory.detail.close')}</Button>}
        width={760}
      >
        {draft.isLoading && <Spin />}
        {draft.error && <Alert type="error" showIcon title={errorText(draft.error)} />}
        {draft.data ? (
          // The server's HTML, shown in a sandbox that runs no script and reaches nothing of the portal.
          <iframe
            title={t('orderHistory.detail.draftTitle', { orderNo: d.OrderNo })}
            sandbox=""
            srcDoc={draft.data}
            style={{ width: '100%', height: 420, border: 0 }}
          />
        ) : (
          !draft.isLoading && !draft.error && <Empty />
        )}
      </Modal>
    </Flex>
  );
}
