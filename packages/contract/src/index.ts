import type { CallDef } from './call';
import * as auth from './calls/auth';
import * as compare from './calls/compare';
import * as customsScan from './calls/customs-scan';
import * as declarations from './calls/declarations';
import * as home from './calls/home';
import * as payments from './calls/payments';
import * as shell from './calls/shell';
import { catalogCallTable } from './catalogs/calls';

export * from './access';
export * from './call';
export { type SessionUser, sessionUser } from './calls/auth';
export * from './calls/compare';
export {
  CUSTOMS_RESCAN_MS,
  CUSTOMS_RESPONSE_FUNC,
  CUSTOMS_RESULT_EVENT_TYPE,
  type Customs363Row,
  type Customs367Item,
  type CustomsContainerRow,
  type CustomsFailureState,
  type CustomsLogRow,
  type CustomsStatusCode,
  customs363Row,
  customs367Item,
  customsFailureStates,
  customsStatusCode,
  customsStatusMeanings,
  customsStatusText,
  type VesselVoyageRecord,
} from './calls/customs-scan';
export {
  type DeclarationRow,
  declarationFilePath,
  declarationMessages,
  declarationRow,
  declarationStatus,
  uploadLimits,
} from './calls/declarations';
export { type OrderFile, type OrderQrItem, type PendingOrderRow, pendingOrderRow } from './calls/home';
export * from './calls/payments';
export { type MenuNode, menuNode, publicOrder, type TerminalRow, terminalRow } from './calls/shell';
export { type CatalogCallSet, type CatalogName, catalogCallSets, catalogs } from './catalogs/calls';
export * from './catalogs/catalog';
export { jobModeCommodityRow } from './catalogs/commodity-links';
export * from './catalogs/definitions';
export { activeNotice, NOTICES_CHANGED } from './catalogs/notify';
export { type VesselScheduleRow, vesselScheduleRow } from './catalogs/vessel-schedule';
export * from './events';
export * from './help-docs';
export * from './menu-catalog';
export * from './payments/vietqr';
export * from './reply';
export * from './rich-text';

/** Every call, grouped by module. The server registers a handler for each; the web calls them. */
export const calls = {
  auth: { login: auth.login, me: auth.me, logout: auth.logout },
  shell: {
    getMenu: shell.getMenu,
    getTerminalList: shell.getTerminalList,
    viewPublicOrder: shell.viewPublicOrder,
  },
  catalogs: catalogCallTable,
  declarations: {
    getOprs: declarations.getOprs,
    add: declarations.addDeclaration,
    load: declarations.loadDeclarations,
    update: declarations.updateDeclaration,
    makeRowguid: declarations.makeRowguid,
    uploadFile: declarations.uploadFile,
    deleteFile: declarations.deleteFile,
  },
  home: {
    dashboardTracking: home.dashboardTracking,
    waitingPaymentCount: home.waitingPaymentCount,
    deleteOrder: home.deleteOrder,
    getFilesInOrder: home.getFilesInOrder,
    trackingQrData: home.trackingQrData,
    loadOrderDatas: home.loadOrderDatas,
  },
  payments: {
    isExpireDate: payments.isExpireDate,
    makeCardTransfer: payments.makeCardTransfer,
    confirmCardTransfer: payments.confirmCardTransfer,
    makeBankTransfer: payments.makeBankTransfer,
    checkBankReceive: payments.checkBankReceive,
    verifyChecksum: payments.verifyChecksum,
    bankNotify: payments.bankNotify,
    homeOrderInquiry: payments.homeOrderInquiry,
    createQr: payments.createQr,
    qrNotify: payments.qrNotify,
    getPayPartners: payments.getPayPartners,
    editPayPartners: payments.editPayPartners,
  },
  invoices: { publishOrderNo: payments.publishOrderNo, draftInvoice: payments.draftInvoice },
  compare: { checkContaierData: compare.checkContaierData },
  customsScan: {
    reqAciss: customsScan.reqAciss,
    reqCas367: customsScan.reqCas367,
    getCas367: customsScan.getCas367,
    getLogCustomReq: customsScan.getLogCustomReq,
    searchShip: customsScan.searchShip,
  },
} as const;

export const callList: readonly CallDef[] = Object.values(calls).flatMap((m) => Object.values(m) as CallDef[]);

/** Calls the spec leaves unnamed and the project names (spec/api-calls.txt, last section; docs/decisions.md). */
export const projectNamedCalls = [
  'auth/login',
  'auth/me',
  'auth/logout',
  'common/getMenu',
  'order/view',
  // DESIGN.md §8: the notification screen's own calls, and the active notifications for signed-in users.
  'config/getNotifyList',
  'config/updateNotifyList',
  'config/deleteNotifyList',
  'common/getActiveNotifyList',
  // Server-to-server result notices of the bank page and the VietQR bank (signed; docs/decisions.md).
  'payment/napas/notify',
  'payment/vaqr/mb/notify',
] as const;
