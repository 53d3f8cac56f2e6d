import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { type CustomerStatsRow, statsMessages, type UserStatsRow } from '@smartport/contract';
import { App, Button, Card, Col, Flex, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../../lib/session-queries';
import {
  type ByPeriod,
  type PeriodRequest,
  type SubjectKind,
  type SubjectRequest,
  type SubjectRow,
  useExportTerminal,
  useOrderStats,
  useSubjectGroups,
  useSubjectOptions,
  useSubjectsLoader,
} from './api';
import { DetailModal, type DetailTarget } from './DetailModal';
import { MeasureCards } from './dashboard-parts';
import texts from './locales/vi.json';
import type { MeasureChoice } from './measure-choice';
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
import { exportRange, periodRequestOf } from './request';
import { type Level3, StatsTable } from './StatsTable';
import { downloadReportWorkbook } from './shared/excel-export';
import { PeriodControls } from './shared/PeriodControls';
import { currentPeriod, type PeriodValue, rangeDates, requestRange } from './shared/period';
import { useSilentPreload } from './shared/preload';
import { TerminalToggles } from './shared/TerminalToggles';
import { registerStatsTexts, STATS_NS } from './shared/texts';
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
export function RankingReport({ kind }: { kind: SubjectKind }) {
  const { t } = useTranslation(STATS_NS);
  const { message, modal } = App.useApp();
  const terminals = useTerminals().data ?? [];
  const letterhead = useExportTerminal().data ?? null;
  const [period, setPeriod] = useState<PeriodValue>(() => currentPeriod('month'));
  const [selected, setSelected] = useState<string[] | null>(null);
  const [choice, setChoice] = useState<MeasureChoice>('ord');
  const [rankLimit, setRankLimit] = useState<number>(5);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [salesId, setSalesId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [searched, setSearched] = useState<Searched | null>(null);
  /** The whole range's customer or user rows, loaded at once when rows are forced open. */
  const [bulk, setBulk] = useState<ByPeriod<SubjectRow<SubjectKind>> | null>(null);
  const [trend, setTrend] = useState<TrendTarget | null>(null);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const totals = useOrderStats();
  const loadSubjects = useSubjectsLoader(kind);
  const title = kind === 'customer' ? t('dash.customerTitle') : t('dash.userTitle');
  const extraTitle = kind === 'customer' ? t('dash.col.customerType') : t('dash.col.sales');
  const describe = useMemo(
    () =>
      kind === 'customer'
        ? (rows: readonly SubjectRow<SubjectKind>[]) => customerSubject(rows as CustomerStatsRow[])
        : (rows: readonly SubjectRow<SubjectKind>[]) => userSubject(statsMessages.noAccount)(rows as UserStatsRow[]),
    [kind],
  );

  const chosenTerminals = selected ?? terminals.map((x) => x.TerminalCode);
  const request = periodRequestOf(period, chosenTerminals);
  useSilentPreload(request, totals.preload, terminals.length > 0);

  useEffect(() => {
    const id = setTimeout(() => {
      document.title = title;
    });
    return () => clearTimeout(id);
  }, [title]);

  // The selectors' customers or users (and sales people): those with figures in the chosen range.
  const options = useSubjectOptions(kind, requestRange(period));
  const optionRows = useMemo(() => Object.values(options.data?.data ?? {}).flat() as SubjectRow<SubjectKind>[], [options.data]);
  const subjects = useMemo(() => {
    const byId = new Map<string, SubjectRow<SubjectKind>[]>();
    for (const r of optionRows) byId.set(idOf(r), [...(byId.get(idOf(r)) ?? []), r]);
    return [...byId.values()].map((rows) => describe(rows)).sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  }, [optionRows, describe]);
  const salesPeople = useMemo(() => (kind === 'user' ? salesPeopleOf(optionRows as UserStatsRow[]) : []), [kind, optionRows]);

  // Rank limit forced to all when a customer, user or sales person is chosen (spec 02 §4).
  const filtering = !!(subjectId || salesId);
  const effectiveRank = filtering ? 0 : rankLimit;

  const tree: PeriodNode[] = useMemo(
    () => (totals.data ? periodTree(totals.data.data, totals.data.periods, choice) : []),
    [totals.data, choice],
  );
  const measures = useMemo(() => (totals.data ? rangeMeasures(totals.data.data) : null), [totals.data]);

  const match = useMemo(() => {
    const s = searched?.subject;
    const sales = searched?.sales;
    if (!s && !sales) return undefined;
    return (x: Subject) =>
      (!s || (kind === 'customer' ? (x.TaxCode ?? x.id) === (s.TaxCode ?? s.id) : x.id === s.id)) &&
      (!sales || (x.salesIds ?? []).includes(sales.id));
  }, [searched, kind]);

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
      const answer = await totals.search(request);
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
      if (subject && !has((x) => (kind === 'customer' ? (x.TaxCode ?? x.id) === (subject.TaxCode ?? subject.id) : x.id === subject.id))) {
        notFound(kind === 'customer' ? statsMessages.notFoundCustomer(subject.name) : statsMessages.notFoundUser(subject.name));
      } else if (sales && !has((x) => (x.salesIds ?? []).includes(sales.id))) {
        notFound(statsMessages.notFoundSales(sales.name));
      }
    } catch (e) {
      void message.error((e as Error).message);
    }
  };

  const exportExcel = async () => {
    if (!searched) return;
    try {
      const all = bulk ?? (await loadSubjects(searched.request));
      const { columns, rows } = statsTableExport(tree, choice, {
        extraTitle,
        level3: (term) => rankedIn(rowsOf(all.data, term.period.label, term.TerminalCode), term),
      });
      const exportTitle = t(kind === 'customer' ? 'dash.exportCustomer' : 'dash.exportUser', { measure: t(`dash.measureUpper.${choice}`) });
      await downloadReportWorkbook(
        exportTitle,
        { title: exportTitle, range: exportRange(searched.request), terminal: letterhead },
        columns,
        rows,
      );
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
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={7} xl={6}>
        <Card size="small" title={<Typography.Text strong>{title}</Typography.Text>}>
          <Flex vertical gap={10}>
            <PeriodControls value={period} onChange={setPeriod} />
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
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('common.terminals')}
              </Typography.Text>
              <TerminalToggles terminals={terminals} selected={chosenTerminals} onChange={setSelected} />
            </div>
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
            <Space wrap>
              <Button type="primary" icon={<SearchOutlined />} loading={totals.fetching} onClick={() => void search()}>
                {t('common.search')}
              </Button>
              <Button icon={<FileExcelOutlined />} disabled={!searched} onClick={() => void exportExcel()}>
                {t('common.exportExcel')}
              </Button>
            </Space>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={17} xl={18}>
        <Flex vertical gap={12}>
          <MeasureCards measures={measures} choice={choice} onChoose={setChoice} />
          <Card size="small">
            <StatsTable
              label={title}
              tree={tree}
              choice={choice}
              expanded={expanded}
              onExpandedChange={setExpanded}
              ranking={{ extraTitle, level3, onRank: openTrend, onDetail: openDetail }}
            />
          </Card>
        </Flex>
      </Col>
      <TrendModal kind={kind} target={trend} choice={choice} onClose={() => setTrend(null)} />
      <DetailModal kind={kind} target={detail} onClose={() => setDetail(null)} />
    </Row>
  );
}
