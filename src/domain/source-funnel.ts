/**
 * The funnel to a contract by source (decision 135): what the 현황 screen asks for (a period of 7, 30 or 90 Korean
 * days) and gets (per channel and per source and campaign: ideas, prototypes delivered and on time, meetings,
 * accepted quotes, contracts; the time leads spent in each stage; the leads lost with their 종료 reasons), read from
 * `lead_source_days` alone. Leads are counted by the day they were received: a lead of the period counts at every
 * step it reached since, so no conversion passes 100 %.
 */
import { z } from 'zod';
import type { Channel } from './lead-source';
import type { Stage } from './stages';
import { TEAM_API_PATH } from './team-paths';

/** GET (workspace API, a session needed): `SourceFunnel` for `?days=`. */
export const SOURCE_FUNNEL_PATH = `${TEAM_API_PATH}/source-funnel`;

export const FUNNEL_PERIODS = [7, 30, 90] as const;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];

export const sourceFunnelQuerySchema = z.object({
  days: z.coerce
    .number()
    .pipe(
      z.union(FUNNEL_PERIODS.map((days) => z.literal(days)) as [z.ZodLiteral<7>, z.ZodLiteral<30>, z.ZodLiteral<90>]),
    )
    .default(30),
});

/**
 * The funnel's steps in order, and the one each converts from: the visits that began at the source (from the
 * cookieless counts, `visit_source_days`), then the steps a lead reaches (`lead_source_days`).
 */
export const SOURCE_STEPS = [
  'visit',
  'idea',
  'delivered',
  'on_time',
  'meeting',
  'quote_accepted',
  'contracted',
] as const;
export type SourceStep = (typeof SOURCE_STEPS)[number];
/** The steps a lead reaches (the rows of `lead_source_days`). */
export const LEAD_STEPS = SOURCE_STEPS.filter((step) => step !== 'visit');
export const SOURCE_CONVERTS_FROM: Record<SourceStep, SourceStep | null> = {
  visit: null,
  // A visit without JavaScript sends no beacon, nor one closed in its first seconds (decision 098): the rate stops
  // at 100 %.
  idea: 'visit',
  delivered: 'idea',
  // On time is a share of the delivered prototypes (the 24-hour promise), not a further step.
  on_time: 'delivered',
  meeting: 'delivered',
  quote_accepted: 'meeting',
  contracted: 'quote_accepted',
};

export type StepCounts = Record<SourceStep, number>;

/** One row of the table: a channel (source and campaign '') or one source and campaign within it. */
export interface SourceFunnelRow {
  channel: Channel;
  source: string;
  campaign: string;
  counts: StepCounts;
}

export interface StageTime {
  stage: Stage;
  /** Minutes; null without a finished stay in the period's leads. */
  median: number | null;
  p75: number | null;
  stays: number;
}

export interface SourceFunnel {
  days: FunnelPeriod;
  /** The period's first and last Korean day (YYYY-MM-DD), today included. */
  from: string;
  to: string;
  /** Every lead of the period, all channels together. */
  total: StepCounts;
  /** Per channel, most ideas first. */
  channels: SourceFunnelRow[];
  /** Per channel, source and campaign, most ideas first. */
  sources: SourceFunnelRow[];
  /** Per stage a lead left, over all channels. */
  stageTimes: StageTime[];
  /** The same per channel, in the order of `channels` (a channel without a finished stay is left out). */
  channelStageTimes: { channel: Channel; stageTimes: StageTime[] }[];
  /** Leads lost (종료) per stage they were closed from and reason, most first. */
  losses: { stage: Stage; reason: string; count: number }[];
}

/** `count` as a share of the step it converts from, at most 1; null when that one is 0. */
export function conversionOf(counts: StepCounts, step: SourceStep): number | null {
  const from = SOURCE_CONVERTS_FROM[step];
  if (from === null || counts[from] === 0) return null;
  return Math.min(1, counts[step] / counts[from]);
}

export const emptyCounts = (): StepCounts => ({
  visit: 0,
  idea: 0,
  delivered: 0,
  on_time: 0,
  meeting: 0,
  quote_accepted: 0,
  contracted: 0,
});

/**
 * The bucket of a stay in a stage, as db/functions/lead_bucket_of_stay.sql computes it:
 * geometric, 20 % wide in minutes (bucket b holds [1.2^b − 1, 1.2^(b+1) − 1) minutes).
 */
export const STAGE_TIME_GROWTH = 1.2;
export function stageTimeBucket(minutes: number): number {
  return Math.floor(Math.log(1 + Math.max(0, minutes)) / Math.log(STAGE_TIME_GROWTH));
}

/** The q-quantile in minutes of a bucket histogram (bucket → stays), interpolated inside its bucket; null if empty. */
export function stageTimeQuantile(counts: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    const n = counts.get(bucket)!;
    if (n > 0 && below + n >= rank) {
      const low = STAGE_TIME_GROWTH ** bucket - 1;
      const high = STAGE_TIME_GROWTH ** (bucket + 1) - 1;
      return low + ((high - low) * (rank - below)) / n;
    }
    below += n;
  }
  return null;
}

/** One week's figures for the weekly mail (decision 136): the leads received in those Korean days, as above. */
export interface WeekFigures {
  from: string;
  to: string;
  counts: StepCounts;
  /** The channel with the most contracts (then ideas) among the week's leads; null without ideas. */
  best: { channel: Channel; ideas: number; contracted: number } | null;
}

export interface WeeklyFigures {
  lastWeek: WeekFigures;
  weekBefore: WeekFigures;
  /** Leads past their 24 hours without a prototype, now (the inbox's own figure). */
  overdueNow: number;
}

/** GET `WeeklyMailChoice`, POST `{ on }` (workspace API): the signed-in member's opt-in to the weekly mail. */
export const WEEKLY_MAIL_PATH = `${TEAM_API_PATH}/weekly-mail`;
export const weeklyMailChoiceSchema = z.object({ on: z.boolean() });
/** `owner`: owners always get it (the choice is a member's). */
export interface WeeklyMailChoice {
  on: boolean;
  owner: boolean;
}

/** The workspace's 현황 screen, where the weekly mail links. */
export const FIELD_FIGURES_SCREEN = '/field-figures';
