/**
 * The funnel to a contract by source (decision 135), read from `lead_source_days` (the triggers in db/functions/
 * keep it: count_new_ideas, count_lead_event, uncount_erased_lead) and the visits of `visit_source_days`
 * (field-counts.ts): the period's rows, one statement, added up here per channel, per source and campaign, per stage
 * (its stays' median and p75 from their buckets, over all channels and per channel) and per loss. The rows are
 * bounded by days × sources × steps, whatever the number of leads or visits.
 */
import { sql } from 'drizzle-orm';
import { kstDay } from '../../domain/kst';
import type { Channel } from '../../domain/lead-source';
import {
  emptyCounts,
  LEAD_STEPS,
  SOURCE_STEPS,
  stageTimeQuantile,
  type FunnelPeriod,
  type SourceFunnel,
  type SourceFunnelRow,
  type SourceStep,
  type StageTime,
  type WeekFigures,
  type WeeklyFigures,
} from '../../domain/source-funnel';
import { leadFigures } from '../ideas/lead-inbox';
import { STAGES, type Stage } from '../../domain/stages';
import type { Database } from '../db/client';

const DAY_MS = 86_400_000;

interface Row extends Record<string, unknown> {
  channel: Channel;
  source: string;
  campaign: string;
  step: string;
  detail: string;
  n: number | string;
}

const isStep = (step: string): step is SourceStep => (SOURCE_STEPS as readonly string[]).includes(step);
const isStage = (stage: string): stage is Stage => (STAGES as readonly string[]).includes(stage);

/** The Korean days [from, to] of the period ending today. */
export function periodDays(days: number, now: Date): { from: string; to: string } {
  return { from: kstDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: kstDay(now) };
}

export async function sourceFunnel(database: Database, days: FunnelPeriod, now = new Date()): Promise<SourceFunnel> {
  const { from, to } = periodDays(days, now);
  const rows = await database.rows<Row>(sql`
    select channel, source, campaign, step, detail, sum(count) as n from lead_source_days
    where day between ${from}::date and ${to}::date
    group by channel, source, campaign, step, detail
    union all
    select channel, source, campaign, 'visit', '', sum(count) from visit_source_days
    where day between ${from}::date and ${to}::date
    group by channel, source, campaign`);
  const total = emptyCounts();
  const channels = new Map<string, SourceFunnelRow>();
  const sources = new Map<string, SourceFunnelRow>();
  // Stay histograms (bucket → stays) per stage, for all channels ('') and per channel.
  const times = new Map<string, Map<Stage, Map<number, number>>>();
  const losses = new Map<string, { stage: Stage; reason: string; count: number }>();
  const rowOf = (into: Map<string, SourceFunnelRow>, channel: Channel, source: string, campaign: string) => {
    const key = [channel, source, campaign].join('\t');
    let row = into.get(key);
    if (!row) into.set(key, (row = { channel, source, campaign, counts: emptyCounts() }));
    return row;
  };
  for (const row of rows) {
    const n = Number(row.n);
    if (isStep(row.step)) {
      total[row.step] += n;
      rowOf(channels, row.channel, '', '').counts[row.step] += n;
      rowOf(sources, row.channel, row.source, row.campaign).counts[row.step] += n;
      continue;
    }
    const [kind, stage] = row.step.split(':');
    if (stage === undefined || !isStage(stage)) continue;
    if (kind === 'time') {
      const bucket = Number(row.detail);
      for (const channel of ['', row.channel]) {
        let stages = times.get(channel);
        if (!stages) times.set(channel, (stages = new Map()));
        let histogram = stages.get(stage);
        if (!histogram) stages.set(stage, (histogram = new Map()));
        histogram.set(bucket, (histogram.get(bucket) ?? 0) + n);
      }
    } else if (kind === 'lost') {
      const key = `${stage}\t${row.detail}`;
      const loss = losses.get(key) ?? { stage, reason: row.detail, count: 0 };
      loss.count += n;
      losses.set(key, loss);
    }
  }
  const byIdeas = (a: SourceFunnelRow, b: SourceFunnelRow) =>
    b.counts.idea - a.counts.idea ||
    b.counts.contracted - a.counts.contracted ||
    b.counts.visit - a.counts.visit ||
    (a.channel + a.source + a.campaign < b.channel + b.source + b.campaign ? -1 : 1);
  const channelRows = [...channels.values()].sort(byIdeas);
  return {
    days,
    from,
    to,
    total,
    channels: channelRows,
    sources: [...sources.values()].sort(byIdeas),
    stageTimes: stageTimesOf(times.get('')),
    channelStageTimes: channelRows.flatMap(({ channel }) => {
      const stageTimes = stageTimesOf(times.get(channel));
      return stageTimes.length === 0 ? [] : [{ channel, stageTimes }];
    }),
    losses: [...losses.values()]
      .filter((loss) => loss.count > 0)
      .sort((a, b) => b.count - a.count || STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage)),
  };
}

/** Median and p75 of each stage's stays, in the stages' order, from their bucket histograms. */
function stageTimesOf(stages: Map<Stage, Map<number, number>> | undefined): StageTime[] {
  return STAGES.flatMap((stage) => {
    const histogram = stages?.get(stage);
    if (!histogram) return [];
    return [
      {
        stage,
        median: stageTimeQuantile(histogram, 0.5),
        p75: stageTimeQuantile(histogram, 0.75),
        stays: [...histogram.values()].reduce((sum, n) => sum + n, 0),
      },
    ];
  });
}

/** The step counts of the leads received in the Korean days [from, to], and their best channel. */
export async function weekFigures(database: Database, from: string, to: string): Promise<WeekFigures> {
  const rows = await database.rows<{ channel: Channel; step: SourceStep; n: number | string }>(sql`
    select channel, step, sum(count) as n from lead_source_days
    where day between ${from}::date and ${to}::date and step in (${sql.join(
      LEAD_STEPS.map((step) => sql`${step}`),
      sql`, `,
    )})
    group by channel, step`);
  const counts = emptyCounts();
  const byChannel = new Map<Channel, { ideas: number; contracted: number }>();
  for (const row of rows) {
    const n = Number(row.n);
    counts[row.step] += n;
    const channel = byChannel.get(row.channel) ?? { ideas: 0, contracted: 0 };
    if (row.step === 'idea') channel.ideas += n;
    if (row.step === 'contracted') channel.contracted += n;
    byChannel.set(row.channel, channel);
  }
  const best = [...byChannel]
    .filter(([, figures]) => figures.ideas > 0)
    .sort(([a, x], [b, y]) => y.contracted - x.contracted || y.ideas - x.ideas || (a < b ? -1 : 1))[0];
  return { from, to, counts, best: best ? { channel: best[0], ...best[1] } : null };
}

/** The last seven Korean days before `now`'s day beside the seven before them, and the leads overdue now. */
export async function weeklyFigures(database: Database, now: Date): Promise<WeeklyFigures> {
  const day = (back: number) => kstDay(new Date(now.getTime() - back * DAY_MS));
  return {
    lastWeek: await weekFigures(database, day(7), day(1)),
    weekBefore: await weekFigures(database, day(14), day(8)),
    overdueNow: (await leadFigures(database, now)).overdueNow,
  };
}
