import type { ColProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactNode } from 'react';
import type { EChartsOption } from '../shared/echarts';
import type { ExportCell, ExportColumn, ExportRow } from '../shared/excel-export';
import { currentPeriod, type PeriodType, type PeriodValue, requestRange } from '../shared/period';

/**
 * A statistics report as a declaration (spec 02 §2.3–2.7, §4, §9): what it asks (its source and request), what it
 * measures (the cards), what it draws (charts), what its expandable table and its Excel export show (one column list
 * for both). `useReport` holds the state every report has (period type and pickers, terminal chips, measure,
 * expanded rows, the asked request, silent preload, export); `ReportFrame` draws it. Pure parts are here, unit-tested.
 */

/** A source's answer as the frame needs it; `search` shows the request's answer, `preload` only warms the cache. */
export interface ReportSource<Req, Data> {
  data: Data | undefined;
  /** The request whose answer is shown (null before the first 'Tra cứu'). */
  asked: Req | null;
  fetching: boolean;
  /** When the shown answer came from the server (ms since the epoch; 0: none yet): 'Số liệu lúc hh:mm:ss'. */
  updatedAt: number;
  error: Error | null;
  /**
   * Asks for `request`; `shown` collapses the table (before the answer, or once it is shown, as the source does).
   * A source that waits for the answer resolves with it.
   */
  search: (request: Req, shown: () => void) => Promise<Data | undefined> | undefined;
  preload: (request: Req) => Promise<unknown>;
}

/** The period request every report starts from (spec 02 §7: loadType, terminalList, fromTime, toTime). */
export interface BaseRequest {
  loadType: PeriodType;
  terminalList: string[];
  fromTime: string;
  toTime: string;
}

/** What the declaration's parts see: the state of the controls and the shown answer. */
export interface ReportContext<Req, Data, M extends string, F> {
  t: TFunction;
  data: Data | undefined;
  asked: Req | null;
  measure: M;
  period: PeriodValue;
  filter: F;
  /** A terminal's chart colour (the server's, else the fixed one). */
  colorOf: (code: string) => string;
  /** The user's terminals in the server's order. */
  terminalCodes: readonly string[];
  fetching: boolean;
  /** The request of the controls as they are. */
  request: Req;
  /** The report's source (a report with its own 'Tra cứu' asks through it). */
  source: ReportSource<Req, Data>;
  /** The table's expanded rows (a report drawing its own table). */
  expanded: readonly string[];
  onExpandedChange: (keys: string[]) => void;
  /** Changes the report's filter (a filter drawn by the parts among their own controls, look 'side'). */
  onFilterChange: (next: F) => void;
  /**
   * The frame's export (letterhead, range, the table's rows, the failure message), for an export button the parts
   * draw themselves (`exportButton: 'table'`).
   */
  exportExcel: () => Promise<void>;
}

/** A row of the expandable table and of the export; `children` are the next level (period → terminal → …). */
export interface ReportRow {
  key: string;
  children?: ReportRow[];
}

/**
 * One column of the table and of the export. Without `render` it is in the export only, without `value` on screen
 * only; the export's header is `excelTitle` (default `title`).
 */
export interface ReportColumn<R> {
  key: string;
  title: ReactNode;
  excelTitle?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  render?: (row: R) => ReactNode;
  value?: (row: R) => ExportCell;
  excelWidth?: number;
  numFmt?: string;
}

/** A summary card: choosing it chooses the measure the charts and the table show. */
export interface ReportCard<M extends string> {
  measure: M;
  title: string;
  lines: readonly ReactNode[];
  /** The same period last year and the growth, under the figures (issue 27). */
  compare?: string;
  color?: string;
  icon?: ReactNode;
}

/** A chart in its own card (`title`), or bare (`title` undefined), in a column of the charts' row. */
export interface ReportChart {
  key: string;
  col: ColProps;
  title?: string;
  label: string;
  option: EChartsOption;
  empty: boolean;
  emptyText?: string;
  style?: CSSProperties;
}

/** The expandable table of a report (period → terminal → …), its columns also the export's. */
export interface DeclaredTable<R> {
  rows: readonly R[];
  columns: readonly ReportColumn<R>[];
  title?: string;
  scrollX: number;
  emptyText?: string;
}

/** One of several declared tables side by side (the personal summaries), each in its own titled card. */
export interface ReportTable<R> {
  key: string;
  col: ColProps;
  title: string;
  rows: readonly R[];
  columns: readonly ReportColumn<R>[];
  scrollX: number;
  emptyText?: string;
}

/**
 * A period of two dates only (no period type, spec 02 §7 personal summaries: fromDate, toDate), its pickers' labels
 * (text keys), format and defaults.
 */
export interface DatesPeriod {
  fromLabel: string;
  toLabel: string;
  format: string;
  defaults: (now?: Dayjs) => { from: Dayjs; to: Dayjs };
}

