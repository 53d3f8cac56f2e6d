import type { PartnerDown } from '../../adapters/outcome';
import type { TerminalOperatingSystem, TosConnection, TosLoginRefused, TosYardEvent } from '../../adapters/tos/tos.port';
import type { Publisher } from '../../events/event-bus';
import { AppError } from '../../http/errors';
import type { ExtensionPlan, ExtensionTx, OrderExtensionService } from './order-extension.service';
import { type YardEventsRepository, yardCursorKey } from './yard-events.repository';

/** Yard events read per page of the feed. */
export const YARD_FEED_PAGE = 500;

export type YardImportResult = {
  read: number;
  applied: number;
  failures: { connection: string; failure: (PartnerDown | TosLoginRefused)['failure'] }[];
};

/**
 * The yard's facts about the portal's orders, read from each TOS connection's yard-event feed after the last sequence
 * number applied (kept per connection): allocation (PB), gate-in and gate-out times on the order's containers, the order
 * completed (HT) when its last container is out, and an extension (gia hạn) when the gate refused a late truck. Each
 * event is applied in one transaction with its sequence number and its domain events, so an event read twice changes
 * nothing, and a fact already recorded (the container's time set) publishes nothing again.
 */
export function createYardEventsService(deps: {
  tos: Pick<TerminalOperatingSystem, 'yardEvents'>;
  /** The terminal's TOS connection in use (terminal config), null when it has none. */
  connection(terminal: string): Promise<TosConnection | null>;
  repo: YardEventsRepository;
  transaction<T>(fn: (r: ExtensionTx & { yard: YardEventsRepository }, events: Publisher) => Promise<T>): Promise<T>;
  extensions: Pick<OrderExtensionService, 'plan' | 'save' | 'sourceForGate'>;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}) {
  /** The extension a late truck calls for, priced before the event's transaction; null when there is none to make. */
  async function lateTruck(e: TosYardEvent): Promise<ExtensionPlan | null> {
    if (e.Refusal !== 'expired' || !e.OrderNo) return null;
    const source = await deps.extensions.sourceForGate(e.OrderNo);
    if (!source) return null;
    try {
      return await deps.extensions.plan(source, { from: e.At, gate: true, by: source.CreatedBy ?? 'TOS' });
    } catch (err) {
      // Nothing to extend (every container out, no tariff): the refusal stays the TOS's answer.
      if (err instanceof AppError) {
        deps.log?.warn({ order: e.OrderNo, reason: err.message }, 'no extension for a late truck');
        return null;
      }
      throw err;
    }
  }

  async function apply(key: string, e: TosYardEvent): Promise<boolean> {
    const extension = await lateTruck(e);
    return deps.transaction(async (r, events) => {
      if (!(await r.yard.claim(key, e.seq))) return false;
      const order = e.OrderNo ? await r.yard.order(e.OrderNo) : null;
      if (!order || !e.ContainerNo) return true;
      const { OrderNo: orderNo } = order;
      const at = e.At.toISOString();
      // A container passing the gate was allocated by then, whether or not the TOS told it first.
      if (e.Kind === 'allocated' || e.Kind === 'gateIn' || e.Kind === 'gateOut') {
        const allocated = await r.yard.allocated(orderNo, e.ContainerNo, e.At);
        // The order reached PB when its last container was allocated: one event per order.
        if (allocated?.whole) await events.publish('order.allocated', { orderNo, containerNos: allocated.containerNos, at });
      }
      if (e.Kind === 'gateIn') {
        if (await r.yard.gateIn(orderNo, e.ContainerNo, e.At))
          await events.publish('order.gatePassed', { orderNo, containerNo: e.ContainerNo, direction: 'in', at });
      } else if (e.Kind === 'gateOut') {
        if (await r.yard.gateOut(orderNo, e.ContainerNo, e.At)) {
          await events.publish('order.gatePassed', { orderNo, containerNo: e.ContainerNo, direction: 'out', at });
          const completed = await r.yard.complete(orderNo);
          if (completed) await events.publish('order.completed', { orderNo, at: completed.toISOString() });
        }
      } else if (e.Kind === 'gateRefused' && extension) {
        const out = await deps.extensions.save(r, events, extension);
        deps.log?.info({ order: orderNo, outcome: out.kind, ...('due' in out ? { extension: out.due.OrderNo } : {}) }, 'late truck');
      }
      return true;
    });
  }

  return {
    /** Reads every connection's new events (the job). */
    async importNew(maxPages = 20): Promise<YardImportResult> {
      const result: YardImportResult = { read: 0, applied: 0, failures: [] };
      const connections = new Map<string, TosConnection>();
      for (const terminal of await deps.repo.terminalsAwaitingYard()) {
        const conn = await deps.connection(terminal);
        if (conn) connections.set(`${conn.host}:${conn.port}:${conn.user}`, conn);
      }
      for (const [name, conn] of connections) {
        const key = yardCursorKey(name);
        let after = await deps.repo.cursor(key);
        for (let page = 0; page < maxPages; page++) {
          const r = await deps.tos.yardEvents(conn, { after, limit: YARD_FEED_PAGE });
          if (!r.ok) {
            result.failures.push({ connection: name, failure: r.failure });
            break;
          }
          for (const e of r.value.events) {
            result.read++;
            if (await apply(key, e)) result.applied++;
          }
          if (r.value.last <= after) break;
          after = r.value.last;
          if (!r.value.more) break;
        }
      }
      return result;
    },
  };
}
