import type { GateRefusal } from '@smartport/contract';
import type { Outcome, PartnerDown } from '../outcome';

/** One TOS connection as the terminal configuration holds it (spec 03 §2.4: host, port, user, password). */
export interface TosConnection {
  /** A host name or address; `https://host` for a TOS served over TLS. */
  host: string;
  port: number;
  user: string;
  password: string;
}

/** A vessel call as the TOS schedules it, in the portal's names. */
export interface TosVesselCall {
  VesselKey: string;
  VesselName: string;
  VesselImVoy: string;
  VesselExVoy: string;
  ETA: Date;
  ETD: Date | null;
  Berth: string | null;
  /** Berthed already (true) or still expected. */
  Berthed: boolean;
}

/** An order made at a terminal's own counter, as the TOS order feed gives it (portal names). */
export interface TosOrder {
  /** The feed's sequence number (ask after the last one read). */
  seq: number;
  OrderNo: string;
  TerminalCode: string;
  CustomerCode: string;
  JobModeCode: string;
  TotalAmount: number;
  CreatedTime: Date;
  containers: { ContainerNo: string; IsoSizetype: string; FE: string; Teu: number }[];
}

/** A page of the order feed: the orders after `after`, the sequence number to continue from, and whether more wait. */
export interface TosOrderPage {
  orders: TosOrder[];
  last: number;
  more: boolean;
}

/** The TOS refused the account; `detail` is its reason (for 'Không thể kết nối : {message}'). */
export type TosLoginRefused = { ok: false; failure: 'login_refused'; detail?: string };

/** The port: a terminal operating system, reached through one of the terminal's TOS connections. */
export interface TerminalOperatingSystem extends TosOrderDesk {
  /** 'Test connection' (common/tosTestLogin): can the portal log in with this connection? */
  testLogin(conn: TosConnection): Promise<{ ok: true } | TosLoginRefused | PartnerDown>;
  /** Vessel calls whose ETA lies in the range. */
  vesselSchedule(conn: TosConnection, range: { from: Date; to: Date }): Promise<Outcome<TosVesselCall[]> | TosLoginRefused>;
  /** TOS-side orders after sequence number `after` (0 = from the start), oldest first. */
  orderFeed(conn: TosConnection, page: { after: number; limit: number }): Promise<Outcome<TosOrderPage> | TosLoginRefused>;
  /** The yard's events about the portal's orders after sequence number `after` (0 = from the start), oldest first. */
  yardEvents(conn: TosConnection, page: { after: number; limit: number }): Promise<Outcome<TosYardEventPage> | TosLoginRefused>;
}

/**
 * A yard fact about a container of a portal order, in the portal's names: allocated (PB), passed the gate in or out,
 * or refused at the gate (why: the TOS's code mapped to the portal's). `At` is the TOS's time.
 */
export interface TosYardEvent {
  seq: number;
  Kind: 'allocated' | 'gateIn' | 'gateOut' | 'gateRefused';
  /** Null for a refusal of a PIN or QR the TOS could not tie to an order. */
  OrderNo: string | null;
  ContainerNo: string | null;
  At: Date;
  Refusal: GateRefusal | null;
  /** The TOS's own words for a refusal. */
  Detail: string | null;
}

/** A page of yard events, as the order feed's pages. */
export interface TosYardEventPage {
  events: TosYardEvent[];
  last: number;
  more: boolean;
}

/** An approved portal order as the TOS receives it: every code already in the TOS's words (job-mode and tariff mappings). */
export interface TosOrderDelivery {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  CustomerCode: string;
  OperationCode: string | null;
  VesselKey: string | null;
  BLNo: string | null;
  BookingNo: string | null;
  /** The depot the empties are picked up from / returned to (empty pickup / return, DepotSelect on), else null. */
  DepotCode: string | null;
  ExpDate: Date | null;
  TotalAmount: number;
  /** An extension order (gia hạn): the order whose expiry it moves to its own. */
  ExtendsOrderNo: string | null;
  containers: {
    ContainerNo: string;
    IsoSizetype: string;
    FE: string;
    CargoTypeCode: string | null;
    /** The TOS job code of this container (mapping_job_modes: job mode × size × cargo type). */
    TosJobCode: string;
  }[];
  charges: { ContainerNo: string | null; TariffCode: string; TosTariffCode: string; Amount: number }[];
}

/** The TOS refused the order in its own terms (unknown code, container not in the yard…): not an outage. */
export type TosOrderRefused = { ok: false; failure: 'order_refused'; detail: string };

/** The port, continued: delivering approved orders. */
export interface TosOrderDesk {
  /** Sends an approved order; the TOS answers its own order number. Sending the same order again gives the same answer. */
  sendOrder(conn: TosConnection, order: TosOrderDelivery): Promise<Outcome<{ tosOrderNo: string }> | TosOrderRefused | TosLoginRefused>;
  /** Tells the TOS an order it holds is cancelled (an order it does not hold is already cancelled). */
  cancelOrder(
    conn: TosConnection,
    orderNo: string,
    reason: string,
  ): Promise<{ ok: true } | TosOrderRefused | TosLoginRefused | PartnerDown>;
}
