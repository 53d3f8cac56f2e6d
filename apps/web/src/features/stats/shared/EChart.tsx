import { Empty } from 'antd';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { cartesianReady, type EChartsOption, echarts, loadCartesian, needsCartesian, vietnameseNumbers } from './echarts';
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
 * One ECharts chart: created when its chart types are registered (an instance copies the registered layouts and
 * visuals when it is made, so one made before the lines and columns were loaded would draw their axes only), the
 * option replaced when it changes (its figures written the Vietnamese way), resized with its box, disposed on unmount; drawn without animation for a person
 * who asked for less motion.
 */
export function EChart({ option, empty, emptyText, style, label, onClick }: EChartProps) {
  const { t } = useTranslation(STATS_NS);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ instance: echarts.ECharts; cartesian: boolean; observer: ResizeObserver } | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  const dispose = () => {
    chart.current?.observer.disconnect();
    chart.current?.instance.dispose();
    chart.current = null;
  };
  /** The chart instance, made anew when the one there was created before the lines and columns were registered. */
  const instance = (el: HTMLDivElement, cartesian: boolean) => {
    if (chart.current && (chart.current.cartesian || !cartesian)) return chart.current.instance;
    dispose();
    const c = echarts.init(el, undefined, { renderer: 'svg' });
    c.on('click', (e) => clickRef.current?.(e as EChartClick));
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    chart.current = { instance: c, cartesian: cartesianReady(), observer };
    return c;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `instance` only reads refs
  useEffect(() => {
    if (empty) return;
    let current = true;
    const cartesian = needsCartesian(option);
    const draw = () => {
      const el = box.current;
      if (!current || !el) return;
      instance(el, cartesian).setOption(
        { aria: { enabled: true }, ...vietnameseNumbers(option), ...(prefersReducedMotion() ? { animation: false } : {}) },
        { notMerge: true },
      );
    };
    if (cartesian && !cartesianReady()) void loadCartesian().then(draw);
    else draw();
    return () => {
      current = false;
    };
  }, [option, empty]);

  // The box goes when the chart is empty, and with the component.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dispose` only reads refs
  useEffect(() => {
    if (empty) return;
    return dispose;
  }, [empty]);

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
