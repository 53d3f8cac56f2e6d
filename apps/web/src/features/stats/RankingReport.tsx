import { type CustomerStatsRow, statsMessages, type UserStatsRow } from '@smartport/contract';
import { App, Radio, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  type ByPeriod,
  type PeriodRequest,
  type SubjectKind,
  type SubjectRequest,
  type SubjectRow,
  useSubjectGroups,
  useSubjectOptions,
  useSubjectsLoader,
} from './api';
import { DetailModal, type DetailTarget } from './DetailModal';
import { measureCards } from './dashboard-parts';
import texts from './locales/vi.json';
import type { MeasureChoice } from './measure-choice';
import { type OrderStats, useOrderSource } from './order-source';
import {
  filterSubjects,
  type PeriodNode,
  periodTree,
  rangeMeasures,
  rankSubjects,
  rowsOf,
  type SubjectNode,
  type TerminalNode,
} from './ranking';
import { defineReport, type ReportDeclaration } from './report/define-report';
import { ReportFrame } from './report/ReportFrame';
import { exportRange } from './request';
import { type Level3, StatsTable } from './StatsTable';
import { type PeriodValue, rangeDates, requestRange } from './shared/period';
import { registerStatsTexts } from './shared/texts';
import { customerSubject, type Subject, salesPeopleOf, userSubject } from './subject';
import { TrendModal, type TrendTarget } from './TrendModal';
import { statsTableExport } from './table-export';

registerStatsTexts(texts);

/** Rank options (spec 02 §9): 3, 5, 10, all (0); default 5. */
const rankOptions = [3, 5, 10, 0] as const;

/** What 'Tra cứu' fixed: the request, the period shown in titles, and the customer / user / sales-person filters. */
interface Searched {
  request: PeriodRequest;
  period: PeriodValue;
  subject: Subject | null;
  sales: { id: string; name: string } | null;
}

const idOf = (r: SubjectRow<SubjectKind>) => ('CustomerCode' in r ? r.CustomerCode : (r as UserStatsRow).UserID);

/** A (period, terminal) row's request for its customers or users: that terminal and the period's bounds. */
function groupRequest(request: PeriodRequest, term: TerminalNode): SubjectRequest {
  return { ...request, terminalList: [term.TerminalCode], fromTime: term.period.FromDate, toTime: term.period.ToDate };
}

/**
 * 'Thống kê theo khách hàng' (/CRM/CustomerReport) and 'Thống kê theo người dùng' (/CRM/UserReport), spec 02 §2.4–2.5:
 * the period × terminal totals, and per terminal the ranked customers or users, loaded when the row is expanded.
 */
