import { join } from 'node:path';
import { mainConfig, type tariffMappingGrid } from '@smartport/contract';
import { createHttpFileTransfer } from '../../adapters/file-transfer/file-transfer.adapter';
import { createSmtpMailSender } from '../../adapters/mail/mail.adapter';
import { createHttpTos } from '../../adapters/tos/tos.adapter';
import type { TosConnection } from '../../adapters/tos/tos.port';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import type { Module, ModuleContext } from '../../kernel/module';
import { fileTransferAddresses, isListedAddress } from '../../security/outbound-policy';
import { createLocalFolderStore } from '../../storage/local-folder.adapter';
import type { ShellService } from '../shell/shell.service';
import { createAdminRepository } from './admin.repository';
import { adminHandlers } from './admin.routes';
import { createAdminRulesService } from './admin-rules.service';
import { createHolidayService } from './holiday.service';
import { issueImagesCleanupJob } from './issue-images.job';
import { loyaltyHandlers } from './loyalty.routes';
import { createLoyaltyService } from './loyalty.service';
import { createIssueRepository } from './requests.repository';
import { registerIssueImageRoute, requestHandlers } from './requests.routes';
import { createIssueService, issueImageCaps } from './requests.service';
import { sftpHandlers } from './sftp.routes';
import { createSftpService } from './sftp.service';
import { createTerminalConfigRepository } from './terminal-config.repository';
import { terminalConfigHandlers } from './terminal-config.routes';
import { createTerminalConfigService } from './terminal-config.service';

/** The environment's TOS connection (the demo's initial one): its address and account; null when one of them is missing. */
function tosConnection(url: string | undefined, user: string | undefined, password: string | undefined): TosConnection | null {
  if (!url || !user || !password) return null;
  const u = new URL(url);
  return { host: `${u.protocol}//${u.hostname}`, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), user, password };
}

/**
 * Administration (spec 03 §2.5): the per-terminal config (its mail server, TOS connections and switches), loyalty,
 * requests with their images, the SFTP service's accounts, and what the dangerous-goods, tariff-mapping, EDO-sharing,
 * fee and holiday settings do.
 */
export async function adminModule(
  ctx: ModuleContext,
  // The tariff mapping's save checks are tosMappings' (the mappings' checks live together); its grid is admin's.
  deps: { shell: Pick<ShellService, 'terminals'>; tariffMappingHooks: GridSaveHooks<typeof tariffMappingGrid> },
) {
  const { database, config, grid, settingsForms, log } = ctx;
  const adminRepo = createAdminRepository(database.db);
  const adminRules = createAdminRulesService(adminRepo);
  const terminalConfig = createTerminalConfigService({
    forms: settingsForms,
    repo: createTerminalConfigRepository(database.db),
    // The test buttons wait at most the test budget, and every failure takes all of it (terminal-config.service.ts).
    tos: createHttpTos({ timeoutMs: config.outboundTestMs, outbound: ctx.outbound }),
    sender: createSmtpMailSender({ timeoutMs: config.outboundTestMs, outbound: ctx.outbound }),
    testBudgetMs: config.outboundTestMs,
  });
  // The TOS account of the environment (TOS_USER / TOS_PASSWORD at SIM_TOS_URL) is only the initial TOS connection of
  // the terminals that have no config yet; from then on the terminal config's connection in use is the one used.
  const envTos = tosConnection(config.simulators.tos, config.tosUser, config.tosPassword);
  if (envTos) await terminalConfig.seedTos(envTos);
  const holidays = createHolidayService(adminRepo, async (terminal) => (await terminalConfig.flags(terminal)).HolydaySelect);
  const loyalty = createLoyaltyService({ forms: settingsForms });
  // Request images: the upload store over its own subfolder, one image per folder.
  const issues = createIssueService({
    repo: createIssueRepository(database.db),
    files: createLocalFolderStore(join(ctx.uploadRoot, 'issue-images'), issueImageCaps),
    log: (m) => log.warn(m),
    audit: ctx.audit,
  });
  // The file-transfer (SFTP) service's control API: main config's urlSFTP when it is one of the deployment's addresses
  // (checked on save too), else the deployment's first; its key is sent to no other address.
  const fileTransferUrls = fileTransferAddresses(config);
  const sftp = createSftpService({
    control: createHttpFileTransfer({
      url: async () => {
        const typed = String((await settingsForms.read(mainConfig)).urlSFTP ?? '').trim();
        return typed && isListedAddress(fileTransferUrls, typed) ? typed : fileTransferUrls[0];
      },
      allowed: fileTransferUrls,
      apiKey: config.fileTransferKey,
    }),
    terminalCodes: async (user) => (await deps.shell.terminals(user)).map((t) => t.TerminalCode),
    audit: ctx.audit,
  });
  return {
    services: { adminRules, holidays, terminalConfig, loyalty, sftp, issues },
    handlers: {
      admin: {
        ...requestHandlers(issues),
        ...terminalConfigHandlers(terminalConfig),
        ...loyaltyHandlers(loyalty),
        ...sftpHandlers(sftp),
        ...adminHandlers(grid, adminRules, holidays, deps.tariffMappingHooks),
      },
    },
    jobs: [issueImagesCleanupJob(issues, log)],
    routes: (app, authenticate) => registerIssueImageRoute(app, issues, authenticate),
  } satisfies Module<unknown>;
}
