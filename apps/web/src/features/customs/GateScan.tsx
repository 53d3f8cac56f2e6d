import type { Customs363Row, VesselVoyageRecord } from '@smartport/contract';
import { App, Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { cleanInput, type ResultColumn, ResultGrid, statusColumn, UpperInput, useScanList } from './CustomsReleaseGrid';
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
  const { list, setList, results, selected, setSelected, loading, refresh, start } = useScanList<ListItem, Customs363Row>({
    keyOf,
    request: (items) => ({ requestType: 363, requestData: items.map((i) => ({ UserVoy: i.VesselKey, CntrNo: i.CntrNo })) }),
    // Each list item takes the status of the first result row of its container.
    statusOf: (rows) => (i) => rows.find((r) => r.cntrNo === i.CntrNo)?.customsStatus ?? '',
  });

  const listColumns = useMemo<ResultColumn<ListItem>[]>(
    () => [
      { key: 'voy', title: t('customsScan.col.userVoy'), width: 170, text: (r) => r.UserVoy },
      { key: 'cntr', title: t('customsScan.col.container'), width: 125, text: (r) => r.CntrNo },
      statusColumn<ListItem>(t('customsScan.col.status'), (r) => r.customsStatus),
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
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small">
            <VesselField value={vessel} onChange={setVessel} />
            <Form layout="vertical" onFinish={add} style={{ marginTop: 8 }}>
              <Form.Item label={t('customsScan.col.container')} required style={{ marginBottom: 8 }}>
                <UpperInput label={t('customsScan.col.container')} maxLength={20} value={cntrNo} onChange={setCntrNo} />
              </Form.Item>
              <Space wrap>
                <Button htmlType="submit">{t('customsScan.add')}</Button>
                <Button onClick={refresh}>{t('customsScan.refresh')}</Button>
                <Button type="primary" onClick={start} loading={loading}>
                  {t('customsScan.startScan')}
                </Button>
              </Space>
            </Form>
            <div style={{ marginTop: 12 }}>
              <ResultGrid
                compact
                title={t('customsScan.scanList')}
                columns={listColumns}
                rows={list}
                rowId={keyOf}
                height="10vh"
                selectedId={selected}
                onRowClick={(r) => setSelected(keyOf(r))}
              />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small">
            <ResultGrid
              title={t('customsScan.result')}
              columns={resultColumns}
              rows={shown}
              rowId={(r) => `${r.userVoy}|${r.cntrNo}|${r.customsAppNo}`}
              height="50vh"
              loading={loading}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
