import { calls, type DeclarationRow } from '@smartport/contract';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { ExpandableText, FileLinks, isApproved, matchesSearch, StatusTag } from './declaration-ui';

const NOTE_EMPTY = 'Bạn chưa nhập lý do hủy.';

interface Filters {
  CustomerID: string;
  CustomNo: string;
  range: [Dayjs, Dayjs] | null;
  ImportExport: '' | 'I' | 'E';
  Status: (0 | 1)[];
}

/** Filters and their defaults (spec 01 §2): today from its start to its end, all kinds, both statuses. */
const defaults = (): Filters => ({
  CustomerID: '',
  CustomNo: '',
  range: [dayjs().startOf('day'), dayjs().endOf('day')],
  ImportExport: '',
  Status: [0, 1],
});

/** /Custom/CustomsManagement: staff review of registered declarations (approve, reason note). */
export function CustomsManagement() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>(defaults);
  const [rows, setRows] = useState<DeclarationRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState('');
  const [noteFor, setNoteFor] = useState<DeclarationRow | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (f: Filters) => {
      setLoading(true);
      try {
        const reply = await callApi(calls.declarations.load, {
          CustomerID: f.CustomerID.trim().toUpperCase() || null,
          CustomNo: f.CustomNo.trim().toUpperCase() || null,
          ImportExport: f.ImportExport,
          Status: f.Status,
          FromDate: f.range ? f.range[0].toISOString() : null,
          ToDate: f.range ? f.range[1].toISOString() : null,
        });
        setRows(reply.payload ?? []);
      } catch (e) {
        void message.error((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [message],
  );

  useEffect(() => {
    void load(defaults());
  }, [load]);

  const update = async (input: { Rowguid: string; Status?: number; Note?: string }) => {
    try {
      const reply = await callApi(calls.declarations.update, input);
      void message.success(reply.message ?? t('declarations.success'));
      await load(filters);
      return true;
    } catch (e) {
      void message.error((e instanceof ApiError && e.reply?.message) || (e as Error).message);
      return false;
    }
  };

  const approve = (row: DeclarationRow) =>
    modal.confirm({
      title: t('declarations.confirmApprove', { no: row.CustomNo }),
      okText: t('declarations.approve'),
      cancelText: t('declarations.cancel'),
      onOk: () => update({ Rowguid: row.Rowguid, Status: 1 }),
    });

  const saveNote = async () => {
    if (!noteFor) return;
    if (!note.trim()) {
      void message.warning(NOTE_EMPTY);
      return;
    }
    setSaving(true);
    const ok = await update({ Rowguid: noteFor.Rowguid, Note: note.trim() });
    setSaving(false);
    if (ok) setNoteFor(null);
  };

  const shown = useMemo(() => rows.filter((r) => matchesSearch(r, search)), [rows, search]);

  const columns: TableColumnsType<DeclarationRow> = [
    { title: t('declarations.rowNumber'), key: 'stt', width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: t('declarations.terminal'), dataIndex: 'TerminalCode', width: 70 },
    { title: t('declarations.id'), dataIndex: 'ID', width: 110 },
    { title: t('declarations.customerId'), dataIndex: 'CustomerID', width: 120 },
    { title: t('declarations.customNo'), dataIndex: 'CustomNo', width: 150, render: (v: string) => <ExpandableText text={v} /> },
    { title: t('declarations.customCode'), dataIndex: 'CustomCode', width: 80 },
    {
      title: t('declarations.importExport'),
      dataIndex: 'ImportExport',
      width: 70,
      render: (v: string) => (v === 'I' ? t('declarations.import') : t('declarations.export')),
    },
    { title: t('declarations.containerQty'), dataIndex: 'ContainerQty', width: 80, align: 'right' },
    { title: t('declarations.customDate'), dataIndex: 'CustomDate', width: 105, render: (v: string) => formatDateTime(v, 'YYYY-MM-DD') },
    { title: t('declarations.bookingOrBl'), dataIndex: 'BL_BookingNo', width: 150, render: (v: string) => <ExpandableText text={v} /> },
    { title: t('declarations.files'), key: 'files', width: 170, render: (_v, r) => <FileLinks row={r} /> },
    { title: t('declarations.status'), key: 'status', width: 95, render: (_v, r) => <StatusTag row={r} /> },
    { title: t('declarations.note'), dataIndex: 'Note', width: 170, render: (v: string | null) => <ExpandableText text={v} /> },
    { title: t('declarations.createdBy'), dataIndex: 'CreatedBy', width: 100 },
    { title: t('declarations.createdTime'), dataIndex: 'CreatedTime', width: 135, render: (v: string) => formatDateTime(v) },
    {
      title: t('declarations.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_v, r) =>
        isApproved(r) ? null : (
          <Space size={4} wrap>
            <Button size="small" type="primary" onClick={() => approve(r)}>
              {t('declarations.approve')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setNote(r.Note ?? '');
                setNoteFor(r);
              }}
            >
              {t('declarations.addReason')}
            </Button>
          </Space>
        ),
    },
  ];

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <Card title={t('declarations.management')} size="small">
      <Form layout="vertical" onFinish={() => void load(filters)}>
        <Flex gap={12} wrap align="flex-end">
          <Form.Item label={t('declarations.customerId')} style={{ marginBottom: 8, width: 170 }}>
            <Input maxLength={20} value={filters.CustomerID} onChange={(e) => set('CustomerID', e.target.value.toUpperCase())} allowClear />
          </Form.Item>
          <Form.Item label={t('declarations.customNo')} style={{ marginBottom: 8, width: 170 }}>
            <Input maxLength={20} value={filters.CustomNo} onChange={(e) => set('CustomNo', e.target.value.toUpperCase())} allowClear />
          </Form.Item>
          <Form.Item label={t('declarations.createdRange')} style={{ marginBottom: 8 }}>
            <DatePicker.RangePicker
              showTime
              format="DD/MM/YYYY HH:mm:ss"
              value={filters.range}
              onChange={(v) => set('range', v?.[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </Form.Item>
          <Form.Item label={t('declarations.importExport')} style={{ marginBottom: 8, width: 130 }}>
            <Select
              value={filters.ImportExport}
              onChange={(v) => set('ImportExport', v)}
              options={[
                { value: '', label: t('declarations.all') },
                { value: 'I', label: `I - ${t('declarations.import')}` },
                { value: 'E', label: `E - ${t('declarations.export')}` },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('declarations.status')} style={{ marginBottom: 8 }}>
            <Checkbox.Group
              value={filters.Status}
              onChange={(v) => set('Status', v as (0 | 1)[])}
              options={[
                { value: 0, label: t('declarations.pending') },
                { value: 1, label: t('declarations.approved') },
              ]}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" loading={loading}>
              {t('declarations.search')}
            </Button>
          </Form.Item>
          <Tooltip title={t('declarations.searchPlaceholder')}>
            <Input.Search
              allowClear
              aria-label={t('declarations.searchPlaceholder')}
              placeholder={t('declarations.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 220, marginBottom: 8, marginLeft: 'auto' }}
            />
          </Tooltip>
        </Flex>
      </Form>
      <Table<DeclarationRow>
        rowKey="Rowguid"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: 1800 }}
        locale={{ emptyText: t('declarations.noData') }}
      />
      <Modal
        open={noteFor !== null}
        title={`${t('declarations.addReason')}${noteFor ? ` - ${noteFor.CustomNo}` : ''}`}
        okText={t('declarations.save')}
        cancelText={t('declarations.cancel')}
        confirmLoading={saving}
        onOk={() => void saveNote()}
        onCancel={() => setNoteFor(null)}
      >
        <Input.TextArea
          aria-label={t('declarations.reasonTitle')}
          rows={4}
          maxLength={1000}
          showCount
          value={note}
          placeholder={t('declarations.reasonPlaceholder')}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
