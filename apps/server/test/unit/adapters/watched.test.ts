import { describe, expect, it } from 'vitest';
import { watchOutcomes } from '../../../src/adapters/watched';

// The watched port tells the connection alerts about outages and about every answer (the end of an outage), and
// hands the caller the outcome unchanged.
describe('watchOutcomes', () => {
  const port = {
    async ok() {
      return { ok: true as const, value: 1 };
    },
    async down() {
      return { ok: false as const, failure: 'timeout' as const };
    },
    async refusedLogin() {
      return { ok: false as const, failure: 'login_refused' as const };
    },
    async notConfigured() {
      return { ok: false as const, failure: 'not_configured' as const };
    },
  };

  it('tells an outage as down, a success or a refusal in the system’s own terms as up, and an unconfigured system as neither', async () => {
    const heard: string[] = [];
    const watched = watchOutcomes(
      port,
      (method, outcome) => heard.push(`down:${method}:${outcome.failure}`),
      (method) => heard.push(`up:${method}`),
    );
    expect(await watched.ok()).toEqual({ ok: true, value: 1 });
    expect(await watched.down()).toEqual({ ok: false, failure: 'timeout' });
    await watched.refusedLogin();
    await watched.notConfigured();
    expect(heard).toEqual(['up:ok', 'down:down:timeout', 'up:refusedLogin']);
  });

  it('never lets a listener that throws break the call', async () => {
    const watched = watchOutcomes(
      port,
      () => {
        throw new Error('mail down');
      },
      () => {
        throw new Error('database down');
      },
    );
    expect(await watched.down()).toEqual({ ok: false, failure: 'timeout' });
    expect(await watched.ok()).toEqual({ ok: true, value: 1 });
  });
});
