import type { SimulatorDefinition } from '../simulator';

/**
 * Terminal operating system (TOS) stand-in. Knobs: `POST /_knobs {latencyMs, failLogin}`.
 * Accounts are the ones configured for the portal's TOS connections (user `smartport`).
 */
export const tosSimulator: SimulatorDefinition = {
  name: 'tos',
  description: 'Hệ thống khai thác cảng (TOS): đăng nhập thử',
  portOffset: 1,
  build(app) {
    const knobs = { latencyMs: 0, failLogin: false };
    const accounts = new Map([['smartport', 'Tos@2026']]);
    app.post('/_knobs', async (req) => {
      Object.assign(knobs, req.body as Partial<typeof knobs>);
      return knobs;
    });
    app.post('/api/login', async (req, reply) => {
      if (knobs.latencyMs) await new Promise((r) => setTimeout(r, knobs.latencyMs));
      const { user, pass } = (req.body ?? {}) as { user?: string; pass?: string };
      if (knobs.failLogin || !user || accounts.get(user) !== pass) {
        return reply.status(401).send({ success: false, message: 'Sai tài khoản hoặc mật khẩu TOS' });
      }
      return { success: true, session: `tos-${Date.now().toString(36)}` };
    });
  },
};
