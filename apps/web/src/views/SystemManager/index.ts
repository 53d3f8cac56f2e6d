import { lazy } from 'react';
import type { ViewPages } from '../../app/view-types';

/** Screens of the SystemManager view group; each issue that builds one adds it here. */
export const pages: ViewPages = {
  sftp_config: lazy(() => import('../../features/admin/SftpConfigPage')),
  sftp_create: lazy(() => import('../../features/admin/SftpCreatePage')),
  sftp_accounts: lazy(() => import('../../features/admin/SftpAccountsPage')),
};
