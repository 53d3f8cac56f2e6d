import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type BookingRow, bookingStatusNames } from '@smartport/contract';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListExportButton, ListFilterForm, usePageTitle, ValidityTag } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { type BookingFilter, useBookings } from './api';
import { AmendBookingDialog, CancelBookingDialog, IssueBookingDialog } from './BookingDialogs';
import { dayShown, exportColumns, exportRowsOf, lineText } from './booking-rows';

const statuses = (['A', 'E', 'R'] as const).map((s) => ({ value: s, label: bookingStatusNames[s] }));

/**
 * 'Booking' (/Line/Booking): the line's bookings at the user's terminals, each size with the empties picked up and the
 * laden boxes dropped off against it; issue, amend (last day, quantities) and cancel with a reason; export the list.
 */
export default function BookingPage() {
  const { t } = useTranslation();
  const title = t('booking.title');
  usePageTitle(title);
  const [filter, setFilter] = useState<BookingFilter>({ Status: '*' });
  const list = useBookings(filter);
  const [issueOpen, setIssueOpen] = useState(false);
  const [amend, setAmend] = useState<BookingRow | null>(null);
  const [cancel, setCancel] = useState<BookingRow | null>(null);
  const rows = list.data ?? [];

  const columns: ColumnsType<BookingRow> = [
    { title: t('booking.col.bookingNo'), dataIndex: 'BookingNo', width: 130, fixed: 'left' },
    { title: t('booking.col.terminal'), dataIndex: 'TerminalCode', width: 60 },
    { title: t('booking.col.validUntil'), dataIndex: 'ValidUntil', width: 100, render: dayShown },
    {
      title: t('booking.col.status'),
      dataIndex: 'StatusName',
      width: 100,
      render: (name: string, r) => <ValidityTag status={r.Status} name={name} />,
    },
    {
      title: t('booking.col.shipper'),
      dataIndex: 'ShipperTaxCode',
      width: 200,
      render: (tax: string | null, r) =>
        tax ? (
          <Space orientation="vertical" size={0}>
            <span>{tax}</span>
            {r.ShipperName && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.ShipperName}
              </Typography.Text>
            )}
          </Space>
        ) : null,
    },
    {
      title: t('booking.col.sizes'),
      key: 'lines',
      width: 300,
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          {r.lines.map((l) => (
            <span key={l.IsoSizetype} style={{ whiteSpace: 'nowrap' }}>
              {lineText(l)}
            </span>
          ))}
        </Space>
      ),
    },
    { title: t('booking.col.note'), dataIndex: 'Note', width: 160, render: (n: string | null) => n ?? '' },
    { title: t('booking.col.issuedBy'), dataIndex: 'IssuedBy', width: 110 },
    {
      title: t('booking.col.issuedTime'),
      dataIndex: 'IssuedTime',
      width: 130,
      render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm'),
    },
    {
      title: t('booking.col.actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.Status === 'A' ? (
          <Space wrap size={4}>
            <Button size="small" onClick={() => setAmend(r)}>
              {t('booking.action.amend')}
            </Button>
            <Button size="small" danger onClick={() => setCancel(r)}>
              {t('booking.action.cancel')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }}>
          {title}
        </Typography.Title>
      }
    >
      <ListFilterForm
        filter={filter}
        statuses={statuses}
        placeholder={t('booking.findPlaceholder')}
        searchWidth={260}
        onChange={setFilter}
        onReload={() => void list.refetch()}
        loading={list.isFetching}
      />
      <Space wrap size={8} style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssueOpen(true)}>
          {t('booking.action.issue')}
        </Button>
        <ListExportButton title={title} columns={exportColumns} rows={exportRowsOf(rows)} />
      </Space>
      {list.error && <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} />}
      <Table<BookingRow>
        rowKey={(r) => `${r.OperationCode}-${r.BookingNo}`}
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 1410 }}
        locale={{ emptyText: t('booking.empty') }}
        aria-label={title}
      />
      <IssueBookingDialog open={issueOpen} onClose={() => setIssueOpen(false)} />
      <AmendBookingDialog row={amend} onClose={() => setAmend(null)} />
      <CancelBookingDialog row={cancel} onClose={() => setCancel(null)} />
    </Card>
  );
}
