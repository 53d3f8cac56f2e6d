/**
 * The PIN as every screen shows it (spec 02 §3: "part before a dash is shown"). The suffix after the dash stays on the
 * server (the gate and the TOS read the whole PIN); nothing a person reads carries it.
 */
export function shownPin(pin: string | null | undefined): string {
  return (pin ?? '').split('-')[0] ?? '';
}
