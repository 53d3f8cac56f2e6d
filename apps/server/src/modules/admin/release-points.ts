import { commaParts } from '@smartport/contract';

/**
 * Release points by block (spec 03 §2.5 'Cấu hình điểm thu phí theo block'): where a truck's papers for a container are
 * released (the fee collection point), picked by the yard block the container stands in.
 */
export interface ReleasePointRow {
  DIEMPH: string;
  NAME: string;
  BLOCK_PREFIX: string;
  ENABLE: boolean;
}

/** The release point as the order screens, the gate pass and the invoice print name it. */
export interface ReleasePoint {
  DIEMPH: string;
  NAME: string;
  /** 'TP01 – Cổng 1 – bãi A'. */
  Label: string;
}

/**
 * The release point of a container in `block`: of the terminal's enabled points whose block prefixes include the
 * block's first 3 characters, the one with the smallest code (docs/decisions.md "Release point of a container"); null
 * when the block is unknown or no enabled point serves it. A disabled point is skipped.
 */
export function pickReleasePoint(points: readonly ReleasePointRow[], block: string | null | undefined): ReleasePoint | null {
  const prefix = (block ?? '').trim().toUpperCase().slice(0, 3);
  if (prefix.length < 3) return null;
  const serving = points
    .filter((p) => p.ENABLE && commaParts(p.BLOCK_PREFIX).includes(prefix))
    .sort((a, b) => (a.DIEMPH < b.DIEMPH ? -1 : a.DIEMPH > b.DIEMPH ? 1 : 0));
  const first = serving[0];
  return first ? { DIEMPH: first.DIEMPH, NAME: first.NAME, Label: `${first.DIEMPH} – ${first.NAME}` } : null;
}
