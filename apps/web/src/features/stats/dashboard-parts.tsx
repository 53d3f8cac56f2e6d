import { ContainerOutlined, DollarOutlined, FileTextOutlined } from '@ant-design/icons';
import type { StatsGroup, StatsMeasures, StatsRow } from '@smartport/contract';
import { Col, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type MeasureChoice, measureChoices } from './measure-choice';
import { groups, terminalGroupValues } from './ranking';
import type { ReportCard } from './report/define-report';
import { EChart } from './shared/EChart';
import type { EChartsOption } from './shared/echarts';
import { formatCount, formatShare, formatVnd } from './shared/stats-format';
import { terminalColor } from './shared/terminal-colors';
import { STATS_NS } from './shared/texts';

const cardColors: Record<MeasureChoice, string> = { ord: '#0b63b6', sum: '#389e0d', vol: '#d46b08' };
const cardIcons = { ord: <FileTextOutlined />, sum: <DollarOutlined />, vol: <ContainerOutlined /> };

/** The three summary cards: total orders, revenue in VNĐ, volume in containers and TEU (spec 02 §2.3). */
export function measureCards(t: TFunction, m: StatsMeasures | null): ReportCard<MeasureChoice>[] {
  const lines = (c: MeasureChoice) => {
    if (c === 'ord') return [`${formatCount(m?.ord_)} ${t('common.units.order')}`];
    if (c === 'sum') return [formatVnd(m?.sum_)];
    return [`${formatCount(m?.cont_)} ${t('common.units.container')}`, `${formatCount(m?.teu_)} ${t('common.units.teu')}`];
  };
  return measureChoices.map((c) => ({
    measure: c,
    title: t(`dash.measure.${c}`),
    lines: lines(c),
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

/** Three doughnuts, lift on/off ('nâng hạ'), stuffing/unstuffing ('đóng rút') and services ('dịch vụ'), per terminal. */
export function GroupDoughnuts({ data, choice }: { data: Record<string, StatsRow[]> | null; choice: MeasureChoice }) {
  const { t } = useTranslation(STATS_NS);
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
          style={{ height: 250, maxWidth: 360, margin: '0 auto' }}
        />
      </Col>
    );
  };
  return <Row gutter={[12, 12]}>{groups.map(chart)}</Row>;
}
