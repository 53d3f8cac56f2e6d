import { loyaltyPointMessages, loyaltyTierNames } from '@smartport/contract';
import { Alert, Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useLoyaltyForOrder, useRedeemLoyalty } from './api';
import { errorMessage } from './errors';

/**
 * 'Dùng điểm tích lũy' before paying: the customer's points, how many this order can take, and the server's discount
 * (points × the point value) once spent; `onRedeemed` gets the order's new total.
 */
export function LoyaltyRedeem({ orderNo, onRedeemed }: { orderNo: string; onRedeemed: (total: number) => void }) {
  const { t } = useTranslation();
  const info = useLoyaltyForOrder(orderNo);
  const redeem = useRedeemLoyalty();
  const [points, setPoints] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const d = info.data;
  if (!d || d.PointValue == null) return null;
  if (d.Redeemed > 0)
    return (
      <Alert
        type="success"
        showIcon
        data-testid="loyalty-redeemed"
        title={t('payment.loyalty.redeemed', { points: d.Redeemed, amount: formatMoney(d.RedeemedAmount) })}
      />
    );
  if (d.Balance <= 0) return null;

  const apply = async () => {
    const n = points ?? 0;
    if (!Number.isInteger(n) || n < 1) return setProblem(loyaltyPointMessages.points);
    if (n > d.MaxPoints) return setProblem(t('payment.loyalty.tooMany', { max: d.MaxPoints }));
    setProblem(null);
    try {
      const r = await redeem.mutateAsync({ OrderNo: orderNo, Points: n });
      if (r.data) onRedeemed(r.data.TotalAmount);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <Flex vertical gap={6} data-testid="loyalty-redeem" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }}>
      <Typography.Text strong>{t('payment.loyalty.title')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('payment.loyalty.held', {
          points: d.Balance,
          tier: d.Tier ? loyaltyTierNames[d.Tier] : t('payment.loyalty.noTier'),
          value: formatMoney(d.PointValue),
          max: d.MaxPoints,
        })}
      </Typography.Text>
      {d.MaxPoints > 0 && (
        <Form.Item
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? (points ? t('payment.loyalty.worth', { amount: formatMoney(points * d.PointValue) }) : undefined)}
          style={{ marginBottom: 0 }}
        >
          <Flex gap={8} wrap>
            <InputNumber
              aria-label={t('payment.loyalty.points')}
              placeholder={t('payment.loyalty.points')}
              min={1}
              max={d.MaxPoints}
              controls={false}
              value={points}
              onChange={(v) => {
                setPoints(typeof v === 'number' ? v : null);
                setProblem(null);
              }}
              style={{ width: 160 }}
              data-testid="loyalty-points"
            />
            <Button onClick={() => setPoints(d.MaxPoints)}>{t('payment.loyalty.all')}</Button>
            <Button type="primary" ghost loading={redeem.isPending} onClick={() => void apply()}>
              {t('payment.loyalty.apply')}
            </Button>
          </Flex>
        </Form.Item>
      )}
    </Flex>
  );
}
