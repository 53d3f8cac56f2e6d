import { adminCalls } from './admin/calls';
import { loyaltyCalls } from './admin/loyalty';
import { adminRequestCalls } from './admin/requests';
import { sftpCalls } from './admin/sftp';
import { terminalConfigCalls } from './admin/terminal-config';
import { approvalCalls } from './approval/calls';
import { attachConfigCalls } from './attach-config/attach-config';
import { auditCalls } from './audit/audit';
import { accountCalls } from './auth/accounts';
import * as auth from './auth/calls';
import { accountSecurityCalls } from './auth/sessions';
import { bookingCalls } from './bookings/bookings';
import type { CallDef } from './call';
import { catalogCallTable } from './catalogs/calls';
import * as compare from './compare/calls';
import { connectionAlertsCalls } from './connection-alerts/calls';
import * as declarations from './customs/declarations';
import * as customsScan from './customs/scan';
import { edoCalls } from './edo/edo';
import * as home from './home/calls';
import * as invoices from './invoices/calls';
import { loyaltyPointsCalls } from './loyalty/calls';
import { mailCalls } from './mail/calls';
import { noticesCalls } from './notices/calls';
import { orderHistoryCalls } from './order-history/order-history';
import { orderAcceptCalls } from './orders/accept';
import * as orders from './orders/calls';
import { orderCreateCalls } from './orders/create';
import { orderYardCalls } from './orders/yard';
import { payPartnersCalls } from './pay-partners/calls';
import * as payments from './payments/calls';
import { ratingsCalls } from './ratings/calls';
import { reportSchedulesCalls } from './report-schedules/calls';
import * as shell from './shell/calls';
import { siteConfigCalls } from './site-config/calls';
import * as stats from './stats/calls';
import { storageRulesCalls } from './storage-rules/calls';
import { tariffsCalls } from './tariffs/calls';
import { tosMappingsCalls } from './tos-mappings/calls';

