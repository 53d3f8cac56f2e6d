import type { Customs367Item, CustomsContainerRow } from '@smartport/contract';
import { App, Button, Card, Col, Flex, Form, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContainerColumns } from './CustomsRelease';
import { cleanInput, type ResultColumn, ResultGrid, statusColumn, UpperInput, useScanList } from './CustomsReleaseGrid';

/** A scan list item (spec 01 §3): soTK, maDKHQ and the status customs gave. */
interface ListItem {
  soTK: string;
  maDKHQ: string;
  customsStatus: string;
}
const keyOf = (i: { soTK: string; maDKHQ: string }) => `${i.soTK}|${i.maDKHQ}`;
/** The answer's items by declaration/office, keyed as the list items are. */
const byDeclaration = (rows: Customs367Item[]) => new Map(rows.map((d) => [`${d.customsAppNo}|${d.declOffice}`, d]));

/** /Custom/CustomsReleaseBatch: a list of declaration/office pairs scanned with one 367 request (spec 01 §2, §5). */
export function CustomsReleaseBatch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [declareNo, setDeclareNo] = useState('');
  const [office, setOffice] = useState('');
  const { list, setList, results, selected, setSelected, loading, refresh, start } = useScanList<ListItem, Customs367Item>({
    keyOf,
    request: (items) => ({ requestType: 367, requestData: items.map((i) => ({ declareNo: i.soTK, office: i.maDKHQ })) }),
    statusOf: (rows) => {
      const answered = byDeclaration(rows);
      return (i) => {
        const a = answered.get(keyOf(i));
        return a?.customsStatus || a?.msg || '';
      };
    },
  });
  const containerColumns = useContainerColumns();

  const listColumns = useMemo<ResultColumn<ListItem>[]>(
    () => [
      { key: 'soTK', title: t('customsScan.col.declareNo'), width: 150, text: (r) => r.soTK },
      { key: 'maDKHQ', title: t('customsScan.col.declOffice'), width: 110, text: (r) => r.maDKHQ },
      statusColumn<ListItem>(t('customsScan.col.status'), (r) => r.customsStatus),
    ],
    [t],
  );

  const add = () => {
    const item = { soTK: cleanInput(declareNo), maDKHQ: cleanInput(office), customsStatus: '' };
    if (!item.soTK || !item.maDKHQ) {
      void message.warning(t('customsScan.needDeclaration'));
      return;
    }
    if (list.some((i) => keyOf(i) === keyOf(item))) {
      void message.warning(t('customsScan.duplicateDeclaration'));
      return;
    }
    setList((l) => [...l, item]);
    setDeclareNo('');
  };

  const answered = useMemo(() => byDeclaration(results), [results]);
  const shownContainers: CustomsContainerRow[] = (selected && answered.get(selected)?.data.TransportEquipments.TransportEquipment) || [];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('customsScan.titleBatch')}>
          <Form layout="vertical" onFinish={add}>
            <Flex gap={8} wrap>
              <Form.Item label={t('customsScan.declareNo')} required style={{ flex: '1 1 150px', marginBottom: 8 }}>
                <UpperInput label={t('customsScan.declareNo')} maxLength={100} value={declareNo} onChange={setDeclareNo} />
              </Form.Item>
              <Form.Item label={t('customsScan.office')} required style={{ flex: '1 1 100px', marginBottom: 8 }}>
                <UpperInput label={t('customsScan.office')} maxLength={100} value={office} onChange={setOffice} />
              </Form.Item>
            </Flex>
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
              height="30vh"
              selectedId={selected}
              onRowClick={(r) => setSelected(keyOf(r))}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small">
          <ResultGrid
            title={t('customsScan.result')}
            columns={containerColumns}
            rows={shownContainers}
            rowId={(r) => r.CntrNo}
            height="60vh"
            loading={loading}
          />
        </Card>
      </Col>
    </Row>
  );
}
