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
  /** TOS-side orders per day in the order feed (all terminals together). */
  ordersPerDay: 8,
  /** Refuse every portal order sent, with this reason (empty: orders are taken). */
  refuseOrders: '',
  /** Allocate (PB) a portal order's containers as soon as the order arrives (false: `POST /_knobs/allocate`, or at gate-in). */
  autoAllocate: true,
  /** Added to the TOS's clock (gate times, expiry checks): a test's late truck without waiting days. */
  clockOffsetMs: 0,
};

/** Why the gate refused a PIN or QR (the portal maps these codes to its own words). */
const gateRefusalCodes = ['UNKNOWN', 'USED', 'EXPIRED', 'CANCELLED', 'NOT_IN_ORDER', 'NOT_IN'] as const;
export type GateRefusalCode = (typeof gateRefusalCodes)[number];
const gateRefusalWords: Record<GateRefusalCode, string> = {
  UNKNOWN: 'Mã PIN hoặc QR không hợp lệ',
  USED: 'Container đã qua cổng theo lệnh này',
  EXPIRED: 'Lệnh đã hết hạn',
  CANCELLED: 'Lệnh đã bị hủy',
  NOT_IN_ORDER: 'Container không thuộc lệnh',
  NOT_IN: 'Container chưa vào cổng',
};

/** A fact of the yard about a portal order's container, in the order it happened (`GET /api/yard-events`). */
export interface YardEvent {
  seq: number;
  kind: 'allocated' | 'gate_in' | 'gate_out' | 'gate_refused';
  /** Null for a refusal of a PIN or QR the TOS does not know. */
  orderNo: string | null;
  containerNo: string | null;
  at: string;
  /** A refusal's code and words. */
  reason: GateRefusalCode | null;
  message: string | null;
}

/** A portal order the TOS holds (received through POST /api/portal-orders). */
export interface HeldTosOrder {
  tosOrderNo: string;
  orderNo: string;
  pinCode: string;
  terminalCode: string;
  customerCode: string;
  operationCode: string | null;
  vesselCode: string | null;
  blNo: string | null;
  bookingNo: string | null;
  /** The depot of an empty pickup / return, as the portal sent it. */
  depotCode: string | null;
  expDate: string | null;
  amount: number;
  /** An extension (gia hạn) of this earlier order: its arrival moves that order's expiry to this one's. */
  extendsOrderNo: string | null;
  containers: {
    containerNo: string;
    isoSizetype: string;
    fe: string;
    cargoType: string | null;
    jobCode: string;
    /** Yard times (ISO, the TOS's clock): allocated (PB), passed the gate in and out. */
    allocatedAt: string | null;
    gateInAt: string | null;
    gateOutAt: string | null;
  }[];
  charges: { containerNo: string | null; tariffCode: string; amount: number }[];
  receivedAt: string;
  /** How many times the portal sent it (a resend of a held order is answered with the same number). */
  received: number;
  cancelled: { at: string; reason: string } | null;
}

/** The TOS job codes the simulated TOS knows (what the job-mode mapping must produce). */
export const tosJobCodes = ['HR', 'CR', 'LN', 'HB', 'HI', 'DH', 'RH', 'SC', 'DC', 'KH', 'DV', 'LN-RF', 'HB-RF'] as const;

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

/** The terminals of spec 02 §1 and the job modes the TOS shares with the portal (job-mode mapping). */
const feedTerminals = ['NDP', 'NDV', 'NHP', 'NHI', 'GML', 'BDP', 'VMD', 'ASL', 'STD', 'PMD', 'PIP', 'IC3', 'GNL'] as const;
const feedJobModes = ['TRAR', 'CAPR', 'LAYN', 'HBAI', 'HICD', 'DONG', 'RUT', 'SLHK', 'DVBAI', 'DVKT', 'DVKC'] as const;
const feedSizes = [
  ['22G1', 1],
  ['45G1', 2],
  ['42G1', 2],
  ['22R1', 1],
  ['45R1', 2],
] as const;
const feedOwners = ['MSCU', 'MAEU', 'CMAU', 'ONEU', 'EGHU', 'CSNU', 'HLXU', 'YMLU'];
/** The feed knows the port's customers by their codes (master data shared with the portal). */
const FEED_CUSTOMERS = 60;

/** A small deterministic generator per order number (mulberry32), so the feed is the same on every read. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

/**
 * Order `seq` (1, 2, …) of the TOS-side order feed: orders made at the terminals' own counters over
 * the last three years and on, `perDay` a day, in the TOS's words. The same seq is the same order.
 */