export * from './access';
export { adminCalls, adminGrids } from './admin/calls';
export * from './admin/grids';
export * from './admin/holiday';
export * from './admin/imo';
export * from './admin/loyalty';
export * from './admin/requests';
export * from './admin/sftp';
export * from './admin/terminal-config';
export * from './approval/approval';
export { approvalCalls } from './approval/calls';
export * from './attach-config/attach-config';
export * from './audit/audit';
export * from './auth/accounts';
export {
  type SecondFactor,
  type SessionUser,
  secondFactor,
  sessionUser,
  type TotpEnrolment,
  totpCodeInput,
  totpEnrolment,
} from './auth/calls';
export * from './auth/sessions';
export * from './bookings/bookings';
export * from './call';
export { type CatalogName, catalogGrids, catalogs } from './catalogs/calls';
export { jobModeCommodityRow } from './catalogs/commodity-links';
export * from './catalogs/definitions';
export { depotCatalog, depotMessages, depotOrderTypes } from './catalogs/depots';
export { type VesselScheduleRow, vesselScheduleGrid, vesselScheduleRow } from './catalogs/vessel-schedule';
export * from './compare/calls';
export * from './connection-alerts/alert-mail';
export { connectionAlertsCalls } from './connection-alerts/calls';
export {
  containerQtyProblem,
  type DeclarationRow,
  declarationFilePath,
  declarationMessages,
  declarationRow,
  declarationStatus,
  uploadLimits,
} from './customs/declarations';
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
} from './customs/scan';
export {
  customsHeld,
  customsHoldMessages,
  customsReleased,
  customsReleaseStatuses,
  underCustomsControl,
} from './customs/status';
export * from './edo/edo';
export * from './events';
export * from './fields';
export * from './grid/columns';
export * from './grid/resource';
export * from './help-docs';
export { type OrderFile, type OrderQrItem, type PendingOrderRow, pendingOrderRow } from './home/calls';
export * from './invoices/calls';
export * from './loyalty/calls';
export { mailCalls, mailGrids } from './mail/calls';
export * from './mail/mail-lists';
export * from './mail/mail-orders';
export * from './mail/mail-queue';
export * from './mail/report-mail';
export * from './mail/sender-mail';
export * from './menu-catalog';
export { noticesCalls, noticesGrids } from './notices/calls';
export { activeNotice, NOTICES_CHANGED, notifyGrid } from './notices/notices';
export * from './order-history/order-history';
export * from './orders/accept';
export { type OrderStatus, orderStatus, orderStatusNames, publicOrder } from './orders/calls';
export * from './orders/containers';
export * from './orders/create';
export * from './orders/order-types';
export * from './orders/pin';
export * from './orders/yard';
export { payPartnersCalls, payPartnersGrids } from './pay-partners/calls';
export * from './pay-partners/pay-partners';
export * from './payments/calls';
export * from './payments/vietqr';
export * from './port-time';
export { ratingsCalls, ratingsGrids } from './ratings/calls';
export * from './ratings/order-rating';
export * from './ratings/ratings';
export * from './reply';
export * from './report-schedules/calls';
export * from './rich-text';
export { settingsForms } from './settings-form/forms';
export * from './settings-form/settings-form';
export { type MenuNode, menuNode, type TerminalRow, terminalRow } from './shell/calls';
export {
  type ReleasedVersion,
  releasedVersion,
  releasedVersionLimit,
  siteConfigCalls,
  siteConfigGrids,
} from './site-config/calls';
export * from './site-config/main-config';
export * from './site-config/site-config';
export {
  type CustomerStatsRow,
  customerStatsRow,
  type JobType,
  jobTypes,
  type MbSummaryRow,
  mbSummaryRow,
  type PersonalSummaryRow,
  personalSummaryRow,
  type RankCell,
  type RankedCustomer,
  type RankedRow,
  type RankedUser,
  type RankMeasure,
  type RatingAggregateRow,
  type RatingDetailRow,
  type RatingNoteRow,
  rankCell,
  rankedCustomer,
  rankedRow,
  rankedUser,
  rankMeasures,
  ratingAggregateRow,
  ratingDetailRow,
  ratingNoteRow,
  type SmpTosRow,
  STATS_DETAIL_MAX_LINES,
  STATS_LIST_SEPARATOR,
  STATS_OPTIONS_MAX,
  STATS_RANK_PAGE_MAX,
  type StatsDetailLine,
  type StatsOption,
  type StatsRow,
  smpTosRow,
  statsDetailLine,
  statsMeasuresSchema,
  statsMessages,
  statsOption,
  statsPeriod,
  statsRow,
  type UserStatsRow,
  userStatsRow,
} from './stats/calls';
export * from './stats/measures';
export * from './stats/period';
export { storageRulesCalls, storageRulesGrids } from './storage-rules/calls';
export * from './storage-rules/storage-rules';
export { tariffsCalls, tariffsGrids } from './tariffs/calls';
export * from './tariffs/tariffs';
export { tosMappingsCalls, tosMappingsGrids } from './tos-mappings/calls';
export * from './tos-mappings/tos-mappings';

