import {
  type MbServiceFee,
  type OrderCompletedData,
  type PaymentResult,
  type PayPartner,
  type PublishedItem,
  partnerKind,
  paymentLimits,
  shownPin,
} from '@smartport/contract';
import { Alert, Button, Flex, Modal, Result, Space, Spin, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/format';
import { currentSocket } from '../../lib/realtime';
import { useOrderInquiry, usePayPartners, usePublishInvoice } from './api';
import { BankPageStep } from './BankPageStep';
import { CardStep } from './CardStep';
import { DraftInvoice } from './DraftInvoice';
import { errorMessage } from './errors';
import { LoyaltyRedeem } from './LoyaltyRedeem';
import { QrStep } from './QrStep';
import { stepBar } from './step-bar';
import type { PaymentDialogProps } from './types';

export type { PaymentDialogProps } from './types';

type Stage =
  | { kind: 'confirm' }
  | { kind: 'inquiry' }
  | { kind: 'partners' }
  | { kind: 'pay'; partner: PayPartner }
  | { kind: 'invoice'; result: PaymentResult }
  | { kind: 'success'; result: PaymentResult; item: PublishedItem | null; note: string }
  /** `result`: the payment went through and only the invoice failed (failedStep 'invoice'). */
  | { kind: 'error'; message: string; retry: boolean; failedStep: 'before' | 'payment' | 'invoice'; result?: PaymentResult };

/**
 * The payment modal (spec 02 §2.8, §4): 'Xác nhận thanh toán ?' → inquiry → partner → payment
 * (card + OTP, bank page, VietQR) → publish invoice → success or error; the completion event
 * closes the story with 'Hoàn tất các tiến trình !'.
 */
export function PaymentDialog({ order, open, onClose, onDone }: PaymentDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderNo = order.OrderNo;
  const [stage, setStage] = useState<Stage>({ kind: 'confirm' });
  const [amount, setAmount] = useState<number>(order.TotalAmount);
  /** The MB-NAPAS fee of this order as the server computes it now (the inquiry), shown before an MB card payment. */
  const [mbFee, setMbFee] = useState<MbServiceFee | null>(null);
  const [completed, setCompleted] = useState<OrderCompletedData | null>(null);
  const [draftOpen, setDraftOpen] = useState(false);
  const inquiry = useOrderInquiry();
  const publishInvoice = usePublishInvoice();
  /** The partners configured for this order's terminal (spec 03 §2.5), asked each time the partner step opens. */
  const partners = usePayPartners(orderNo, stage.kind === 'partners');
  const partnerList = partners.data ?? [];
  const partnersFailed = partners.isError || (partners.isSuccess && !partnerList.length);

  useEffect(() => {
    const socket = currentSocket();
    if (!socket) return;
    const onCompleted = (env: { data?: unknown }) => {
      const data = env.data as OrderCompletedData | undefined;
      if (data?.OrderNo === orderNo) setCompleted(data);
    };
    socket.on('order_completed', onCompleted);
    return () => {
      socket.off('order_completed', onCompleted);
    };
  }, [orderNo]);

  const inquire = async () => {
    setStage({ kind: 'inquiry' });
    try {
      const res = await inquiry.mutateAsync(orderNo);
      if (res.data) {
        setAmount(res.data.DraftTotal);
        setMbFee(res.data.MbServiceFee);
      }
      setStage({ kind: 'partners' });
    } catch (err) {
      setStage({ kind: 'error', message: errorMessage(err), retry: false, failedStep: 'before' });
    }
  };

  const publish = async (result: PaymentResult) => {
    setStage({ kind: 'invoice', result });
    try {
      const res = await publishInvoice.mutateAsync(result.OrderNo);
      setStage({ kind: 'success', result, item: res.msg?.[0] ?? null, note: res.message ?? t('payment.invoiced') });
    } catch (err) {
      // Paid, invoice not published: the server retries it by itself; the payer may retry now too.
      setStage({
        kind: 'error',
        message: `${t('payment.paid')} ${t('payment.invoiceError')}: ${errorMessage(err)}`,
        retry: true,
        failedStep: 'invoice',
        result,
      });
    }
  };

  const close = () => {
    if (stage.kind === 'success' || stage.kind === 'invoice' || stage.kind === 'error') {
      const paid = stage.kind === 'error' ? (stage.result ? [stage.result.OrderNo] : []) : [stage.result.OrderNo];
      const invoiced = stage.kind === 'success' && stage.item?.InvoiceNo ? paid : [];
      onDone({ paid, invoiced, success: stage.kind === 'success', message: stage.kind === 'error' ? stage.message : undefined });
    }
    onClose();
  };

  const bar = stepBar(
    stage.kind === 'error'
      ? { kind: 'error', failedStep: stage.failedStep }
      : stage.kind === 'invoice' || stage.kind === 'success'
        ? stage
        : { kind: 'pay' },
  );
  const showSteps = stage.kind === 'pay' || stage.kind === 'invoice' || stage.kind === 'success' || stage.kind === 'error';
  const trar = order.TrarCount;

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={t('payment.title')}
      width={720}
      destroyOnHidden
      maskClosable={false}
      data-testid="payment-dialog"
    >
      <Typography.Paragraph type="secondary">
        {t('payment.orders', { orders: shownPin(order.PinCode), amount: formatMoney(amount) })}
      </Typography.Paragraph>
      {showSteps && (
        <Steps
          size="small"
          current={bar.current}
          status={bar.status}
          items={[
            { title: t('payment.steps.payment') },
            { title: t('payment.steps.invoice') },
            { title: bar.lastIsError ? t('payment.steps.error') : t('payment.steps.success') },
          ]}
          data-testid="payment-steps"
          style={{ marginBottom: 16 }}
        />
      )}

      {stage.kind === 'confirm' && (
        <Flex vertical gap={12}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('payment.confirm')}
          </Typography.Title>
          {trar >= paymentLimits.trarWarningCount && (
            <Alert type="warning" showIcon title={t('payment.trarWarning', { count: paymentLimits.trarWarningCount })} />
          )}
          {/* Points are spent before any payment attempt starts: the partner is asked for the lowered total. */}
          <LoyaltyRedeem orderNo={orderNo} onRedeemed={setAmount} />
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={() => setDraftOpen(true)}>{t('payment.draft')}</Button>
            <Button onClick={close}>{t('payment.cancel')}</Button>
            <Button type="primary" onClick={() => void inquire()}>
              {t('payment.ok')}
            </Button>
          </Space>
          <DraftInvoice orderNo={orderNo} open={draftOpen} onClose={() => setDraftOpen(false)} />
        </Flex>
      )}

      {(stage.kind === 'inquiry' || (stage.kind === 'partners' && partners.isFetching)) && (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin description={t('payment.checking')} />
        </Flex>
      )}

      {stage.kind === 'partners' && !partners.isFetching && partnersFailed && (
        <Result
          status="warning"
          title={t('payment.noPartner')}
          extra={[
            <Button key="retry" type="primary" onClick={() => void partners.refetch()}>
              {t('payment.retry')}
            </Button>,
            <Button
              key="home"
              onClick={() => {
                close();
                navigate('/');
              }}
            >
              {t('payment.backHome')}
            </Button>,
          ]}
        />
      )}

      {stage.kind === 'partners' && !partners.isFetching && partners.isSuccess && !partnersFailed && (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('payment.choosePartner')}</Typography.Text>
          {partnerList.map((p) => (
            <Button
              key={`${p.partnerCode}|${p.bankCode}`}
              size="large"
              block
              style={{ textAlign: 'left', height: 'auto', padding: '10px 16px' }}
              onClick={() => setStage({ kind: 'pay', partner: p })}
            >
              <Flex vertical align="flex-start">
                <span>{p.partnerName || p.partnerCode}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.bankName ?? p.bankCode}
                </Typography.Text>
              </Flex>
            </Button>
          ))}
        </Flex>
      )}

      {stage.kind === 'pay' && partnerKind(stage.partner) === 'card' && mbFee && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="mb-fee"
          title={t('payment.mbFee.title', { total: formatMoney(mbFee.total) })}
          description={t('payment.mbFee.detail', {
            percent: mbFee.percent.toLocaleString('vi-VN'),
            charge: formatMoney(mbFee.charge),
            processingFee: formatMoney(mbFee.processingFee),
          })}
        />
      )}
      {stage.kind === 'pay' && partnerKind(stage.partner) === 'card' && (
        <CardStep
          orderNo={order.OrderNo}
          pinCode={order.PinCode}
          onPaid={(r) => void publish(r)}
          onFailed={(message) => setStage({ kind: 'error', message, retry: true, failedStep: 'payment' })}
        />
      )}
      {stage.kind === 'pay' && partnerKind(stage.partner) === 'bank' && (
        <BankPageStep
          orderNo={order.OrderNo}
          pinCode={order.PinCode}
          onPaid={(r) => void publish(r)}
          onFailed={(message) => setStage({ kind: 'error', message, retry: true, failedStep: 'payment' })}
        />
      )}
      {stage.kind === 'pay' && partnerKind(stage.partner) === 'qr' && (
        <QrStep
          orderNo={order.OrderNo}
          amount={amount}
          onPaid={(r) => void publish(r)}
          onFailed={(message) => setStage({ kind: 'error', message, retry: true, failedStep: 'payment' })}
        />
      )}

      {stage.kind === 'invoice' && (
        <Flex vertical align="center" gap={8} style={{ padding: 24 }}>
          <Alert type="success" showIcon title={t('payment.paid')} />
          <Spin description={t('payment.publishing')} />
        </Flex>
      )}

      {stage.kind === 'success' && (
        <Result
          status="success"
          title={t('payment.paid')}
          subTitle={
            <Flex vertical gap={4} align="center">
              <span data-testid="payment-note">{stage.note}</span>
              {stage.item?.InvoiceNo && <span>{t('payment.invoiceNo', { no: stage.item.InvoiceNo })}</span>}
              {completed && (
                <Typography.Text strong data-testid="payment-done">
                  {completed.success ? t('payment.done') : t('payment.invoiceError')}
                </Typography.Text>
              )}
            </Flex>
          }
          extra={[
            stage.item?.pdf_url && (
              <Button key="pdf" href={stage.item.pdf_url} target="_blank" rel="noreferrer">
                {t('payment.viewInvoice')}
              </Button>
            ),
            stage.item?.ord_url && (
              <Button key="ord" href={stage.item.ord_url} target="_blank" rel="noreferrer">
                {t('payment.viewOrder')}
              </Button>
            ),
            <Button key="close" type="primary" onClick={close}>
              {t('payment.close')}
            </Button>,
          ]}
        />
      )}

      {stage.kind === 'error' && (
        <Result
          status="error"
          title={stage.message}
          extra={[
            stage.retry && (
              <Button
                key="retry"
                type="primary"
                onClick={() => {
                  const paid = stage.result;
                  void (paid ? publish(paid) : inquire());
                }}
              >
                {t('payment.retry')}
              </Button>
            ),
            <Button
              key="home"
              onClick={() => {
                close();
                navigate('/');
              }}
            >
              {t('payment.backHome')}
            </Button>,
            <Button key="close" onClick={close}>
              {t('payment.close')}
            </Button>,
          ]}
        />
      )}
    </Modal>
  );
}
