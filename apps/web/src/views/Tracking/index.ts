import { createElement, lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the Tracking view group. The tracking list's pay buttons open the payments feature's dialog, composed here. */
export const pages: ViewPages = {
  PinCode: lazy(async () => {
    const [{ TrackingPage }, { PaymentDialog }] = await Promise.all([
      import('../../features/home/TrackingPage'),
      import('../../features/payments/PaymentDialog'),
    ]);
    return { default: () => createElement(TrackingPage, { payDialog: PaymentDialog }) };
  }),
};
