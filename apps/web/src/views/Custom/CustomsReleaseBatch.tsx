import { type Customs367Item, type CustomsContainerRow, calls } from '@smartport/contract';
import { App, Button, Card, Col, Flex, Form, Input, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { useContainerColumns } from './CustomsRelease';
import { cleanInput, type ResultColumn, ResultGrid, scanFailureText, statusColumn } from './CustomsReleaseGrid';

/** A scan list item (spec 01 §3): soTK, maDKHQ and the status customs gave. */
interface ListItem {
  soTK: string;
  maDKHQ: string;
  customsStatus: string;
}
const keyOf = (i: { soTK: string; maDKHQ: string }) => `${i.soTK}|${i.maDKHQ}`;

/** /Custom/CustomsReleaseBatch: a list of declaration/office pairs scanned with one 367 request (spec 01 §2, §5). */
export function CustomsReleaseBatch() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [declareNo, setDeclareNo] = useState('');
  const [office, setOffice] = useState('');
  const [list, setList] = useState<ListItem[]>([]);
  const [results, setResults] = useState<Map<string, Customs367Item>>(new Map());
  const [selected, setSelected] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
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

  const refresh = () => {
    setList([]);
    setResults(new Map());
    setSelected(null);
  };

  const scan = async (items: ListItem[]) => {
    setLoading(true);
    try {
      const reply = await callApi(calls.customsScan.reqAciss, {
        requestType: 367,
        requestData: items.map((i) => ({ declareNo: i.soTK, office: i.maDKHQ })),
      });
      if (!reply.success) {
        if (reply.message) void message.error(reply.message);
        if (reply.reload) window.location.reload();
        return;
      }
      const answered = new Map((reply.data as Customs367Item[] | undefined)?.map((d) => [`${d.customsAppNo}|${d.declOffice}`, d]) ?? []);
      setResults(answered);
      setList((l) => l.map((i) => ({ ...i, customsStatus: answered.get(keyOf(i))?.customsStatus || answered.get(keyOf(i))?.msg || '' })));
      const first = items[0];
      setSelected(first ? keyOf(first) : null);
    } catch (e) {
      const f = scanFailureText(e, t('customsScan.timeout'));
      void message.error(f.text);
      if (f.reload) window.location.reload();
    } finally {
      setLoading(false);
    }
  };

  const start = () => {
    if (!list.length) {
      void message.warning(t('customsScan.emptyList'));
      return;
    }
    modal.confirm({
      title: t('customsScan.confirm'),
      content: t('customsScan.confirmList'),
      okText: t('customsScan.ok'),
      cancelText: t('customsScan.cancel'),
      onOk: () => {
        void scan(list);
      },
    });
  };

  const shownContainers: CustomsContainerRow[] = (selected && results.get(selected)?.data.TransportEquipments.TransportEquipment) || [];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('customsScan.titleBatch')}>
          <Form layout="vertical" onFinish={add}>
            <Flex gap={8} wrap>
              <Form.Item label={t('customsScan.declareNo')} required style={{ flex: '1 1 150px', marginBottom: 8 }}>
                <Input
                  aria-label={t('customsScan.declareNo')}
                  maxLength={100}
                  value={declareNo}
                  onChange={(e) => setDeclareNo(e.target.value.toUpperCase())}
                />
              </Form.Item>
              <Form.Item label={t('customsScan.office')} required style={{ flex: '1 1 100px', marginBottom: 8 }}>
                <Input
                  aria-label={t('customsScan.office')}
                  maxLength={100}
                  value={office}
                  onChange={(e) => setOffice(e.target.value.toUpperCase())}
                />
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
