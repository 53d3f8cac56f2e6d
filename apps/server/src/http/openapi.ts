import { callList } from '@smartport/contract';
import { z } from 'zod';

/** OpenAPI 3.1 document generated from the call table (served at /api/docs). */
export function openApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const call of callList) {
    const schema = (s: z.ZodType, io: 'input' | 'output') =>
      z.toJSONSchema(s, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
    paths[`/api/${call.path}`] = {
      post: {
        summary: call.summary,
        tags: [call.module],
        security: call.access.kind === 'public' ? [] : [{ bearer: [] }],
        description:
          call.access.kind === 'menu'
            ? `Cần quyền menu: ${call.access.anyOf.join(', ')}`
            : call.access.kind === 'public'
              ? 'Công khai'
              : 'Cần đăng nhập',
        requestBody: {
          content: { [call.multipart ? 'multipart/form-data' : 'application/json']: { schema: schema(call.request, 'input') } },
        },
        responses: {
          200: { description: 'Thành công', content: { 'application/json': { schema: schema(call.response, 'output') } } },
          400: { description: 'Dữ liệu không hợp lệ (message tiếng Việt nêu tên trường)' },
          401: { description: 'Chưa đăng nhập hoặc phiên đã hết hạn' },
          403: { description: 'Không có quyền' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SmartPort API', version: '0.1.0', description: 'Mọi lời gọi là POST /api/<đường dẫn> như spec/api-calls.txt.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