/** What a report shows for the current answer and measure. */
export interface ReportParts<M extends string, R extends ReportRow> {
  cards: readonly ReportCard<M>[];
  /** Declared charts, or the report's own drawing of them (drawn in one card). */
  charts: readonly ReportChart[] | { own: ReactNode };
  /** Declared table (rows and columns, also the export), or the report's own with its own export rows. */
  table: DeclaredTable<R> | { own: ReactNode; export: () => ReportExport | Promise<ReportExport> } | { tables: readonly ReportTable<R>[] };
  /** No rows to show: the export stays disabled. */
  empty: boolean;
  /** The export's file name (without .xlsx) and the title written in it (none: a report without export). */
  exportFile?: { fileName: string; title: string };
  /** The report's own 'Tra cứu' (the ranking: filters checked after the answer), instead of the source's. */
  search?: () => Promise<void>;
  /** Whether the export can be asked, when the report knows better than the declaration's `canExport`. */
  canExport?: boolean;
  /** The report's own controls in the side panel, before and after the terminal chips (look 'side'). */
  controls?: { before?: ReactNode; after?: ReactNode };
  /** Drawn after the report (its dialogs). */
  extra?: ReactNode;
}

/** The header row and rows of an export. */
export interface ReportExport {
  columns: ExportColumn[];
  rows: ExportRow[];
}

/**
 * A filter of the report's own (the usage report's job type), kept by the frame and put in the request; drawn by the
 * frame among the controls (looks 'page' and 'card'), or without `render` by the parts (`onFilterChange`).
 */
export interface ReportFilter<F> {
  initial: F;
  col?: ColProps;
  render?: (value: F, onChange: (next: F) => void) => ReactNode;
}

/** Where the side look's panel differs from the rankings' (the rating report, spec 02 §2.6.1). */
export interface SidePanel {
  /** The title as a heading above the padded page (as the look 'page'), the panel's card without title. */
  titleAbove?: boolean;
  /** The 'Cảng' caption above the chips (default true). */
  terminalsCaption?: boolean;
  /** Text key of the submit button, drawn without the search icon (default: 'Tra cứu' with it). */
  submit?: string;
  /** The panel's and the report's columns (default: lg 7 / 17, xl 6 / 18). */
  cols?: { panel: ColProps; main: ColProps };
}

export interface ReportDeclaration<Req, Data, M extends string, R extends ReportRow, F = undefined> {
  /** The title's text key in the 'stats' namespace (or a function of the filter-free context). */
  title: string;
  /** Defaults of the pickers per period type (spec 02 §2.4: the current period; MB: its own, §2.6.2). */
  periodDefaults?: (type: PeriodType) => PeriodValue;
  /** A period of two dates only, instead of the period type and its pickers. */
  dates?: DatesPeriod;
  /**
   * Terminal chips (default true); `{ list }`: a list of port checkboxes labelled by the text key `list`, each port
   * toggling its search-active flag (spec 02 §2.7); without them the request's terminalList is empty.
   */
  terminals?: boolean | { list: string };
  /** The shown answer is asked on opening, for the controls' first request (personal summaries). */
  asksOnOpen?: boolean;
  /** Terminals off in the first selection (MB: GML, §2.6.2). */
  initiallyOff?: readonly string[];
  /** The measures of the cards, in order; the first is chosen at first (none: a report without cards). */
  measures?: readonly M[];
  /** The cards are drawn hidden (spec 02 §2.7): the measure stays the first. */
  cardsHidden?: boolean;
  filter?: ReportFilter<F>;
  /** The request of the controls (default: the base period request). */
  request?: (base: BaseRequest, filter: F, period: PeriodValue) => Req;
  /** The report's calls: the shown answer and the silent preload. */
  useSource: () => ReportSource<Req, Data>;
  /** The silent preload waits for the terminals to be loaded, or for at least one terminal (the dashboards). */
  preloadWhen?: 'loaded' | 'some';
  /**
   * Text key of a failed load ({{message}}), or `true`: the error's own message; without it the source's error is
   * shown as it is, on 'Tra cứu'.
   */
  loadFailed?: string | true;
  /** Text key of a failed export ({{message}}), or `true`: the error's own message; without it, not caught. */
  exportFailed?: string | true;
  /** The range line of the export, from the asked request (none: no export button). */
  exportRange?: (asked: Req) => { from: string; to: string };
  /**
   * Where the export button is: among the controls (default), or in the report's own table ('table': the parts draw
   * it in their grid's toolbar and export through `ctx.exportExcel`).
   */
  exportButton?: 'controls' | 'table';
  /** Whether the export can be asked (default: an answer asked and rows to show). */
  canExport?: (state: { asked: Req | null; data: Data | undefined; empty: boolean }) => boolean;
  /** What the report shows, computed from the context (a hook: it may memoise). */
  useParts: (ctx: ReportContext<Req, Data, M, F>) => ReportParts<M, R>;
  /** The frame's columns (spec layouts): period controls, terminal chips, the buttons (looks 'page' and 'card'). */
  cols?: { period: ColProps; terminals: ColProps; actions: ColProps };
  /**
   * 'page': title above the controls' card, padded page, download icon, buttons to the right (the reports);
   * 'card': title in the controls' card, the chips under a 'Cảng' caption, Excel icon (the dashboard);
   * 'side': the controls in a side panel titled by the report, cards and table beside it (the rankings);
   * 'part': a part of another report's screen over its period (`<ReportFrame period>`), in one card titled by the
   * report: the terminals and the buttons in one line, the cards, the charts in a column beside the bare table (the
   * approval screen's §2.7 dashboard).
   */
  look?: 'page' | 'card' | 'side' | 'part';
  /** The side look's panel where it differs from the rankings'. */
  panel?: SidePanel;
  /** The document title is the report's title (the dashboard sets it after the menu entry's). */
  documentTitle?: boolean;
  /** Shown under the report (the approval screen's §2.7 dashboard), given the screen's period. */
  footer?: (period: PeriodValue) => ReactNode;
}

