import { type RankedCustomer, type RankedUser, statsMessages } from '@smartport/contract';
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { App, Pagination, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  loadRanking,
  type PeriodRequest,
  PRELOAD_FRESH_MS,
  preloadRanking,
  type RankAnswer,
  type RankRequest,
  type SubjectKind,
  useOptionSearch,
  useRankingLoader,
  useRankings,
} from './api';
import { DetailModal, type DetailTarget } from './DetailModal';
import { measureCards } from './dashboard-parts';
import texts from './locales/vi.json';
import type { MeasureChoice } from './measure-choice';
import { cellTree, type PeriodNode, rankedNodes, type SubjectNode, sumMeasures, type TerminalNode } from './ranking';
import { defineReport, type ReportDeclaration, type ReportSource } from './report/define-report';
import { ReportFrame } from './report/ReportFrame';
import { exportRange } from './request';
import { type Level3, StatsTable } from './StatsTable';
import { type PeriodValue, rangeDates } from './shared/period';
import { registerStatsTexts } from './shared/texts';
import { rankedSubject, type Subject } from './subject';
import { TrendModal, type TrendTarget } from './TrendModal';
import { statsTableExport } from './table-export';

registerStatsTexts(texts);

/** Rank options (spec 02 §9): 3, 5, 10, all (0); default 5. */
const rankOptions = [3, 5, 10, 0] as const;
/** Ranked rows per page of a terminal's level 3 when the rank filter is 'all'. */
const PAGE_SIZE = 10;
/** Rows per page of the export's requests (the server's page limit). */
const EXPORT_PAGE = 50;

/** A chosen customer, user or sales person: its id, its name (the not-found notice's) and what the selector showed. */
interface Chosen {
  id: string;
  name: string;
  label: string;
}

/** What 'Tra cứu' fixed: the request, the period shown in titles, and the customer / user / sales-person filters. */
interface Searched {
  request: PeriodRequest;
  period: PeriodValue;
  subject: Chosen | null;
  sales: Chosen | null;
}

/** The request's figures per period × terminal (levels 1–2): every customer or user, one ranked row per cell. */
const totalsRequest = (r: PeriodRequest): RankRequest => ({ ...r, Measure: 'ord', Top: 1, Page: 1, PageSize: 1 });

/** crm/customer_ranking or crm/user_ranking as the report's source: 'Tra cứu' always asks the server. */
function rankSource(kind: SubjectKind) {
  return function useRankSource(): ReportSource<PeriodRequest, RankAnswer> {
    const queryClient = useQueryClient();
    const [asked, setAsked] = useState<PeriodRequest | null>(null);
    // What 'Tra cứu' just loaded is shown as it came, not asked a second time when the shown request changes.
    const [answer] = useRankings(kind, asked ? [totalsRequest(asked)] : [], PRELOAD_FRESH_MS);
    return {
      data: answer?.data,
      asked,
      fetching: !!answer?.isFetching,
      updatedAt: answer?.dataUpdatedAt ?? 0,
      error: null,
      search: async (request, shown) => {
        const data = await loadRanking(queryClient, kind, totalsRequest(request));
        setAsked(request);
        shown();
        return data;
      },
      preload: (request) => preloadRanking(queryClient, kind, totalsRequest(request)),
    };
  };
}

