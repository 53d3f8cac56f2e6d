import { createElement, lazy, Suspense } from 'react';
import type { ViewPages } from '../../app/view-types';
import type { PayOrderDialog } from '../../features/home/pay-dialog';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** The payments feature's dialog, loaded when a pay button is pressed (it is shown only while paying). */
const PaymentDialog = lazy(() => import('../../features/payments/PaymentDialog').then((m) => ({ default: m.PaymentDialog })));
const payDialog: PayOrderDialog = (props) => createElement(Suspense, { fallback: null }, createElement(PaymentDialog, props));

// The group's only page: its chunk starts loading with the group's, not after it (the home page's LCP).
const Dashboard = preloadedLazy(async () => {
  const { HomeDashboard } = await import('../../features/home/HomeDashboard');
  return { default: () => createElement(HomeDashboard, { payDialog }) };
});
void Dashboard.preload();

/** Screens of the HomePage view group. The dashboard's pay buttons open the payments feature's dialog, composed here. */
export const pages: ViewPages = { Dashboard };
