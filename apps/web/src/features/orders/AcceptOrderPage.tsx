import {
  type AcceptRow,
  acceptMessages,
  customsHoldMessages,
  type InvoiceCancelStep,
  orderFileMessages,
  shownPin,
} from '@smartport/contract';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useTerminals } from '../../lib/session-queries';
import { type AcceptFilter, useAcceptActions, useAcceptOrders, useInvoiceCancelTrace, useOrderFileList } from './api';

const statusOptions = [
  { value: 'P', label: 'Chờ duyệt' },
  { value: 'C', label: 'Đã duyệt' },
  { value: 'D', label: 'Đã hủy' },
  { value: '*', label: 'Tất cả' },
] as const;
const statusColors: Record<string, string> = { P: 'gold', C: 'green', D: 'red', A: 'default' };
const tosColors: Record<string, string> = { none: 'default', pending: 'processing', sent: 'green', refused: 'red', failed: 'orange' };

const errorText = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));
const vnd = (n: number) => n.toLocaleString('vi-VN');

type ReasonAction = { kind: 'reject' | 'cancel'; row: AcceptRow } | null;

/**
 * 'Duyệt lệnh' (/Order/AcceptOrder): staff see the orders of their terminals waiting for approval (or
 * approved, cancelled, all), approve or reject them, resend a refused TOS delivery, cancel an approved order and trace
 * the cancellation of its invoice.
 */
