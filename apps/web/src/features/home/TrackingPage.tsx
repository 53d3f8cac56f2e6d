import { shownPin } from '@smartport/contract';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { siteName } from '../../lib/site-title';
import type { PayOrderDialog } from './pay-dialog';
import { TrackingList } from './TrackingList';

/** `/tracking/pincode/{pincode}`: the tracking list of one PIN code (spec 02 §2.1). */
export function TrackingPage({ payDialog }: { payDialog: PayOrderDialog }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pin = decodeURIComponent(pathname.split('/').filter(Boolean)[2] ?? '').trim();
  useEffect(() => {
    document.title = `${t('home.trackingPageTitle', { pin: shownPin(pin) })} - ${siteName()}`;
  }, [pin, t]);
  return (
    <>
      <Typography.Title level={3}>{t('home.trackingPageTitle', { pin: shownPin(pin) })}</Typography.Title>
      <TrackingList pins={pin ? [pin] : []} title={t('home.trackingTitle', { pins: shownPin(pin) })} payDialog={payDialog} />
    </>
  );
}
