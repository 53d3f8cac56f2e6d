import type { SessionUser } from '@smartport/contract';

// Spec 01 §3: the browser keeps access_token, user and terminal.
const KEYS = { token: 'access_token', user: 'user', terminal: 'terminal' } as const;

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
};
