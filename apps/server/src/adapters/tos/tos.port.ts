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

/** The TOS refused the account; `detail` is its reason (for 'Không thể kết nối : {message}'). */
export type TosLoginRefused = { ok: false; failure: 'login_refused'; detail?: string };

/** The port: a terminal operating system, reached through one of the terminal's TOS connections. */
export interface TerminalOperatingSystem {
  /** 'Test connection' (common/tosTestLogin): can the portal log in with this connection? */
  testLogin(conn: TosConnection): Promise<{ ok: true } | TosLoginRefused | PartnerDown>;
  /** Vessel calls whose ETA lies in the range. */
  vesselSchedule(conn: TosConnection, range: { from: Date; to: Date }): Promise<Outcome<TosVesselCall[]> | TosLoginRefused>;
}