/** Every call, grouped by module. The server registers a handler for each; the web calls them. */
export const calls = {
  auth: { login: auth.login, me: auth.me, logout: auth.logout, loginTotp: auth.loginTotp, ...accountSecurityCalls, ...accountCalls },
  shell: {
    getMenu: shell.getMenu,
    getTerminalList: shell.getTerminalList,
  },
  orders: { viewPublicOrder: orders.viewPublicOrder, ...orderCreateCalls, ...orderAcceptCalls, ...orderYardCalls },
  catalogs: catalogCallTable,
  customs: {
    reqAciss: customsScan.reqAciss,
    reqCas367: customsScan.reqCas367,
    getCas367: customsScan.getCas367,
    getLogCustomReq: customsScan.getLogCustomReq,
    searchShip: customsScan.searchShip,
    getOprs: declarations.getOprs,
    addDeclaration: declarations.addDeclaration,
    loadDeclarations: declarations.loadDeclarations,
    updateDeclaration: declarations.updateDeclaration,
    makeRowguid: declarations.makeRowguid,
    ownBusinessCode: declarations.ownBusinessCode,
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
    recentOrders: home.recentOrders,
  },
  orderHistory: orderHistoryCalls,
  audit: auditCalls,
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
    listFollowups: payments.listFollowups,
    retryFollowupInvoice: payments.retryFollowupInvoice,
  },
  invoices: { publishOrderNo: invoices.publishOrderNo, draftInvoice: invoices.draftInvoice, publishInvoiceNo: invoices.publishInvoiceNo },
  tariffs: tariffsCalls,
  storageRules: storageRulesCalls,
  approval: approvalCalls,
  attachConfig: attachConfigCalls,
  mail: mailCalls,
  notices: noticesCalls,
  payPartners: payPartnersCalls,
  connectionAlerts: connectionAlertsCalls,
  siteConfig: siteConfigCalls,
  tosMappings: tosMappingsCalls,
  ratings: ratingsCalls,
  compare: { checkContaierData: compare.checkContaierData },
  edo: edoCalls,
  bookings: bookingCalls,
  loyalty: loyaltyPointsCalls,
  reportSchedules: reportSchedulesCalls,
  admin: { ...adminRequestCalls, ...terminalConfigCalls, ...loyaltyCalls, ...sftpCalls, ...adminCalls },
  stats: {
    dashboardOrderChartLoad: stats.dashboardOrderChartLoad,
    dashboardCustomerChartLoad: stats.dashboardCustomerChartLoad,
    dashboardUserChartLoad: stats.dashboardUserChartLoad,
    dashboardCustomerInfoLoad: stats.dashboardCustomerInfoLoad,
    dashboardUserInfoLoad: stats.dashboardUserInfoLoad,
    totalRating: stats.totalRating,
    dataRating: stats.dataRating,
    dataRatingNote: stats.dataRatingNote,
    dashboardMbChartLoad: stats.dashboardMbChartLoad,
    tosSmpOrderChartLoad: stats.tosSmpOrderChartLoad,
    sumTosSmp: stats.sumTosSmp,
    sumCmsSmp: stats.sumCmsSmp,
    orderSummary: stats.orderSummary,
    invoiceSummary: stats.invoiceSummary,
    transactionSummary: stats.transactionSummary,
    dashboardCustomerRanking: stats.dashboardCustomerRanking,
    dashboardUserRanking: stats.dashboardUserRanking,
    customerOptions: stats.customerOptions,
    userOptions: stats.userOptions,
  },
} as const;

export const callList: readonly CallDef[] = Object.values(calls).flatMap((m) => Object.values(m) as CallDef[]);

