import type { OrderType } from '@smartport/contract';
import { createElement, Suspense } from 'react';
import type { ViewPages } from '../../app/view-types';
import type { OrderPayDialogSlot, VesselFieldSlot } from '../../features/orders/wizard-slots';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** The customs feature's vessel/voyage picker and the payments feature's dialog, given to the order wizard. */
const VesselField = preloadedLazy(() => import('../../features/customs/VesselPicker').then((m) => ({ default: m.VesselField })));
const vesselField: VesselFieldSlot = (props) => createElement(Suspense, { fallback: null }, createElement(VesselField, props));
const PaymentDialog = preloadedLazy(() => import('../../features/payments/PaymentDialog').then((m) => ({ default: m.PaymentDialog })));
const payDialog: OrderPayDialogSlot = (props) => createElement(Suspense, { fallback: null }, createElement(PaymentDialog, props));

/** One order wizard for every order type; the page name is the menu entry's ViewPage (menu catalogue). */
const orderPage = (type: OrderType) =>
  preloadedLazy(async () => {
    const { OrderWizard } = await import('../../features/orders/OrderWizard');
    return { default: () => createElement(OrderWizard, { key: type, type, VesselField: vesselField, PayDialog: payDialog }) };
  });

/** Screens of the Task view group: the order types of the task menu (spec 02 §2.1, §6). */
export const pages: ViewPages = {
  FclPreAdvice: orderPage('fcl_pre_advice'),
  PreAdvice: orderPage('pre_advice'),
  IcdPreAdvice: orderPage('icd_pre_advice'),
  ImportPickup: orderPage('import_pickup'),
  EmptyPickup: orderPage('empty_pickup'),
  Stuffing: orderPage('stuffing'),
  Unstuffing: orderPage('unstuffing'),
  ServiceOrder: orderPage('service'),
};
