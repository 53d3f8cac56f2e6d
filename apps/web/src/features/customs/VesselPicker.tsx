import type { VesselVoyageRecord } from '@smartport/contract';
import { App, Button, Descriptions, Input, Modal, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { useVoyages } from './api';

/** The selected voyage's title (spec 01 §3): vessel name / import voyage / export voyage. */
export const voyageTitle = (v: VesselVoyageRecord) => `${v.VesselName} / ${v.VesselImVoy} / ${v.VesselExVoy}`;

const noVoyages: VesselVoyageRecord[] = [];

/** 'Chọn tàu - Chuyến': live search by vessel name in upper case; a click selects and closes (spec 01 §2). */
export function VesselPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (v: VesselVoyageRecord) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const voyages = useVoyages(open);
  const rows = voyages.data ?? noVoyages;
  const [search, setSearch] = useState('');

  useReportError(voyages.error, (e) => void message.error(e.message));

  const shown = useMemo(() => {
    const needle = search.trim().toUpperCase();
    return needle ? rows.filter((r) => r.VesselName.toUpperCase().includes(needle)) : rows;
  }, [rows, search]);

  return (
    <Modal open={open} title={t('customsScan.vessel.pickerTitle')} onCancel={onClose} footer={null} width={860} destroyOnHidden>
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
        scroll={{ y: '50vh', x: 640 }}
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
        ]}
      />
    </Modal>
  );
}

/** The choose button, the read-only vessel/voyage and the voyage's ETB and ETD (DD/MM/YYYY HH:mm:ss). */
export function VesselField({ value, onChange }: { value: VesselVoyageRecord | null; onChange: (v: VesselVoyageRecord | null) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = 'DD/MM/YYYY HH:mm:ss';
  return (
    <>
      <Button block onClick={() => setOpen(true)}>
        {t('customsScan.vessel.choose')}
      </Button>
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'voy',
            label: t('customsScan.vessel.label'),
            children: (
              <Input
                readOnly
                aria-label={t('customsScan.vessel.label')}
                value={value ? voyageTitle(value) : ''}
                placeholder={t('customsScan.vessel.none')}
                allowClear={!!value}
                onChange={(e) => !e.target.value && onChange(null)}
              />
            ),
          },
          { key: 'etb', label: t('customsScan.vessel.etb'), children: value ? formatDateTime(value.ETB, long) : '' },
          { key: 'etd', label: t('customsScan.vessel.etd'), children: value ? formatDateTime(value.ETD, long) : '' },
        ]}
      />
      <VesselPicker open={open} onClose={() => setOpen(false)} onPick={onChange} />
    </>
  );
}
