// Headless Chromium (Debian's /usr/bin/chromium through playwright-core): a fresh context per visit, so every
// visit starts with an empty cache, signed in by putting the session where the SPA keeps it (spec 01 §3).
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import type { BenchContext } from './context';
import { loginToken } from './measure';

export async function launch(ctx: BenchContext): Promise<Browser> {
  return chromium.launch({
    executablePath: ctx.chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}

export const demoPasswords: Record<string, string> = {
  admin: 'Admin@2026',
  nhanvien: 'Smartport@2026',
  haiquan: 'Smartport@2026',
  khachhang: 'Smartport@2026',
};

/** A new context (empty cache) at 1366×768, signed in as `user` when given. */
export async function visitAs(browser: Browser, base: string, user: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  if (user) {
    const login = (await loginToken(base, user, demoPasswords[user] as string)) as {
      access_token: string;
      payload: { TerminalCode: string };
    };
    const session = { ...login.payload, access_token: login.access_token };
    await context.addInitScript((s) => {
      if (!localStorage.getItem('access_token')) {
        localStorage.setItem('access_token', s.access_token);
        localStorage.setItem('user', JSON.stringify(s));
        localStorage.setItem('terminal', s.TerminalCode.split(',')[0] ?? '');
      }
    }, session);
  }
  return context;
}
