import type { DeclarationRow } from '@smartport/contract';
import { App, Button, Card, Checkbox, DatePicker, Flex, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../components/data-grid/ReadOnlyGrid';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { type DeclarationFilter, type DeclarationUpdate, useDeclarations, useUpdateDeclaration } from './api';
import { ExpandableText, FileLinks, fileNames, isApproved, StatusTag, statusText } from './declaration-ui';

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

/** The search the filters ask for: blank texts and an empty range are left out. */
const toRequest = (f: Filters): DeclarationFilter => ({
  CustomerID: f.CustomerID.trim().toUpperCase() || null,
  CustomNo: f.CustomNo.trim().toUpperCase() || null,
  ImportExport: f.ImportExport,
  Status: f.Status,
  FromDate: f.range ? f.range[0].toISOString() : null,
  ToDate: f.range ? f.range[1].toISOString() : null,
});

const noRows: DeclarationRow[] = [];

/** /Custom/CustomsManagement: staff review of registered declarations (approve, reason note). */
export function CustomsManagement() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>(defaults);
  const [noteFor, setNoteFor] = useState<DeclarationRow | null>(null);
  const [note, setNote] = useState('');
  const showError = (e: Error) => void message.error(e.message);
  const declarations = useDeclarations(toRequest(filters), showError);
  const rows = declarations.data ?? noRows;
  const updateDeclaration = useUpdateDeclaration();

  const search = () => void declarations.search(toRequest(filters)).catch(showError);

  /** Approve or note; the list on screen reloads before the message shows. */
  const update = async (input: DeclarationUpdate) => {
    try {
      const reply = await updateDeclaration.mutateAsync(input);
      void message.success(reply.message ?? t('declarations.success'));
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
    const ok = await update({ Rowguid: noteFor.Rowguid, Note: note.trim() });
    if (ok) setNoteFor(null);
  };

  const columns: ReadOnlyColumn<DeclarationRow>[] = [
    { key: 'TerminalCode', title: t('declarations.terminal'), width: 70, text: (r) => r.TerminalCode ?? '' },
    { key: 'ID', title: t('declarations.id'), width: 110, text: (r) => r.ID },
    { key: 'CustomerID', title: t('declarations.customerId'), width: 150, text: (r) => r.CustomerID },
    {
      key: 'CustomNo',
      title: t('declarations.customNo'),
      width: 150,
      grow: true,
      text: (r) => r.CustomNo,
      render: (r) => <ExpandableText text={r.CustomNo} />,
    },
    { key: 'CustomCode', title: t('declarations.customCode'), width: 80, text: (r) => r.CustomCode },
    {
      key: 'ImportExport',
      title: t('declarations.importExport'),
      width: 70,
      text: (r) => (r.ImportExport === 'I' ? t('declarations.import') : t('declarations.export')),
    },
    { key: 'ContainerQty', title: t('declarations.containerQty'), width: 80, align: 'right', text: (r) => String(r.ContainerQty ?? '') },
    { key: 'CustomDate', title: t('declarations.customDate'), width: 105, text: (r) => formatDateTime(r.CustomDate, 'YYYY-MM-DD') },
    {
      key: 'BL_BookingNo',
      title: t('declarations.bookingOrBl'),
      width: 150,
      grow: true,
      text: (r) => r.BL_BookingNo ?? '',
      render: (r) => <ExpandableText text={r.BL_BookingNo} />,
    },
    { key: 'files', title: t('declarations.files'), width: 190, grow: true, text: fileNames, render: (r) => <FileLinks row={r} /> },
    { key: 'status', title: t('declarations.status'), width: 100, text: (r) => statusText(r, t), render: (r) => <StatusTag row={r} /> },
    {
      key: 'Note',
      title: t('declarations.note'),
      width: 180,
      grow: true,
      text: (r) => r.Note ?? '',
      render: (r) => <ExpandableText text={r.Note} />,
    },
    { key: 'CreatedBy', title: t('declarations.createdBy'), width: 100, text: (r) => r.CreatedBy ?? '' },
    // Who registered it: a forwarder's own customer code beside its client's business code (CustomerID).
    { key: 'RegistrantCode', title: t('declarations.registrantCode'), width: 120, text: (r) => r.RegistrantCode ?? '' },
    { key: 'CreatedTime', title: t('declarations.createdTime'), width: 140, text: (r) => formatDateTime(r.CreatedTime) },
    {
      key: 'actions',
      title: t('declarations.actions'),
      width: 180,
      grow: true,
      noExport: true,
      text: () => '',
      render: (r) =>
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
      <Form layout="vertical" onFinish={search}>
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
            <Button type="primary" htmlType="submit" loading={declarations.fetching}>
              {t('declarations.search')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      <ReadOnlyGrid<DeclarationRow>
        title={t('declarations.list')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.Rowguid}
        pageSize={20}
        height="62vh"
        loading={declarations.fetching}
        emptyText={t('declarations.noData')}
      />
      <Modal
        open={noteFor !== null}
        title={`${t('declarations.addReason')}${noteFor ? ` - ${noteFor.CustomNo}` : ''}`}
        okText={t('declarations.save')}
        cancelText={t('declarations.cancel')}
        confirmLoading={updateDeclaration.isPending}
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
