import { issueMessages } from '@smartport/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken, type ModuleHandlers } from '../../http/call-registry';
import type { AuthUser } from '../../http/context';
import { forbidden, unauthorized } from '../../http/errors';
import type { IssueService } from './requests.service';

type RequestCalls = 'getIssueList' | 'updateIssueList' | 'deleteIssueList' | 'uploadIssueImage';

/** The request screen's handlers (spec 03 §7 config/*IssueList), spread into `admin` in app.ts. */
export function requestHandlers(service: IssueService): Pick<ModuleHandlers<'admin'>, RequestCalls> {
  return {
    getIssueList: async (input, ctx) => ({ success: true, payload: await service.list(ctx.user, input.Rowguid) }),
    updateIssueList: async (input, ctx) => ({ success: true, payload: await service.save(input, ctx.user), message: issueMessages.saved }),
    deleteIssueList: async (input, ctx) => {
      await service.remove(
        input.map((r) => r.Rowguid),
        ctx.user,
      );
      return { success: true, message: issueMessages.deleted };
    },
    uploadIssueImage: async (input, ctx) => ({ success: true, ...(await service.upload(input.files?.[0], ctx.user)) }),
  };
}

/**
 * `GET /api/config/issue-image/:id`: a request's image, to a signed-in user holding the request screen who reaches
 * the request (or uploaded the image and has not saved it yet). Served with its checked type, never sniffed.
 */
export function registerIssueImageRoute(
  app: FastifyInstance,
  service: IssueService,
  authenticate: (token: string) => Promise<AuthUser | null>,
) {
  app.get<{ Params: { id: string } }>('/api/config/issue-image/:id', async (req, reply) => {
    const token = bearerToken(req);
    const user = token ? await authenticate(token) : null;
    if (!user) throw unauthorized(token ? undefined : 'Vui lòng đăng nhập để sử dụng chức năng này.');
    if (!user.grants.has('SYS_ISSUES')) throw forbidden();
    const file = await service.readImage(req.params.id, user);
    return reply
      .header('Content-Type', file.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
}
