import { Alert, Card, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/list-screen/list-screen';
import { useMyLoyalty } from './api';
import { LoyaltyStatementView } from './LoyaltyStatementView';

/** 'Điểm tích lũy' (/Personal/Loyalty): the signed-in customer's balance, tier and statement. */
export default function MyLoyaltyPage() {
  const { t } = useTranslation();
  usePageTitle(t('loyalty.mineTitle'));
  const mine = useMyLoyalty();
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('loyalty.mineTitle')}
        </Typography.Title>
      }
    >
      {mine.isPending && <Spin />}
      {mine.error && <Alert type="error" showIcon title={mine.error.message || t('loyalty.loadFailed')} />}
      {mine.data && <LoyaltyStatementView data={mine.data} />}
    </Card>
  );
}
