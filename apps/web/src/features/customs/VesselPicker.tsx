import type { VesselVoyageRecord } from '@smartport/contract';
import { portFormats } from '@smartport/contract';
import { Button, Descriptions, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** The selected voyage's title (spec 01 §3): vessel name / import voyage / export voyage. */
export const voyageTitle = (v: VesselVoyageRecord) => `${v.VesselName} / ${v.VesselImVoy} / ${v.VesselExVoy}`;

// The picker (a modal with antd's Table) loads the first time it is opened: the scan screens show only the button and
// the chosen voyage at first (less JavaScript per route).
const VesselPicker = lazy(() => import('./VesselPickerModal').then((m) => ({ default: m.VesselPicker })));

/** The choose button, the read-only vessel/voyage and the voyage's ETB and ETD (DD/MM/YYYY HH:mm:ss). */
export function VesselField({
  value,
  onChange,
  terminal,
  past,
}: {
  value: VesselVoyageRecord | null;
  onChange: (v: VesselVoyageRecord | null) => void;
  /** Only this terminal's calls (an order's); undefined: every terminal of the user's. */
  terminal?: string;
  past?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const long = portFormats.dateTime;
  return (
    <>
      <Button
        block
        disabled={terminal === ''}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
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
      {opened && (
        <Suspense fallback={null}>
          <VesselPicker open={open} onClose={() => setOpen(false)} onPick={onChange} terminal={terminal} past={past} />
        </Suspense>
      )}
    </>
  );
}