/** Calls the spec leaves unnamed and the project names (spec/api-calls.txt, last section; docs/decisions.md). */
export const projectNamedCalls = [
  // Loyalty points (docs/decisions.md 'Loyalty points'): the spec names the config's calls only.
  'loyalty/mine',
  'loyalty/customers',
  'loyalty/customer',
  'loyalty/order',
  'loyalty/redeem',
  // Scheduled report exports (docs/decisions.md 'Scheduled report exports'): beyond the spec (issue 27 item 7c).
  'report-schedules/list',
  'report-schedules/save',
  'report-schedules/delete',
  'report-schedules/send-now',
  'auth/login',
  'auth/me',
  'auth/logout',
  // Accounts (docs/decisions.md 'Second factor, sessions and login history'): the TOTP second factor, the sessions
  // 'Phiên đăng nhập' and the login history.
  'auth/login/totp',
  'auth/totp/status',
  'auth/totp/begin',
  'auth/totp/confirm',
  'auth/totp/disable',
  'auth/sessions/mine',
  'auth/sessions/end',
  'auth/history/mine',
  'auth/sessions/all',
  'auth/sessions/endAny',
  'auth/history/all',
  // Accounts (docs/decisions.md 'Accounts: registration, e-mail verification, password reset, Quản lý tài khoản').
  'auth/register/terminals',
  'auth/register',
  'auth/verifyEmail',
  'auth/forgotPassword',
  'auth/resetPassword',
  'auth/accounts/list',
  'auth/accounts/options',
  'auth/accounts/activate',
  'auth/accounts/lock',
  'auth/accounts/unlock',
  'auth/accounts/resetPassword',
  'auth/accounts/update',
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
  // The staff list of money to act on (refunds, invoices not yet published) and its retry.
  'payment/followups',
  'payment/followups/retry-invoice',
  // The registrant's own business code, filled in on the registration screens.
  'custom/own_business_code',
  // /config/contact_config: the spec lists the route without its calls (docs/decisions.md).
  'config/getContactList',
  'config/updateContactList',
  // The version check's release notes: the version rows the spec stores (docs/decisions.md 'Versions announce').
  'config/releasedVersions',
  // The tariff screens (the spec lists /config/StandardTariff and /config/ContractTariff without their calls)
  // and the ExtraMode surcharge steps (docs/decisions.md "Tariff engine").
  'config/standard-tariff',
  'config/standard-tariff/save',
  'config/standard-tariff/delete',
  'config/contract-tariff',
  'config/contract-tariff/save',
  'config/contract-tariff/delete',
  'config/tariff-surcharge',
  'config/tariff-surcharge/save',
  'config/tariff-surcharge/delete',
  // Spec 03 §2.5: the request form adds and removes images; their upload is named by the project.
  'config/uploadIssueImage',
  // Spec 03 §2.5 'Cấu hình SFTP' and 'Thêm tài khoản SFTP': the file-transfer service's /read, /write, /restart and
  // /create_user reached through the portal (the browser never calls the service; docs/decisions.md).
  'sftp/read',
  'sftp/write',
  'sftp/restart',
  'sftp/create_user',
  // The service's address, host key fingerprint and locks; 'Mở khóa'; 'Nhật ký SFTP' (docs/decisions.md).
  'sftp/status',
  'sftp/unlock',
  'sftp/audit',
  // Administration (docs/decisions.md): the release points' delete (spec 03 §5 names its message, not its call) and the
  // dangerous-goods check the order screens make against 'Danh mục hàng nguy hiểm được phép hạ'.
  'config/releasePointByBlock/delete',
  // Depots (docs/decisions.md 'Depots'): 'Danh mục depot' and the order screen's depot choice.
  'common/getDepotList',
  'common/updateDepotList',
  'common/deleteDepotList',
  'task/order/depots',
  'config/checkIMOAlert',
  // Order creation's steps (spec 02 §2.1 names the steps, not their calls; docs/decisions.md).
  'task/order/checkContainers',
  'task/order/calculate',
  'task/order/save',
  'task/order/confirmPayLater',
  'task/order/getOrder',
  // The paper D/O of an import pickup of a line not on eDO (docs/decisions.md 'eDO release').
  'task/order/attachFile',
  // The extension (gia hạn) of an order whose expiry passed before its trucks came (docs/decisions.md 'Yard events and extensions').
  'task/order/extend',
  // The staff approval queue 'Duyệt lệnh' (the spec names only its neighbours task/accept_order/… and
  // task/update_order/…; docs/decisions.md).
  'task/accept_order/loadWaitingApprovalOrders',
  'task/accept_order/approveOrder',
  'task/accept_order/rejectOrder',
  'task/accept_order/resendTos',
  'task/update_order/cancelOrder',
  // The shipping line's electronic delivery orders and lists (issue 23; docs/decisions.md 'eDO release'): the spec
  // names the EDO sharing screen and the IsEDO flag, not the eDO's own calls.
  'edo/list',
  'edo/billContainers',
  'edo/issue',
  'edo/amend',
  'edo/revoke',
  'edo/history',
  'edo/import',
  'edo/lineContainers',
  'edo/lineOrders',
  // The line's bookings (issue 23 item 3; docs/decisions.md 'Bookings').
  'booking/list',
  'booking/issue',
  'booking/amend',
  'booking/cancel',
  'booking/remaining',
  'booking/pickEmpties',
  // The customer's order history 'Lịch sử lệnh' and the home page's recent orders (docs/decisions.md 'Order history').
  'order-history/list',
  'order-history/export',
  'order-history/jobModes',
  'order-history/detail',
  'tracking/recentOrders',
  // The record of the mails sent to payers and shipping lines 'Nhật ký gửi mail' (docs/decisions.md 'Order mails').
  'config/getMailQueue',
  // The audit trail 'Nhật ký thay đổi' (docs/decisions.md 'Audit trail').
  'audit/list',
  'audit/export',
  'audit/entityKinds',
  // A customer or the truck driver rates a completed order (docs/decisions.md 'Customers rate their orders').
  'rating/orderForm',
  'rating/rateOrder',
  'rating/publicForm',
  'rating/ratePublic',
  // 'Kiểm tra' on the mapping screens: job modes and tariff codes without a TOS mapping (docs/decisions.md).
  'config/checkTosMappings',
  // The rankings of the customer and user statistics on the server, and their selectors' search
  // (docs/decisions.md 'Rankings on the server').
  'crm/customer_ranking',
  'crm/user_ranking',
  'crm/customer_options',
  'crm/user_options',
] as const;
