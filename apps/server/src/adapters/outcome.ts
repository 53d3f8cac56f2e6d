/**
 * What every port answers: the portal's own words for how a call to an external system went.
 * Adapters never throw for a partner's fault; they return one of these, and the service turns it
 * into the user's message (a time-out is an answer, not an exception).
 */

/** Why an external system gave no usable answer. */
export type Unavailable =
  /** No address (or key) is configured for the system. */
  | 'not_configured'
  /** The address is refused by the outbound policy (security/outbound-policy.ts): never connected to. */
  | 'not_allowed'
  /** No complete answer within the adapter's time limit. */
  | 'timeout'
  /** The connection failed (refused, reset, name not found). */
  | 'unreachable'
  /** An answer came but is not what the system's API promises (fails its zod schema). */
  | 'malformed'
  /** The system answered with an error the port has no more precise outcome for. */
  | 'refused';

export interface PartnerDown {
  ok: false;
  failure: Unavailable;
  /** The system's own words (its error message), for the log; the service decides what the user sees. */
  detail?: string;
}

export type Outcome<T> = { ok: true; value: T } | PartnerDown;

export const down = (failure: Unavailable, detail?: string): PartnerDown => ({ ok: false, failure, ...(detail ? { detail } : {}) });
