import { type PaymentResult, paymentLimits } from '@smartport/contract';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useReportError } from '../../lib/report-error';
import { useCardDateKind, useConfirmCardTransfer, useMakeCardTransfer } from './api';
import { type CardField, cardFieldProblem, cleanCardDate, cleanCardName, cleanCardNumber, cleanOtp, firstCardProblem } from './card-rules';
import { errorMessage } from './errors';

interface Props {
  orderNo: string;
  pinCode?: string;
  onPaid(result: PaymentResult): void;
  onFailed(message: string): void;
}

/** Card + OTP (spec 02 §4, §5): is_expire_date at 6 digits, card form, then OTP with 3 tries. */
export function CardStep({ orderNo, pinCode, onPaid, onFailed }: Props) {
  const { t } = useTranslation();
  const [cardNumber, setCardNumber] = useState('');
  const [cardDate, setCardDate] = useState('');
  const [cardName, setCardName] = useState('');
  const [otp, setOtp] = useState('');
  const [clientMessageId, setClientMessageId] = useState<string | null>(null);
  const [wrong, setWrong] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** The field the shown error is about: correcting that field clears it. */
  const [errorField, setErrorField] = useState<CardField | null>(null);
  /** The card's first digits last typed in full: they decide between the expiry and the issue date. */
  const [typedBin, setTypedBin] = useState<string | null>(null);
  const dateKind = useCardDateKind(typedBin);
  useReportError(dateKind.error, (err) => {
    setError(errorMessage(err));
    setErrorField(null);
  });
  const isExpire = dateKind.data ?? false;
  const makeTransfer = useMakeCardTransfer();
  const confirmTransfer = useConfirmCardTransfer();
  const busy = makeTransfer.isPending || confirmTransfer.isPending;
  const dateLabel = isExpire ? t('payment.card.expiry') : t('payment.card.issue');

  /** A field changed: if the error shown was about it and it is now right, the error goes. */
  const edited = (field: CardField, values: { number: string; date: string; name: string }) => {
    if (errorField === field && !cardFieldProblem(field, values)) {
      setError(null);
      setErrorField(null);
    }
  };

  const onNumber = (v: string) => {
    const n = cleanCardNumber(v);
    setCardNumber(n);
    edited('number', { number: n, date: cardDate, name: cardName });
    const bin = n.slice(0, paymentLimits.cardCheckDigits);
    if (bin.length === paymentLimits.cardCheckDigits) setTypedBin(bin);
  };

  const submitCard = async () => {
    const labels: Record<CardField, string> = { number: t('payment.card.number'), date: dateLabel, name: t('payment.card.name') };
    const problem = firstCardProblem({ number: cardNumber, date: cardDate, name: cardName });
    if (problem) {
      setErrorField(problem.field);
      return setError(
        problem.problem === 'missing'
          ? t('payment.card.fillAll', { label: labels[problem.field] })
          : t('payment.card.badDate', { label: labels[problem.field] }),
      );
    }
    setError(null);
    setErrorField(null);
    try {
      const r = await makeTransfer.mutateAsync({
        OrderNo: orderNo,
        PinCode: pinCode,
        cardNumber,
        cardDate,
        cardName: cardName.trim(),
      });
      setClientMessageId(r.data?.clientMessageId ?? null);
      // The card data is not kept once the gateway has it.
      setCardNumber('');
      setCardDate('');
    } catch (err) {
      setError(errorMessage(err));
      setErrorField(null);
    }
  };

  const submitOtp = async () => {
    if (!otp) return setError(t('payment.card.otpRequired'));
    if (!clientMessageId) return;
    setError(null);
    try {
      const r = await confirmTransfer.mutateAsync({ otp, clientMessageId });
      if (r.data) onPaid(r.data);
    } catch (err) {
      const message = errorMessage(err);
      const tries = wrong + 1;
      setWrong(tries);
      setOtp('');
      if (message === t('payment.otpFailed') || tries >= paymentLimits.otpMaxAttempts || (err instanceof ApiError && err.status !== 400)) {
        onFailed(err instanceof ApiError && err.status !== 400 ? message : t('payment.otpFailed'));
      } else setError(`${message}`);
    }
  };

  if (clientMessageId) {
    return (
      <Form layout="vertical" onFinish={() => void submitOtp()}>
        <Alert type="info" showIcon title={t('payment.card.otpHint')} style={{ marginBottom: 12 }} />
        <Form.Item label={t('payment.card.otp')} required>
          <Input
            value={otp}
            onChange={(e) => {
              const next = cleanOtp(e.target.value);
              setOtp(next);
              // 'Vui lòng nhập mã OTP!' goes once an OTP is typed.
              if (next && error === t('payment.card.otpRequired')) setError(null);
            }}
            maxLength={paymentLimits.otpMaxLength}
            autoComplete="one-time-code"
            inputMode="numeric"
            aria-label={t('payment.card.otp')}
            autoFocus
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="payment-error" />}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('payment.card.otpConfirm')}
          </Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Form layout="vertical" onFinish={() => void submitCard()} autoComplete="off">
      <Form.Item label={t('payment.card.number')} required>
        <Input
          value={cardNumber}
          onChange={(e) => onNumber(e.target.value)}
          maxLength={paymentLimits.cardNumberMax}
          inputMode="numeric"
          aria-label={t('payment.card.number')}
          autoComplete="off"
        />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item label={dateLabel} required style={{ flex: '0 0 140px' }}>
          <Input
            value={cardDate}
            onChange={(e) => {
              const date = cleanCardDate(e.target.value);
              setCardDate(date);
              edited('date', { number: cardNumber, date, name: cardName });
            }}
            maxLength={paymentLimits.cardDateMax}
            placeholder={t('payment.card.datePlaceholder')}
            aria-label={dateLabel}
            data-testid="card-date"
          />
        </Form.Item>
        <Form.Item label={t('payment.card.name')} required style={{ flex: '1 1 240px' }}>
          <Input
            value={cardName}
            onChange={(e) => {
              const name = cleanCardName(e.target.value);
              setCardName(name);
              edited('name', { number: cardNumber, date: cardDate, name });
            }}
            maxLength={paymentLimits.cardNameMax}
            placeholder={t('payment.card.namePlaceholder')}
            aria-label={t('payment.card.name')}
          />
        </Form.Item>
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="payment-error" />}
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('payment.card.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
