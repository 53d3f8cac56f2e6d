import type { UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../../lib/session-queries';
import { useExportTerminal } from '../api';
import { downloadReportWorkbook } from '../shared/excel-export';
import type { PeriodValue } from '../shared/period';
import { useSilentPreload } from '../shared/preload';
import { terminalColor } from '../shared/terminal-colors';
import { STATS_NS } from '../shared/texts';
import {
  baseRequest,
  exportColumns,
  exportRows,
  initialMeasure,
  initialPeriod,
  initialTerminals,
  type ReportDeclaration,
  type ReportParts,
  type ReportRow,
  type ReportSource,
  sameRequest,
} from './define-report';

/**
 * A source over one React Query hook of the shown request: 'Tra cứu' collapses the table and asks (the same request
 * again: refetched); the preload warms the cache of the next 'Tra cứu' (the reports, spec 02 §4 "Reports").
 */
export function useAskedSource<Req, Data>(
  useAnswer: (asked: Req | null) => UseQueryResult<Data, Error>,
  preload: (request: Req) => Promise<unknown>,
): ReportSource<Req, Data> {
  const [asked, setAsked] = useState<Req | null>(null);
  const answer = useAnswer(asked);
  return {
    data: answer.data,
    asked,
    fetching: answer.isFetching,
    updatedAt: answer.dataUpdatedAt,
    error: answer.error,
    search: (request, shown) => {
      shown();
      if (sameRequest(asked, request)) void answer.refetch();
      else setAsked(request);
      return undefined;
    },
    preload,
  };
}

/**
 * The state of a declared report: controls, chosen measure, expanded rows, the source, 'Tra cứu' and the export.
 * `given`: the period of the screen around it (look 'part'), instead of its own pickers.
 */
export function useReport<Req, Data, M extends string, R extends ReportRow, F>(
  report: ReportDeclaration<Req, Data, M, R, F>,
  given?: PeriodValue,
) {
  const { t } = useTranslation(STATS_NS);
  const { message } = App.useApp();
  // A report without chips or export asks for neither the terminals nor the letterhead.
  const terminals = useTerminals(report.terminals !== false);
  const terminalRows = terminals.data ?? [];
  const letterhead = useExportTerminal(!!report.exportRange);
  const [ownPeriod, setPeriod] = useState<PeriodValue>(() => initialPeriod(report.periodDefaults, report.dates));
  const period = given ?? ownPeriod;
  const [chosen, setChosen] = useState<string[] | null>(null);
  // A report without cards has no measure.
  const [measure, setMeasure] = useState<M>(() => (report.measures ? initialMeasure(report.measures) : (undefined as unknown as M)));
  const [filter, setFilter] = useState<F>(() => report.filter?.initial as F);
  const [expanded, setExpanded] = useState<string[]>([]);
  const source = report.useSource();
  const terminalCodes = useMemo(() => terminalRows.map((x) => x.TerminalCode), [terminalRows]);
  const selected = report.terminals === false ? [] : (chosen ?? initialTerminals(terminalCodes, report.initiallyOff));

  const base = baseRequest(period, selected);
  const request = report.request ? report.request(base, filter, period) : (base as Req);
  useSilentPreload(request, source.preload, report.preloadWhen === 'some' ? terminalRows.length > 0 : terminals.isSuccess);

  const title = t(report.title);
  useEffect(() => {
    if (!report.documentTitle) return;
    const id = setTimeout(() => {
      document.title = title;
    });
    return () => clearTimeout(id);
  }, [title, report.documentTitle]);

  const loadFailed = report.loadFailed;
  useEffect(() => {
    if (!loadFailed || !source.error) return;
    void message.error(loadFailed === true ? source.error.message : t(loadFailed, { message: source.error.message }));
  }, [source.error, loadFailed, message, t]);

  // The first request is asked on opening (once: a later 'Tra cứu' asks again).
  const openRequest = useRef(report.asksOnOpen ? request : null);
  const openSearch = useRef(source.search);
  useEffect(() => {
    if (openRequest.current) void openSearch.current(openRequest.current, () => {});
  }, []);

  const colorOf = useMemo(() => {
    const server = new Map(terminalRows.map((x) => [x.TerminalCode, x.ChartColor]));
    return (code: string) => terminalColor(code, server.get(code));
  }, [terminalRows]);

  const parts: ReportParts<M, R> = report.useParts({
    t,
    data: source.data,
    asked: source.asked,
    measure,
    period,
    filter,
    colorOf,
    terminalCodes,
    fetching: source.fetching,
    source,
    request,
    expanded,
    onExpandedChange: setExpanded,
    onFilterChange: setFilter,
    // Asked on a click, after this render's parts are known.
    exportExcel: () => exportExcel(),
  });

  const search = async () => {
    if (parts.search) return parts.search();
    try {
      await source.search(request, () => setExpanded([]));
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const exportExcel = async () => {
    const asked = source.asked;
    const range = report.exportRange;
    const file = parts.exportFile;
    if (!asked || !range || !file || 'tables' in parts.table) return;
    const table = parts.table;
    const write = async () => {
      const { columns, rows } =
        'own' in table ? await table.export() : { columns: exportColumns(table.columns), rows: exportRows(table.rows, table.columns) };
      await downloadReportWorkbook(
        file.fileName,
        { title: file.title, range: range(asked), terminal: letterhead.data ?? null },
        columns,
        rows,
      );
    };
    const failed = report.exportFailed;
    if (!failed) return write();
    try {
      await write();
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      void message.error(failed === true ? text : t(failed, { message: text }));
    }
  };

  const canExport =
    parts.canExport ??
    (report.canExport ? report.canExport({ asked: source.asked, data: source.data, empty: parts.empty }) : !!source.asked && !parts.empty);

  return {
    t,
    title,
    terminals: terminalRows,
    terminalCodes,
    selected,
    setSelected: setChosen,
    period,
    setPeriod,
    measure,
    setMeasure,
    filter,
    setFilter,
    expanded,
    setExpanded,
    source,
    request,
    parts,
    search,
    exportExcel,
    canExport,
  };
}
