/**
 * The field figures' writer (decision 098): beacons and funnel steps are added up in memory and written every
 * `flushMs` as one upsert per table, `insert … on conflict do update set count = count + excluded.count`, so any
 * number of instances add to the same day's rows without losing an update, and a beacon costs its request no
 * database round trip. Keys are written in one order, so two instances' upserts never deadlock. What a crash loses
 * is at most the last `flushMs` of counts (figures, not records); a stopping server flushes first. A visit's first
 * page view also counts the visit under the landing's source (channel, source name, campaign: the lead's table,
 * domain/lead-source.ts) in `visit_source_days`, the funnel by source's first step.
 */
import { sql } from 'drizzle-orm';
import { kstDay } from '../../domain/kst';
import { keptParams } from '../../domain/landing';
import { leadSourceOf } from '../../domain/lead-source';
import { bucketOf, connectionClass, type Device, type Metric, type PageStep } from '../../domain/vitals';
import type { CheckedBeacon } from '../../domain/vitals-schema';
import type { Database } from '../db/client';

type Key = string;

export class FieldCounts {
  private histograms = new Map<Key, number>();
  private funnel = new Map<Key, number>();
  private visits = new Map<Key, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One page view's beacon: each metric into its bucket, the page view and its funnel steps counted. */
  addBeacon(beacon: CheckedBeacon, device: Device): void {
    const day = kstDay(this.now());
    const connection = connectionClass(beacon.connection);
    for (const [metric, value] of Object.entries(beacon.metrics) as [Metric, number | undefined][]) {
      if (value === undefined) continue;
      const key = [day, beacon.route, device, connection, metric, bucketOf(metric, value)].join('\t');
      this.histograms.set(key, (this.histograms.get(key) ?? 0) + 1);
    }
    this.addStep('page_view', beacon.route);
    for (const step of beacon.steps ?? ([] as PageStep[])) this.addStep(step);
    if (beacon.landing) this.addVisit(beacon.landing);
  }

  /** A visit began: counted under its landing's source (only the kept parameters are read, as for an idea). */
  addVisit(landing: { params: string; referrer: string }): void {
    const source = leadSourceOf({ params: keptParams(landing.params), referrer: landing.referrer });
    const key = [kstDay(this.now()), source.channel, source.source, source.campaign].join('\t');
    this.visits.set(key, (this.visits.get(key) ?? 0) + 1);
  }

  /**
   * An idea form posted without JavaScript (or before the page code arrived): no beacon ran, so the page view of the
   * form's page and the form start are counted here, and the funnel's form starts hold every idea sent.
   */
  addFormPost(route: string): void {
    this.addStep('page_view', route);
    this.addStep('form_started');
  }

  /**
   * One of the steps the day counters keep (page views per route, the page's steps with no route); the steps from
   * 'idea sent' on are read from the leads (vitals-figures.ts).
   */
  addStep(step: 'page_view' | PageStep, route = ''): void {
    const key = [kstDay(this.now()), step, route].join('\t');
    this.funnel.set(key, (this.funnel.get(key) ?? 0) + 1);
  }

  /** Starts writing every `flushMs`. */
  start(flushMs: number): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes the counts gathered so far (one upsert per table); one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(
      () => this.write(),
      () => this.write(),
    );
    return this.flushing;
  }

  private async write(): Promise<void> {
    const histograms = this.histograms;
    const funnel = this.funnel;
    const visits = this.visits;
    this.histograms = new Map();
    this.funnel = new Map();
    this.visits = new Map();
    try {
      if (histograms.size > 0) await writeHistograms(this.database, histograms);
    } catch (error) {
      this.putBack(this.histograms, histograms);
      this.putBack(this.funnel, funnel);
      this.putBack(this.visits, visits);
      throw error;
    }
    try {
      if (funnel.size > 0) await writeFunnel(this.database, funnel);
    } catch (error) {
      this.putBack(this.funnel, funnel);
      this.putBack(this.visits, visits);
      throw error;
    }
    try {
      if (visits.size > 0) await writeVisits(this.database, visits);
    } catch (error) {
      this.putBack(this.visits, visits);
      throw error;
    }
  }

  /** A failed write's counts go back to be written with the next flush. */
  private putBack(into: Map<Key, number>, from: Map<Key, number>) {
    for (const [key, n] of from) into.set(key, (into.get(key) ?? 0) + n);
  }
}

const sorted = (counts: Map<Key, number>) => [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function writeHistograms(database: Database, counts: Map<Key, number>) {
  const values = sorted(counts).map(([key, n]) => {
    const [day, route, device, connection, metric, bucket] = key.split('\t') as [string, ...string[]];
    return sql`(${day}::date, ${route}, ${device}, ${connection}, ${metric}, ${Number(bucket)}::smallint, ${n}::int)`;
  });
  await database.rows(sql`
    insert into vitals_histograms as h (day, route, device, connection, metric, bucket, count)
    values ${sql.join(values, sql`, `)}
    on conflict (day, route, device, connection, metric, bucket) do update set count = h.count + excluded.count`);
}

async function writeFunnel(database: Database, counts: Map<Key, number>) {
  const values = sorted(counts).map(([key, n]) => {
    const [day, step, route] = key.split('\t') as [string, string, string];
    return sql`(${day}::date, ${step}, ${route}, ${n}::int)`;
  });
  await database.rows(sql`
    insert into funnel_counts as f (day, step, route, count)
    values ${sql.join(values, sql`, `)}
    on conflict (day, step, route) do update set count = f.count + excluded.count`);
}

async function writeVisits(database: Database, counts: Map<Key, number>) {
  const values = sorted(counts).map(([key, n]) => {
    const [day, channel, source, campaign] = key.split('\t') as [string, string, string, string];
    return sql`(${day}::date, ${channel}, ${source}, ${campaign}, ${n}::int)`;
  });
  await database.rows(sql`
    insert into visit_source_days as v (day, channel, source, campaign, count)
    values ${sql.join(values, sql`, `)}
    on conflict (day, channel, source, campaign) do update set count = v.count + excluded.count`);
}
