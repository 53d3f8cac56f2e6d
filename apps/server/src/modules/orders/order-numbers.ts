/**
 * Order number in the demo's format: terminal code + port day YYMMDD + a 7-digit serial of that terminal and day
 * (e.g. NDP2611260000001). The PIN: port day + 5 digits + '-' + 2 digits (e.g. 26112604817-35); the part before the dash
 * is what people type and see.
 */
export function orderNoOf(terminal: string, day: string, serial: number): string {
  return `${terminal}${day}${String(serial).padStart(7, '0')}`;
}
export function pinOf(day: string, five: number, two: number): string {
  return `${day}${String(five).padStart(5, '0')}-${String(two).padStart(2, '0')}`;
}
