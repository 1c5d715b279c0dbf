/**
 * The 현황 screen's figures (decision 098), read from the day histograms and funnel counters alone: p75 per route,
 * device and metric over the last `days` Korean days (the screen shows the core metrics; bench:web sets FCP and TTFB
 * beside Lighthouse's too), the daily trend of the core metrics over all routes,
 * and the funnel of this Korean month beside the last (`funnelOf`). Every step from 'idea sent' on is read from the
 * leads themselves, so an erased lead no longer counts in any of them, as it no longer counts in the inbox.
 */
import { sql } from 'drizzle-orm';
import { kstDay } from '../../domain/kst';
import {
  CORE_METRICS,
  FIELD_FIGURES_DAYS,
  funnelRows,
  quantileOf,
  type Device,
  type FunnelStep,
  type Metric,
  type VitalsFigures,
} from '../../domain/vitals';
import type { Database } from '../db/client';
import { kstMonth, receivedBetween } from '../ideas/lead-inbox';

const DAY_MS = 86_400_000;

type Histogram = Map<number, number>;

function add(into: Map<string, Histogram>, key: string, bucket: number, n: number) {
  let histogram = into.get(key);
  if (!histogram) into.set(key, (histogram = new Map()));
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + n);
}

const total = (histogram: Histogram) => [...histogram.values()].reduce((sum, n) => sum + n, 0);

/** p75 of one metric on one day over everything, for the trend and the flood bound's test. */
export async function dayP75(database: Database, day: string, metric: Metric): Promise<number | null> {
  const rows = await database.rows<{ bucket: number; n: number | string }>(sql`
    select bucket, sum(count) as n from vitals_histograms where day = ${day}::date and metric = ${metric}
    group by bucket`);
  return quantileOf(metric, new Map(rows.map((row) => [Number(row.bucket), Number(row.n)])), 0.75);
}

/**
 * One period's funnel: the page's steps from the anonymous day counters (they outlive an erasure, having no one in
 * them); the ideas sent as the inbox counts them (lead-inbox.ts `receivedBetween`); the meetings booked in the period
 * and still booked; the leads that reached delivered and contract, from the workspace's stage events.
 */
async function funnelOf(database: Database, start: Date, end: Date): Promise<Partial<Record<FunnelStep, number>>> {
  const firstDay = kstDay(start);
  const lastDay = kstDay(new Date(end.getTime() - 1));
  const from = start.toISOString();
  const to = end.toISOString();
  // 'idea_sent' rows written before the ideas themselves were counted are left out.
  const counted = await database.rows<{ step: FunnelStep; n: number | string }>(sql`
    select step, sum(count) as n from funnel_counts
    where day between ${firstDay}::date and ${lastDay}::date and step in ('page_view', 'form_started', 'memo_recorded')
    group by step`);
  const leads = await database.rows<{ step: FunnelStep; n: number | string }>(sql`
    select 'idea_sent' as step, count(*) as n from ideas i where ${receivedBetween(start, end)}
    union all
    select 'meeting', count(distinct idea_id) from meetings
    where status = 'booked' and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
    union all
    select stage, count(distinct idea_id) from idea_events
    where kind = 'stage' and stage in ('delivered', 'contracted')
      and at >= ${from}::timestamptz and at < ${to}::timestamptz
    group by stage`);
  return Object.fromEntries([...counted, ...leads].map((row) => [row.step, Number(row.n)]));
}

/** Page views per route in [start, end): the funnel's first step, which is counted per route. */
async function pageViewsOf(database: Database, start: Date, end: Date): Promise<Map<string, number>> {
  const rows = await database.rows<{ route: string; n: number | string }>(sql`
    select route, sum(count) as n from funnel_counts
    where step = 'page_view' and day between ${kstDay(start)}::date and ${kstDay(new Date(end.getTime() - 1))}::date
    group by route`);
  return new Map(rows.map((row) => [row.route, Number(row.n)]));
}

