import { z } from 'zod';

/** The reply every call gives: `{ success, payload?, data?, message?, out? }` (DESIGN.md §5). */
const replyBase = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  out: z.string().optional(),
});

export function replyWith<S extends z.ZodRawShape>(shape: S) {
  return replyBase.extend(shape);
}

export const plainReply = replyBase;

export type ReplyBase = z.infer<typeof replyBase>;

/** A body that may be missing: absent or null reads as `{}`. */
export function optionalBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v == null ? {} : v), schema);
}

/** A call with no payload accepts a missing body, `{}` or extra keys (which are dropped). */
export const noPayload = optionalBody(z.object({}));
