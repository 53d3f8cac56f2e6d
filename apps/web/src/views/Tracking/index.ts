import { createElement, Suspense } from 'react';
import type { ViewPages } from '../../app/view-types';
import type { PayOrderDialog } from '../../features/home/pay-dialog';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** The payments feature's dialog, loaded when a pay button is pressed (it is shown only while paying). */
const PaymentDialog = preloadedLazy(() => import('../../features/payments/PaymentDialog').then((m) => ({ default: m.PaymentDialog })));
const payDialog: PayOrderDialog = (props) => createElement(Suspense, { fallback: null }, createElement(PaymentDialog, props));

/** Screens of the Tracking view group. The tracking list's pay buttons open the payments feature's dialog, composed here. */
export const pages: ViewPages = {
  PinCode: preloadedLazy(async () => {
    const { TrackingPage } = await import('../../features/home/TrackingPage');
    return { default: () => createElement(TrackingPage, { payDialog }) };
  }),
};
