import {
  type GridColumn,
  type OrderHistoryRow,
  type OrderHistorySortField,
  type OrderStatus,
  orderHistoryMessages,
  orderStatusNames,
} from '@smartport/contract';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListExportButton, usePageTitle, useTerminalOptions } from '../../components/list-screen/list-screen';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session-queries';
import { type HistoryFilter, type HistoryRequest, historyExportRows, useHistoryJobModes, useOrderHistory } from './api';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderStatusTag, shownPin } from './order-history-ui';

interface FilterValues {
  FromDate?: Dayjs | null;
  ToDate?: Dayjs | null;
  OrderStatus?: OrderStatus | '';
  JobModeCode?: string;
  TerminalCode?: string;
  ContainerNo?: string;
  BLNo?: string;
  PinCode?: string;
}

const DEFAULT_PAGE_SIZE = 20;
const initialRequest: HistoryRequest = { Page: 1, PageSize: DEFAULT_PAGE_SIZE, SortField: 'CreatedTime', SortOrder: 'desc' };

/** The form's values as the calls take them: days of the port calendar, texts trimmed, empty ones left out. */
function filterOf(v: FilterValues): HistoryFilter {
  const text = (s: string | undefined) => s?.trim() || undefined;
  const f: HistoryFilter = {
    FromDate: v.FromDate?.format('YYYY-MM-DD'),
    ToDate: v.ToDate?.format('YYYY-MM-DD'),
    OrderStatus: v.OrderStatus || undefined,
    JobModeCode: v.JobModeCode || undefined,
    TerminalCode: v.TerminalCode || undefined,
    ContainerNo: text(v.ContainerNo),
    BLNo: text(v.BLNo),
    PinCode: text(v.PinCode),
  };
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as HistoryFilter;
}

/**
 * 'Lịch sử lệnh' (/Order/History): every order the user reaches, of every status (a customer its own, staff their
 * terminals'), filtered, paged and sorted by the server; a row opens the order's detail; 'Xuất Excel' asks the server
 * for every order the filter matches.
 */