export async function vitalsFigures(
  database: Database,
  options: { enabled: boolean; days?: number; now?: Date },
): Promise<VitalsFigures> {
  const days = options.days ?? FIELD_FIGURES_DAYS;
  const now = options.now ?? new Date();
  const firstDay = kstDay(new Date(now.getTime() - (days - 1) * DAY_MS));
  const rows = await database.rows<{
    day: string;
    route: string;
    device: Device;
    metric: Metric;
    bucket: number;
    n: number | string;
  }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, route, device, metric, bucket, sum(count) as n
    from vitals_histograms where day >= ${firstDay}::date
    group by day, route, device, metric, bucket`);
  const byRoute = new Map<string, Histogram>();
  const byDay = new Map<string, Histogram>();
  for (const row of rows) {
    add(byRoute, [row.route, row.device, row.metric].join('\t'), Number(row.bucket), Number(row.n));
    add(byDay, [row.day, row.metric].join('\t'), Number(row.bucket), Number(row.n));
  }
  const p75 = [...byRoute]
    .map(([key, histogram]) => {
      const [route, device, metric] = key.split('\t') as [string, Device, Metric];
      return { route, device, metric, value: quantileOf(metric, histogram, 0.75), samples: total(histogram) };
    })
    .sort((a, b) => (a.route + a.device + a.metric < b.route + b.device + b.metric ? -1 : 1));
  const trend: VitalsFigures['trend'] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const day = kstDay(new Date(now.getTime() - i * DAY_MS));
    for (const metric of CORE_METRICS) {
      const histogram = byDay.get([day, metric].join('\t')) ?? new Map<number, number>();
      trend.push({ day, metric, value: quantileOf(metric, histogram, 0.75), samples: total(histogram) });
    }
  }
  const thisMonth = kstMonth(now);
  const lastMonth = kstMonth(new Date(thisMonth.start.getTime() - 1));
  const viewsNow = await pageViewsOf(database, thisMonth.start, thisMonth.end);
  const viewsBefore = await pageViewsOf(database, lastMonth.start, lastMonth.end);
  const pageViews = [...new Set([...viewsNow.keys(), ...viewsBefore.keys()])]
    .map((route) => ({ route, thisMonth: viewsNow.get(route) ?? 0, lastMonth: viewsBefore.get(route) ?? 0 }))
    .sort((a, b) => b.thisMonth - a.thisMonth || b.lastMonth - a.lastMonth || (a.route < b.route ? -1 : 1));
  return {
    enabled: options.enabled,
    days,
    p75,
    trend,
    funnel: {
      thisMonthLabel: thisMonth.month,
      lastMonthLabel: lastMonth.month,
      thisMonth: funnelRows(await funnelOf(database, thisMonth.start, thisMonth.end)),
      lastMonth: funnelRows(await funnelOf(database, lastMonth.start, lastMonth.end)),
      pageViews,
    },
  };
}

/** Deletes day histograms and funnel counts older than `retentionDays` (the retention job). */
export async function deleteOldFieldFigures(database: Database, retentionDays: number, now = new Date()) {
  const keepFrom = kstDay(new Date(now.getTime() - (retentionDays - 1) * DAY_MS));
  const histograms = await database.rows<{ n: number | string }>(sql`
    with gone as (delete from vitals_histograms where day < ${keepFrom}::date returning 1)
    select count(*) as n from gone`);
  const funnel = await database.rows<{ n: number | string }>(sql`
    with gone as (delete from funnel_counts where day < ${keepFrom}::date returning 1)
    select count(*) as n from gone`);
  const visits = await database.rows<{ n: number | string }>(sql`
    with gone as (delete from visit_source_days where day < ${keepFrom}::date returning 1)
    select count(*) as n from gone`);
  return {
    histogramRows: Number(histograms[0]?.n ?? 0),
    funnelRows: Number(funnel[0]?.n ?? 0),
    visitRows: Number(visits[0]?.n ?? 0),
  };
}
