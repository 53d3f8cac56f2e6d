// @vitest-environment jsdom
import type { SessionUser } from '@smartport/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../src/lib/session';
import { prefetchSession, sessionKeys } from '../src/lib/session-queries';

/** A server whose auth/me answers only when released, the user now in `group`; getMenu answers the group asked for. */
function server(group: string) {
  const asked: string[] = [];
  let release = () => {};
  const meAnswered = new Promise<void>((done) => {
    release = done;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { UserGroupCode?: string };
      if (url.endsWith('/auth/me')) {
        asked.push('me');
        await meAnswered;
        return Response.json({ success: true, payload: { access_token: 't', TerminalCode: 'NDP', UserGroupCode: group } });
      }
      asked.push(`menu ${body.UserGroupCode}`);
      return Response.json({ success: true, payload: [{ MenuID: `HOME-${body.UserGroupCode}`, children: [] }] });
    }),
  );
  return { asked, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('reading the session before the frame (for the home page LCP)', () => {
  it("asks for the kept group's menu beside auth/me, not after it", async () => {
    session.save({ access_token: 't', TerminalCode: 'NDP', UserGroupCode: 'KH' } as SessionUser);
    const { asked, release } = server('KH');
    const client = new QueryClient();
    const reading = prefetchSession(client);
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['me', 'menu KH']));
    release();
    const menu = await reading;
    expect(menu?.[0]?.MenuID).toBe('HOME-KH');
    expect([...asked].sort()).toEqual(['me', 'menu KH']);
    expect(client.getQueryData(sessionKeys.menu('KH'))).toEqual(menu);
  });

  it("reads the new group's menu when the user's group changed since sign-in", async () => {
    session.save({ access_token: 't', TerminalCode: 'NDP', UserGroupCode: 'KH' } as SessionUser);
    const { asked, release } = server('NV');
    const reading = prefetchSession(new QueryClient());
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['me', 'menu KH']));
    release();
    expect((await reading)?.[0]?.MenuID).toBe('HOME-NV');
    expect([...asked].sort()).toEqual(['me', 'menu KH', 'menu NV']);
    expect(asked.at(-1)).toBe('menu NV');
  });
});
