/** Small SVG charts for the mock dashboards; `p` (0..1) is how far the chart has drawn in. */
import type { ReactNode } from 'react';

const clamp01 = (p: number): number => Math.min(1, Math.max(0, p));

export interface LineChartProps {
  values: readonly number[];
  labels: readonly string[];
  width: number;
  height: number;
  p: number;
  min: number;
  max: number;
  ticks: readonly number[];
  gradientId: string;
  /** Rendered at the last point once the line is fully drawn. */
  marker?: ReactNode;
}

export function LineChart({ values, labels, width, height, p, min, max, ticks, gradientId, marker }: LineChartProps) {
  const left = 44;
  const right = 14;
  const top = 14;
  const bottom = 26;
  const w = width - left - right;
  const h = height - top - bottom;
  const x = (i: number) => left + (w * i) / (values.length - 1);
  const y = (v: number) => top + h - ((v - min) / (max - min)) * h;
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const line = `M${points.join(' L')}`;
  const area = `${line} L${x(values.length - 1).toFixed(1)},${top + h} L${left},${top + h} Z`;
  const reveal = left + w * clamp01(p);
  const clipId = `${gradientId}-clip`;
  const last = values.length - 1;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.22" />
          <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
        </linearGradient>
        <clipPath id={clipId}>
          <rect x="0" y="0" width={reveal + 6} height={height} />
        </clipPath>
      </defs>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={left + w} y1={y(t)} y2={y(t)} stroke="#eef0f4" />
          <text x={left - 8} y={y(t) + 4} textAnchor="end" fontSize="11.5" fill="#9ca3af">
            {t.toLocaleString('ko-KR')}
          </text>
        </g>
      ))}
      {labels.map((label, i) => (
        <text key={label + i} x={x(i)} y={height - 6} textAnchor="middle" fontSize="11.5" fill="#9ca3af">
          {label}
        </text>
      ))}
      <g clipPath={`url(#${clipId})`}>
        <path d={area} fill={`url(#${gradientId})`} />
        <path
          d={line}
          fill="none"
          stroke="var(--accent)"
          strokeWidth="2.6"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {values.map((v, i) => (
          <circle
            key={i}
            cx={x(i)}
            cy={y(v)}
            r={i === last ? 5.5 : 3.2}
            fill="#fff"
            stroke="var(--accent)"
            strokeWidth={i === last ? 3 : 2}
          />
        ))}
      </g>
      {p >= 1 && marker ? <g transform={`translate(${x(last)}, ${y(values[last] ?? 0)})`}>{marker}</g> : null}
    </svg>
  );
}

export interface BarGroup {
  label: string;
  values: readonly number[];
}

/** Vertical bars, one group per label and one bar per series (colours in `colors`). */
export function BarChart({
  groups,
  colors,
  width,
  height,
  max,
  p,
  format = (v) => String(Math.round(v * 10) / 10),
}: {
  groups: readonly BarGroup[];
  colors: readonly string[];
  width: number;
  height: number;
  max: number;
  p: number;
  /** Label drawn above each bar of a single-series chart. */
  format?: (value: number) => string;
}) {
  const top = 18;
  const bottom = 24;
  const h = height - top - bottom;
  const slot = width / groups.length;
  const series = colors.length;
  const barW = Math.min(26, (slot * 0.62) / series);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <line x1="0" x2={width} y1={top + h} y2={top + h} stroke="#e5e7eb" />
      {groups.map((g, gi) => {
        const start = slot * gi + (slot - barW * series - 4 * (series - 1)) / 2;
        return (
          <g key={g.label}>
            {g.values.map((v, si) => {
              const grow = clamp01(p * (1 + 0.05 * (groups.length - 1)) - gi * 0.05); // later bars start a little later
              const bh = (h * v * grow) / max;
              const bx = start + si * (barW + 4);
              return (
                <g key={si}>
                  <rect x={bx} y={top + h - bh} width={barW} height={bh} rx="4" fill={colors[si]} />
                  {series === 1 && grow >= 1 ? (
                    <text
                      x={bx + barW / 2}
                      y={top + h - bh - 5}
                      textAnchor="middle"
                      fontSize="11.5"
                      fontWeight="700"
                      fill="#374151"
                    >
                      {format(v)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <text x={slot * gi + slot / 2} y={height - 6} textAnchor="middle" fontSize="12" fill="#6b7280">
              {g.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A donut whose segments sweep in with `p`; `center` is drawn in the hole. */
export function Donut({
  parts,
  size,
  p,
  center,
}: {
  parts: readonly { value: number; color: string }[];
  size: number;
  p: number;
  center?: ReactNode;
}) {
  const r = size / 2 - 12;
  const c = 2 * Math.PI * r;
  const total = parts.reduce((s, part) => s + part.value, 0);
  const lengths = parts.map((part) => (c * part.value * clamp01(p)) / total);
  // Each segment starts where the ones before it end.
  const offsets = lengths.map((_, i) => lengths.slice(0, i).reduce((sum, len) => sum + len, 0));
  return (
    <div style={{ position: 'relative', width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} style={{ transform: 'rotate(-90deg)' }}>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#f1f3f6" strokeWidth="16" />
        {parts.map((part, i) => (
          <circle
            key={i}
            cx={size / 2}
            cy={size / 2}
            r={r}
            fill="none"
            stroke={part.color}
            strokeWidth="16"
            strokeDasharray={`${lengths[i]!.toFixed(2)} ${c.toFixed(2)}`}
            strokeDashoffset={(-offsets[i]!).toFixed(2)}
          />
        ))}
      </svg>
      <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
        {center}
      </div>
    </div>
  );
}
