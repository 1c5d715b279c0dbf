/**
 * One core metric's daily p75 as a plain SVG line over the Core Web Vitals bands (good / needs improvement / poor),
 * scaled to its box so it fits a phone; a table with the same figures follows it for screen readers and for reading
 * exact values, each with its rating in words (decision 098).
 */
import { fieldFiguresCopy as copy } from '../../../../content/field-figures';
import { THRESHOLDS, type Metric, type VitalsFigures } from '../../../../domain/vitals';
import { formatValue, ratingOf } from './format';

/** The band a point sits in, said in words in the table (the chart shows it by colour). */
function ratingLabel(metric: Metric, value: number | null) {
  const verdict = ratingOf(metric, value);
  return verdict ? copy.ratings[verdict] : null;
}

const WIDTH = 320;
const HEIGHT = 120;

export function TrendChart({ metric, trend }: { metric: Metric; trend: VitalsFigures['trend'] }) {
  const points = trend.filter((row) => row.metric === metric);
  const { good, poor } = THRESHOLDS[metric];
  const top = Math.max(poor * 1.25, ...points.map((row) => row.value ?? 0));
  const x = (index: number) => (points.length <= 1 ? WIDTH / 2 : (index / (points.length - 1)) * WIDTH);
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const path = points
    .map((row, index) => (row.value === null ? null : `${x(index).toFixed(1)},${y(row.value).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  const captionId = `trend-${metric}`;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-3" data-testid={`trend-${metric}`}>
      <figcaption id={captionId} className="mb-2 font-semibold">
        {copy.trend.tableCaption(metric)}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={captionId}
        preserveAspectRatio="none"
      >
        <rect x="0" y={y(good)} width={WIDTH} height={HEIGHT - y(good)} className="fill-emerald-50" />
        <rect x="0" y={y(poor)} width={WIDTH} height={y(good) - y(poor)} className="fill-amber-50" />
        <rect x="0" y="0" width={WIDTH} height={y(poor)} className="fill-rose-50" />
        {path ? (
          <polyline
            points={path}
            fill="none"
            className="stroke-brand-700"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        {points.map((row, index) =>
          row.value === null ? null : (
            <circle key={row.day} cx={x(index)} cy={y(row.value)} r="2.5" className="fill-brand-700" />
          ),
        )}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 text-slate-700">{copy.trend.showTable}</summary>
        <table className="w-full text-left">
          <caption className="sr-only">{copy.trend.tableCaption(metric)}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.trend.day}</th>
              <th scope="col">{copy.trend.value}</th>
              <th scope="col">{copy.trend.samples}</th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((row) => row.samples > 0)
              .map((row) => (
                <tr key={row.day}>
                  <th scope="row" className="font-normal">
                    {row.day}
                  </th>
                  <td>
                    {formatValue(metric, row.value)} {ratingLabel(metric, row.value)}
                  </td>
                  <td>{row.samples.toLocaleString('ko-KR')}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