function feedOrder(seq: number, epoch: number, perDay: number) {
  const r = rng(seq * 2654435761 + 17);
  const step = DAY / perDay;
  const at = epoch + (seq - 1) * step + Math.floor(r.next() * step);
  const terminal = r.pick(feedTerminals);
  const job = r.pick(feedJobModes);
  const count = job === 'DVKC' ? 1 : r.int(1, 3);
  const containers = Array.from({ length: count }, () => {
    const [iso, teu] = r.pick(feedSizes);
    return {
      containerNo: `${r.pick(feedOwners)}${String(r.int(100000, 999999))}${r.int(0, 9)}`,
      isoSizetype: iso,
      fe: r.next() < 0.4 ? 'E' : 'F',
      teu,
    };
  });
  const amount = containers.reduce((sum, c) => sum + (c.teu === 1 ? 700_000 : 1_050_000), 0);
  const d = new Date(at + 7 * HOUR);
  const ymd = `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return {
    seq,
    orderNo: `TOS${terminal}${ymd}${String(seq).padStart(7, '0')}`,
    terminalCode: terminal,
    customerCode: `C${String(r.int(1, FEED_CUSTOMERS)).padStart(7, '0')}`,
    jobModeCode: job,
    amount,
    createdAt: new Date(at).toISOString(),
    containers,
  };
}

/**
 * Terminal operating system (TOS) stand-in: a login (refuses a wrong password) that opens a session,
 * the vessel schedule and the TOS-side order feed read with that session.
 * Approved portal orders arrive at `POST /api/portal-orders` (same session) and are kept; an unknown TOS job code or
 * the `refuseOrders` knob refuses one (422 ORDER_REFUSED with the reason); `POST /api/portal-orders/:orderNo/cancel`.
 * Knobs: `POST /_knobs {latencyMs, hang, failLogin, down, ordersPerDay, refuseOrders, autoAllocate, clockOffsetMs}`; what
 * the TOS holds: `GET /_knobs/orders` (`DELETE` forgets them); `POST /_knobs/allocate {orderNo}` allocates by hand.
 * The gate: `POST /api/gate {pin | qr, containerNo, direction: 'in' | 'out'}` (the lane's device, no session) lets a
 * container of a held order pass, or refuses with a code (422 GATE_REFUSED); every allocation, pass and refusal is a
 * yard event read with a session at `GET /api/yard-events?after=&limit=` (sequence numbers, like the order feed).
 */
export const tosSimulator: SimulatorDefinition = {
  name: 'tos',
  description: 'Hệ thống khai thác cảng (TOS): đăng nhập thử, lịch tàu, luồng lệnh phía TOS',
  portOffset: 1,
  build(app) {
    const knobs = installKnobs(app, defaults);
    const accounts = new Map([[demoTosAccount.user, demoTosAccount.pass]]);
    const sessions = new Map<string, number>();
    // The feed starts three years before the day the simulator started; it grows as time passes.
    const epoch = Math.floor(Date.now() / DAY) * DAY - 3 * 365 * DAY;
    const sessionOk = (authorization: string | undefined) => {
      const session = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      const until = session ? sessions.get(session) : undefined;
      return !!until && until >= Date.now();
    };

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
      if (!sessionOk(req.headers.authorization))
        return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const from = req.query.from ? Date.parse(req.query.from) : Number.NEGATIVE_INFINITY;
      const to = req.query.to ? Date.parse(req.query.to) : Number.POSITIVE_INFINITY;
      if (Number.isNaN(from) || Number.isNaN(to)) return reply.status(400).send({ success: false, message: 'Ngày không hợp lệ' });
      return { success: true, data: vesselCalls().filter((v) => Date.parse(v.eta) >= from && Date.parse(v.eta) <= to) };
    });

    const held = new Map<string, HeldTosOrder>();
    let tosSeq = 0;
    const knownJobs = new Set<string>(tosJobCodes);
    // The yard's facts; sequence numbers never go back, even when a test forgets the held orders.
    const yard: YardEvent[] = [];
    let yardSeq = 0;
    const clock = () => new Date(Date.now() + Number(knobs.clockOffsetMs || 0));
    const record = (e: Omit<YardEvent, 'seq' | 'at' | 'reason' | 'message'> & Partial<Pick<YardEvent, 'reason' | 'message'>>) => {
      const event: YardEvent = { seq: ++yardSeq, at: clock().toISOString(), reason: null, message: null, ...e };
      yard.push(event);
      return event;
    };
    const allocate = (order: HeldTosOrder) => {
      for (const c of order.containers) {
        if (c.allocatedAt) continue;
        c.allocatedAt = record({ kind: 'allocated', orderNo: order.orderNo, containerNo: c.containerNo }).at;
      }
    };
    app.get('/_knobs/orders', async () => ({ orders: [...held.values()] }));
    app.delete('/_knobs/orders', async () => {
      held.clear();
      yard.length = 0;
      return { success: true };
    });
    app.post('/_knobs/allocate', async (req, reply) => {
      const order = held.get(String((req.body as { orderNo?: string } | undefined)?.orderNo ?? ''));
      if (!order || order.cancelled) return reply.status(404).send({ success: false, message: 'TOS không giữ lệnh này' });
      allocate(order);
      return { success: true, containers: order.containers };
    });

    app.post('/api/portal-orders', async (req, reply) => {
      if (!sessionOk(req.headers.authorization))
        return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const b = (req.body ?? {}) as Partial<HeldTosOrder>;
      if (typeof b.orderNo !== 'string' || !b.orderNo || !Array.isArray(b.containers) || !Array.isArray(b.charges)) {
        return reply.status(400).send({ success: false, code: 'BAD_REQUEST', message: 'Thiếu thông tin lệnh' });
      }
      const refuse = (message: string) => reply.status(422).send({ success: false, code: 'ORDER_REFUSED', message });
      if (knobs.refuseOrders) return refuse(String(knobs.refuseOrders));
      const unknown = b.containers.find((c) => !knownJobs.has(String(c?.jobCode ?? '')));
      if (unknown)
        return refuse(
          `Mã tác nghiệp TOS không tồn tại: '${String(unknown.jobCode ?? '')}' (container ${String(unknown.containerNo ?? '')})`,
        );
      const before = held.get(b.orderNo);
      if (before && !before.cancelled) {
        before.received++;
        return { success: true, tosOrderNo: before.tosOrderNo };
      }
      const order: HeldTosOrder = {
        tosOrderNo: `TOS-${String(++tosSeq).padStart(6, '0')}`,
        orderNo: b.orderNo,
        pinCode: String(b.pinCode ?? ''),
        terminalCode: String(b.terminalCode ?? ''),
        customerCode: String(b.customerCode ?? ''),
        operationCode: b.operationCode ?? null,
        vesselCode: b.vesselCode ?? null,
        blNo: b.blNo ?? null,
        bookingNo: b.bookingNo ?? null,
        depotCode: b.depotCode ?? null,
        expDate: b.expDate ?? null,
        amount: Number(b.amount) || 0,
        extendsOrderNo: b.extendsOrderNo ?? null,
        containers: b.containers.map((c) => ({
          containerNo: String(c.containerNo),
          isoSizetype: String(c.isoSizetype),
          fe: String(c.fe),
          cargoType: c.cargoType ?? null,
          jobCode: String(c.jobCode),
          allocatedAt: null,
          gateInAt: null,
          gateOutAt: null,
        })),
        charges: b.charges.map((c) => ({
          containerNo: c.containerNo ?? null,
          tariffCode: String(c.tariffCode),
          amount: Number(c.amount) || 0,
        })),
        receivedAt: new Date().toISOString(),
        received: 1,
        cancelled: null,
      };
      held.set(order.orderNo, order);
      // A paid extension moves the earlier order's expiry: its containers pass the gate until the new one.
      const original = order.extendsOrderNo ? held.get(order.extendsOrderNo) : undefined;
      if (original && order.expDate && (!original.expDate || Date.parse(order.expDate) > Date.parse(original.expDate)))
        original.expDate = order.expDate;
      else if (!order.extendsOrderNo && knobs.autoAllocate) allocate(order);
      return { success: true, tosOrderNo: order.tosOrderNo };
    });

    /** The order a PIN (shown part or whole) or the gate QR (SMP|terminal|order|PIN) names; an extension's names its original. */
    const orderAt = (pin: string, qr: string): HeldTosOrder | undefined => {
      let found: HeldTosOrder | undefined;
      if (qr) {
        const [tag, , orderNo, qrPin] = qr.split('|');
        const o = tag === 'SMP' && orderNo ? held.get(orderNo) : undefined;
        if (o && o.pinCode === qrPin) found = o;
      } else if (pin) {
        found = [...held.values()].find((o) => o.pinCode === pin || o.pinCode.split('-')[0] === pin);
      }
      return found?.extendsOrderNo ? (held.get(found.extendsOrderNo) ?? found) : found;
    };

    app.post('/api/gate', async (req, reply) => {
      const b = (req.body ?? {}) as { pin?: unknown; qr?: unknown; containerNo?: unknown; direction?: unknown };
      const containerNo = String(b.containerNo ?? '')
        .trim()
        .toUpperCase();
      const direction = b.direction === 'in' || b.direction === 'out' ? b.direction : null;
      if (!containerNo || !direction || (!b.pin && !b.qr))
        return reply
          .status(400)
          .send({ success: false, code: 'BAD_REQUEST', message: 'Thiếu mã PIN/QR, số container hoặc hướng qua cổng' });
      const order = orderAt(String(b.pin ?? '').trim(), String(b.qr ?? '').trim());
      const box = order?.containers.find((c) => c.containerNo === containerNo);
      const now = clock();
      let reason: GateRefusalCode | null = null;
      if (!order) reason = 'UNKNOWN';
      else if (order.cancelled) reason = 'CANCELLED';
      else if (!box) reason = 'NOT_IN_ORDER';
      else if (direction === 'in' && box.gateInAt) reason = 'USED';
      else if (direction === 'in' && order.expDate && Date.parse(order.expDate) < now.getTime()) reason = 'EXPIRED';
      else if (direction === 'out' && box.gateOutAt) reason = 'USED';
      else if (direction === 'out' && !box.gateInAt) reason = 'NOT_IN';
      if (reason || !order || !box) {
        const code = reason ?? 'UNKNOWN';
        const e = record({
          kind: 'gate_refused',
          orderNo: order?.orderNo ?? null,
          containerNo,
          reason: code,
          message: gateRefusalWords[code],
        });
        return reply
          .status(422)
          .send({ success: false, code: 'GATE_REFUSED', reason: code, message: gateRefusalWords[code], orderNo: e.orderNo, seq: e.seq });
      }
      if (!box.allocatedAt) allocate(order);
      const e = record({ kind: direction === 'in' ? 'gate_in' : 'gate_out', orderNo: order.orderNo, containerNo });
      if (direction === 'in') box.gateInAt = e.at;
      else box.gateOutAt = e.at;
      return { success: true, orderNo: order.orderNo, containerNo, direction, at: e.at, seq: e.seq };
    });

    /** The yard events after sequence number `after`, at most `limit` (≤ 1000), oldest first (as the order feed). */
    app.get<{ Querystring: { after?: string; limit?: string } }>('/api/yard-events', async (req, reply) => {
      if (!sessionOk(req.headers.authorization))
        return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const after = Number(req.query.after ?? 0);
      const limit = Number(req.query.limit ?? 500);
      if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
        return reply.status(400).send({ success: false, message: 'Tham số không hợp lệ' });
      }
      const waiting = yard.filter((e) => e.seq > after);
      const data = waiting.slice(0, limit);
      return { success: true, data, last: data.at(-1)?.seq ?? Math.max(after, 0), more: waiting.length > data.length };
    });

    app.post<{ Params: { orderNo: string } }>('/api/portal-orders/:orderNo/cancel', async (req, reply) => {
      if (!sessionOk(req.headers.authorization))
        return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const order = held.get(req.params.orderNo);
      if (order && !order.cancelled)
        order.cancelled = { at: new Date().toISOString(), reason: String((req.body as { reason?: string })?.reason ?? '') };
      return { success: true };
    });

    /**
     * The TOS-side order feed: orders after sequence number `after` (0 = from the start), at most
     * `limit` (≤ 1000), oldest first; `last` is the sequence number to ask after next time, `more`
     * whether more orders are already there.
     */
    app.get<{ Querystring: { after?: string; limit?: string } }>('/api/orders', async (req, reply) => {
      if (!sessionOk(req.headers.authorization))
        return reply.status(401).send({ success: false, message: 'Phiên làm việc TOS không hợp lệ' });
      const after = Number(req.query.after ?? 0);
      const limit = Number(req.query.limit ?? 500);
      if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
        return reply.status(400).send({ success: false, message: 'Tham số không hợp lệ' });
      }
      const perDay = Math.max(1, Math.floor(knobs.ordersPerDay));
      const available = Math.floor(((Date.now() - epoch) / DAY) * perDay);
      const last = Math.min(available, after + limit);
      const data = [];
      for (let seq = after + 1; seq <= last; seq++) data.push(feedOrder(seq, epoch, perDay));
      return { success: true, data, last: Math.max(last, after), more: last < available };
    });
  },
};
