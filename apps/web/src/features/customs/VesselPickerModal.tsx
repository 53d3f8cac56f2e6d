import type { VesselVoyageRecord } from '@smartport/contract';
import { App, Input, Modal, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { useVoyages } from './api';

const noVoyages: VesselVoyageRecord[] = [];

/**
 * 'Chọn tàu - Chuyến': live search by vessel name in upper case; a click selects and closes (spec 01 §2). Each call
 * names its terminal; `terminal` keeps one terminal's calls (an order's), `past` adds the calls of the last 90 days.
 */
export function VesselPicker({
  open,
  onClose,
  onPick,
  terminal,
  past,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (v: VesselVoyageRecord) => void;
  terminal?: string | undefined;
  past?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const voyages = useVoyages(open, { terminal, past });
  const rows = voyages.data ?? noVoyages;
  const [search, setSearch] = useState('');

  useReportError(voyages.error, (e) => void message.error(e.message));

  const shown = useMemo(() => {
    const needle = search.trim().toUpperCase();
    return needle ? rows.filter((r) => r.VesselName.toUpperCase().includes(needle)) : rows;
  }, [rows, search]);

  return (
    <Modal open={open} title={t('customsScan.vessel.pickerTitle')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Input
        allowClear
        autoFocus
        aria-label={t('customsScan.vessel.search')}
        placeholder={t('customsScan.vessel.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value.toUpperCase())}
        style={{ marginBottom: 8 }}
      />
      <Table<VesselVoyageRecord>
        size="small"
        rowKey="VesselKey"
        loading={voyages.isFetching}
        dataSource={shown}
        pagination={false}
        scroll={{ y: '50vh', x: 720 }}
        onRow={(v) => ({
          onClick: () => {
            onPick(v);
            onClose();
          },
          style: { cursor: 'pointer' },
        })}
        columns={[
          { title: t('customsScan.vessel.name'), dataIndex: 'VesselName' },
          { title: t('customsScan.vessel.imVoy'), dataIndex: 'VesselImVoy', width: 110 },
          { title: t('customsScan.vessel.exVoy'), dataIndex: 'VesselExVoy', width: 110 },
          { title: t('customsScan.vessel.etb'), dataIndex: 'ETB', width: 150, render: (v: string | null) => formatDateTime(v) },
          { title: t('customsScan.vessel.etd'), dataIndex: 'ETD', width: 150, render: (v: string | null) => formatDateTime(v) },
          // Last, after the spec's columns: a user of several terminals sees whose call each one is.
          { title: t('customsScan.vessel.terminal'), dataIndex: 'TerminalCode', width: 80 },
        ]}
      />
    </Modal>
  );
}
