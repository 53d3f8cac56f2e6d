import type { NoticesRepository } from './notices.repository';

/** `common/getActiveNotifyList`: active notifications whose window contains now (spec 01 §2). */
export function createNoticesService(repo: NoticesRepository) {
  return {
    active: (now = new Date()) => repo.active(now),
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
