/**
 * Field Web Vitals and the cookieless funnel (decision 098): what the public page's beacon sends, how the server
 * keeps it (per-day histograms with fixed buckets, counters per day) and how p75 and the Core Web Vitals ratings are
 * read back. No zod here, so the page's beacon chunk can import these constants without it (the schema the server
 * checks a beacon with: vitals-schema.ts; the routes it takes: the server's, from content/site.ts). Nothing in a beacon identifies a visitor: the route, the metrics'
 * values, a coarse connection class and the funnel steps of that one page view.
 */
import { TEAM_API_PATH } from './team-paths';

/** POST: one beacon per page view, sent with `navigator.sendBeacon` when the page is hidden or left. */
export const VITALS_ENDPOINT = '/functions/v1/vitals';

/** GET (workspace API, a session needed): the 현황 screen's `VitalsFigures`. */
export const FIELD_FIGURES_PATH = `${TEAM_API_PATH}/field-figures`;

export const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type Metric = (typeof METRICS)[number];

/** The three the Core Web Vitals assessment reads; the 현황 screen shows these per route and device. */
export const CORE_METRICS = ['LCP', 'INP', 'CLS'] as const satisfies readonly Metric[];

/**
 * Google's thresholds (web.dev/articles/vitals): at or under `good` is good, over `poor` is poor, between needs
 * improvement. Milliseconds, CLS unitless.
 */
export const THRESHOLDS: Record<Metric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * The largest value a beacon may carry for each metric; a larger one is no real visit's (a minute to paint, a
 * layout that shifted ten screens) and the beacon is refused whole.
 */
