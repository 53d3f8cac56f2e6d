import { Empty } from 'antd';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { type EChartsOption, echarts, loadCartesian, needsCartesian } from './echarts';
import { STATS_NS } from './texts';

export interface EChartClick {
  seriesName?: string;
  name?: string;
  dataIndex?: number;
  value?: unknown;
}

export interface EChartProps {
  option: EChartsOption;
  /** No data to draw: 'Không có dữ liệu' (or `emptyText`) instead of the chart. */
  empty?: boolean;
  emptyText?: string;
  style?: CSSProperties;
  /** What the chart shows, for screen readers and tests (also the ARIA description ECharts writes). */
  label: string;
  onClick?: (e: EChartClick) => void;
}

/**
 * One ECharts chart: created once, the option replaced when it changes, resized with its box, disposed on unmount;
 * drawn without animation for a person who asked for less motion.
 */
export function EChart({ option, empty, emptyText, style, label, onClick }: EChartProps) {
  const { t } = useTranslation(STATS_NS);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    const c = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    c.on('click', (e) => clickRef.current?.(e as EChartClick));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    if (empty) return;
    let current = true;
    const draw = () => {
      if (current)
        chart.current?.setOption(
          { aria: { enabled: true }, ...option, ...(prefersReducedMotion() ? { animation: false } : {}) },
          {
            notMerge: true,
          },
        );
    };
    if (needsCartesian(option)) void loadCartesian().then(draw);
    else draw();
    return () => {
      current = false;
    };
  }, [option, empty]);

  const size: CSSProperties = { width: '100%', height: 250, ...style };
  if (empty) {
    return (
      <figure aria-label={label} style={{ margin: 0, ...size, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.noData')} />
      </figure>
    );
  }
  // ECharts writes its own ARIA description on the box it draws in; the label stays on the outer figure.
  return (
    <figure aria-label={label} style={{ margin: 0, ...size }}>
      <div ref={box} style={{ width: '100%', height: '100%' }} />
    </figure>
  );
}
