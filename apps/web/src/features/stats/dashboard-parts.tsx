import { ContainerOutlined, DollarOutlined, FileTextOutlined } from '@ant-design/icons';
import type { StatsGroup, StatsMeasures, StatsRow } from '@smartport/contract';
import { Col, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodRequest } from './api';
import { DrillModal, type DrillTarget } from './DrillModal';
import { type MeasureChoice, measureChoices } from './measure-choice';
import { groups, terminalGroupValues } from './ranking';
import type { ReportCard } from './report/define-report';
import { EChart } from './shared/EChart';
import type { EChartsOption } from './shared/echarts';
import { formatCount, formatGrowth, formatShare, formatVnd } from './shared/stats-format';
import { terminalColor } from './shared/terminal-colors';
import { STATS_NS } from './shared/texts';

const cardColors: Record<MeasureChoice, string> = { ord: '#0b63b6', sum: '#389e0d', vol: '#d46b08' };
const cardIcons = { ord: <FileTextOutlined />, sum: <DollarOutlined />, vol: <ContainerOutlined /> };

/**
 * The three summary cards: total orders, revenue in VNĐ, volume in containers and TEU (spec 02 §2.3); with `lastYear`
 * (the same period a year before), each card also shows that figure and the growth.
 */
export function measureCards(t: TFunction, m: StatsMeasures | null, lastYear?: StatsMeasures | null): ReportCard<MeasureChoice>[] {
  const main: Record<MeasureChoice, keyof StatsMeasures> = { ord: 'ord_', sum: 'sum_', vol: 'cont_' };
  const text = (c: MeasureChoice, x: StatsMeasures | null | undefined) =>
    c === 'sum'
      ? formatVnd(x?.sum_)
      : `${formatCount(x?.[main[c]] as number | undefined)} ${t(c === 'ord' ? 'common.units.order' : 'common.units.container')}`;
  const lines = (c: MeasureChoice) => (c === 'vol' ? [text(c, m), `${formatCount(m?.teu_)} ${t('common.units.teu')}`] : [text(c, m)]);
  const compare = (c: MeasureChoice) => {
    if (!lastYear || !m) return undefined;
    const growth = formatGrowth(Number(m[main[c]] ?? 0), Number(lastYear[main[c]] ?? 0));
    return t('dash.lastYear', { value: text(c, lastYear), growth: growth ?? t('dash.noGrowth') });
  };
  return measureChoices.map((c) => ({
    measure: c,
    title: t(`dash.measure.${c}`),
    lines: lines(c),
    compare: compare(c),
    color: cardColors[c],
    icon: cardIcons[c],
  }));
}

/** A figure of the chosen measure with its unit. */
export function measureText(m: number, choice: MeasureChoice, unitOf: (c: MeasureChoice) => string) {
  return choice === 'sum' ? formatVnd(m) : `${formatCount(m)} ${unitOf(choice)}`;
}

function doughnut(title: string, subtext: string, slices: { TerminalCode: string; value: number }[], choice: MeasureChoice): EChartsOption {
  return {
    title: { text: title, subtext, left: 'center', top: 0, textStyle: { fontSize: 14 } },
    tooltip: {
      trigger: 'item',
      valueFormatter: (v: unknown) => (choice === 'sum' ? formatVnd(Number(v)) : formatCount(Number(v))),
    },
    legend: { bottom: 0, type: 'scroll', itemWidth: 10, itemHeight: 10, textStyle: { fontSize: 11 } },
    series: [
      {
        type: 'pie',
        radius: ['36%', '72%'],
        center: ['50%', '54%'],
        // Percent labels on the ring, only on slices over 5% (spec 02 §9).
        label: {
          position: 'inside',
          color: '#fff',
          fontSize: 10,
          formatter: (p: { percent?: number }) => ((p.percent ?? 0) > 5 ? formatShare(p.percent ?? 0) : ''),
        },
        labelLine: { show: false },
        data: slices.map((s) => ({ name: s.TerminalCode, value: s.value, itemStyle: { color: terminalColor(s.TerminalCode) } })),
      },
    ],
  };
}

/**
 * Three doughnuts, lift on/off ('nâng hạ'), stuffing/unstuffing ('đóng rút') and services ('dịch vụ'), per terminal;
 * with the asked `request`, a slice opens the customers behind it (`DrillModal`).
 */
export function GroupDoughnuts({
  data,
  choice,
  request,
}: {
  data: Record<string, StatsRow[]> | null;
  choice: MeasureChoice;
  request?: PeriodRequest | null;
}) {
  const { t } = useTranslation(STATS_NS);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const unit = (c: MeasureChoice) => (c === 'ord' ? t('common.units.order') : t('common.units.container'));
  const chart = (g: StatsGroup) => {
    const slices = data ? terminalGroupValues(data, choice, g) : [];
    const total = slices.reduce((s, x) => s + x.value, 0);
    const title = t(`dash.group.${g}`);
    const measure = t(`dash.measure.${choice}`);
    return (
      <Col key={g} xs={24} lg={8}>
        <EChart
          label={t('dash.groupChart', { group: title, measure })}
          empty={!total}
          option={doughnut(title, `${measure}: ${measureText(total, choice, unit)}`, slices, choice)}
          style={{ height: 250, maxWidth: 360, margin: '0 auto', cursor: request ? 'pointer' : undefined }}
          onClick={request ? (e) => e.name && setDrill({ group: g, TerminalCode: e.name }) : undefined}
        />
      </Col>
    );
  };
  return (
    <>
      <Row gutter={[12, 12]}>{groups.map(chart)}</Row>
      {request && <DrillModal request={request} target={drill} choice={choice} onClose={() => setDrill(null)} />}
    </>
  );
}
