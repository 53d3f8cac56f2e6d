import { AppError } from '../../http/errors';
import type { StatsService } from './stats.service';

/**
 * Statistics calls take their turn here (docs/decisions.md 'Statistics never hold up other calls'): at most
 * `concurrent` run at once, up to `queued` more wait (first come, first served, at most `waitMs`), the rest are refused
 * at once with 503 and a Vietnamese message. So a crowd of reports holds at most `concurrent` database connections and
 * a bounded share of the portal's places in flight: the load shedding of the http layer (plugins/shedding.ts) never
 * has to refuse a light call because reports are running. A statement cancelled by its statement_timeout
 * (stats.repository.ts) answers 503 with a message saying what to do, never 500.
 */
export interface StatsGateLimits {
  concurrent: number;
  queued: number;
  waitMs: number;
}

export const statsGateMessages = {
  busy: 'Hệ thống đang xử lý nhiều báo cáo thống kê, vui lòng thử lại sau ít phút.',
  tooLong: 'Báo cáo thống kê chạy quá lâu, vui lòng chọn khoảng thời gian ngắn hơn hoặc ít cảng hơn.',
} as const;

/** PostgreSQL's query_canceled (statement_timeout). */
const CANCELED = '57014';

export function createStatsGate(limits: StatsGateLimits) {
  let running = 0;
  const queue: { go: () => void; timer: NodeJS.Timeout }[] = [];
  const release = () => {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.go();
    }
  };
  const enter = (): Promise<void> => {
    if (running < limits.concurrent) {
      running++;
      return Promise.resolve();
    }
    if (queue.length >= limits.queued) return Promise.reject(new AppError(503, statsGateMessages.busy));
    return new Promise((resolve, reject) => {
      const entry = {
        go: () => {
          running++;
          resolve();
        },
        timer: setTimeout(() => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          reject(new AppError(503, statsGateMessages.busy));
        }, limits.waitMs),
      };
      queue.push(entry);
    });
  };
  async function run<T>(fn: () => Promise<T>): Promise<T> {
    await enter();
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: unknown }).code === CANCELED) throw new AppError(503, statsGateMessages.tooLong);
      throw err;
    } finally {
      release();
    }
  }
  return { run, running: () => running, waiting: () => queue.length };
}
export type StatsGate = ReturnType<typeof createStatsGate>;

/** The statistics service with its database-reading calls through the gate (the personal summaries are light). */
export function gatedStats(stats: StatsService, gate: StatsGate): StatsService {
  const through =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      gate.run(() => fn(...args));
  return {
    ...stats,
    orderChart: through(stats.orderChart),
    customerChart: through(stats.customerChart),
    userChart: through(stats.userChart),
    customerInfo: through(stats.customerInfo),
    userInfo: through(stats.userInfo),
    customerRanking: through(stats.customerRanking),
    userRanking: through(stats.userRanking),
    mbChart: through(stats.mbChart),
    tosSmp: through(stats.tosSmp),
    cmsSmp: through(stats.cmsSmp),
    totalRating: through(stats.totalRating),
    ratingRows: through(stats.ratingRows),
  };
}
