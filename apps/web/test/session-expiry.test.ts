// @vitest-environment jsdom
import { calls, type SessionUser } from '@smartport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, setUnauthorizedHandler } from '../src/lib/api-client';
import { loginPath, session } from '../src/lib/session';

const user = (token: string) => ({ access_token: token, TerminalCode: 'NDP' }) as SessionUser;

/** The server's answer: 401 for the refused token, a plain reply for any other. */
function serverRefusing(refused: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      const status = auth === `Bearer ${refused}` ? 401 : 200;
      return new Response(JSON.stringify({ success: status === 200, message: status === 200 ? undefined : 'Hết hạn' }), { status });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a refused token (401)', () => {
  it('two refusals at once end the session once, and every way to the login page says it has expired', async () => {
    session.save(user('old'));
    expect(loginPath('/Personal/Profile')).toBe('/login?next=%2FPersonal%2FProfile');
    serverRefusing('old');
    const redirects = vi.fn();
    setUnauthorizedHandler(redirects);
    const answers = await Promise.allSettled([callApi(calls.shell.getMenu, {}), callApi(calls.shell.getMenu, {})]);
    expect(answers.map((a) => a.status === 'rejected' && (a.reason as ApiError).status)).toEqual([401, 401]);
    expect(redirects).toHaveBeenCalledTimes(1);
    expect(session.token()).toBeNull();
    expect(session.expired()).toBe(true);
    expect(loginPath('/Personal/Profile')).toBe('/login?expired=1&next=%2FPersonal%2FProfile');
    expect(loginPath('/')).toBe('/login?expired=1&next=%2F');
    // After the next login the flag is gone.
    session.save(user('new'));
    expect(session.expired()).toBe(false);
    expect(loginPath('/')).toBe('/login');
  });

  it('a late refusal of a token that is no longer the session leaves the new session alone', async () => {
    session.save(user('old'));
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const redirects = vi.fn();
    setUnauthorizedHandler(redirects);
    const late = callApi(calls.shell.getMenu, {});
    session.save(user('new'));
    answer(new Response('{"success":false}', { status: 401 }));
    await expect(late).rejects.toBeInstanceOf(ApiError);
    expect(redirects).not.toHaveBeenCalled();
    expect(session.token()).toBe('new');
    expect(session.expired()).toBe(false);
  });
});
