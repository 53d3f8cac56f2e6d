import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTrackingRows } from './api';
import { OrderRowsTable } from './OrderRowsTable';
import { OrderYardNotices } from './OrderYardNotices';
import type { PayOrderDialog } from './pay-dialog';

/** The tracking list of the given PIN codes (URL hash on the home page, /tracking/pincode/{pin}), with its orders' yard notices. */
export function TrackingList({ pins, title, payDialog }: { pins: readonly string[]; title: string; payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const tracking = useTrackingRows(pins);
  return (
    <Card size="small" title={title} data-testid="tracking-list">
      {tracking.isError && <Alert type="error" showIcon title={tracking.error.message} />}
      {tracking.isSuccess && tracking.data.length === 0 ? (
        <Alert type="warning" showIcon title={t('home.notFound')} />
      ) : (
        <>
          <OrderYardNotices rows={tracking.data ?? []} payDialog={payDialog} />
          <OrderRowsTable caption={title} rows={tracking.data ?? []} loading={tracking.isFetching} payDialog={payDialog} />
        </>
      )}
    </Card>
  );
}
