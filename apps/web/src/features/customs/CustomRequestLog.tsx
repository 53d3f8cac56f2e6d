import type { CustomsLogRow, VesselVoyageRecord } from '@smartport/contract';
import { portFormats } from '@smartport/contract';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useCustomsLog } from './api';
import { cleanInput, type ResultColumn, ResultGrid, UpperInput } from './CustomsReleaseGrid';
import { VesselField } from './VesselPicker';

/** Raw exchange text pretty-printed when it is JSON (nested JSON bodies included), else as stored. */
export function prettyRaw(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

const TITLE = 'Lịch sử truy vấn thông quan';
const noRows: CustomsLogRow[] = [];

/** /Custom/CustomRequestLog: the messages exchanged with customs, empty until queried (spec 01 §2). */
export function CustomRequestLog() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [vessel, setVessel] = useState<VesselVoyageRecord | null>(null);
  const [fromDate, setFromDate] = useState<Dayjs | null>(() => dayjs().startOf('day'));
  const [toDate, setToDate] = useState<Dayjs | null>(() => dayjs().endOf('day'));
  const [declareNo, setDeclareNo] = useState('');
  const [containerNo, setContainerNo] = useState('');
  const [requestType, setRequestType] = useState('*');
  const [senderBy, setSenderBy] = useState('');
  const log = useCustomsLog((e) => void message.error(e.message));
  const rows = log.data ?? noRows;

  // The document title is the spec's, not the menu entry's.
  useEffect(() => {
    const id = setTimeout(() => {
      document.title = TITLE;
    });
    return () => clearTimeout(id);
  }, []);

  const columns = useMemo<ResultColumn<CustomsLogRow>[]>(() => {
    const showRaw = (title: string, raw: string) =>
      modal.confirm({
        title,
        width: 760,
        icon: null,
        okText: t('customsScan.ok'),
        cancelButtonProps: { style: { display: 'none' } },
        content: (
          <pre style={{ maxHeight: '60vh', overflow: 'auto', background: '#f6f8fa', padding: 12, borderRadius: 6, fontSize: 12 }}>
            {prettyRaw(raw)}
          </pre>
        ),
      });
    return [
      { key: 'time', title: t('customsScan.col.time'), width: 170, text: (r) => formatDateTime(r.RequestTime, 'YYYY-MM-DD HH:mm:ss') },
      { key: 'sender', title: t('customsScan.col.sender'), width: 130, text: (r) => r.SenderBy },
      { key: 'type', title: t('customsScan.col.requestType'), width: 120, text: (r) => r.RequestType },
      {
        key: 'sent',
        title: t('customsScan.col.sent'),
        width: 120,
        text: (r) => r.RawRequest,
        noSearch: true,
        render: (r) => (
          <Button size="small" onClick={() => showRaw(t('customsScan.log.sentTitle'), r.RawRequest)}>
            {t('customsScan.log.view')}
          </Button>
        ),
      },
      {
        key: 'received',
        title: t('customsScan.col.received'),
        width: 120,
        text: (r) => r.RawResponse,
        noSearch: true,
        render: (r) => (
          <Button size="small" onClick={() => showRaw(t('customsScan.log.receivedTitle'), r.RawResponse)}>
            {t('customsScan.log.view')}
          </Button>
        ),
      },
    ];
  }, [t, modal]);

  const query = async () => {
    if (!fromDate) {
      void message.warning(t('customsScan.log.needFrom'));
      return;
    }
    if (!toDate) {
      void message.warning(t('customsScan.log.needTo'));
      return;
    }
    await log
      .search({
        fromDate: fromDate.toISOString(),
        toDate: toDate.toISOString(),
        voyageKey: vessel?.VesselKey ?? '',
        declareNo: cleanInput(declareNo),
        containerNo: cleanInput(containerNo),
        requestType,
        senderBy: senderBy.trim(),
      })
      .catch((e: Error) => void message.error(e.message));
  };

  const long = portFormats.dateTime;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7}>
        <Card size="small" title={<Typography.Text strong>{TITLE}</Typography.Text>}>
          <VesselField value={vessel} onChange={setVessel} />
          <Form layout="vertical" onFinish={() => void query()} style={{ marginTop: 8 }}>
            <Form.Item label={t('customsScan.log.fromDate')} required style={{ marginBottom: 8 }}>
              <DatePicker
                showTime
                format={long}
                value={fromDate}
                onChange={setFromDate}
                style={{ width: '100%' }}
                aria-label={t('customsScan.log.fromDate')}
              />
            </Form.Item>
            <Form.Item label={t('customsScan.log.toDate')} required style={{ marginBottom: 8 }}>
              <DatePicker
                showTime
                format={long}
                value={toDate}
                onChange={setToDate}
                style={{ width: '100%' }}
                aria-label={t('customsScan.log.toDate')}
              />
            </Form.Item>
            <Form.Item label={t('customsScan.declareNo')} style={{ marginBottom: 8 }}>
              <UpperInput label={t('customsScan.declareNo')} maxLength={100} value={declareNo} onChange={setDeclareNo} />
            </Form.Item>
            <Form.Item label={t('customsScan.log.containerNo')} style={{ marginBottom: 8 }}>
              <UpperInput label={t('customsScan.log.containerNo')} maxLength={20} value={containerNo} onChange={setContainerNo} />
            </Form.Item>
            <Form.Item label={t('customsScan.log.requestType')} style={{ marginBottom: 8 }}>
              <Select
                aria-label={t('customsScan.log.requestType')}
                value={requestType}
                onChange={setRequestType}
                options={[
                  { value: '*', label: t('customsScan.log.all') },
                  { value: '363', label: '363' },
                  { value: '367', label: '367' },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('customsScan.log.sender')} style={{ marginBottom: 12 }}>
              <Input
                aria-label={t('customsScan.log.sender')}
                maxLength={50}
                value={senderBy}
                onChange={(e) => setSenderBy(e.target.value)}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={log.fetching}>
              {t('customsScan.log.query')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card size="small">
          <ResultGrid title={TITLE} columns={columns} rows={rows} rowId={(r) => r.RequestId} height="60vh" loading={log.fetching} />
        </Card>
      </Col>
    </Row>
  );
}
