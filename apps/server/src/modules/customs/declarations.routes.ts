import type { FastifyInstance } from 'fastify';
import { bearerToken, type ModuleHandlers } from '../../http/call-registry';
import type { AuthUser } from '../../http/context';
import { forbidden, unauthorized } from '../../http/errors';
import { type DeclarationService, STAFF_GRANT } from './declarations.service';

export function declarationHandlers(
  service: DeclarationService,
): Omit<ModuleHandlers<'customs'>, 'reqAciss' | 'reqCas367' | 'getCas367' | 'getLogCustomReq' | 'searchShip'> {
  return {
    getOprs: async () => ({ success: true, payload: await service.operations() }),
    addDeclaration: async (input, ctx) => {
      const row = await service.add(input, ctx.user);
      return { success: true, payload: row, out: `Đăng ký tờ khai thành công. Mã đăng ký: ${row.ID}` };
    },
    loadDeclarations: async (input, ctx) => ({ success: true, payload: await service.load(input, ctx.user) }),
    updateDeclaration: async (input, ctx) => ({ success: true, message: await service.update(input, ctx.user) }),
    makeRowguid: async (_input, ctx) => ({ success: true, payload: await service.makeFolder(ctx.user) }),
    ownBusinessCode: async (_input, ctx) => ({ success: true, payload: await service.ownBusinessCode(ctx.user) }),
    uploadFile: async (input, ctx) => ({ success: true, ...(await service.upload(input, ctx.user)) }),
    deleteFile: async (input, ctx) => {
      await service.deleteFile(input, ctx.user);
      return { success: true };
    },
  };
}

const FILE_GRANTS = ['CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG', STAFF_GRANT];

/**
 * `GET /api/custom/file/:tmporder/:filename`: an uploaded file, to a signed-in user with a
 * declaration grant who owns it or may see its declaration (docs/decisions.md).
 */
export function registerDeclarationFileRoute(
  app: FastifyInstance,
  service: DeclarationService,
  authenticate: (token: string) => Promise<AuthUser | null>,
) {
  app.get<{ Params: { tmporder: string; filename: string } }>('/api/custom/file/:tmporder/:filename', async (req, reply) => {
    const token = bearerToken(req);
    const user = token ? await authenticate(token) : null;
    if (!user) throw unauthorized(token ? undefined : 'Vui lòng đăng nhập để sử dụng chức năng này.');
    if (!FILE_GRANTS.some((g) => user.grants.has(g))) throw forbidden();
    const file = await service.readFile(req.params.tmporder, req.params.filename, user);
    return reply
      .header('Content-Type', file.mime)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
}
