import { createElement, lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the HomePage view group. The dashboard's pay buttons open the payments feature's dialog, composed here. */
export const pages: ViewPages = {
  Dashboard: lazy(async () => {
    const [{ HomeDashboard }, { PaymentDialog }] = await Promise.all([
      import('../../features/home/HomeDashboard'),
      import('../../features/payments/PaymentDialog'),
    ]);
    return { default: () => createElement(HomeDashboard, { payDialog: PaymentDialog }) };
  }),
};
