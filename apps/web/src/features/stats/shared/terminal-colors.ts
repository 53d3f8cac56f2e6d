/**
 * Each terminal's fixed chart colour (spec 02 §1). The server sends the same colour with the terminal list
 * (`TerminalRow.ChartColor`); this map is used when a row carries no colour, so a chart never changes a
 * terminal's colour between screens or between two loads.
 */
export const terminalColors: Readonly<Record<string, string>> = {
  NDP: '#1f77b4',
  NDV: '#ff7f0e',
  NHP: '#2ca02c',
  NHI: '#d62728',
  GML: '#9467bd',
  BDP: '#8c564b',
  VMD: '#e377c2',
  ASL: '#7f7f7f',
  STD: '#bcbd22',
  PMD: '#17becf',
  PIP: '#393b79',
  IC3: '#637939',
  GNL: '#ad494a',
};

/** Colours for a terminal code the map does not know: chosen by the code, so still the same on every chart. */
const spare = ['#5470c6', '#91cc75', '#fac858', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

/** The red of the 'total' line on the trend charts. */
export const TOTAL_LINE_COLOR = '#e02020';

export function terminalColor(code: string, fromServer?: string | null): string {
  if (fromServer && /^#[0-9a-f]{3,8}$/i.test(fromServer)) return fromServer;
  const fixed = terminalColors[code];
  if (fixed) return fixed;
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return spare[h % spare.length] as string;
}
