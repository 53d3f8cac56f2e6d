import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { type OrderFile, type OrderQrItem, type PendingOrderRow, shownPin } from '@smartport/contract';
import { App, Button, Flex, List, Modal, QRCode, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { flattenMenu } from '../../lib/menu';
import { useMe, useMenu } from '../../lib/session-queries';
import { useDeleteOrder, useOrderFiles, useOrderQr, useReloadHome } from './api';
import { canDelete, cargoExtras, customsHold, isUnpaid, payKind, rowAmount } from './order-row';
import type { PayOrderDialog } from './pay-dialog';

const absolute = (url: string) => (/^https?:/i.test(url) ? url : `${window.location.origin}${url}`);

function CargoCell({ row }: { row: PendingOrderRow }) {
  const { t } = useTranslation();
  const extras = cargoExtras(row);
  const name = row.CargoTypeName ?? row.CargoTypeCode ?? '';
  if (!extras.length) return <>{name}</>;
  return (
    <Tooltip
      title={
        <div>
          {extras.map((e) => (
            <div key={e.kind}>{t(`home.cargoExtra.${e.kind}`, e)}</div>
          ))}
        </div>
      }
    >
      <Typography.Text underline style={{ cursor: 'help' }} data-testid="cargo-extra">
        {name}
      </Typography.Text>
    </Tooltip>
  );
}

/** One row per container of an order, with the order's actions (spec 02 §2.1, §3, §4). */
export function OrderRowsTable({
  rows,
  loading,
  caption,
  payDialog: PaymentDialog,
}: {
  rows: PendingOrderRow[];
  loading?: boolean;
  caption: string;
  payDialog: PayOrderDialog;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useMe();
  const menu = useMenu(me.data?.UserGroupCode);
  // A held container's row offers the customs scan (367) when the user's menu has it.
  const canScan = useMemo(() => flattenMenu(menu.data ?? []).some((m) => m.MenuID === 'CUSTOMS_RELEASE'), [menu.data]);
  const deleteOrder = useDeleteOrder();
  const orderFiles = useOrderFiles();
  const orderQr = useOrderQr();
  const refresh = useReloadHome();
  const [paying, setPaying] = useState<PendingOrderRow | null>(null);
  const [files, setFiles] = useState<{ orderNo: string; files: OrderFile[] } | null>(null);
  const [qr, setQr] = useState<{ orderNo: string; items: OrderQrItem[] } | null>(null);

  const askDelete = (row: PendingOrderRow) =>
    modal.confirm({
      title: t('home.deleteConfirm'),
      okText: t('home.ok'),
      cancelText: t('home.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const reply = await deleteOrder.mutateAsync(row);
          void message.success(reply.message ?? '');
        } catch (e) {
          void message.error((e as Error).message);
        }
      },
    });

  const showFiles = async (row: PendingOrderRow) => {
    try {
      const list = await orderFiles.mutateAsync(row);
      if (!list.length) void message.warning(t('home.noFiles'));
      else setFiles({ orderNo: row.OrderNo, files: list });
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const showQr = async (row: PendingOrderRow) => {
    try {
      const items = await orderQr.mutateAsync(row);
      if (!items.length) void message.warning(t('home.notFound'));
      else setQr({ orderNo: row.OrderNo, items });
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const columns: TableColumnsType<PendingOrderRow> = [
    {
      key: 'actions',
      title: t('home.col.actions'),
      fixed: 'left',
      width: 168,
      render: (_, row) => {
        const kind = payKind(row);
        return (
          <Space size={4}>
            <Tooltip title={t(`home.${kind}`)}>
              <Button
                size="small"
                type={kind === 'pay' ? 'primary' : 'default'}
                icon={<WalletOutlined />}
                aria-label={`${t(`home.${kind}`)} ${shownPin(row.PinCode)}`}
                disabled={!isUnpaid(row)}
                onClick={() => setPaying(row)}
              />
            </Tooltip>
            <Tooltip title={t('home.delete')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('home.delete')} ${shownPin(row.PinCode)}`}
                disabled={!canDelete(row)}
                onClick={() => askDelete(row)}
              />
            </Tooltip>
            <Tooltip title={t('home.files')}>
              <Button
                size="small"
                icon={<PaperClipOutlined />}
                aria-label={`${t('home.files')} ${shownPin(row.PinCode)}`}
                onClick={() => void showFiles(row)}
              />
            </Tooltip>
            <Tooltip title={t('home.qr')}>
              <Button
                size="small"
                icon={<QrcodeOutlined />}
                aria-label={`${t('home.qr')} ${shownPin(row.PinCode)}`}
                onClick={() => void showQr(row)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
    {
      key: 'pin',
      title: t('home.col.pin'),
      width: 120,
      fixed: 'left',
      // The PIN opens the order's tracking page.
      render: (_, r) => (
        <Link to={`/tracking/pincode/${encodeURIComponent(shownPin(r.PinCode))}`}>
          <Typography.Text strong>{shownPin(r.PinCode)}</Typography.Text>
        </Link>
      ),
    },
    { key: 'container', title: t('home.col.container'), dataIndex: 'ContainerNo', width: 120 },
    { key: 'size', title: t('home.col.size'), dataIndex: 'IsoSizetype', width: 76 },
    { key: 'cargo', title: t('home.col.cargo'), width: 120, render: (_, r) => <CargoCell row={r} /> },
    { key: 'job', title: t('home.col.jobMode'), dataIndex: 'JobModeName', width: 180 },
    {
      key: 'amount',
      title: t('home.col.amount'),
      width: 140,
      align: 'right',
      render: (_, r) => {
        const amount = rowAmount(r);
        if (amount === null) return null;
        return r.CurrencyCode === 'VND' ? formatMoney(amount) : `${amount.toLocaleString('vi-VN')} ${r.CurrencyCode}`;
      },
    },
    {
      key: 'mc',
      title: t('home.col.moneyCredit'),
      width: 90,
      render: (_, r) => (r.MoneyCredit === 'M' ? t('home.payNow') : t('home.payAfter')),
    },
    { key: 'payer', title: t('home.col.payer'), dataIndex: 'CustomerName', width: 220 },
    {
      key: 'customs',
      title: t('home.col.customs'),
      width: 110,
      render: (_, r) => {
        const hold = customsHold(r);
        if (!hold) return null;
        return hold === 'held' ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="danger">{t('home.held')}</Typography.Text>
            {canScan && (
              <Link to="/Custom/CustomsRelease" style={{ fontSize: 12 }}>
                {t('home.scanCustoms')}
              </Link>
            )}
          </Space>
        ) : (
          <Typography.Text>{t('home.released')}</Typography.Text>
        );
      },
    },
    {
      key: 'status',
      title: t('home.col.status'),
      width: 130,
      render: (_, r) => (
        <Tag color={r.OrderStatus === 'A' ? 'orange' : r.OrderStatus === 'D' ? 'default' : 'green'}>{r.OrderStatusName}</Tag>
      ),
    },
    { key: 'orderNo', title: t('home.col.orderNo'), dataIndex: 'OrderNo', width: 160 },
    { key: 'terminal', title: t('home.col.terminal'), dataIndex: 'TerminalCode', width: 70 },
    { key: 'opr', title: t('home.col.opr'), dataIndex: 'OperationCode', width: 90 },
    { key: 'vessel', title: t('home.col.vessel'), dataIndex: 'VesselName', width: 160 },
    { key: 'bkbl', title: t('home.col.bookingBl'), width: 150, render: (_, r) => r.BookingNo ?? r.BLNo ?? '' },
    { key: 'weight', title: t('home.col.weight'), width: 110, align: 'right', render: (_, r) => r.MCWeight?.toLocaleString('vi-VN') ?? '' },
    { key: 'exp', title: t('home.col.expDate'), width: 140, render: (_, r) => formatDateTime(r.ExpDate) },
    { key: 'created', title: t('home.col.created'), width: 140, render: (_, r) => formatDateTime(r.CreatedTime) },
    { key: 'note', title: t('home.col.note'), dataIndex: 'Note', width: 200 },
  ];

  return (
    <>
      <Table<PendingOrderRow>
        size="small"
        bordered
        aria-label={caption}
        rowKey={(r) => `${r.OrderNo}|${r.sort_code}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 2600 }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('home.notFound') }}
      />
      {paying && (
        <PaymentDialog
          open
          order={paying}
          onClose={() => setPaying(null)}
          onDone={() => {
            setPaying(null);
            void refresh();
          }}
        />
      )}
      <Modal
        open={!!files}
        title={files ? t('home.filesTitle', { orderNo: files.orderNo }) : ''}
        footer={null}
        onCancel={() => setFiles(null)}
        destroyOnHidden
      >
        <List
          dataSource={files?.files ?? []}
          renderItem={(f) => (
            <List.Item>
              <a href={f.DataUrl} download={f.FileName}>
                {f.FileName}
              </a>
              <Typography.Text type="secondary">
                {`${(f.FileSize / 1024).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} KB · ${formatDateTime(f.CreatedTime)}`}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Modal>
      <Modal
        open={!!qr}
        title={qr ? t('home.qrTitle', { orderNo: qr.orderNo }) : ''}
        footer={null}
        onCancel={() => setQr(null)}
        destroyOnHidden
      >
        {(qr?.items ?? []).map((item) => (
          <Flex key={item.OrderNo} gap={16} align="center" wrap>
            <QRCode value={absolute(item.qr_url)} size={180} />
            <Space direction="vertical">
              <Typography.Text>
                {t('home.col.pin')}: <b>{shownPin(item.PinCode)}</b>
              </Typography.Text>
              <Typography.Text>{item.JobModeName}</Typography.Text>
              {item.InvoiceNo && (
                <Typography.Text>
                  {t('home.invoiceNo')}: {item.InvoiceNo}
                </Typography.Text>
              )}
              {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
              <a href={item.ord_url} target="_blank" rel="noopener noreferrer">
                {t('home.openOrder')}
              </a>
              {item.pdf_url && (
                <a href={item.pdf_url} target="_blank" rel="noopener noreferrer">
                  {t('home.openInvoice')}
                </a>
              )}
            </Space>
          </Flex>
        ))}
      </Modal>
    </>
  );
}