export function rankingReport(kind: SubjectKind): ReportDeclaration<PeriodRequest, OrderStats, MeasureChoice, PeriodNode> {
  return defineReport<PeriodRequest, OrderStats, MeasureChoice, PeriodNode>({
    title: kind === 'customer' ? 'dash.customerTitle' : 'dash.userTitle',
    look: 'side',
    documentTitle: true,
    measures: ['ord', 'sum', 'vol'],
    useSource: useOrderSource,
    preloadWhen: 'some',
    exportRange,
    exportFailed: true,
    useParts: ({ t, data, measure: choice, period, request, source: totals, expanded, onExpandedChange: setExpanded }) => {
      const { message, modal } = App.useApp();
      const [rankLimit, setRankLimit] = useState<number>(5);
      const [subjectId, setSubjectId] = useState<string | null>(null);
      const [salesId, setSalesId] = useState<string | null>(null);
      const [searched, setSearched] = useState<Searched | null>(null);
      /** The whole range's customer or user rows, loaded at once when rows are forced open. */
      const [bulk, setBulk] = useState<ByPeriod<SubjectRow<SubjectKind>> | null>(null);
      const [trend, setTrend] = useState<TrendTarget | null>(null);
      const [detail, setDetail] = useState<DetailTarget | null>(null);
      const loadSubjects = useSubjectsLoader(kind);
      const title = kind === 'customer' ? t('dash.customerTitle') : t('dash.userTitle');
      const extraTitle = kind === 'customer' ? t('dash.col.customerType') : t('dash.col.sales');
      const describe = useMemo(
        () =>
          kind === 'customer'
            ? (rows: readonly SubjectRow<SubjectKind>[]) => customerSubject(rows as CustomerStatsRow[])
            : (rows: readonly SubjectRow<SubjectKind>[]) => userSubject(statsMessages.noAccount)(rows as UserStatsRow[]),
        [],
      );

      // The selectors' customers or users (and sales people): those with figures in the chosen range.
      const options = useSubjectOptions(kind, requestRange(period));
      const optionRows = useMemo(() => Object.values(options.data?.data ?? {}).flat() as SubjectRow<SubjectKind>[], [options.data]);
      const subjects = useMemo(() => {
        const byId = new Map<string, SubjectRow<SubjectKind>[]>();
        for (const r of optionRows) byId.set(idOf(r), [...(byId.get(idOf(r)) ?? []), r]);
        return [...byId.values()].map((rows) => describe(rows)).sort((a, b) => a.name.localeCompare(b.name, 'vi'));
      }, [optionRows, describe]);
      const salesPeople = useMemo(() => (kind === 'user' ? salesPeopleOf(optionRows as UserStatsRow[]) : []), [optionRows]);

      // Rank limit forced to all when a customer, user or sales person is chosen (spec 02 §4).
      const filtering = !!(subjectId || salesId);
      const effectiveRank = filtering ? 0 : rankLimit;

      const tree: PeriodNode[] = useMemo(() => (data ? periodTree(data.data, data.periods, choice) : []), [data, choice]);
      const measures = useMemo(() => (data ? rangeMeasures(data.data) : null), [data]);

      const match = useMemo(() => {
        const s = searched?.subject;
        const sales = searched?.sales;
        if (!s && !sales) return undefined;
        return (x: Subject) =>
          (!s || (kind === 'customer' ? (x.TaxCode ?? x.id) === (s.TaxCode ?? s.id) : x.id === s.id)) &&
          (!sales || (x.salesIds ?? []).includes(sales.id));
      }, [searched]);

      const rankedIn = (rows: readonly SubjectRow<SubjectKind>[], term: TerminalNode) => {
        const periodTotal = tree.find((p) => p.period.label === term.period.label)?.value ?? 0;
        return filterSubjects(
          rankSubjects(rows, idOf, describe, choice, periodTotal, term.key),
          searched?.subject || searched?.sales ? 0 : effectiveRank,
          match,
        );
      };

      // Level 3, one request per expanded terminal row (none while the whole range is loaded at once).
      const expandedTerminals = useMemo(() => {
        if (!searched || bulk) return [];
        return tree.flatMap((p) => p.terminals).filter((term) => expanded.includes(term.key));
      }, [tree, expanded, searched, bulk]);
      const groupAnswers = useSubjectGroups(
        kind,
        expandedTerminals.map((term) => groupRequest(searched?.request as PeriodRequest, term)),
      );
      const level3 = (term: TerminalNode): Level3 => {
        if (bulk) return { loading: false, rows: rankedIn(rowsOf(bulk.data, term.period.label, term.TerminalCode), term) };
        const i = expandedTerminals.findIndex((x) => x.key === term.key);
        const answer = groupAnswers[i];
        if (!answer?.data) return { loading: true, rows: [] };
        return { loading: false, rows: rankedIn(rowsOf(answer.data.data, term.period.label, term.TerminalCode), term) };
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
        const subject = subjectId ? (subjects.find((s) => s.id === subjectId) ?? null) : null;
        const sales = salesId ? (salesPeople.find((s) => s.id === salesId) ?? null) : null;
        try {
          const answer = (await totals.search(request, () => {})) as OrderStats;
          setSearched({ request, period, subject, sales });
          setExpanded([]);
          setBulk(null);
          if (!subject && !sales) return;
          const all = await loadSubjects(request);
          setBulk(all);
          setExpanded(periodTree(answer.data, answer.periods, choice).flatMap((p) => [p.key, ...p.terminals.map((x) => x.key)]));
          const rows = Object.values(all.data).flat() as SubjectRow<SubjectKind>[];
          const present = new Map<string, SubjectRow<SubjectKind>[]>();
          for (const r of rows) present.set(idOf(r), [...(present.get(idOf(r)) ?? []), r]);
          const found = [...present.values()].map((list) => describe(list));
          const has = (pred: (x: Subject) => boolean) => found.some(pred);
          if (
            subject &&
            !has((x) => (kind === 'customer' ? (x.TaxCode ?? x.id) === (subject.TaxCode ?? subject.id) : x.id === subject.id))
          ) {
            notFound(kind === 'customer' ? statsMessages.notFoundCustomer(subject.name) : statsMessages.notFoundUser(subject.name));
          } else if (sales && !has((x) => (x.salesIds ?? []).includes(sales.id))) {
            notFound(statsMessages.notFoundSales(sales.name));
          }
        } catch (e) {
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
            const all = bulk ?? (await loadSubjects((searched as Searched).request));
            return statsTableExport(tree, choice, {
              extraTitle,
              level3: (term) => rankedIn(rowsOf(all.data, term.period.label, term.TerminalCode), term),
            });
          },
        },
        empty: !tree.length,
        exportFile: { fileName: exportTitle, title: exportTitle },
        search,
        canExport: !!searched,
        controls: {
          before: (
            <>
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {subjectLabel}
                </Typography.Text>
                <Select
                  aria-label={subjectLabel}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={kind === 'customer' ? t('dash.customerPlaceholder') : t('dash.userPlaceholder')}
                  value={subjectId}
                  onChange={(v) => setSubjectId(v ?? null)}
                  loading={options.isFetching}
                  options={subjects.map((s) => ({
                    value: s.id,
                    label: kind === 'customer' && s.TaxCode ? `${s.name} – ${s.TaxCode}` : `${s.name} (${s.id})`,
                  }))}
                  style={{ width: '100%' }}
                />
              </div>
              {kind === 'user' && (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('dash.salesPerson')}
                  </Typography.Text>
                  <Select
                    aria-label={t('dash.salesPerson')}
                    allowClear
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={t('dash.salesPlaceholder')}
                    value={salesId}
                    onChange={(v) => setSalesId(v ?? null)}
                    options={salesPeople.map((s) => ({ value: s.id, label: s.name }))}
                    style={{ width: '100%' }}
                  />
                </div>
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
