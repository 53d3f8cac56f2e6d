import {
  CUSTOMS_RESPONSE_FUNC,
  CUSTOMS_RESULT_EVENT_TYPE,
  type CustomsContainerRow,
  customsFailureStates,
  type SocketEnvelope,
} from '@smartport/contract';
import { Alert, App, Button, Card, Col, Form, Row, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { connectRealtime } from '../../lib/realtime';
import { session } from '../../lib/session';
import { type ReleaseResult, type SingleDeclaration, useReleaseResult, useSendRelease } from './api';
import { cleanInput, type ResultColumn, ResultGrid, statusColumn, UpperInput, useScanCall } from './CustomsReleaseGrid';

/** The PDF of advice on unsuccessful scans (served by the portal). */
export const CUSTOMS_ADVICE_PDF = '/docs/huong-dan-thong-quan.pdf';

export function useContainerColumns(): ResultColumn<CustomsContainerRow>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      statusColumn<CustomsContainerRow>(t('customsScan.col.status'), (r) => r.CustomsStatus),
      { key: 'response', title: t('customsScan.col.response'), width: 220, text: (r) => r.ResponseText },
      { key: 'cntr', title: t('customsScan.col.container'), width: 140, text: (r) => r.CntrNo },
      { key: 'vessel', title: t('customsScan.col.vessel'), width: 170, text: (r) => r.TransportIdentity },
      { key: 'voyage', title: t('customsScan.col.voyage'), width: 100, text: (r) => r.NumberOfJourney },
      {
        key: 'arrival',
        title: t('customsScan.col.arrival'),
        width: 150,
        text: (r) => formatDateTime(r.ArrivalDeparture, 'DD/MM/YYYY HH:mm'),
      },
    ],
    [t],
  );
}

const noRows: CustomsContainerRow[] = [];

/** A declaration customs gave no container for is not an empty table without a word: its answer is shown as an error (spec 01 §8). */
export const releaseAnswer = (r: ReleaseResult, showError: (text: string) => void) => {
  if (!r.rows.length && r.msg) showError(r.msg);
};

/** /Custom/CustomsRelease: one declaration's release status through the queued 367 message (spec 01 §2, §4, §5, §8). */
export function CustomsRelease() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [declareNo, setDeclareNo] = useState('');
  const [office, setOffice] = useState('');
  /** The declaration whose 367.1 result this page waits for (the ref for the socket handler, the state for the screen). */
  const waiting = useRef<SingleDeclaration | null>(null);
  const [awaitingResult, setAwaitingResult] = useState(false);
  const columns = useContainerColumns();
  const scanCall = useScanCall();
  const sendRelease = useSendRelease();
  const result = useReleaseResult((e) => void message.error(e.message));
  const rows = result.data?.rows ?? noRows;
  const answerText = result.data?.rows.length ? undefined : result.data?.msg;
  const loading = sendRelease.isPending || awaitingResult;
  // The socket handler, set up once, reads the result list of the latest render.
  const resultRef = useRef(result);
  resultRef.current = result;

  // The result arrives on the live connection as request type 367.1; success and failure codes both end loading.
  useEffect(() => {
    const token = session.token();
    if (!token) return;
    let off: (() => void) | undefined;
    let cancelled = false;
    void connectRealtime(token).then((socket) => {
      if (cancelled) return;
      const onResult = (e: SocketEnvelope) => {
        const d = e.data as { declareNo?: string; office?: string } | undefined;
        const current = waiting.current;
        if (e.request_type !== CUSTOMS_RESULT_EVENT_TYPE || !current || d?.declareNo !== current.declareNo || d?.office !== current.office)
          return;
        waiting.current = null;
        setAwaitingResult(false);
        const failure = e.note_state && e.note_state in customsFailureStates;
        const refused = !failure && Number(e.response_func) === CUSTOMS_RESPONSE_FUNC.refused;
        if (failure) void message.error(e.message ?? String(e.note_state));
        else if (refused) void message.error(e.message ?? '');
        void resultRef.current
          .search(current)
          .then((r) => {
            // A failure or a refusal has said so already.
            if (!failure && !refused) releaseAnswer(r, (text) => void message.error(text));
          })
          .catch((err: Error) => void message.error(err.message));
      };
      socket.on('customs_result', onResult);
      off = () => socket.off('customs_result', onResult);
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [message]);

  const send = async (d: SingleDeclaration) => {
    const reply = await scanCall(() => sendRelease.mutateAsync(d));
    if (reply?.data?.msgGroupId) {
      waiting.current = d;
      setAwaitingResult(true);
      void message.info(reply.message ?? t('customsScan.queued'));
      return;
    }
    if (reply) {
      // Scanned less than 5 minutes ago (or not sent again): the stored result is shown.
      const stored: ReleaseResult = { rows: reply.data?.lists ?? [], ...(reply.data?.msg ? { msg: reply.data.msg } : {}) };
      result.show(d, stored);
      if (reply.message) void message.warning(reply.message);
      releaseAnswer(stored, (text) => void message.error(text));
    }
  };

  const onScan = () => {
    const d = { declareNo: cleanInput(declareNo), office: cleanInput(office) };
    setDeclareNo(d.declareNo);
    setOffice(d.office);
    if (!d.declareNo || !d.office) {
      void message.warning(t('customsScan.needDeclaration'));
      return;
    }
    modal.confirm({
      title: t('customsScan.confirm'),
      content: t('customsScan.confirmSingle'),
      okText: t('customsScan.ok'),
      cancelText: t('customsScan.cancel'),
      onOk: () => {
        void send(d);
      },
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7}>
        <Card size="small" title={t('customsScan.titleSingle')}>
          <Form layout="vertical" onFinish={onScan}>
            <Form.Item label={t('customsScan.declareNo')} required>
              <UpperInput label={t('customsScan.declareNo')} maxLength={15} value={declareNo} onChange={setDeclareNo} />
            </Form.Item>
            <Form.Item label={t('customsScan.office')} required>
              <UpperInput label={t('customsScan.office')} maxLength={6} value={office} onChange={setOffice} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {t('customsScan.scan')}
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('customsScan.rescanNote')}
          </Typography.Paragraph>
        </Card>
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title={t('customsScan.adviceTitle')}
          description={
            <>
              <ul style={{ paddingLeft: 18, margin: '4px 0' }}>
                <li>{t('customsScan.advice1')}</li>
                <li>{t('customsScan.advice2')}</li>
                <li>{t('customsScan.advice3')}</li>
              </ul>
              <a href={CUSTOMS_ADVICE_PDF} target="_blank" rel="noopener noreferrer">
                {t('customsScan.adviceLink')}
              </a>
            </>
          }
        />
      </Col>
      <Col xs={24} lg={17}>
        <Card size="small">
          <ResultGrid
            title={t('customsScan.result')}
            columns={columns}
            rows={rows}
            rowId={(r) => `${r.CntrNo}`}
            height="60vh"
            loading={loading}
            emptyText={answerText}
          />
        </Card>
      </Col>
    </Row>
  );
}
