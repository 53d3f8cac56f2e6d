import type { ModuleHandlers } from '../../http/call-registry';
import type { SftpService } from './sftp.service';

/** The service's output as `out` when it said something (the result dialogs show it, else 'Thành công'). */
const done = (out: string | null) => ({ success: true, ...(out ? { out } : {}) });

export function sftpHandlers(
  service: SftpService,
): Pick<
  ModuleHandlers<'admin'>,
  | 'sftpGet'
  | 'sftpCreate'
  | 'sftpUpdate'
  | 'sftpDelete'
  | 'sftpCreateUser'
  | 'sftpRead'
  | 'sftpWrite'
  | 'sftpRestart'
  | 'sftpStatus'
  | 'sftpUnlock'
  | 'sftpAudit'
> {
  return {
    sftpGet: async () => ({ success: true, data: await service.list() }),
    sftpCreate: async (input, ctx) => done(await service.create(ctx.user, input)),
    sftpUpdate: async (input, ctx) => done(await service.update(ctx.user, input)),
    sftpDelete: async (input) => done(await service.remove(input.username)),
    sftpCreateUser: async (input) => done(await service.createUser(input.user, input.pass)),
    sftpRead: async () => ({ success: true, data: await service.read() }),
    sftpWrite: async (input) => done(await service.write(input.data)),
    sftpRestart: async () => done(await service.restart()),
    sftpStatus: async () => ({ success: true, data: await service.status() }),
    sftpUnlock: async (input) => done(await service.unlock(input.username)),
    sftpAudit: async (input) => {
      const { records, truncated } = await service.audit(input);
      return { success: true, data: records, truncated };
    },
  };
}