/** Declares a report; the identity function that checks the declaration's types. */
export function defineReport<Req, Data, M extends string, R extends ReportRow, F = undefined>(
  declaration: ReportDeclaration<Req, Data, M, R, F>,
): ReportDeclaration<Req, Data, M, R, F> {
  return declaration;
}

/**
 * The pickers at first: the month type with the report's defaults (the current month unless it says otherwise); a
 * report of two dates only holds them as the day type.
 */
export function initialPeriod(defaults: (type: PeriodType) => PeriodValue = currentPeriod, dates?: DatesPeriod): PeriodValue {
  if (dates) return { type: 'day', ...dates.defaults() };
  return defaults('month');
}

/** Two dates' default: the first day of the current month to today (personal summaries). */
export function monthToDate(now: Dayjs = dayjs()): { from: Dayjs; to: Dayjs } {
  return { from: now.startOf('month'), to: now.endOf('day') };
}

/** Two dates' default: the start of the current year to the end of today (the rating report, spec 02 §2.6.1). */
export function yearToDate(now: Dayjs = dayjs()): { from: Dayjs; to: Dayjs } {
  return { from: now.startOf('year'), to: now.endOf('day') };
}

/** The two dates' request: the first instant of the from-date to the last second of the to-date. */
export function datesRange(period: PeriodValue, format: string): { from: string; to: string } {
  return { from: period.from.startOf('day').format(format), to: period.to.endOf('day').format(format) };
}

/** The chips at first: every terminal of the user but those the report leaves off (spec 02 §2.6.2, §9). */
export function initialTerminals(codes: readonly string[], initiallyOff: readonly string[] = []): string[] {
  return codes.filter((c) => !initiallyOff.includes(c));
}

/** A port list's selection (spec 02 §2.7): the checked ports in the terminals' order, whatever order they were checked in. */
export function checkedTerminals(codes: readonly string[], checked: readonly string[]): string[] {
  return codes.filter((c) => checked.includes(c));
}

/** The measure at first: the report's first card (spec 02 §4: orders first; MB: the service fee). */
export function initialMeasure<M extends string>(measures: readonly M[]): M {
  const first = measures[0];
  if (first === undefined) throw new Error('A report declares at least one measure');
  return first;
}

/** The period request of the controls (spec 02 §7). */
export function baseRequest(period: PeriodValue, terminals: readonly string[]): BaseRequest {
  return { loadType: period.type, terminalList: [...terminals], ...requestRange(period) };
}

/** The export's header row of a declared table: the columns with a value, in order. */
export function exportColumns<R>(columns: readonly ReportColumn<R>[]): ExportColumn[] {
  return columns
    .filter((c) => c.value)
    .map((c) => ({
      title: c.excelTitle ?? String(c.title),
      ...(c.excelWidth === undefined ? {} : { width: c.excelWidth }),
      ...(c.numFmt === undefined ? {} : { numFmt: c.numFmt }),
    }));
}

/**
 * The export's rows of a declared table: every row at every level whatever is expanded on screen, depth first,
 * each with its level (outline and indent) and the top level in bold.
 */
export function exportRows<R extends ReportRow>(rows: readonly R[], columns: readonly ReportColumn<R>[]): ExportRow[] {
  const valued = columns.filter((c) => c.value);
  const out: ExportRow[] = [];
  const walk = (list: readonly R[], level: number) => {
    for (const row of list) {
      out.push({ level, bold: level === 0, cells: valued.map((c) => c.value?.(row)) });
      if (row.children?.length) walk(row.children as R[], level + 1);
    }
  };
  walk(rows, 0);
  return out;
}

/** Two requests are the same when their JSON is (a same 'Tra cứu' asks again instead of showing the cache). */
export const sameRequest = (a: unknown, b: unknown) => a !== null && JSON.stringify(a) === JSON.stringify(b);