export default function AcceptOrderPage() {
  const { message, modal } = App.useApp();
  const terminals = useTerminals();
  const [form] = Form.useForm<{ TerminalCode: string; OrderStatus: AcceptFilter['OrderStatus']; FindValue: string }>();
  const [filter, setFilter] = useState<AcceptFilter>({ OrderStatus: 'P' });
  const list = useAcceptOrders(filter);
  const actions = useAcceptActions();
  const [reason, setReason] = useState<ReasonAction>(null);
  const [trace, setTrace] = useState<string | null>(null);
  const [filesOf, setFilesOf] = useState<string | null>(null);
  /** Why 'Duyệt' is not offered: customs holds a container, or the paper D/O is missing. */
  const approveBlock = (r: AcceptRow) =>
    r.CustomsHeld.length
      ? customsHoldMessages.approveRefused(r.CustomsHeld)
      : r.PaperDo && !r.FileCount
        ? orderFileMessages.noPaperDo
        : undefined;

  const load = () => {
    const v = form.getFieldsValue();
    const next: AcceptFilter = {
      OrderStatus: v.OrderStatus ?? 'P',
      ...(v.TerminalCode ? { TerminalCode: v.TerminalCode } : {}),
      ...(v.FindValue?.trim() ? { FindValue: v.FindValue.trim() } : {}),
    };
    if (JSON.stringify(next) === JSON.stringify(filter)) void list.refetch();
    else setFilter(next);
  };

  const done = (res: { message?: string | undefined }, fallback: string) => void message.success(res.message ?? fallback);
  const failed = (err: unknown) => void message.error(errorText(err));

  const approve = (row: AcceptRow) =>
    modal.confirm({
      title: acceptMessages.confirmApprove,
      content: `Lệnh ${row.OrderNo} — ${row.CustomerName ?? row.CustomerCode}`,
      okText: 'Duyệt',
      cancelText: 'Hủy bỏ',
      onOk: () =>
        actions.approve
          .mutateAsync(row.OrderNo)
          .then((r) => done(r, acceptMessages.approved))
          .catch(failed),
    });

  const resend = (row: AcceptRow) =>
    actions.resendTos.mutate(row.OrderNo, { onSuccess: (r) => done(r, acceptMessages.tosResent), onError: failed });

  const columns: ColumnsType<AcceptRow> = [
    { title: 'PIN', dataIndex: 'PinCode', width: 130, fixed: 'left', render: (pin: string) => shownPin(pin) },
    { title: 'Số lệnh', dataIndex: 'OrderNo', width: 160 },
    { title: 'Cảng', dataIndex: 'TerminalCode', width: 70 },
    { title: 'Phương án', dataIndex: 'JobModeName', width: 170 },
    {
      title: 'Khách hàng',
      dataIndex: 'CustomerName',
      width: 200,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.CustomerName ?? r.CustomerCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.CustomerCode}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Số cont', dataIndex: 'ContainerCount', width: 80, align: 'right' },
    { title: 'Tổng tiền (VNĐ)', dataIndex: 'TotalAmount', width: 130, align: 'right', render: (n: number) => vnd(n) },
    {
      title: 'Thanh toán',
      dataIndex: 'MoneyCredit',
      width: 100,
      render: (m: string) => (m === 'C' ? <Tag color="purple">Thu sau</Tag> : <Tag color="blue">Thu ngay</Tag>),
    },
    {
      title: 'Trạng thái',
      dataIndex: 'OrderStatusName',
      width: 170,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={statusColors[r.OrderStatus]}>{name}</Tag>
          {r.PaperDo && (
            <Button
              size="small"
              type="link"
              style={{ padding: 0, height: 'auto' }}
              onClick={() => setFilesOf(r.OrderNo)}
              data-testid="paper-do"
            >
              D/O giấy: {r.FileCount ? `${r.FileCount} tệp` : 'chưa đính kèm'}
            </Button>
          )}
          {r.CustomsHeld.length > 0 && (
            <Tooltip title={`Hải quan chưa thông quan: ${r.CustomsHeld.join(', ')}`}>
              <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="customs-held">
                {customsHoldMessages.held}: {r.CustomsHeld.join(', ')}
              </Typography.Text>
            </Tooltip>
          )}
          {r.RejectReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Lý do: {r.RejectReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: 'TOS',
      dataIndex: 'TosStatusName',
      width: 200,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={tosColors[r.TosStatus]}>{name}</Tag>
          {r.TosMessage && (
            <Typography.Text type={r.TosStatus === 'sent' ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
              {r.TosMessage}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: 'Hóa đơn',
      dataIndex: 'InvoiceNo',
      width: 170,
      render: (no: string | null, r) => (
        <Space orientation="vertical" size={0}>
          <span>{no ?? ''}</span>
          {r.InvoiceState && (
            <Typography.Text type={r.InvoiceState === 'Đã hủy' ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
              {r.InvoiceState}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: 'Người duyệt',
      dataIndex: 'ApprovedBy',
      width: 150,
      render: (by: string | null, r) =>
        by ? (
          <Tooltip title={formatDateTime(r.ApprovedTime)}>
            <span>{by}</span>
          </Tooltip>
        ) : r.OrderStatus === 'C' ? (
          <Typography.Text type="secondary">Tự động</Typography.Text>
        ) : null,
    },
    {
      title: 'Thao tác',
      key: 'actions',
      width: 190,
      // Always in reach, however far the table scrolls.
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space wrap size={4}>
          {r.OrderStatus === 'P' && (
            <>
              <Tooltip title={approveBlock(r)}>
                <Button size="small" type="primary" disabled={!!approveBlock(r)} onClick={() => approve(r)}>
                  Duyệt
                </Button>
              </Tooltip>
              <Button size="small" danger onClick={() => setReason({ kind: 'reject', row: r })}>
                Từ chối
              </Button>
            </>
          )}
          {r.OrderStatus === 'C' && (r.TosStatus === 'refused' || r.TosStatus === 'failed') && (
            <Button
              size="small"
              loading={actions.resendTos.isPending && actions.resendTos.variables === r.OrderNo}
              onClick={() => resend(r)}
            >
              Gửi lại TOS
            </Button>
          )}
          {r.OrderStatus === 'C' && (
            <Button size="small" danger onClick={() => setReason({ kind: 'cancel', row: r })}>
              Hủy lệnh
            </Button>
          )}
          {r.OrderStatus === 'D' && r.InvoiceNo && (
            <Button size="small" onClick={() => setTrace(r.OrderNo)}>
              Truy vết hủy hóa đơn
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Duyệt lệnh
        </Typography.Title>
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{ TerminalCode: '', OrderStatus: 'P', FindValue: '' }}
        onFinish={load}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="TerminalCode" label="Cảng">
          <Select
            aria-label="Cảng"
            style={{ width: 140 }}
            loading={terminals.isLoading}
            options={[
              { value: '', label: 'Tất cả' },
              ...(terminals.data ?? []).map((t) => ({ value: t.TerminalCode, label: t.TerminalCode })),
            ]}
          />
        </Form.Item>
        <Form.Item name="OrderStatus" label="Trạng thái">
          <Select aria-label="Trạng thái" style={{ width: 140 }} options={statusOptions.map((o) => ({ ...o }))} />
        </Form.Item>
        <Form.Item name="FindValue" label="Tìm">
          <Input
            aria-label="Tìm theo PIN, số lệnh, container, MST"
            placeholder="PIN / số lệnh / container / MST"
            allowClear
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={list.isFetching}>
            Nạp dữ liệu
          </Button>
        </Form.Item>
      </Form>
      {list.error && <Typography.Text type="danger">{errorText(list.error)}</Typography.Text>}
      <Table<AcceptRow>
        rowKey="OrderNo"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 1850 }}
        locale={{ emptyText: 'Không có lệnh nào' }}
        aria-label="Danh sách lệnh"
      />
      <ReasonModal
        action={reason}
        pending={actions.reject.isPending || actions.cancel.isPending}
        onClose={() => setReason(null)}
        onSubmit={(text) => {
          if (!reason) return;
          const mutation = reason.kind === 'reject' ? actions.reject : actions.cancel;
          mutation.mutate(
            { OrderNo: reason.row.OrderNo, Reason: text },
            {
              onSuccess: (r) => {
                done(r, reason.kind === 'reject' ? acceptMessages.rejected : acceptMessages.cancelled);
                setReason(null);
              },
              onError: failed,
            },
          );
        }}
      />
      <TraceModal orderNo={trace} onClose={() => setTrace(null)} />
      <FilesModal orderNo={filesOf} onClose={() => setFilesOf(null)} />
    </Card>
  );
}

/** The reason of a rejection or of a cancellation (required). */
function ReasonModal(props: { action: ReasonAction; pending: boolean; onClose(): void; onSubmit(reason: string): void }) {
  const [form] = Form.useForm<{ Reason: string }>();
  const reject = props.action?.kind === 'reject';
  return (
    <Modal
      open={!!props.action}
      title={reject ? 'Từ chối lệnh' : 'Hủy lệnh đã duyệt'}
      okText={reject ? 'Từ chối' : 'Hủy lệnh'}
      cancelText="Đóng"
      okButtonProps={{ danger: true, loading: props.pending }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {reject ? acceptMessages.confirmReject : acceptMessages.confirmCancel} Lệnh <b>{props.action?.row.OrderNo}</b>
        {!reject && props.action?.row.InvoiceNo ? ` — hóa đơn ${props.action.row.InvoiceNo} sẽ được hủy với nhà cung cấp.` : ''}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => props.onSubmit(v.Reason.trim())}>
        <Form.Item
          name="Reason"
          label="Lý do"
          rules={[
            { required: true, whitespace: true, message: acceptMessages.noReason },
            { max: 500, message: 'Lý do tối đa 500 ký tự' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The order's attached files (the paper D/O staff check before approving), each opened from the list. */
function FilesModal({ orderNo, onClose }: { orderNo: string | null; onClose(): void }) {
  const files = useOrderFileList(orderNo);
  return (
    <Modal open={!!orderNo} title={`D/O giấy — lệnh ${orderNo ?? ''}`} footer={null} onCancel={onClose}>
      <Table
        rowKey="Rowguid"
        size="small"
        loading={files.isLoading}
        dataSource={files.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Khách hàng chưa đính kèm D/O' }}
        columns={[
          {
            title: 'Tệp',
            dataIndex: 'FileName',
            render: (name: string, f) => (
              <a href={f.DataUrl} download={name} target="_blank" rel="noreferrer">
                {name}
              </a>
            ),
          },
          { title: 'Thời điểm', dataIndex: 'CreatedTime', width: 150, render: (x: string) => formatDateTime(x, 'DD/MM/YYYY HH:mm') },
        ]}
      />
    </Modal>
  );
}

/** task/invoice/cancel/trackingInvoiceDraftDetails: every step of the invoice's cancellation. */
function TraceModal({ orderNo, onClose }: { orderNo: string | null; onClose(): void }) {
  const trace = useInvoiceCancelTrace(orderNo);
  return (
    <Modal open={!!orderNo} title={`Truy vết hủy hóa đơn — lệnh ${orderNo ?? ''}`} footer={null} onCancel={onClose} width={760}>
      <Table<InvoiceCancelStep>
        rowKey={(s) => `${s.Step}-${s.CreatedTime}`}
        size="small"
        loading={trace.isLoading}
        dataSource={trace.data ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: 'Chưa có bước hủy hóa đơn nào' }}
        columns={[
          { title: 'Thời điểm', dataIndex: 'CreatedTime', width: 150, render: (t: string) => formatDateTime(t, 'DD/MM/YYYY HH:mm:ss') },
          { title: 'Bước', dataIndex: 'StepName', width: 200 },
          { title: 'Hóa đơn', dataIndex: 'InvoiceNo', width: 140 },
          { title: 'Ghi chú', dataIndex: 'Message' },
          { title: 'Người thực hiện', dataIndex: 'CreatedBy', width: 120, render: (b: string | null) => b ?? 'Hệ thống' },
        ]}
      />
    </Modal>
  );
}
