import type { GateRefusal } from '@smartport/contract';
import { z } from 'zod';
import type { OutboundPolicy } from '../../security/outbound-policy';
import { callJson, type JsonRefusal, refusedDown } from '../http-call';
import { down, type PartnerDown } from '../outcome';
import type { TerminalOperatingSystem, TosConnection, TosLoginRefused, TosOrderRefused } from './tos.port';

const error = z.object({ code: z.string().optional(), message: z.string().optional() });
const orderTaken = z.object({ success: z.literal(true), tosOrderNo: z.string().min(1).max(40) });
const orderCancelled = z.object({ success: z.literal(true) });
const loggedIn = z.object({ success: z.literal(true), session: z.string().min(1) });
const schedule = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      vesselCode: z.string().min(1),
      vesselName: z.string().min(1),
      inVoyage: z.string(),
      outVoyage: z.string(),
      eta: z.iso.datetime({ offset: true }),
      etd: z.iso.datetime({ offset: true }).nullable().optional(),
      berth: z.string().nullable().optional(),
      status: z.string(),
    }),
  ),
});

const orderFeed = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      seq: z.number().int().positive(),
      orderNo: z.string().min(1).max(30),
      terminalCode: z.string().min(1).max(10),
      customerCode: z.string().min(1).max(20),
      jobModeCode: z.string().min(1).max(10),
      amount: z.number().int().nonnegative(),
      createdAt: z.iso.datetime({ offset: true }),
      containers: z.array(
        z.object({
          containerNo: z.string().min(1).max(11),
          isoSizetype: z.string().min(1).max(4),
          fe: z.enum(['F', 'E']),
          teu: z.number().int().min(1).max(2),
        }),
      ),
    }),
  ),
  last: z.number().int().nonnegative(),
  more: z.boolean(),
});

const yardEvents = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      seq: z.number().int().positive(),
      kind: z.enum(['allocated', 'gate_in', 'gate_out', 'gate_refused']),
      orderNo: z.string().min(1).max(30).nullable(),
      containerNo: z.string().min(1).max(20).nullable(),
      at: z.iso.datetime({ offset: true }),
      reason: z.string().max(30).nullable().optional(),
      message: z.string().max(500).nullable().optional(),
    }),
  ),
  last: z.number().int().nonnegative(),
  more: z.boolean(),
});

/** The TOS's event and refusal codes in the portal's names (a code the portal does not know reads as 'unknown'). */
const yardKinds = { allocated: 'allocated', gate_in: 'gateIn', gate_out: 'gateOut', gate_refused: 'gateRefused' } as const;
const refusals: Record<string, GateRefusal> = {
  UNKNOWN: 'unknown',
  USED: 'used',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  NOT_IN_ORDER: 'notInOrder',
  NOT_IN: 'notIn',
};

/** The connection's base address; null when host or port cannot make one. */
export function tosBaseUrl(conn: Pick<TosConnection, 'host' | 'port'>): string | null {
  const host = conn.host.trim();
  if (!host || !Number.isInteger(conn.port) || conn.port < 1 || conn.port > 65_535) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(host) ? host : `http://${host}`);
    url.port = String(conn.port);
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * HTTP adapter of the TOS API (login → session, then calls with the session); the connection comes with each call.
 * Its address passes the outbound policy first, and every call of the session goes to the address checked then.
 */
