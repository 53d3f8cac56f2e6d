import { BarChartOutlined, ProfileOutlined } from '@ant-design/icons';
import type { StatsGroup, StatsMeasures } from '@smartport/contract';
import { Button, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type MeasureChoice, measureValue, teuValue } from './measure-choice';
import { groups, type PeriodNode, type SubjectNode, type TerminalNode } from './ranking';
import { formatCount, formatShare } from './shared/stats-format';
import { terminalColor } from './shared/terminal-colors';
import { STATS_NS } from './shared/texts';
import type { Subject } from './subject';

/** Level 3 of one terminal row: still loading, or its ranked rows after the filters. */
export interface Level3 {
  loading: boolean;
  rows: SubjectNode<Subject>[];
  /** Drawn under the rows (the pager of a long ranking). */
  more?: ReactNode;
}

export interface RankingOptions {
  /** Title of the third column: 'Loại khách hàng' or 'NV kinh doanh'. */
  extraTitle: string;
  level3: (terminal: TerminalNode) => Level3;
  onRank: (node: SubjectNode<Subject>) => void;
  onDetail: (node: SubjectNode<Subject>, terminal: TerminalNode) => void;
}

interface Row {
  key: string;
  level: 1 | 2 | 3 | 0;
  name: ReactNode;
  measures?: StatsMeasures;
  share?: number;
  rank?: number;
  extra?: string;
  node?: SubjectNode<Subject>;
  terminal?: TerminalNode;
  children?: Row[];
}

const groupColors: Record<StatsGroup, string> = { nh: '#1677ff', dr: '#fa8c16', dv: '#52c41a' };

/** A figure of the chosen measure; volume shows TEU beside containers. */
function figure(m: StatsMeasures, choice: MeasureChoice, group: StatsGroup | '') {
  const v = formatCount(measureValue(m, choice, group));
  return choice === 'vol' ? `${v} (${formatCount(teuValue(m, group))} TEU)` : v;
}

export interface StatsTableProps {
  tree: readonly PeriodNode[];
  choice: MeasureChoice;
  expanded: readonly string[];
  onExpandedChange: (keys: string[]) => void;
  /** The customer or user ranking (levels 3); without it the table has two levels (the dashboard). */
  ranking?: RankingOptions;
  label: string;
}

/**
 * The expandable statistics table (spec 02 §2.3–2.4): periods, then terminals, then (ranking) the ranked customers
 * or users with a bar per group. Shares are of the period's total; the period row shows 100%.
 */
