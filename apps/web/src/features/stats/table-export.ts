import { type MeasureChoice, measureValue, teuValue } from './measure-choice';
import { groups, type PeriodNode, type SubjectNode, type TerminalNode } from './ranking';
import type { ExportColumn, ExportRow } from './shared/excel-export';
import { statsText } from './shared/texts';
import type { Subject } from './subject';

const number = '#,##0';

/**
 * The rows of a statistics table export: every period, every terminal and (ranking) every ranked customer or user
 * after the filters, whatever is expanded on screen. Volume adds a TEU column; shares are numbers with 2 decimals.
 */
export function statsTableExport(
  tree: readonly PeriodNode[],
  choice: MeasureChoice,
  ranking?: { extraTitle: string; level3: (terminal: TerminalNode) => readonly SubjectNode<Subject>[] },
): { columns: ExportColumn[]; rows: ExportRow[] } {
  const columns: ExportColumn[] = [
    ...(ranking ? [{ title: statsText('dash.col.rank'), width: 8 }] : []),
    { title: ranking ? statsText('dash.col.period') : statsText('dash.col.periodTerminal'), width: 34 },
    ...(ranking ? [{ title: ranking.extraTitle, width: 24 }] : []),
    ...groups.map((g) => ({ title: statsText(`dash.col.${g}`), width: 16, numFmt: number })),
    { title: `${statsText('dash.col.total')}${choice === 'sum' ? ' (VNĐ)' : ''}`, width: 18, numFmt: number },
    ...(choice === 'vol' ? [{ title: 'TEU', width: 12, numFmt: number }] : []),
    { title: `${statsText('dash.col.share')} (%)`, width: 12, numFmt: '0.00' },
  ];
  const figures = (m: PeriodNode['measures']) => [
    ...groups.map((g) => measureValue(m, choice, g)),
    measureValue(m, choice),
    ...(choice === 'vol' ? [teuValue(m)] : []),
  ];
  const rows: ExportRow[] = [];
  for (const p of tree) {
    rows.push({ cells: [...(ranking ? [''] : []), p.period.label, ...(ranking ? [''] : []), ...figures(p.measures), 100], bold: true });
    for (const term of p.terminals) {
      rows.push({
        cells: [...(ranking ? [''] : []), term.TerminalCode, ...(ranking ? [''] : []), ...figures(term.measures), term.share],
        level: 1,
      });
      if (!ranking) continue;
      for (const n of ranking.level3(term)) {
        rows.push({ cells: [n.rank, n.subject.name, n.subject.extra, ...figures(n.measures), n.share], level: 2 });
      }
    }
  }
  return { columns, rows };
}