/** A server-searched selector (customers, users, sales people): options as the user types, the chosen one kept. */
function SearchSelect(props: {
  kind: SubjectKind;
  sales?: boolean;
  label: string;
  placeholder: string;
  value: Chosen | null;
  onChange: (v: Chosen | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useOptionSearch(props.kind, search, props.sales);
  const options = (found.data ?? []).map((o) => ({
    value: o.Id,
    label: props.sales ? o.Name : o.TaxCode ? `${o.Name} – ${o.TaxCode}` : `${o.Name} (${o.Id})`,
    name: o.Name,
  }));
  const kept = props.value;
  if (kept && !options.some((o) => o.value === kept.id)) options.unshift({ value: kept.id, label: kept.label, name: kept.name });
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {props.label}
      </Typography.Text>
      <Select
        aria-label={props.label}
        allowClear
        showSearch
        filterOption={false}
        onSearch={setTyped}
        placeholder={props.placeholder}
        value={props.value?.id ?? null}
        onChange={(v, option) => {
          const chosen = Array.isArray(option) ? option[0] : option;
          const id = String(v);
          props.onChange(v ? { id, name: chosen?.name || id, label: chosen?.label ?? id } : null);
          setTyped('');
        }}
        loading={found.isFetching}
        options={options}
        style={{ width: '100%' }}
      />
    </div>
  );
}

/**
 * 'Thống kê theo khách hàng' (/CRM/CustomerReport) and 'Thống kê theo người dùng' (/CRM/UserReport), spec 02 §2.4–2.5:
 * the period × terminal totals, and per terminal the customers or users ranked on the server, a page at a time,
 * loaded when the row is expanded. With a customer, user or sales person chosen the cards and rows are theirs.
 */
export function rankingReport(kind: SubjectKind): ReportDeclaration<PeriodRequest, RankAnswer, MeasureChoice, PeriodNode> {
  return defineReport<PeriodRequest, RankAnswer, MeasureChoice, PeriodNode>({
    title: kind === 'customer' ? 'dash.customerTitle' : 'dash.userTitle',
    look: 'side',
    documentTitle: true,
    measures: ['ord', 'sum', 'vol'],
    useSource: rankSource(kind),
    preloadWhen: 'some',
    exportRange,
    exportFailed: true,
    useParts: ({ t, data, measure: choice, period, request, source: totals, expanded, onExpandedChange: setExpanded }) => {
      const { message, modal } = App.useApp();
      const [rankLimit, setRankLimit] = useState<number>(5);
      const [subject, setSubject] = useState<Chosen | null>(null);
      const [sales, setSales] = useState<Chosen | null>(null);
      const [searched, setSearched] = useState<Searched | null>(null);
      /** Page of each terminal row's level 3 (rank filter 'all'). */
      const [pages, setPages] = useState<Record<string, number>>({});
      const [trend, setTrend] = useState<TrendTarget | null>(null);
      const [detail, setDetail] = useState<DetailTarget | null>(null);
      const load = useRankingLoader(kind);
      const title = kind === 'customer' ? t('dash.customerTitle') : t('dash.userTitle');
      const extraTitle = kind === 'customer' ? t('dash.col.customerType') : t('dash.col.sales');
      const describeIn = useMemo(() => {
        const one = rankedSubject(statsMessages.noAccount);
        return (answer: RankAnswer | undefined) => {
          const byId = new Map((answer?.subjects ?? []).map((s) => [(s as RankedCustomer).CustomerCode ?? (s as RankedUser).UserID, s]));
          return (id: string): Subject => {
            const s = byId.get(id);
            return s ? one(s) : { id, name: id, extra: '' };
          };
        };
      }, []);

      // Rank limit forced to all when a customer, user or sales person is chosen (spec 02 §4).
      const filtering = !!(subject || sales);
      const effectiveRank = filtering ? 0 : rankLimit;

      /** The searched request narrowed to the chosen customer, user or sales person (none: every one). */
      const narrowed = (s: Searched): PeriodRequest & Partial<RankRequest> => ({
        ...s.request,
        ...(s.subject ? (kind === 'customer' ? { CustomerCode: s.subject.id } : { UserID: s.subject.id }) : {}),
        ...(s.sales ? { SalesUserID: s.sales.id } : {}),
      });
      const chosenRank = searched?.subject || searched?.sales ? 0 : effectiveRank;
      // With a filter, the whole range at once (rows forced open): the cells' totals are the chosen one's.
      const bulkRequest: RankRequest | null =
        searched && (searched.subject || searched.sales)
          ? { ...narrowed(searched), Measure: choice, Top: 0, Page: 1, PageSize: PAGE_SIZE }
          : null;
      const [bulkAnswer] = useRankings(kind, bulkRequest ? [bulkRequest] : []);
      const bulk = bulkRequest ? bulkAnswer?.data : undefined;
      const shown = bulkRequest ? bulk : data;

      const tree: PeriodNode[] = useMemo(() => (shown ? cellTree(shown.data, shown.periods, choice) : []), [shown, choice]);
      const measures = useMemo(
        () => (shown ? sumMeasures(Object.values(shown.data).flatMap((cells) => cells.map((c) => c.Measures))) : null),
        [shown],
      );

      // Level 3, one request per expanded terminal row and page (a filtered search's first pages came with it).
      const cellRequest = (term: TerminalNode): RankRequest | null => {
        if (!searched) return null;
        const page = pages[term.key] ?? 1;
        if (bulkRequest && page === 1) return null;
        return {
          ...narrowed(searched),
          terminalList: [term.TerminalCode],
          fromTime: term.period.FromDate,
          toTime: term.period.ToDate,
          Measure: choice,
          Top: chosenRank,
          Page: page,
          PageSize: PAGE_SIZE,
        };
      };
      const expandedTerminals = tree.flatMap((p) => p.terminals).filter((term) => expanded.includes(term.key) && cellRequest(term));
      const cellAnswers = useRankings(
        kind,
        expandedTerminals.map((term) => cellRequest(term) as RankRequest),
      );
      const periodTotal = (term: TerminalNode) => tree.find((p) => p.period.label === term.period.label)?.value ?? 0;
      const level3 = (term: TerminalNode): Level3 => {
        const i = expandedTerminals.findIndex((x) => x.key === term.key);
        const answer = i >= 0 ? cellAnswers[i]?.data : bulk;
        if (!answer) return { loading: true, rows: [] };
        const cell = (answer.data[term.period.label] ?? []).find((c) => c.TerminalCode === term.TerminalCode);
        const rows = rankedNodes(cell, describeIn(answer), choice, periodTotal(term), term.key);
        const count = cell?.Count ?? 0;
        const page = pages[term.key] ?? 1;
        const more =
          count > PAGE_SIZE ? (
            <Pagination
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={count}
              showSizeChanger={false}
              showTotal={(n, [a, b]) => t('dash.rankPage', { from: a, to: b, count: n })}
              onChange={(p) => setPages((x) => ({ ...x, [term.key]: p }))}
            />
          ) : undefined;
        return { loading: false, rows, more };
      };

      const notFound = (text: string) =>
        modal.error({
          title: <span style={{ color: '#cf1322' }}>{t('dash.notice')}</span>,
          content: text,
          okText: t('dash.confirm'),
          autoFocusButton: 'ok',
          okButtonProps: { danger: true },
        });

      const search = async () => {
        // The rows of the last answer close at once: what opens next is this search's.
        setExpanded([]);
        try {
          await totals.search(request, () => {});
          const next: Searched = { request, period, subject, sales };
          setSearched(next);
          setExpanded([]);
          setPages({});
          if (!subject && !sales) return;
          const all = await load({ ...narrowed(next), Measure: choice, Top: 0, Page: 1, PageSize: PAGE_SIZE });
          const forced = cellTree(all.data, all.periods, choice);
          setExpanded(forced.flatMap((p) => [p.key, ...p.terminals.map((x) => x.key)]));
          const any = Object.values(all.data).some((cells) => cells.some((c) => c.Rows.length));
          if (any) return;
          if (subject)
            notFound(kind === 'customer' ? statsMessages.notFoundCustomer(subject.name) : statsMessages.notFoundUser(subject.name));
          else if (sales) notFound(statsMessages.notFoundSales(sales.name));
        } catch (e) {
          // A newer 'Tra cứu' took the rows over (its answer cancelled this one's): nothing to say.
          if (isCancelledError(e)) return;
          void message.error((e as Error).message);
        }
      };

      const openTrend = (node: SubjectNode<Subject>) => {
        if (!searched) return;
        const dates = rangeDates(searched.period);
        setTrend({
          name: node.subject.name,
          request: { ...searched.request, ...(kind === 'customer' ? { CustomerCode: node.subject.id } : { UserID: node.subject.id }) },
          terminals: searched.request.terminalList ?? [],
          from: dates.from,
          to: dates.to,
        });
      };

      const openDetail = (node: SubjectNode<Subject>, term: TerminalNode) =>
        setDetail({
          subject: node.subject,
          TerminalCode: term.TerminalCode,
          FromDate: term.period.FromDate,
          ToDate: term.period.ToDate,
          label: term.period.label,
        });

      /** Every ranked row the export shows (the rank filter's, or every page of 'all'), asked a page at a time. */
      const exportLevel3 = async () => {
        const s = searched as Searched;
        const top = chosenRank;
        const pageSize = top ? Math.min(top, EXPORT_PAGE) : EXPORT_PAGE;
        const cells = new Map<string, SubjectNode<Subject>[]>();
        for (let page = 1; ; page++) {
          const answer = await load({ ...narrowed(s), Measure: choice, Top: top, Page: page, PageSize: pageSize });
          const describe = describeIn(answer);
          let more = false;
          for (const p of tree) {
            for (const term of p.terminals) {
              const cell = (answer.data[p.period.label] ?? []).find((c) => c.TerminalCode === term.TerminalCode);
              const list = cells.get(term.key) ?? [];
              list.push(...rankedNodes(cell, describe, choice, p.value, term.key));
              cells.set(term.key, list);
              if ((cell?.Count ?? 0) > page * pageSize) more = true;
            }
          }
          if (!more) break;
        }
        return cells;
      };

      const subjectLabel = kind === 'customer' ? t('dash.customer') : t('dash.user');
      const exportTitle = t(kind === 'customer' ? 'dash.exportCustomer' : 'dash.exportUser', { measure: t(`dash.measureUpper.${choice}`) });
      return {
        cards: measureCards(t, measures),
        charts: [],
        table: {
          own: (
            <StatsTable
              label={title}
              tree={tree}
              choice={choice}
              expanded={expanded}
              onExpandedChange={setExpanded}
              ranking={{ extraTitle, level3, onRank: openTrend, onDetail: openDetail }}
            />
          ),
          export: async () => {
            const cells = await exportLevel3();
            return statsTableExport(tree, choice, { extraTitle, level3: (term) => cells.get(term.key) ?? [] });
          },
        },
        empty: !tree.length,
        exportFile: { fileName: exportTitle, title: exportTitle },
        search,
        canExport: !!searched,
        controls: {
          before: (
            <>
              <SearchSelect
                kind={kind}
                label={subjectLabel}
                placeholder={kind === 'customer' ? t('dash.customerPlaceholder') : t('dash.userPlaceholder')}
                value={subject}
                onChange={setSubject}
              />
              {kind === 'user' && (
                <SearchSelect
                  kind="user"
                  sales
                  label={t('dash.salesPerson')}
                  placeholder={t('dash.salesPlaceholder')}
                  value={sales}
                  onChange={setSales}
                />
              )}
            </>
          ),
          after: (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {t('dash.rankFilter')}
              </Typography.Text>
              <Radio.Group
                aria-label={t('dash.rankFilter')}
                value={effectiveRank}
                disabled={filtering}
                onChange={(e) => setRankLimit(Number(e.target.value))}
                optionType="button"
                size="small"
                options={rankOptions.map((n) => ({ value: n, label: t(`dash.rank.${n}`) }))}
              />
            </div>
          ),
        },
        extra: (
          <>
            <TrendModal kind={kind} target={trend} choice={choice} onClose={() => setTrend(null)} />
            <DetailModal kind={kind} target={detail} onClose={() => setDetail(null)} />
          </>
        ),
      };
    },
  });
}

const reports = { customer: rankingReport('customer'), user: rankingReport('user') };

export function RankingReport({ kind }: { kind: SubjectKind }) {
  return <ReportFrame report={reports[kind]} />;
}
