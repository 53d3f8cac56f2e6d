import { dataShareGrid, imoAlertGrid, mbChargesGrid, mbFeeGrid, releasePointGrid } from '@smartport/contract';
import type { ViewPages } from '../../app/view-types';
import { gridPage } from '../../components/data-grid/grid-page';
import { preloadedLazy } from '../../lib/preloaded-lazy';

/** Screens of the SystemManager view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  // SYS_ISSUES '/SystemManager/issues' 'Quản lý yêu cầu' (spec 03 §2.5)
  issues: preloadedLazy(() => import('../../features/admin/RequestsPage')),
  terminal_config: preloadedLazy(() => import('../../features/admin/TerminalConfigPage')),
  loyalty: preloadedLazy(() => import('../../features/admin/LoyaltyPage')),
  sftp_config: preloadedLazy(() => import('../../features/admin/SftpConfigPage')),
  sftp_create: preloadedLazy(() => import('../../features/admin/SftpCreatePage')),
  sftp_accounts: preloadedLazy(() => import('../../features/admin/SftpAccountsPage')),
  sftp_audit: preloadedLazy(() => import('../../features/admin/SftpAuditPage')),
  release_point: gridPage(releasePointGrid),
  mb_charges: gridPage(mbChargesGrid),
  mb_fee: gridPage(mbFeeGrid),
  imo_alert: gridPage(imoAlertGrid),
  holiday: preloadedLazy(() => import('../../features/admin/HolidayPage')),
  tariff_mapping: preloadedLazy(() => import('../../features/tos-mappings/MappingPage').then((m) => ({ default: m.TariffMappingPage }))),
  data_share: gridPage(dataShareGrid),
  // SYS_AUDIT '/SystemManager/audit_log' 'Nhật ký thay đổi' (administrators; docs/decisions.md 'Audit trail')
  audit_log: preloadedLazy(() => import('../../features/audit/AuditPage')),
  // SYS_ACCOUNTS '/SystemManager/accounts' 'Quản lý tài khoản': activation, lock, reset, group and terminals.
  accounts: preloadedLazy(() => import('../../features/auth/AccountsPage')),
  // SYS_SESSIONS: every user's sessions and login history.
  sessions: preloadedLazy(() => import('../../features/auth/SessionsPage').then((m) => ({ default: m.AdminSessionsPage }))),
};
