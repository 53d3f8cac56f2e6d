import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { type OrderCharges, type PayerRow, shownPin } from '@smartport/contract';
import { Alert, Button, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { isPayLater } from './order-draft';

export interface SavedOrder {
  OrderNo: string;
  PinCode: string;
  TotalAmount: number;
  MoneyCredit: string;
  OrderStatus: string;
  /** The saved containers of job mode TRAR, counted by the server. */
  TrarCount: number;
}

interface Props {
  charges: OrderCharges;
  payer: PayerRow;
  saved: SavedOrder | null;
  saving: boolean;
  confirming: boolean;
  onSave(): void;
  onPay(): void;
  onConfirmPayLater(): void;
}

/** Step 5 'Thanh toán': 'Lưu lệnh' with the total shown, then pay now (payment dialog) or confirm pay-later. */
export function PaymentStep({ charges, payer, saved, saving, confirming, onSave, onPay, onConfirmPayLater }: Props) {
  const { t } = useTranslation();
  const payLater = isPayLater(saved ?? payer);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'payer', label: t('orders.payer.name'), children: `${payer.CustomerName} (${payer.TaxCode})` },
          {
            key: 'kind',
            label: t('orders.payer.kind'),
            children: payLater ? (
              <Tag color="purple">{t('orders.payer.payLater')}</Tag>
            ) : (
              <Tag color="blue">{t('orders.payer.payNow')}</Tag>
            ),
          },
          {
            key: 'total',
            label: t('orders.charges.totalAmount'),
            children: <strong>{formatMoney(saved?.TotalAmount ?? charges.TotalAmount)}</strong>,
          },
          ...(saved
            ? [
                { key: 'no', label: t('orders.payment.orderNo'), children: <strong data-testid="order-no">{saved.OrderNo}</strong> },
                { key: 'pin', label: t('orders.payment.pin'), children: <span data-testid="saved-pin">{shownPin(saved.PinCode)}</span> },
              ]
            : []),
        ]}
      />
      {!saved ? (
        <Flex gap={8} wrap>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave}>
            {t('orders.payment.save')}
          </Button>
        </Flex>
      ) : (
        <>
          <Alert type="success" showIcon title={t('orders.payment.savedNote', { orderNo: saved.OrderNo })} />
          <Flex gap={8} wrap>
            {payLater ? (
              <Button type="primary" icon={<CheckCircleOutlined />} loading={confirming} onClick={onConfirmPayLater}>
                {t('orders.payment.confirmPayLater')}
              </Button>
            ) : (
              <Button type="primary" icon={<CreditCardOutlined />} onClick={onPay}>
                {t('orders.payment.pay')}
              </Button>
            )}
          </Flex>
        </>
      )}
    </Flex>
  );
}
