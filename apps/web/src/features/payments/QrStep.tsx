import type { PaymentResult } from '@smartport/contract';
import { Alert, Button, Descriptions, Flex, Image, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useReportError } from '../../lib/report-error';
import { useOrderPaidCheck, useVietQr } from './api';
import { CopyValue } from './CopyValue';
import { errorMessage } from './errors';

interface Props {
  orderNo: string;
  amount: number;
  onPaid(result: PaymentResult): void;
  onFailed(message: string): void;
}

/** VietQR (spec 02 §4): the order's QR; 'I have finished paying in the app' checks the order. */
export function QrStep({ orderNo, amount, onPaid, onFailed }: Props) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const vietQr = useVietQr(orderNo, amount);
  useReportError(vietQr.error, (err) => onFailed(errorMessage(err)));
  const qr = vietQr.data ?? null;
  const paidCheck = useOrderPaidCheck();

  const check = async () => {
    if (!qr) return;
    setNotice(null);
    try {
      const r = await paidCheck.mutateAsync(orderNo);
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
      <Button type="primary" loading={paidCheck.isPending} onClick={() => void check()}>
        {t('payment.qr.finished')}
      </Button>
    </Flex>
  );
}
