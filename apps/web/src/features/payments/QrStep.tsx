import { type CallReply, calls, type PaymentResult } from '@smartport/contract';
import { Alert, Button, Descriptions, Flex, Image, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { CopyValue } from './CopyValue';
import { errorMessage } from './errors';

interface Props {
  orderNo: string;
  amount: number;
  onPaid(result: PaymentResult): void;
  onFailed(message: string): void;
}

type Qr = NonNullable<CallReply<typeof calls.payments.createQr>['data']>;

/** VietQR (spec 02 §4): the order's QR; 'I have finished paying in the app' checks the order. */
export function QrStep({ orderNo, amount, onPaid, onFailed }: Props) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<Qr | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    let live = true;
    callApi(calls.payments.createQr, { OrderNo: orderNo, amount, actionMenu: 'HOME' })
      .then((r) => live && r.data && setQr(r.data))
      .catch((err) => live && failed.current(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [orderNo, amount]);

  const check = async () => {
    if (!qr) return;
    setBusy(true);
    setNotice(null);
    try {
      const r = await callApi(calls.home.loadOrderDatas, { OrderNo: orderNo });
      const state = r.payload;
      if (state?.paid && state.TransactionId) {
        onPaid({
          OrderNo: orderNo,
          transactionId: state.TransactionId,
          skip_approval: state.OrderStatus === 'C',
          clientMessageId: qr.clientMessageId,
        });
      } else setNotice(t('payment.qr.notYet'));
    } catch (err) {
      setNotice(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (!qr) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12} align="center">
      <Typography.Text>{t('payment.qr.scan')}</Typography.Text>
      <Image src={qr.qrImage} width={240} height={240} preview={false} alt="VietQR" data-testid="vietqr-image" data-payload={qr.qr} />
      <Descriptions size="small" column={1} bordered style={{ width: '100%', maxWidth: 480 }}>
        <Descriptions.Item label={t('payment.qr.bank')}>{qr.showClient.bank}</Descriptions.Item>
        <Descriptions.Item label={t('payment.qr.account')}>
          <CopyValue text={qr.showClient.account} />
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.qr.amount')}>{formatMoney(qr.showClient.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('payment.qr.desc')}>
          <CopyValue text={qr.showClient.desc} />
        </Descriptions.Item>
      </Descriptions>
      {notice && <Alert type="warning" showIcon title={notice} />}
      <Button type="primary" loading={busy} onClick={() => void check()}>
        {t('payment.qr.finished')}
      </Button>
    </Flex>
  );
}