export default function OrderHistoryPage() {
  const { t } = useTranslation();
  const title = t('orderHistory.title');
  usePageTitle(title);
  const me = useMe();
  const staff = me.data ? me.data.CustomerCode == null : false;
  const [form] = Form.useForm<FilterValues>();
  const [request, setRequest] = useState<HistoryRequest>(initialRequest);
  const [openNo, setOpenNo] = useState<string | null>(null);
  const list = useOrderHistory(request);
  const jobModes = useHistoryJobModes();
  const terminals = useTerminalOptions(true);

  const search = (v: FilterValues) => {
    const { Page: _page, PageSize, SortField, SortOrder } = request;
    const next = { ...filterOf(v), Page: 1, PageSize, SortField, SortOrder } as HistoryRequest;
    if (JSON.stringify(next) === JSON.stringify(request)) void list.refetch();
    else setRequest(next);
  };

  const sortOrder = (field: OrderHistorySortField) =>
    request.SortField === field ? (request.SortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const sorted = (field: OrderHistorySortField) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const columns: ColumnsType<OrderHistoryRow> = [
    {
      title: t('orderHistory.col.orderNo'),
      dataIndex: 'OrderNo',
      width: 170,
      fixed: 'left',
      ...sorted('OrderNo'),
      render: (no: string) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setOpenNo(no)}
          aria-label={`${t('orderHistory.view')} ${no}`}
        >
          {no}
        </Button>
      ),
    },
    { title: t('orderHistory.col.pin'), dataIndex: 'PinCode', width: 110, render: (pin: string) => shownPin(pin) },
    { title: t('orderHistory.col.terminal'), dataIndex: 'TerminalCode', width: 80, ...sorted('TerminalCode') },
    { title: t('orderHistory.col.jobMode'), dataIndex: 'JobModeName', width: 170, ...sorted('JobModeCode') },
    {
      title: t('orderHistory.col.status'),
      dataIndex: 'OrderStatusName',
      width: 150,
      ...sorted('OrderStatus'),
      render: (name: string, r) => (
        <Space size={4} wrap>
          <OrderStatusTag status={r.OrderStatus} name={name} />
          {r.Paid && r.OrderStatus === 'A' && <Tag color="blue">{t('orderHistory.paidTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('orderHistory.col.containers'),
      dataIndex: 'ContainerNos',
      width: 240,
      render: (nos: string[]) => <span style={{ wordBreak: 'break-word' }}>{nos.join(', ')}</span>,
    },
    { title: t('orderHistory.col.document'), key: 'document', width: 130, render: (_: unknown, r) => r.BLNo ?? r.BookingNo ?? '' },
    {
      title: t('orderHistory.col.amount'),
      dataIndex: 'TotalAmount',
      width: 140,
      align: 'right',
      ...sorted('TotalAmount'),
      render: (n: number) => formatMoney(n).replace(' VNĐ', ''),
    },
    { title: t('orderHistory.col.invoice'), dataIndex: 'InvoiceNo', width: 150, render: (n: string | null) => n ?? '' },
    ...(staff
      ? [
          {
            title: t('orderHistory.col.customer'),
            dataIndex: 'CustomerName',
            width: 200,
            render: (n: string | null, r: OrderHistoryRow) => n ?? r.CustomerCode,
          },
        ]
      : []),
    {
      title: t('orderHistory.col.created'),
      dataIndex: 'CreatedTime',
      width: 140,
      ...sorted('CreatedTime'),
      render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
    },
    {
      title: t('orderHistory.col.expDate'),
      dataIndex: 'ExpDate',
      width: 140,
      ...sorted('ExpDate'),
      render: (d: string | null) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
    },
  ];

  // The workbook holds what the screen shows, under the same titles.
  const exportColumns: GridColumn[] = [
    { field: 'OrderNo', title: t('orderHistory.col.orderNo'), type: 'text', width: 170 },
    { field: 'Pin', title: t('orderHistory.col.pin'), type: 'text', width: 100 },
    { field: 'TerminalCode', title: t('orderHistory.col.terminal'), type: 'text', width: 70 },
    { field: 'JobModeName', title: t('orderHistory.col.jobMode'), type: 'text', width: 170 },
    { field: 'OrderStatusName', title: t('orderHistory.col.status'), type: 'text', width: 130 },
    { field: 'Containers', title: t('orderHistory.col.containers'), type: 'text', width: 200 },
    { field: 'Document', title: t('orderHistory.col.document'), type: 'text', width: 130 },
    { field: 'TotalAmount', title: t('orderHistory.col.amount'), type: 'number', width: 130 },
    { field: 'InvoiceNo', title: t('orderHistory.col.invoice'), type: 'text', width: 150 },
    { field: 'Customer', title: t('orderHistory.col.customer'), type: 'text', width: 220 },
    { field: 'Created', title: t('orderHistory.col.created'), type: 'text', width: 140 },
    { field: 'Exp', title: t('orderHistory.col.expDate'), type: 'text', width: 140 },
  ];
  const exportRows = async () => {
    const { Page: _page, PageSize: _size, ...filter } = request;
    return (await historyExportRows(filter)).map((r) => ({
      OrderNo: r.OrderNo,
      Pin: shownPin(r.PinCode),
      TerminalCode: r.TerminalCode,
      JobModeName: r.JobModeName,
      OrderStatusName: r.OrderStatusName,
      Containers: r.ContainerNos.join(', '),
      Document: r.BLNo ?? r.BookingNo ?? '',
      TotalAmount: r.TotalAmount,
      InvoiceNo: r.InvoiceNo ?? '',
      Customer: r.CustomerName ?? r.CustomerCode,
      Created: formatDateTime(r.CreatedTime, 'DD/MM/YYYY HH:mm:ss'),
      Exp: formatDateTime(r.ExpDate, 'DD/MM/YYYY HH:mm:ss'),
    }));
  };

  const data = list.data;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <Form<FilterValues>
        form={form}
        layout="inline"
        onFinish={search}
        initialValues={{ OrderStatus: '', JobModeCode: '', TerminalCode: '' }}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="FromDate" label={t('orderHistory.filter.from')}>
          <DatePicker format="DD/MM/YYYY" aria-label={t('orderHistory.filter.from')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="ToDate"
          label={t('orderHistory.filter.to')}
          dependencies={['FromDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, to: Dayjs | null) => {
                const from = getFieldValue('FromDate') as Dayjs | null;
                return from && to && from.isAfter(to, 'day')
                  ? Promise.reject(new Error(orderHistoryMessages.badPeriod))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker format="DD/MM/YYYY" aria-label={t('orderHistory.filter.to')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="OrderStatus" label={t('orderHistory.filter.status')}>
          <Select
            aria-label={t('orderHistory.filter.status')}
            style={{ width: 160 }}
            options={[
              { value: '', label: t('orderHistory.filter.all') },
              ...Object.entries(orderStatusNames).map(([value, label]) => ({ value, label })),
            ]}
          />
        </Form.Item>
        <Form.Item name="JobModeCode" label={t('orderHistory.filter.jobMode')}>
          <Select
            aria-label={t('orderHistory.filter.jobMode')}
            style={{ width: 220 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={jobModes.isLoading}
            options={[
              { value: '', label: t('orderHistory.filter.all') },
              ...(jobModes.data ?? []).map((j) => ({ value: j.JobModeCode, label: `${j.JobModeCode} - ${j.JobModeName}` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="TerminalCode" label={t('orderHistory.filter.terminal')}>
          <Select
            aria-label={t('orderHistory.filter.terminal')}
            style={{ width: 110 }}
            loading={terminals.loading}
            options={terminals.options}
          />
        </Form.Item>
        <Form.Item name="ContainerNo" label={t('orderHistory.filter.container')}>
          <Input aria-label={t('orderHistory.filter.container')} allowClear maxLength={11} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="BLNo" label={t('orderHistory.filter.bl')}>
          <Input aria-label={t('orderHistory.filter.bl')} allowClear maxLength={50} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="PinCode" label={t('orderHistory.filter.pin')}>
          <Input aria-label={t('orderHistory.filter.pin')} allowClear maxLength={30} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={list.isFetching}>
              {t('orderHistory.filter.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setRequest({ ...initialRequest, PageSize: request.PageSize });
              }}
            >
              {t('orderHistory.filter.clear')}
            </Button>
            <ListExportButton title={t('orderHistory.exportTitle')} columns={exportColumns} loadRows={exportRows} disabled={!data?.total} />
          </Space>
        </Form.Item>
      </Form>
      {list.error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          {errorText(list.error)}
        </Typography.Text>
      )}
      <Table<OrderHistoryRow>
        rowKey="OrderNo"
        size="small"
        loading={list.isFetching}
        dataSource={data?.rows ?? []}
        columns={columns}
        scroll={{ x: staff ? 1850 : 1650 }}
        locale={{ emptyText: t('orderHistory.empty') }}
        aria-label={title}
        onRow={(r) => ({ onDoubleClick: () => setOpenNo(r.OrderNo) })}
        pagination={{
          current: request.Page,
          pageSize: request.PageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('orderHistory.total', { total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<OrderHistoryRow> | undefined;
          const field = (s?.order ? (s.columnKey as OrderHistorySortField) : null) ?? 'CreatedTime';
          const order = s?.order === 'ascend' ? 'asc' : 'desc';
          const sortChanged = field !== request.SortField || order !== request.SortOrder;
          setRequest({
            ...request,
            Page: sortChanged ? 1 : (pagination.current ?? 1),
            PageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
            SortField: field,
            SortOrder: order,
          });
        }}
      />
      <OrderDetailDrawer orderNo={openNo} onClose={() => setOpenNo(null)} />
    </Card>
  );
}
