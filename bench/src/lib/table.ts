// The one table `npm run bench` prints: every row provider's rows, in the order of the providers.

/** One measured line: what was measured, on which database, the figures, and the ratio that counts. */
export interface BenchRow {
  /** Short stable name; the smoke test checks every expected key was printed. */
  key: string;
  /** What the row measures, in words. */
  label: string;
  /** 'PGlite', 'PostgreSQL', or '—' when the database does not matter (bytes of a route). */
  db: string;
  /** Absolute figures (medians of the runs). */
  figures: string;
  /** The ratio measured side by side in the same run (e.g. portal ÷ bare), when there is a baseline. */
  ratio?: string;
  /** The budget (docs/performance.md), when there is one. */
  budget?: string;
  /** Whether the budget was met; undefined when there is no budget or nothing to judge. */
  met?: boolean;
}

/** What a row provider is handed: the run's scale, its databases, and the shared running portals. */
export interface RowProvider {
  /** Name shown while the provider runs. */
  name: string;
  /** Keys of the rows it prints (the smoke test checks each was printed). */
  keys: readonly string[];
  /**
   * Its rows for one database; run once per database in turn (PGlite, then PostgreSQL when asked for), with the
   * bench database's portal shared through `ctx.portal(target)`. A provider whose rows do not depend on the
   * database answers only for `ctx.targets[0]`.
   */
  rows(ctx: import('./context').BenchContext, target: import('./context').Target): Promise<BenchRow[]>;
}

const width = (rows: string[][], i: number) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length));
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));

/** A plain-text table (also valid Markdown), one line per row. */
export function formatTable(rows: readonly BenchRow[]): string {
  const head = ['Hạng mục', 'CSDL', 'Số đo (trung vị)', 'Tỉ lệ', 'Ngân sách', 'Đạt'];
  const body = rows.map((r) => [
    `${r.label} [${r.key}]`,
    r.db,
    r.figures,
    r.ratio ?? '—',
    r.budget ?? '—',
    r.met === undefined ? '—' : r.met ? 'đạt' : 'CHƯA ĐẠT',
  ]);
  const all = [head, ...body];
  const widths = head.map((_, i) => width(all, i));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i] as number)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
