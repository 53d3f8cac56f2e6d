import type { SessionUser } from '@smartport/contract';

// Spec 01 §3: the browser keeps access_token, user and terminal.
const KEYS = { token: 'access_token', user: 'user', terminal: 'terminal' } as const;

/** Set when the server refused the stored token (401) until the next login; logging out does not set it. */
let expired = false;

export const session = {
  token(): string | null {
    return localStorage.getItem(KEYS.token);
  },
  user(): SessionUser | null {
    const raw = localStorage.getItem(KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionUser;
    } catch {
      return null;
    }
  },
  terminal(): string | null {
    return localStorage.getItem(KEYS.terminal);
  },
  terminals(): string[] {
    return (session.user()?.TerminalCode ?? '').split(',').filter(Boolean);
  },
  save(user: SessionUser) {
    expired = false;
    localStorage.setItem(KEYS.token, user.access_token);
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    const terminals = user.TerminalCode.split(',').filter(Boolean);
    const current = localStorage.getItem(KEYS.terminal);
    if (!current || !terminals.includes(current)) localStorage.setItem(KEYS.terminal, terminals[0] ?? '');
  },
  setTerminal(code: string) {
    localStorage.setItem(KEYS.terminal, code);
  },
  clear() {
    localStorage.removeItem(KEYS.token);
    localStorage.removeItem(KEYS.user);
  },
  /** The server refused the token: the session ends and the login page says it has expired. */
  expire() {
    session.clear();
    expired = true;
  },
  expired(): boolean {
    return expired;
  },
};

/** The login page, then on to `next`; after a refused token it also says the session has expired. */
export function loginPath(next: string): string {
  if (session.expired()) return `/login?expired=1&next=${encodeURIComponent(next)}`;
  return next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;
}
