import type { Customs363Row, VesselVoyageRecord } from '@smartport/contract';
import { App, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { cleanInput, type ResultColumn, statusColumn, UpperInput, useScanList } from './CustomsReleaseGrid';
import { ScanListScreen } from './ScanListScreen';
import { VesselField, voyageTitle } from './VesselPicker';

/** A gate scan list item (spec 01 §3): UserVoy (display), CntrNo, VesselKey, customsStatus. */
interface ListItem {
  UserVoy: string;
  CntrNo: string;
  VesselKey: string;
  customsStatus: string;
}
const keyOf = (i: { VesselKey: string; CntrNo: string }) => `${i.VesselKey}|${i.CntrNo}`;

/** /Custom/GateScan: 'CONTAINER ĐỦ ĐIỀU KIỆN QUA KVGS', message 363 per vessel voyage and container (spec 01 §2, §4, §5). */
export function GateScan() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [vessel, setVessel] = useState<VesselVoyageRecord | null>(null);
  const [cntrNo, setCntrNo] = useState('');
  const scan = useScanList<ListItem, Customs363Row>({
    keyOf,
    request: (items) => ({ requestType: 363, requestData: items.map((i) => ({ UserVoy: i.VesselKey, CntrNo: i.CntrNo })) }),
    // Each list item takes the status of the first result row of its container.
    statusOf: (rows) => (i) => rows.find((r) => r.cntrNo === i.CntrNo)?.customsStatus ?? '',
  });

  const { list, setList, results, selected } = scan;

  const listColumns = useMemo<ResultColumn<ListItem>[]>(
    () => [
      { key: 'voy', title: t('customsScan.col.userVoy'), width: 110, flex: 1, grow: true, text: (r) => r.UserVoy },
      { key: 'cntr', title: t('customsScan.col.container'), width: 118, text: (r) => r.CntrNo },
      { ...statusColumn<ListItem>(t('customsScan.col.status'), (r) => r.customsStatus), width: 110, flex: 1 },
    ],
    [t],
  );
  const resultColumns = useMemo<ResultColumn<Customs363Row>[]>(
    () => [
      statusColumn<Customs363Row>(t('customsScan.col.status'), (r) => r.customsStatus),
      { key: 'msg', title: t('customsScan.col.response'), width: 240, text: (r) => r.msg },
      { key: 'voy', title: t('customsScan.col.userVoy'), width: 200, text: (r) => r.userVoy },
      { key: 'cntr', title: t('customsScan.col.container'), width: 130, text: (r) => r.cntrNo },
      { key: 'bl', title: t('customsScan.col.bl'), width: 140, text: (r) => r.blNo },
      { key: 'office', title: t('customsScan.col.declOffice'), width: 100, text: (r) => r.declOffice },
      { key: 'decl', title: t('customsScan.col.declareNo'), width: 140, text: (r) => r.customsAppNo },
      { key: 'vsl', title: t('customsScan.col.vessel'), width: 160, text: (r) => r.vslNm },
      { key: 'journey', title: t('customsScan.col.voyage'), width: 110, text: (r) => r.journeyNumber },
      { key: 'eta', title: t('customsScan.col.vesselArrival'), width: 140, text: (r) => formatDateTime(r.eta, 'DD/MM/YYYY HH:mm') },
    ],
    [t],
  );

  const add = () => {
    const no = cleanInput(cntrNo);
    if (!vessel || !no) {
      void message.warning(t('customsScan.needVesselContainer'));
      return;
    }
    if (list.some((i) => i.CntrNo === no)) {
      void message.warning(t('customsScan.duplicateContainer'));
      return;
    }
    // New entries go on top; the container input is cleared (spec 01 §4).
    setList((l) => [{ UserVoy: voyageTitle(vessel), CntrNo: no, VesselKey: vessel.VesselKey, customsStatus: '' }, ...l]);
    setCntrNo('');
  };

  const selectedItem = list.find((i) => keyOf(i) === selected);
  const shown = selectedItem ? results.filter((r) => r.cntrNo === selectedItem.CntrNo && r.userVoy === selectedItem.UserVoy) : [];

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('customsScan.titleGate')}
      </Typography.Title>
      <ScanListScreen
        fields={
          <>
            <VesselField value={vessel} onChange={setVessel} />
            <Form.Item label={t('customsScan.col.container')} required style={{ marginTop: 8, marginBottom: 8 }}>
              <UpperInput label={t('customsScan.col.container')} maxLength={20} value={cntrNo} onChange={setCntrNo} />
            </Form.Item>
          </>
        }
        onAdd={add}
        scan={scan}
        keyOf={keyOf}
        listColumns={listColumns}
        listHeight="10vh"
        resultColumns={resultColumns}
        results={shown}
        resultRowId={(r) => `${r.userVoy}|${r.cntrNo}|${r.customsAppNo}`}
        resultHeight="50vh"
      />
    </>
  );
}
