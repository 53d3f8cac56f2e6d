import { createHttpCustomsGateway } from '../../adapters/customs/customs.adapter';
import type { Module, ModuleContext } from '../../kernel/module';
import { createLocalFolderStore } from '../../storage/local-folder.adapter';
import { customsHandlers } from './customs.routes';
import { customsExpiryJob } from './customs-expiry.job';
import { createCustomsScanRepository } from './customs-scan.repository';
import { createCustomsScanService } from './customs-scan.service';
import { createDeclarationRepository } from './declarations.repository';
import { registerDeclarationFileRoute } from './declarations.routes';
import { createDeclarationService, declarationUploadCaps } from './declarations.service';
import { uploadCleanupJob } from './upload-cleanup.job';

/** Customs: the scan requests to the customs gateway (results live), the declarations with their uploaded files. */
export async function customsModule(ctx: ModuleContext) {
  const { database, config, log } = ctx;
  const declarations = createDeclarationService({
    repo: createDeclarationRepository(database.db),
    files: createLocalFolderStore(ctx.uploadRoot, declarationUploadCaps),
    caps: {
      foldersPerDay: config.uploadFoldersPerDay,
      filesPerFolder: config.uploadFilesPerFolder,
      graceMs: config.uploadFolderGraceHours * 3_600_000,
    },
    log: (m) => log.warn(m),
  });
  if (config.demo) await declarations.writeDemoFiles();
  const customsScan = createCustomsScanService({
    repo: createCustomsScanRepository(database.db),
    gateway: createHttpCustomsGateway({ baseUrl: config.simulators.customs, timeoutMs: config.customsTimeoutMs }),
    live: ctx.live,
    resultTimeoutMs: config.customsResultTimeoutMs,
    // The yard's record takes the answer and the orders hear of it, in one transaction.
    recordStatuses: (list) =>
      ctx.events.transaction(async (tx, events) => {
        const containerNos = await createCustomsScanRepository(tx).recordContainerStatuses(list);
        if (containerNos.length) await events.publish('customs.statusRecorded', { containerNos });
      }),
    log: (m) => log.warn(m),
  });
  return {
    services: { customsScan, declarations },
    handlers: { customs: customsHandlers(customsScan, declarations) },
    jobs: [customsExpiryJob(customsScan, log), uploadCleanupJob(declarations, log)],
    routes: (app, authenticate) => registerDeclarationFileRoute(app, declarations, authenticate),
    close: () => customsScan.close(),
  } satisfies Module<unknown>;
}
