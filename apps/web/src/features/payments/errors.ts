import { ApiError } from '../../lib/api-client';

/** The server's message (spec 02 §8: a server message is shown as an error). */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
