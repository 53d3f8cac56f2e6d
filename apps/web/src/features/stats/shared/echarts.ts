import { PieChart } from 'echarts/charts';
import { AriaComponent, GraphicComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

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
/** Registers the line and bar charts and the cartesian grid, once. */
export function loadCartesian(): Promise<unknown> {
  cartesian ??= import('./echarts-cartesian');
  return cartesian;
}
