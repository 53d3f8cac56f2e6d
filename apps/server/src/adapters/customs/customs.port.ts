import type { Customs363Row, Customs367Item } from '@smartport/contract';
import type { Unavailable } from '../outcome';

/** timeout → HTTP 504 for the user; the others are the gateway's own faults (HTTP 502). No address counts as unreachable. */
export type GatewayFailure = Exclude<Unavailable, 'not_configured'>;

/** What the customs adapter tells the service about one exchange: the outcome, and the raw texts for the request log. */
export interface GatewayExchange<T> {
  rawRequest: string;
  rawResponse: string;
  outcome: { ok: true; value: T } | { ok: false; failure: GatewayFailure };
}

export interface QueuedPoll {
  state: 'queued' | 'done' | 'failed';
  failure?: string;
  responseFunc?: number;
  item?: Customs367Item;
}

/** The port: the portal's view of the customs automated supervision system (VASSCM). */
export interface CustomsGateway {
  query367(items: { declareNo: string; office: string }[]): Promise<GatewayExchange<Customs367Item[]>>;
  query363(
    voyage: { vesselKey: string; vesselName: string; voyage: string; arrival: string | null },
    containers: string[],
  ): Promise<GatewayExchange<Omit<Customs363Row, 'userVoy'>[]>>;
  queue367(item: { declareNo: string; office: string }): Promise<GatewayExchange<{ msgId: string }>>;
  poll(msgId: string): Promise<GatewayExchange<QueuedPoll>>;
}
