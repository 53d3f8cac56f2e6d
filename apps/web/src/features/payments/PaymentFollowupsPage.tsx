import type { PaymentFollowup } from '@smartport/contract';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { formatMoney } from '../../lib/format';
import { usePaymentFollowups, useRetryInvoice } from './api';
import { errorMessage } from './errors';

/**
 * /config/payment_followups (project-named, not in the spec): a read-only list of money
 * staff must act on, with what to do. Refunds are done outside the portal (at the bank); an invoice
 * the server could not publish can be published again here.
 */
export default function PaymentFollowupsPage() {
  const { message } = App.useApp();
  const list = usePaymentFollowups();
  const retry = useRetryInvoice();

  const columns = [
    {
      title: 'Loại',
      dataIndex: 'Kind',
      width: 120,
      render: (k: PaymentFollowup['Kind']) => (k === 'refund' ? <Tag color="orange">Hoàn tiền</Tag> : <Tag color="blue">Hóa đơn</Tag>),
    },
    { title: 'Số lệnh', dataIndex: 'OrderNo', width: 150 },
    { title: 'Cảng', dataIndex: 'TerminalCode', width: 70 },
    { title: 'Khách hàng', dataIndex: 'CustomerCode', width: 110 },
    { title: 'Lý do', dataIndex: 'ReasonText', width: 220 },
    {
      title: 'Số tiền',
      dataIndex: 'Amount',
      width: 130,
      align: 'right' as const,
      render: (a: number | null) => (a == null ? '' : formatMoney(a)),
    },
    { title: 'Mã giao dịch', dataIndex: 'TransactionId', width: 170 },
    { title: 'Trạng thái', dataIndex: 'StatusText', width: 150 },
    { title: 'Cần làm', dataIndex: 'Todo', render: (todo: string, r: PaymentFollowup) => <FollowupTodo todo={todo} row={r} /> },
    {
      title: '',
      key: 'action',
      width: 150,
      render: (_: unknown, r: PaymentFollowup) =>
        r.Kind === 'invoice' && r.Status !== 'done' ? (
          <Button
            size="small"
            loading={retry.isPending && retry.variables === r.OrderNo}
            onClick={() =>
              retry.mutate(r.OrderNo, {
                onSuccess: (res) => void message.success(res.message ?? 'Xuất hóa đơn thành công !'),
                onError: (err) => void message.error(errorMessage(err)),
              })
            }
          >
            Xuất lại hóa đơn
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title="Giao dịch cần xử lý"
      extra={
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          Nạp dữ liệu
        </Button>
      }
    >
      <Table<PaymentFollowup>
        rowKey="Rowguid"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={{ pageSize: 50 }}
        scroll={{ x: 1400 }}
        locale={{ emptyText: 'Không có giao dịch nào cần xử lý' }}
        data-testid="payment-followups"
      />
    </Card>
  );
}

function FollowupTodo({ todo, row }: { todo: string; row: PaymentFollowup }) {
  return (
    <Space direction="vertical" size={0}>
      <span>{todo}</span>
      {row.LastError && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Lỗi gần nhất ({row.Attempts} lần): {row.LastError}
        </Typography.Text>
      )}
    </Space>
  );
}