export const METRIC_MAX: Record<Metric, number> = { LCP: 60_000, INP: 60_000, CLS: 10, FCP: 60_000, TTFB: 60_000 };

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function rating(metric: Metric, value: number): Rating {
  const { good, poor } = THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/**
 * Fixed bucket edges per metric: bucket i holds values in [edges[i], edges[i+1]) (the last up to METRIC_MAX).
 * Geometric, about 12% wide, so p75 read from the buckets is within about 6% of the true value (the bucket's
 * middle), with both thresholds among the edges so a rating read from the buckets is exact.
 */
function bucketEdges(metric: Metric, first: number, step: number, digits: number): readonly number[] {
  const edges = new Set<number>([0, THRESHOLDS[metric].good, THRESHOLDS[metric].poor]);
  for (let edge = first; edge < METRIC_MAX[metric]; edge *= step) edges.add(Number(edge.toPrecision(digits)));
  return [...edges].filter((edge) => edge < METRIC_MAX[metric]).sort((a, b) => a - b);
}

export const BUCKET_EDGES: Record<Metric, readonly number[]> = {
  LCP: /* @__PURE__ */ bucketEdges('LCP', 20, 1.12, 3),
  INP: /* @__PURE__ */ bucketEdges('INP', 8, 1.12, 3),
  CLS: /* @__PURE__ */ bucketEdges('CLS', 0.001, 1.12, 3),
  FCP: /* @__PURE__ */ bucketEdges('FCP', 20, 1.12, 3),
  TTFB: /* @__PURE__ */ bucketEdges('TTFB', 5, 1.12, 3),
};

/** The bucket a value falls in (values are checked against METRIC_MAX before). */
export function bucketOf(metric: Metric, value: number): number {
  const edges = BUCKET_EDGES[metric];
  let low = 0;
  let high = edges.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (edges[mid]! <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The value range a bucket stands for. */
export function bucketRange(metric: Metric, bucket: number): { low: number; high: number } {
  const edges = BUCKET_EDGES[metric];
  return { low: edges[bucket] ?? METRIC_MAX[metric], high: edges[bucket + 1] ?? METRIC_MAX[metric] };
}

/**
 * The q-quantile (0.75 for p75) of a histogram, interpolated linearly inside the bucket that holds it; null for an
 * empty histogram. `counts` maps bucket → number of values.
 */
export function quantileOf(metric: Metric, counts: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    const n = counts.get(bucket)!;
    if (n > 0 && below + n >= rank) {
      const { low, high } = bucketRange(metric, bucket);
      return low + ((high - low) * (rank - below)) / n;
    }
    below += n;
  }
  return bucketRange(metric, Math.max(...counts.keys())).high;
}

export const DEVICES = ['phone', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** The connection classes kept: the browser's `navigator.connection.effectiveType`, coarsened. */
export const CONNECTIONS = ['slow', 'fast', 'unknown'] as const;
export type Connection = (typeof CONNECTIONS)[number];
/** What a beacon may say (the Network Information API's effective types; Safari and Firefox give none). */
export const EFFECTIVE_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;
export type EffectiveType = (typeof EFFECTIVE_TYPES)[number];

export function connectionClass(effectiveType: EffectiveType | undefined): Connection {
  return effectiveType === undefined ? 'unknown' : effectiveType === '4g' ? 'fast' : 'slow';
}

/** The funnel steps a page view can report (once each); 'idea_sent' is counted by the server at intake. */
export const PAGE_STEPS = ['form_started', 'memo_recorded'] as const;
export type PageStep = (typeof PAGE_STEPS)[number];

/** The funnel's steps in order: counted per day (page views per route), then the workspace's stages. */
export const FUNNEL_STEPS = [
  'page_view',
  'form_started',
  'memo_recorded',
  'idea_sent',
  'delivered',
  'meeting',
  'contracted',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The most a beacon may weigh (bytes): a full one is about 200, with a visit's landing at most about 1,700. */
export const BEACON_MAX_BYTES = 2048;

/** One page view's beacon as the page sends it (checked by vitals-schema.ts's `beaconSchema`). */
export interface Beacon {
  route: string;
  /** `navigator.connection.effectiveType`, when the browser gives one. */
  connection?: EffectiveType;
  /** The final value of each metric the browser reported in this page view. */
  metrics: Partial<Record<Metric, number>>;
  steps?: PageStep[];
  /**
   * On the first page view of a visit only (domain/landing.ts `visitStartOf`): the landing's kept parameters and the
   * referring site's host, which the server classifies into the visit's channel and campaign (visits by source).
   */
  landing?: { params: string; referrer: string };
}

/** Device class from the User-Agent header (read, never stored): a phone or tablet says "Mobi" or names its OS. */
export function deviceOf(userAgent: string): Device {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'phone' : 'desktop';
}

/**
 * User agents that are not visitors: crawlers, headless browsers, Lighthouse and page-speed tools. Their beacons are
 * answered like any other and not counted.
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 20) return true;
  return /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|gtmetrix|phantom|puppeteer|playwright|selenium|python|curl|wget|node-fetch|axios|go-http|java\//i.test(
    userAgent,
  );
}

/**
 * The step each step converts from: the one before it, except that a recorded memo is a side path of a started form
 * (an idea is sent with or without one), so 'idea_sent' converts from 'form_started' too.
 */
export const CONVERTS_FROM: Record<FunnelStep, FunnelStep | null> = {
  page_view: null,
  form_started: 'page_view',
  memo_recorded: 'form_started',
  idea_sent: 'form_started',
  delivered: 'idea_sent',
  meeting: 'delivered',
  contracted: 'meeting',
};

/** Page views, form starts and the rest of one period, and the conversion of each step from the one it follows. */
export interface FunnelRow {
  step: FunnelStep;
  count: number;
  /**
   * count / the count of CONVERTS_FROM's step, at most 1; null for the first step or when that one is 0. A step
   * can count what its predecessor never saw (an automated browser's idea, whose page view is not counted; a contract
   * after a meeting not booked on the status page; a prototype this month for last month's idea): the counts say
   * so, the rate never passes 100 %.
   */
  conversion: number | null;
}

export function funnelRows(counts: Partial<Record<FunnelStep, number>>): FunnelRow[] {
  return FUNNEL_STEPS.map((step) => {
    const count = counts[step] ?? 0;
    const from = CONVERTS_FROM[step];
    const previous = from === null ? 0 : (counts[from] ?? 0);
    return { step, count, conversion: previous === 0 ? null : Math.min(1, count / previous) };
  });
}

/** How many Korean days the 현황 screen's p75 and trend cover (today included). */
export const FIELD_FIGURES_DAYS = 28;

/** GET the 현황 figures (team API): p75 per route × device × core metric over `days`, the daily trend, the funnel. */
export interface VitalsFigures {
  enabled: boolean;
  days: number;
  /** p75 per route, device and metric (all five) over the last `days` days, with how many values it rests on. */
  p75: { route: string; device: Device; metric: Metric; value: number | null; samples: number }[];
  /** p75 of the core metrics over all routes and devices, per day (KST), oldest first. */
  trend: { day: string; metric: Metric; value: number | null; samples: number }[];
  funnel: {
    thisMonth: FunnelRow[];
    lastMonth: FunnelRow[];
    thisMonthLabel: string;
    lastMonthLabel: string;
    /** The funnel's first step per route (the page views are counted per route), most viewed this month first. */
    pageViews: { route: string; thisMonth: number; lastMonth: number }[];
  };
}
