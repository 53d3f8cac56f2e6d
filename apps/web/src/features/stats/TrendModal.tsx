import { Modal, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SubjectKind, type SubjectRequest, useSubjects } from './api';
import type { MeasureChoice } from './measure-choice';
import { trendSeries } from './ranking';
import { EChart } from './shared/EChart';
import type { EChartsOption } from './shared/echarts';
import { axisMaxAbovePeak, formatCount, formatVnd } from './shared/stats-format';
import { TOTAL_LINE_COLOR, terminalColor } from './shared/terminal-colors';
import { STATS_NS } from './shared/texts';

export interface TrendTarget {
  name: string;
  request: SubjectRequest;
  /** The active terminals of the search: one line each. */
  terminals: string[];
  /** DD/MM/YYYY of the range, for the title. */
  from: string;
  to: string;
}

/**
 * 'Biểu đồ … [name] từ [date] đến [date]' (spec 02 §2.4): the clicked customer's or user's chosen measure per period,
 * one line per active terminal and a red total line; the y axis tops 10% above the peak.
 */
export function TrendModal({
  kind,
  target,
  choice,
  onClose,
}: {
  kind: SubjectKind;
  target: TrendTarget | null;
  choice: MeasureChoice;
  onClose: () => void;
}) {
  const { t } = useTranslation(STATS_NS);
  const answer = useSubjects(kind, target?.request ?? null);
  const title = target
    ? t('dash.trendTitle', { measure: t(`dash.measureLower.${choice}`), name: target.name, from: target.from, to: target.to })
    : '';

  const option = useMemo<EChartsOption | null>(() => {
    if (!target || !answer.data) return null;
    const s = trendSeries(answer.data.data, answer.data.periods, target.terminals, choice);
    const fmt = (v: unknown) => (choice === 'sum' ? formatVnd(Number(v)) : formatCount(Number(v)));
    return {
      tooltip: { trigger: 'axis', valueFormatter: fmt },
      legend: { top: 0, type: 'plain' },
      grid: { left: 16, right: 24, top: 56, bottom: 24, containLabel: true },
      xAxis: { type: 'category', data: s.labels, axisLabel: { fontSize: 11 } },
      yAxis: {
        type: 'value',
        min: 0,
        max: axisMaxAbovePeak(Math.max(0, ...s.totals)),
        axisLabel: { formatter: (v: number) => formatCount(v) },
      },
      series: [
        ...s.lines.map((line) => ({
          name: line.TerminalCode,
          type: 'line' as const,
          data: line.values,
          smooth: false,
          symbolSize: 6,
          itemStyle: { color: terminalColor(line.TerminalCode) },
          lineStyle: { color: terminalColor(line.TerminalCode) },
        })),
        {
          name: t('dash.trendTotal'),
          type: 'line' as const,
          data: s.totals,
          symbolSize: 7,
          itemStyle: { color: TOTAL_LINE_COLOR },
          lineStyle: { color: TOTAL_LINE_COLOR, width: 3 },
        },
      ],
    };
  }, [target, answer.data, choice, t]);

  return (
    <Modal open={!!target} title={title} width={1000} onCancel={onClose} footer={null} destroyOnHidden>
      {answer.isError ? (
        <div role="alert">{(answer.error as Error).message}</div>
      ) : option ? (
        <EChart label={title} option={option} style={{ height: 420 }} />
      ) : (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      )}
    </Modal>
  );
}
