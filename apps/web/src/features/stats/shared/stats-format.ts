/** Numbers with Vietnamese grouping (1.234.567). */
export function formatCount(n: number | null | undefined): string {
  return Math.round(n ?? 0).toLocaleString('vi-VN');
}

/** Any figure the Vietnamese way (thousands '.', decimals ','), up to `digits` decimals (axis labels, tooltips). */
export function formatNumber(n: number | null | undefined, digits = 2): string {
  return (n ?? 0).toLocaleString('vi-VN', { maximumFractionDigits: digits });
}

/** Money is integer VND, shown with 'VNĐ' (spec 02 §1). */
export function formatVnd(n: number | null | undefined): string {
  return `${formatCount(n)} VNĐ`;
}

/** A share in percent with 2 decimals (spec 02 §9), Vietnamese decimal comma: part over total, zero when total is zero. */
export function sharePercent(part: number, total: number): number {
  if (!total) return 0;
  return Math.round((part / total) * 10_000) / 100;
}
export function formatShare(percent: number): string {
  return `${percent.toLocaleString('vi-VN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** The y-axis maximum 10% above the peak (spec 02 §9), whole units; undefined without data (ECharts chooses). */
export function axisMaxAbovePeak(peak: number): number | undefined {
  if (!(peak > 0)) return undefined;
  // Rounded first so 200 × 1.1 is 220, not 221 (binary fractions).
  return Math.ceil(Math.round(peak * 1.1 * 1e6) / 1e6);
}

/**
 * Growth in percent of `now` over `before` (the same period last year), Vietnamese format with a sign and 1 decimal;
 * null when there is nothing to compare with (no figure last year).
 */
export function formatGrowth(now: number, before: number): string | null {
  if (!before) return null;
  const g = Math.round(((now - before) / before) * 1000) / 10;
  const text = Math.abs(g).toLocaleString('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${g > 0 ? '+' : g < 0 ? '−' : ''}${text}%`;
}

/** A pie slice's tooltip: its name, its value as `value` writes it, and its share ('NDP: 1.234 (9,23%)'). */
export const sliceTooltip =
  (value: (v: number) => string = (v) => formatNumber(v)) =>
  (p: unknown) => {
    const x = p as { name?: string; value?: unknown; percent?: number };
    return `${x.name ?? ''}: ${value(Number(x.value))} (${formatShare(x.percent ?? 0)})`;
  };
