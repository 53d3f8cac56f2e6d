import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors';
import { createStatsGate, statsGateMessages } from '../../src/modules/stats/stats-gate';

const later = () => {
  let done!: () => void;
  const p = new Promise<void>((r) => {
    done = r;
  });
  return { p, done };
};

describe('the statistics gate', () => {
  it('runs at most `concurrent` at once, the next in arrival order, and refuses past the queue with 503', async () => {
    const gate = createStatsGate({ concurrent: 1, queued: 1, waitMs: 5_000 });
    const first = later();
    const order: string[] = [];
    const a = gate.run(async () => {
      await first.p;
      order.push('a');
    });
    const b = gate.run(async () => {
      order.push('b');
    });
    expect(gate.running()).toBe(1);
    expect(gate.waiting()).toBe(1);
    const refused = await gate.run(async () => 'c').catch((e: AppError) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).message).toBe(statsGateMessages.busy);
    first.done();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    expect(gate.running()).toBe(0);
  });

  it('a call waiting too long is refused; a cancelled statement answers the Vietnamese message, and the place is freed', async () => {
    const gate = createStatsGate({ concurrent: 1, queued: 4, waitMs: 20 });
    const first = later();
    const a = gate.run(() => first.p);
    const waited = await gate.run(async () => 1).catch((e: AppError) => e.statusCode);
    expect(waited).toBe(503);
    first.done();
    await a;
    const cancelled = await gate
      .run(() => Promise.reject(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })))
      .catch((e: AppError) => e);
    expect((cancelled as AppError).statusCode).toBe(503);
    expect((cancelled as AppError).message).toBe(statsGateMessages.tooLong);
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });
});
