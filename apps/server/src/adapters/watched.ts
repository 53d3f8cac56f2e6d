import type { PartnerDown, Unavailable } from './outcome';

const unavailable: ReadonlySet<string> = new Set<Unavailable>(['not_configured', 'timeout', 'unreachable', 'malformed', 'refused']);

/** Whether an outcome says the system could not be reached or answered wrongly (not a refusal in the system's own terms). */
export function isDown(outcome: unknown): outcome is PartnerDown {
  if (!outcome || typeof outcome !== 'object') return false;
  const o = outcome as { ok?: unknown; failure?: unknown };
  return o.ok === false && typeof o.failure === 'string' && unavailable.has(o.failure) && o.failure !== 'not_configured';
}

/** Whether an outcome says the system answered (a success, or a refusal in its own terms such as a wrong password). */
function isUp(outcome: unknown): boolean {
  if (!outcome || typeof outcome !== 'object' || !('ok' in outcome)) return false;
  const o = outcome as { ok?: unknown; failure?: unknown };
  return o.ok === true || (o.ok === false && typeof o.failure === 'string' && !unavailable.has(o.failure) && o.failure !== 'not_allowed');
}

/**
 * The same port, told about every call whose outcome says the system is down (time-out, unreachable, malformed or
 * refused answer): `onDown` hears the method and the outcome (the connection alert mail); and about every call the
 * system answered (`onUp`: the end of an outage). A system that is not configured is neither. The caller still gets
 * the outcome unchanged; `onDown` and `onUp` never delay or break it.
 */
export function watchOutcomes<T extends object>(
  port: T,
  onDown: (method: string, outcome: PartnerDown) => void,
  onUp?: (method: string) => void,
): T {
  return new Proxy(port, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          return (result as Promise<unknown>).then((outcome) => {
            try {
              if (isDown(outcome)) onDown(String(prop), outcome);
              else if (onUp && isUp(outcome)) onUp(String(prop));
            } catch {
              // Telling about an outage never breaks the call that met it.
            }
            return outcome;
          });
        }
        return result;
      };
    },
  });
}
