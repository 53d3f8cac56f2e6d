import { PieChart } from 'echarts/charts';
import { AriaComponent, GraphicComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { formatNumber } from './stats-format';

// Only what the statistics screens draw goes into their chunk: echarts/core plus these. The doughnuts (every
// dashboard) are here; lines and columns with their axes (trend, MB and usage reports) in `echarts-cartesian.ts`,
// loaded by `EChart` the first time an option has such a series (less JavaScript per route).
// SVG, not canvas: the charts' texts (titles, legends, labels) are in the page, so they can be read and tested.
echarts.use([PieChart, TitleComponent, TooltipComponent, LegendComponent, GraphicComponent, AriaComponent, LabelLayout, SVGRenderer]);

export { echarts };
export type EChartsOption = echarts.EChartsCoreOption;

/** Whether an option draws lines or columns (their chart types and the cartesian grid are loaded on demand). */
export function needsCartesian(option: EChartsOption): boolean {
  const series = option.series;
  return (Array.isArray(series) ? series : series ? [series] : []).some(
    (x) => (x as { type?: string }).type === 'line' || (x as { type?: string }).type === 'bar',
  );
}

let cartesian: Promise<unknown> | null = null;
let cartesianLoaded = false;
/**
 * Registers the line and bar charts and the cartesian grid, once. An ECharts instance copies the registered layouts
 * and visuals when it is created: a chart made before this resolves draws axes and legend but no series, so `EChart`
 * creates its instance only after it (look `cartesianReady`).
 */
export function loadCartesian(): Promise<unknown> {
  cartesian ??= import('./echarts-cartesian').then(() => {
    cartesianLoaded = true;
  });
  return cartesian;
}
/** Whether the line and bar charts were registered (an instance created from now on draws them). */
export const cartesianReady = () => cartesianLoaded;

type Loose = Record<string, unknown>;
const list = (x: unknown): Loose[] => (Array.isArray(x) ? x : x ? [x] : []) as Loose[];

/**
 * The option with every figure ECharts would write by itself in the Vietnamese way (thousands '.', decimals ','):
 * value axes' labels, tooltips' values and the shown labels of lines and columns, where the chart did not say how.
 * (ECharts' own formatting writes '1,000,000'.)
 */
export function vietnameseNumbers(option: EChartsOption): EChartsOption {
  const out: Loose = { ...option };
  const axes = (key: 'xAxis' | 'yAxis') => {
    const given = option[key];
    if (!given) return;
    const fixed = list(given).map((a) => {
      const label = (a.axisLabel ?? {}) as Loose;
      if (a.type !== 'value' || label.formatter) return a;
      return { ...a, axisLabel: { ...label, formatter: (v: number) => formatNumber(v) } };
    });
    out[key] = Array.isArray(given) ? fixed : fixed[0];
  };
  axes('xAxis');
  axes('yAxis');
  const tooltip = option.tooltip as Loose | undefined;
  if (tooltip && !Array.isArray(tooltip) && !tooltip.formatter && !tooltip.valueFormatter) {
    out.tooltip = { ...tooltip, valueFormatter: (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? '')) };
  }
  if (option.series) {
    out.series = list(option.series).map((x) => {
      const label = x.label as Loose | undefined;
      if ((x.type !== 'bar' && x.type !== 'line') || !label?.show || label.formatter) return x;
      return { ...x, label: { ...label, formatter: (p: { value?: unknown }) => formatNumber(Number(p.value)) } };
    });
  }
  return out as EChartsOption;
}