export function StatsTable({ tree, choice, expanded, onExpandedChange, ranking, label }: StatsTableProps) {
  const { t } = useTranslation(STATS_NS);

  const rows: Row[] = tree.map((p) => ({
    key: p.key,
    level: 1,
    name: <Typography.Text strong>{p.period.label}</Typography.Text>,
    measures: p.measures,
    share: 100,
    children: p.terminals.map((term) => {
      const row: Row = {
        key: term.key,
        level: 2,
        terminal: term,
        name: (
          <span>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: 2,
                marginRight: 6,
                background: terminalColor(term.TerminalCode),
              }}
            />
            {term.TerminalCode}
          </span>
        ),
        measures: term.measures,
        share: term.share,
      };
      if (ranking) {
        const level3 = expanded.includes(term.key) ? ranking.level3(term) : { loading: true, rows: [] };
        row.children = level3.loading
          ? [{ key: `${term.key}:loading`, level: 0, name: t('dash.loadingRows') }]
          : level3.rows.length
            ? [
                ...level3.rows.map(
                  (node): Row => ({
                    key: node.key,
                    level: 3,
                    node,
                    terminal: term,
                    rank: node.rank,
                    // Inline-block: a long name wraps under itself, not under the tree's indent.
                    name: (
                      <span style={{ display: 'inline-block', verticalAlign: 'top', maxWidth: 'calc(100% - 48px)' }}>
                        {node.subject.name}
                      </span>
                    ),
                    extra: node.subject.extra,
                    measures: node.measures,
                    share: node.share,
                  }),
                ),
                ...(level3.more ? [{ key: `${term.key}:more`, level: 0 as const, name: level3.more }] : []),
              ]
            : [{ key: `${term.key}:empty`, level: 0, name: t('dash.noRows') }];
      }
      return row;
    }),
  }));

  const groupCell = (g: StatsGroup) => (r: Row) => {
    if (!r.measures) return null;
    const text = figure(r.measures, choice, g);
    if (r.level !== 3) return text;
    const total = measureValue(r.measures, choice) || 1;
    const width = Math.round((measureValue(r.measures, choice, g) / total) * 100);
    return (
      <div>
        {text}
        <div style={{ height: 4, background: '#f0f0f0', borderRadius: 2 }}>
          <div data-bar={g} style={{ width: `${width}%`, height: 4, background: groupColors[g], borderRadius: 2 }} />
        </div>
      </div>
    );
  };

  const columns: TableColumnsType<Row> = [
    ...(ranking
      ? [
          {
            key: 'rank',
            title: t('dash.col.rank'),
            width: 64,
            align: 'center' as const,
            render: (_: unknown, r: Row) =>
              r.level === 3 && r.node ? (
                <Tooltip title={t('dash.openTrend', { name: r.node.subject.name })}>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`${t('dash.col.rank')} ${r.rank}`}
                    onClick={() => r.node && ranking.onRank(r.node)}
                    icon={<BarChartOutlined />}
                  >
                    {r.rank}
                  </Button>
                </Tooltip>
              ) : null,
          },
        ]
      : []),
    { key: 'name', title: ranking ? t('dash.col.period') : t('dash.col.periodTerminal'), render: (_, r) => r.name, width: 220 },
    ...(ranking ? [{ key: 'extra', title: ranking.extraTitle, width: 170, render: (_: unknown, r: Row) => r.extra ?? '' }] : []),
    ...groups.map((g) => ({
      key: g,
      title: t(`dash.col.${g}`),
      align: 'right' as const,
      width: 130,
      render: (_: unknown, r: Row) => groupCell(g)(r),
    })),
    {
      key: 'total',
      title: `${t('dash.col.total')}${choice === 'sum' ? ' (VNĐ)' : ''}`,
      align: 'right',
      width: 130,
      render: (_, r) => (r.measures ? <Typography.Text strong={r.level !== 3}>{figure(r.measures, choice, '')}</Typography.Text> : null),
    },
    {
      key: 'share',
      title: t('dash.col.share'),
      align: 'right',
      width: 90,
      render: (_, r) => (r.share === undefined ? null : formatShare(r.share)),
    },
    ...(ranking
      ? [
          {
            key: 'action',
            title: t('dash.col.action'),
            width: 70,
            align: 'center' as const,
            render: (_: unknown, r: Row) =>
              r.level === 3 && r.node && r.terminal ? (
                <Tooltip title={t('dash.openDetail')}>
                  <Button
                    size="small"
                    aria-label={`${t('dash.openDetail')} ${r.node.subject.name}`}
                    icon={<ProfileOutlined />}
                    onClick={() => r.node && r.terminal && ranking.onDetail(r.node, r.terminal)}
                  />
                </Tooltip>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Table<Row>
      aria-label={label}
      size="small"
      bordered
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={rows}
      scroll={{ x: ranking ? 1000 : 700 }}
      sticky
      locale={{ emptyText: t('common.noData') }}
      rowClassName={(r) => `stats-level-${r.level}`}
      onRow={(r) => ({ 'data-level': r.level, 'data-key': r.key }) as React.HTMLAttributes<HTMLElement>}
      expandable={{
        expandedRowKeys: [...expanded],
        onExpandedRowsChange: (keys: readonly Key[]) => onExpandedChange(keys.map(String)),
        indentSize: 16,
        // The ranking's first column is the rank: the tree's icon and indent go with the names.
        expandIconColumnIndex: ranking ? 1 : 0,
      }}
    />
  );
}
