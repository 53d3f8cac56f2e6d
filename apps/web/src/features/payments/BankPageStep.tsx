import { type PaymentResult, paymentLimits } from '@smartport/contract';
import { Alert, Button, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankPage } from './api';
import { errorMessage } from './errors';

interface Props {
  orderNo: string;
  pinCode?: string;
  onPaid(result: PaymentResult): void;
  onFailed(message: string): void;
}

/**
 * Bank page (spec 02 §4, §9): open the bank's hosted page, wait 10 s, then ask every 5 s whether
 * the bank has answered, for at most 30 minutes; a result must pass the checksum check.
 */
export function BankPageStep({ orderNo, pinCode, onPaid, onFailed }: Props) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const callbacks = useRef({ onPaid, onFailed });
  callbacks.current = { onPaid, onFailed };

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const fail = (message: string) => {
      if (stopped) return;
      stopped = true;
      callbacks.current.onFailed(message);
    };

    const poll = async (requestId: string) => {
      if (stopped) return;
      if (Date.now() - startedAt > paymentLimits.bankTimeoutMs) return fail(t('payment.bank.timeout'));
      try {
        const r = await bankPage.check(requestId);
        if (stopped) return;
        if (!r.stopped) {
          timer = setTimeout(() => void poll(requestId), paymentLimits.bankPollMs);
          return;
        }
        const d = r.data;
        if (!d?.skipChecksum) {
          if (!d?.checkSumKey || !d.napasData) return fail(t('payment.bank.checksum'));
          try {
            await bankPage.verify({ checkSumKey: d.checkSumKey, data: d.napasData });
          } catch {
            return fail(t('payment.bank.checksum'));
          }
        }
        if (d?.result) {
          stopped = true;
          callbacks.current.onPaid(d.result);
        } else fail(r.message ?? t('payment.bank.checksum'));
      } catch (err) {
        fail(errorMessage(err));
      }
    };

    bankPage
      .start({ OrderNo: orderNo, PinCode: pinCode })
      .then((r) => {
        if (stopped || !r.data) return;
        setUrl(r.data.redirectUrl);
        window.open(r.data.redirectUrl, '_blank', 'noopener');
        const requestId = r.data.requestId;
        timer = setTimeout(() => void poll(requestId), paymentLimits.bankFirstWaitMs);
      })
      .catch((err) => {
        setError(errorMessage(err));
        fail(errorMessage(err));
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderNo, pinCode, t]);

  return (
    <Flex vertical gap={12} align="center" style={{ padding: 16 }}>
      {url && <Alert type="info" showIcon title={t('payment.bank.opened')} />}
      {error ? <Alert type="error" showIcon title={error} /> : <Spin description={t('payment.bank.waiting')} />}
      {url && (
        <Button href={url} target="_blank" rel="noopener" data-testid="bank-page-link">
          {t('payment.bank.reopen')}
        </Button>
      )}
    </Flex>
  );
}
