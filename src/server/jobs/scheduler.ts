/**
 * Runs the server's scheduled jobs. Every instance ticks, but a job's turn is taken by moving its `next_run_at`
 * forward in one conditional upsert (`scheduled_jobs`): whichever instance does it runs the job, the others see
 * no row come back and skip. No lock is held while a job runs (PGlite has one connection; mail jobs wait on SMTP).
 * A job that throws gets its next turn a minute later instead of a whole period. Time is passed in (`now`), so
 * tests move the clock instead of sleeping.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** When the turn after one taken at `now` is due; default `now + everyMs`. */
  nextRun?: (now: Date) => Date;
  /** Does one turn's work as of `now`; returns a short summary for the log and `scheduled_jobs.last_outcome`. */
  run(now: Date): Promise<string>;
}

const RETRY_AFTER_FAILURE_MS = 60_000;

/** How often an instance looks for due jobs. */
export const SCHEDULER_TICK_MS = 30_000;

/** True when this caller took the job's turn (it was due, or had never run). */
export async function takeTurn(
  database: Database,
  job: Pick<ScheduledJob, 'name' | 'everyMs' | 'nextRun'>,
  now: Date,
): Promise<boolean> {
  const next = (job.nextRun?.(now) ?? new Date(now.getTime() + job.everyMs)).toISOString();
  const taken = await database.rows(sql`
    insert into scheduled_jobs as j (name, next_run_at, last_run_at) values (${job.name}, ${next}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (name) do update set next_run_at = excluded.next_run_at, last_run_at = excluded.last_run_at
    where j.next_run_at <= ${now.toISOString()}::timestamptz
    returning name`);
  return taken.length === 1;
}

export class JobScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly jobs: ScheduledJob[],
    private readonly log: FastifyBaseLogger,
    private readonly tickMs = SCHEDULER_TICK_MS,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.runDue(new Date()).finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.tickMs);
      });
    };
    tick();
  }

  /** Stops ticking and waits for the turn in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every job whose turn this instance takes at `now`; returns their outcomes by name. */
  async runDue(now: Date): Promise<Record<string, string>> {
    const outcomes: Record<string, string> = {};
    for (const job of this.jobs) {
      let taken: boolean;
      try {
        taken = await takeTurn(this.database, job, now);
      } catch (error) {
        // Whether the turn was ours is unknown: leave the schedule to whichever instance took it.
        this.log.error({ job: job.name, err: error }, 'scheduled job: could not take its turn');
        continue;
      }
      if (!taken) continue;
      // Later writes touch this turn only (`last_run_at` is the time it was taken), never one another instance took.
      const thisTurn = sql`name = ${job.name} and last_run_at = ${now.toISOString()}::timestamptz`;
      try {
        outcomes[job.name] = await job.run(now);
        this.log.info({ job: job.name, outcome: outcomes[job.name] }, 'scheduled job ran');
      } catch (error) {
        outcomes[job.name] = `failed: ${error instanceof Error ? error.message : String(error)}`;
        this.log.error({ job: job.name, err: error }, 'scheduled job failed');
        const retryAt = new Date(now.getTime() + Math.min(job.everyMs, RETRY_AFTER_FAILURE_MS)).toISOString();
        await this.database
          .rows(sql`update scheduled_jobs set next_run_at = ${retryAt}::timestamptz where ${thisTurn}`)
          .catch(() => {});
      }
      await this.database
        .rows(
          sql`update scheduled_jobs set last_outcome = ${outcomes[job.name]?.slice(0, 500) ?? null} where ${thisTurn}`,
        )
        .catch(() => {});
    }
    return outcomes;
  }
}
