import { z } from 'zod';

/** The envelope every live event carries (spec 01 §8, 02 §7). */
export const socketEnvelope = z.object({
  request_type: z.string(),
  note_state: z.string().optional(),
  response_func: z.union([z.string(), z.number()]).optional(),
  event_code: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
export type SocketEnvelope = z.infer<typeof socketEnvelope>;

/** Events the server sends; each goes to the room of one user (`user:<UserID>`). */
export interface ServerToClientEvents {
  /** General notice (e.g. a message queued, a session ended elsewhere). */
  notice: (envelope: SocketEnvelope) => void;
  /** A customs message result (request_type '367.1'); issue: customs. */
  customs_result: (envelope: SocketEnvelope) => void;
  /** Order completion (success_payment, success_invoice, success); issue: payments. */
  order_completed: (envelope: SocketEnvelope) => void;
}
export type ServerEventName = keyof ServerToClientEvents;
export const serverEventNames = ['notice', 'customs_result', 'order_completed'] as const satisfies readonly ServerEventName[];

export type ClientToServerEvents = Record<string, never>;

export { ORDER_STATE_CHANGED } from './event-names';

export const userRoom = (userId: string) => `user:${userId}`;
