import { randomBytes } from 'node:crypto';
import { installKnobs } from '../knobs';
import type { SimulatorDefinition } from '../simulator';

/** The TOS account the portal's demo TOS connection uses. */
export const demoTosAccount = { user: 'smartport', pass: 'Tos@2026' };

const defaults = {
  latencyMs: 0,
  hang: false,
  /** Refuse every login, even a right password. */
  failLogin: false,
  /** Answer every API call 503 (maintenance). */
  down: false,
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A week of vessel calls around today, in the TOS's own words (codes, voyages in/out, berth). */
function vesselCalls(now = Date.now()) {
  const start = Math.floor(now / DAY) * DAY;
  const ships = [
    ['MSC', 'MSC ANNA', 'B1'],
    ['WHL', 'WAN HAI 305', 'B2'],
    ['ONE', 'ONE HAMBURG', 'B1'],
    ['EVG', 'EVER BLOOM', 'B3'],
    ['CMA', 'CMA CGM TAGE', 'B2'],
  ] as const;
  return ships.map(([line, name, berth], i) => {
    const eta = start + (i - 2) * DAY + 6 * HOUR;
    const voyage = `${String(20 + i).padStart(3, '0')}`;
    return {
      vesselCode: `${line}${String(i + 1).padStart(3, '0')}`,
      vesselName: name,
      inVoyage: `${voyage}N`,
      outVoyage: `${voyage}S`,
      eta: new Date(eta).toISOString(),
      etd: new Date(eta + 30 * HOUR).toISOString(),
      berth,
      status: eta < now ? 'BERTHED' : 'EXPECTED',
    };
  });
}

/**
 * Terminal operating system (TOS) stand-in: a login (refuses a wrong password) that opens a session,
 * and the vessel schedule read with that session. Knobs: `POST /_knobs {latencyMs, hang, failLogin, down}`.
 */
export const tosSimulator: SimulatorDefinition = {
  name: 'tos',
  description: 'Hệ thống khai thác cảng (TOS): đăng nhập thử, lịch tàu',
  portOffset: 1,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const accounts = new Map([[demoTosAccount.user, demoTosAccount.pass]]);
    const sessions = new Map<string, number>();

    app.addHook('preHandler', async (req, reply) => {
      if (knobs.down && req.url.startsWith('/api/')) return reply.status(503).send({ success: false, message: 'TOS đang bảo trì' });
    });

    app.post('/api/login', async (req, reply) => {
      const { user, pass } = (req.body ?? {}) as { user?: string; pass?: string };
      if (knobs.failLogin || !user || accounts.get(user) !== pass) {
        return reply.status(401).send({ success: false, message: 'Sai tài khoản hoặc mật khẩu TOS' });
      }
      const session = `tos-${randomBytes(12).toString('hex')}`;
      sessions.set(session, Date.now() + HOUR);
      return { success: true, session };
    });

    /** Vessel calls whose ETA lies in [from, to] (ISO dates; default: the whole week), for a logged-in session. */
    app.get<{ Querystring: { from?: string; to?: string } }>('/api/vessel-schedule', async (req, reply) => {
      const session = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const until = session ? sessions.get(session) : undefined;
      if (!until || until < Date.now()) return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const from = req.query.from ? Date.parse(req.query.from) : Number.NEGATIVE_INFINITY;
      const to = req.query.to ? Date.parse(req.query.to) : Number.POSITIVE_INFINITY;
      if (Number.isNaN(from) || Number.isNaN(to)) return reply.status(400).send({ success: false, message: 'Ngày không hợp lệ' });
      return { success: true, data: vesselCalls().filter((v) => Date.parse(v.eta) >= from && Date.parse(v.eta) <= to) };
    });
  },
};
