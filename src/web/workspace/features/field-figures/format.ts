import { rating, type Metric } from '../../../../domain/vitals';

/** A p75 as the screen shows it: milliseconds as 0.00 s (under a second: ms), CLS with three decimals. */
export function formatValue(metric: Metric, value: number | null): string {
  if (value === null) return '—';
  if (metric === 'CLS') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)}초` : `${Math.round(value)}ms`;
}

export const ratingOf = (metric: Metric, value: number | null) => (value === null ? null : rating(metric, value));

/** A ratio as a percentage with one decimal, or — without one. */
export const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`);