export function createHttpTos(opts: { timeoutMs?: number; outbound: Pick<OutboundPolicy, 'checkUrl'> }): TerminalOperatingSystem {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  // A 401 on login is the TOS refusing the account; any other refusal is the TOS failing.
  const refusal = (r: JsonRefusal<{ code?: string | undefined; message?: string | undefined }>): TosLoginRefused | PartnerDown =>
    r.status === 401 ? { ok: false, failure: 'login_refused', ...(r.detail ? { detail: r.detail } : {}) } : refusedDown(r);
  // The order desk's 422 ORDER_REFUSED is the TOS saying no to this order (its reason kept); anything else as above.
  const orderRefusal = (
    r: JsonRefusal<{ code?: string | undefined; message?: string | undefined }>,
  ): TosOrderRefused | TosLoginRefused | PartnerDown =>
    r.status === 422 && r.error?.code === 'ORDER_REFUSED'
      ? { ok: false, failure: 'order_refused', detail: r.error.message ?? 'TOS từ chối lệnh' }
      : refusal(r);

  async function login(conn: TosConnection) {
    const baseUrl = tosBaseUrl(conn);
    if (!baseUrl) return down('not_configured');
    const target = await opts.outbound.checkUrl('http', baseUrl);
    if (!target.ok) return down('not_allowed', target.reason);
    const pinned = { address: target.address, family: target.family };
    const r = await callJson(
      { baseUrl, pinned, path: '/api/login', body: { user: conn.user, pass: conn.password }, timeoutMs },
      { ok: loggedIn, error },
    );
    if (r.ok) return { ok: true as const, baseUrl, pinned, session: r.value.session };
    return r.failure === 'refused' ? refusal(r) : r;
  }

  return {
    async testLogin(conn) {
      const r = await login(conn);
      return r.ok ? { ok: true } : r;
    },
    async vesselSchedule(conn, range) {
      const s = await login(conn);
      if (!s.ok) return s;
      const query = new URLSearchParams({ from: range.from.toISOString(), to: range.to.toISOString() });
      const r = await callJson(
        {
          baseUrl: s.baseUrl,
          pinned: s.pinned,
          path: `/api/vessel-schedule?${query}`,
          headers: { authorization: `Bearer ${s.session}` },
          timeoutMs,
        },
        { ok: schedule, error },
      );
      if (!r.ok) return r.failure === 'refused' ? refusal(r) : r;
      return {
        ok: true,
        value: r.value.data.map((v) => ({
          VesselKey: v.vesselCode,
          VesselName: v.vesselName,
          VesselImVoy: v.inVoyage,
          VesselExVoy: v.outVoyage,
          ETA: new Date(v.eta),
          ETD: v.etd ? new Date(v.etd) : null,
          Berth: v.berth ?? null,
          Berthed: v.status === 'BERTHED',
        })),
      };
    },
    async sendOrder(conn, order) {
      const s = await login(conn);
      if (!s.ok) return s;
      const body = {
        orderNo: order.OrderNo,
        pinCode: order.PinCode,
        terminalCode: order.TerminalCode,
        customerCode: order.CustomerCode,
        operationCode: order.OperationCode,
        vesselCode: order.VesselKey,
        blNo: order.BLNo,
        bookingNo: order.BookingNo,
        depotCode: order.DepotCode,
        expDate: order.ExpDate ? order.ExpDate.toISOString() : null,
        amount: order.TotalAmount,
        extendsOrderNo: order.ExtendsOrderNo,
        containers: order.containers.map((c) => ({
          containerNo: c.ContainerNo,
          isoSizetype: c.IsoSizetype,
          fe: c.FE,
          cargoType: c.CargoTypeCode,
          jobCode: c.TosJobCode,
        })),
        charges: order.charges.map((c) => ({ containerNo: c.ContainerNo, tariffCode: c.TosTariffCode, amount: c.Amount })),
      };
      const r = await callJson(
        {
          baseUrl: s.baseUrl,
          pinned: s.pinned,
          path: '/api/portal-orders',
          body,
          headers: { authorization: `Bearer ${s.session}` },
          timeoutMs,
        },
        { ok: orderTaken, error },
      );
      if (!r.ok) return r.failure === 'refused' ? orderRefusal(r) : r;
      return { ok: true, value: { tosOrderNo: r.value.tosOrderNo } };
    },
    async cancelOrder(conn, orderNo, reason) {
      const s = await login(conn);
      if (!s.ok) return s;
      const r = await callJson(
        {
          baseUrl: s.baseUrl,
          pinned: s.pinned,
          path: `/api/portal-orders/${encodeURIComponent(orderNo)}/cancel`,
          body: { reason },
          headers: { authorization: `Bearer ${s.session}` },
          timeoutMs,
        },
        { ok: orderCancelled, error },
      );
      if (!r.ok) return r.failure === 'refused' ? orderRefusal(r) : r;
      return { ok: true };
    },
    async orderFeed(conn, page) {
      const s = await login(conn);
      if (!s.ok) return s;
      const query = new URLSearchParams({ after: String(page.after), limit: String(page.limit) });
      const r = await callJson(
        {
          baseUrl: s.baseUrl,
          pinned: s.pinned,
          path: `/api/orders?${query}`,
          headers: { authorization: `Bearer ${s.session}` },
          timeoutMs,
        },
        { ok: orderFeed, error },
      );
      if (!r.ok) return r.failure === 'refused' ? refusal(r) : r;
      return {
        ok: true,
        value: {
          last: r.value.last,
          more: r.value.more,
          orders: r.value.data.map((o) => ({
            seq: o.seq,
            OrderNo: o.orderNo,
            TerminalCode: o.terminalCode,
            CustomerCode: o.customerCode,
            JobModeCode: o.jobModeCode,
            TotalAmount: o.amount,
            CreatedTime: new Date(o.createdAt),
            containers: o.containers.map((c) => ({ ContainerNo: c.containerNo, IsoSizetype: c.isoSizetype, FE: c.fe, Teu: c.teu })),
          })),
        },
      };
    },
    async yardEvents(conn, page) {
      const s = await login(conn);
      if (!s.ok) return s;
      const query = new URLSearchParams({ after: String(page.after), limit: String(page.limit) });
      const r = await callJson(
        {
          baseUrl: s.baseUrl,
          pinned: s.pinned,
          path: `/api/yard-events?${query}`,
          headers: { authorization: `Bearer ${s.session}` },
          timeoutMs,
        },
        { ok: yardEvents, error },
      );
      if (!r.ok) return r.failure === 'refused' ? refusal(r) : r;
      return {
        ok: true,
        value: {
          last: r.value.last,
          more: r.value.more,
          events: r.value.data.map((e) => ({
            seq: e.seq,
            Kind: yardKinds[e.kind],
            OrderNo: e.orderNo,
            ContainerNo: e.containerNo ? e.containerNo.trim().toUpperCase() : null,
            At: new Date(e.at),
            Refusal: e.kind === 'gate_refused' ? (refusals[e.reason ?? ''] ?? 'unknown') : null,
            Detail: e.message ?? null,
          })),
        },
      };
    },
  };
}
