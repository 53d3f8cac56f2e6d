import type { PartnerDown, Unavailable } from './outcome';

const unavailable: ReadonlySet<string> = new Set<Unavailable>(['not_configured', 'timeout', 'unreachable', 'malformed', 'refused']);

/** Whether an outcome says the system could not be reached or answered wrongly (not a refusal in the system's own terms). */
export function isDown(outcome: unknown): outcome is PartnerDown {
  if (!outcome || typeof outcome !== 'object') return false;
  const o = outcome as { ok?: unknown; failure?: unknown };
  return o.ok === false && typeof o.failure === 'string' && unavailable.has(o.failure) && o.failure !== 'not_configured';
}

/**
 * The same port, told about every call whose outcome says the system is down (time-out, unreachable, malformed or
 * refused answer): `onDown` hears the method and the outcome (the connection alert mail). A system that is not
 * configured is not an outage. The caller still gets the outcome unchanged; `onDown` never delays or breaks it.
 */
export function watchOutcomes<T extends object>(port: T, onDown: (method: string, outcome: PartnerDown) => void): T {
  return new Proxy(port, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          return (result as Promise<unknown>).then((outcome) => {
            if (isDown(outcome)) {
              try {
                onDown(String(prop), outcome);
              } catch {
                // Telling about an outage never breaks the call that met it.
              }
            }
            return outcome;
          });
        }
        return result;
      };
    },
  });
}
