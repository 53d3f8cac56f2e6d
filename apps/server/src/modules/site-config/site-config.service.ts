import { type CallReply, type calls, mainConfig } from '@smartport/contract';
import { badRequest } from '../../http/errors';
import { isListedAddress } from '../../security/outbound-policy';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import type { SiteConfigRepository } from './site-config.repository';

/**
 * 'Cấu hình chung' saved through the one settings-form service, with one rule of its own: 'Địa chỉ API SFTP' (urlSFTP)
 * receives the file-transfer key, so it must be one of the addresses the deployment fixed (FILE_TRANSFER_URLS, the
 * started service); any other is refused before anything is stored.
 */
export function createSiteConfigService(deps: {
  forms: SettingsFormService;
  fileTransferUrls: readonly string[];
  repo: SiteConfigRepository;
}) {
  return {
    siteMeta: () => deps.forms.read(mainConfig),

    /**
     * config/releasedVersions: the version rows are the release notes. A row counts once its ReleaseDate has come
     * (a row without one is planned, not released); the newest is the version the check announces.
     */
    async releasedVersions(): Promise<CallReply<typeof calls.siteConfig.releasedVersions>> {
      const rows = await deps.repo.releasedVersions(new Date());
      return {
        success: true,
        payload: rows.map((r) => ({
          VersionCode: r.VersionCode,
          VersionName: r.VersionName,
          ReleaseDate: new Date(r.ReleaseDate as Date).toISOString(),
        })),
      };
    },

    async saveMain(input: Record<string, unknown>) {
      const typed = typeof input.urlSFTP === 'string' ? input.urlSFTP.trim() : '';
      if (typed && !isListedAddress(deps.fileTransferUrls, typed)) {
        throw badRequest(
          deps.fileTransferUrls.length
            ? `Địa chỉ API SFTP phải là một địa chỉ dịch vụ truyền tệp đã khai báo khi triển khai: ${deps.fileTransferUrls.join(', ')}`
            : 'Chưa khai báo địa chỉ dịch vụ truyền tệp khi triển khai (FILE_TRANSFER_URLS): không thể lưu Địa chỉ API SFTP.',
        );
      }
      return deps.forms.save(mainConfig, input);
    },
  };
}

export type SiteConfigService = ReturnType<typeof createSiteConfigService>;
