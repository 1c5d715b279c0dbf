/**
 * The work that follows a stored idea, off the request that stored it (decisions 115, 118 and 119). A statement
 * trigger on `ideas` queues each new idea's id in `idea_follow_ups` in the idea's own transaction, with what
 * `store_ideas` was told when it stored it as a created idea that is not spam (db/functions/queue_idea_follow_up.sql): the team's
 * digest threshold and period, and the founders' daily cap. `followUpPending` takes queued ids and, in one statement:
 * - writes their lowered name, e-mail and idea into `idea_search`, whose trigram index serves the search
 *   (lead-inbox.ts), so storing an idea never pays for that index;
 * - inserts the team's mail of each idea queued with a threshold into `outbox` (mail/outbox-worker.ts): one mail
 *   each until the threshold's count of mails queued one by one within the period before the idea, past it a row
 *   `digest` for the next digest mail (jobs/digest-mail.ts); the period's mails are counted once per statement;
 * - inserts the founder's confirmation of each idea queued with a cap (founder/founder-mail-queue.ts): at most the
 *   cap per address (its `recipient_hash`, SHA-256 of the trimmed, lowercased address, as `recipientHash`) in the
 *   24 hours before the idea, counted through founder_mails_cap_idx; past it the row is kept as `skipped`.
 * Each mail row keeps the idea's arrival as its `created_at`, so the digest's period, the founders' cap and the
 * backlog's alert (mail/mail-backlog.ts, which counts a queued idea as unsent) all count from the idea.
 * It runs:
 * - before every search (`followUpAll`), so a search finds every stored idea;
 * - before a ready mail is queued (lead-stages.ts), which needs the idea's confirmation;
 * - in the background (`followUpWorker`): SETTLE_MS after its start; once the intake has been quiet for SETTLE_MS
 *   after a new idea, or at most DEFER_MAX_MS after the first one still waiting while ideas keep arriving (a burst
 *   is taken at the intake's full speed, its follow-up comes after); and every POLL_MS for what another instance or
 *   a restart left queued.
 * Each chunk is one short statement (FOLLOW_UP_CHUNK ideas); in the background each waits for a quiet moment first.
 * Taking is `delete … returning` with `skip locked` (a named idea waits for the lock instead), in the statement that
 * writes: instances on one PostgreSQL never take an id twice, so no mail is queued twice (the primary keys would
 * refuse it anyway), and the id of an idea erased meanwhile is simply dropped.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, RowsFn } from '../db/client';

/** Ids taken per statement: on PGlite one statement holds the server's thread, so it stays short. */
export const FOLLOW_UP_CHUNK = 100;
/** The intake's quiet time after which the background follows up what arrived. */
export const SETTLE_MS = 1_000;
/** The longest a queued idea waits for the background while ideas keep arriving. */
export const DEFER_MAX_MS = 30_000;
/** How often the background looks for ids queued elsewhere (another instance, before a restart). */
export const POLL_MS = 10_000;

export interface FollowedUp {
  /** Ids taken from the queue (erased ideas' included). */
  taken: number;
  /** Team mails queued for the outbox worker (not counting those left for the digest). */
  mails: number;
  /** Founders' confirmations queued for sending (not counting those the cap kept as `skipped`). */
  confirmations: number;
}

/**
 * Follows up to `max` queued ideas (or, with `ideaId`, just that one, if still queued) in one statement: their
 * search text, their team mails and their founders' confirmations.
 */
export async function followUpPending(
  rows: RowsFn,
  options: { max?: number; ideaId?: string } = {},
): Promise<FollowedUp> {
  const max = options.max ?? FOLLOW_UP_CHUNK;
  // A named idea waits for a follow-up that holds it (the caller needs its result: a ready mail needs the
  // confirmation); the background skips what another instance holds.
  const take = options.ideaId
    ? sql`and q.idea_id = ${options.ideaId}::uuid for update`
    : sql`limit ${max} for update skip locked`;
  const [row] = await rows<{ taken: number | string; mails: number | string; confirmations: number | string }>(sql`
    with taken as (
      -- The ids locked once (an array, not a subquery the planner may run again for every queued row), then
      -- deleted by primary key.
      delete from idea_follow_ups where idea_id = any (array(
        select q.idea_id from idea_follow_ups q where true ${take}
      )) returning idea_id, founder_cap, team_digest_after, team_digest_period_ms
    ), followed as (
      select i.id, i.received_at, i.name, i.email, i.idea, i.without_script, t.founder_cap, t.team_digest_after,
        i.received_at - t.team_digest_period_ms * interval '1 millisecond' as period_start,
        encode(sha256(convert_to(lower(btrim(i.email)), 'UTF8')), 'hex') as recipient_hash
      from ideas i join taken t on t.idea_id = i.id
    ), indexed as (
      -- A note or thread message written before this ran (search-text.ts) keeps its words after the idea's.
      insert into idea_search (idea_id, text)
      select f.id, lower(f.name || ' ' || f.email || ' ' || f.idea) from followed f
      on conflict (idea_id) do update set text = excluded.text || E'\n' || idea_search.text
      returning idea_id
    ), mailed_each as materialized (
      -- The team's mails queued one by one since the earliest period start, counted once per statement (materialized:
      -- inlined, it was counted again for every idea). Each row's kind is read by primary key in a scalar subquery,
      -- which the planner cannot turn into a join: a join (or a lateral one, which it flattens) let it scan every
      -- idea, 150 ms at 100,000 on PGlite (decision 087).
      select count(*) filter (where k.via_form is false) as by_script, count(*) filter (where k.via_form) as by_form
      from (
        select (select x.without_script from ideas x where x.id = o.idea_id) as via_form
        from outbox o
        where not o.digest
          and o.created_at > (select min(f.period_start) from followed f where f.team_digest_after is not null)
      ) k
    ), team as (
      insert into outbox (idea_id, status, attempts, created_at, next_attempt_at, digest)
      select f.id, 'pending', 0, f.received_at, f.received_at,
        case when f.without_script then m.by_form else m.by_script end
          + row_number() over (partition by f.without_script order by f.received_at, f.id) > f.team_digest_after
      from followed f cross join mailed_each m
      where f.team_digest_after is not null
      on conflict (idea_id) do nothing
      returning digest
    ), confirmed as (
      insert into founder_mails (idea_id, kind, recipient_hash, status, attempts, created_at, next_attempt_at)
      select f.id, 'confirmation', f.recipient_hash,
        case when c.n + row_number() over (partition by f.recipient_hash order by f.received_at, f.id)
          > f.founder_cap then 'skipped' else 'pending' end,
        0, f.received_at, now()
      from followed f
      cross join lateral (
        select count(*) as n from founder_mails m
        where m.kind = 'confirmation' and m.status <> 'skipped' and m.recipient_hash = f.recipient_hash
          and m.created_at > f.received_at - interval '1 day'
      ) c
      where f.founder_cap is not null
      on conflict (idea_id, kind, ref) do nothing
      returning status
    )
    select (select count(*) from taken) as taken,
      (select count(*) from team where not digest) as mails,
      (select count(*) from confirmed where status = 'pending') as confirmations`);
  return {
    taken: Number(row?.taken ?? 0),
    mails: Number(row?.mails ?? 0),
    confirmations: Number(row?.confirmations ?? 0),
  };
}

/**
 * Follows up everything queued, a chunk at a time. In the background each chunk waits for a quiet moment
 * (`Database.quietMoment`: on PGlite no request's queries run meanwhile); for a search, whose request it is part of,
 * between chunks only the requests that arrived meanwhile go first.
 */
export async function followUpAll(database: Database, options: { background?: boolean } = {}): Promise<FollowedUp> {
  const total: FollowedUp = { taken: 0, mails: 0, confirmations: 0 };
  for (;;) {
    if (options.background) await database.quietMoment();
    const done = await followUpPending(database.rows);
    total.taken += done.taken;
    total.mails += done.mails;
    total.confirmations += done.confirmations;
    if (done.taken < FOLLOW_UP_CHUNK) break;
    if (!options.background) await new Promise((resolve) => setImmediate(resolve));
  }
  // PGlite has no autovacuum: the queue's deleted rows would stay in its pages for good, and every take (a scan of
  // the small table) would read all of them, a cost growing with every idea ever stored (2.5 ms a take at 100,000,
  // scripts/bench/intake-explain.ts). A plain VACUUM after each background round frees them for the next ideas, so the
  // table stays as large as its largest backlog. PostgreSQL's autovacuum does the same there.
  if (options.background && total.taken > 0 && database.kind === 'pglite') {
    await database.quietMoment();
    await database.rows(sql`vacuum idea_follow_ups`);
  }
  return total;
}

export interface FollowUpWorker {
  /** A new idea was stored: follow it up once the intake settles (or DEFER_MAX_MS after the first waiting one). */
  nudge(): void;
  /** The round in progress, if any, done (at once when none runs): what a test waits for after a timer fired. */
  idle(): Promise<void>;
  /** Stops the timers and waits for a round in progress. */
  stop(): Promise<void>;
}

/** The worker's time: the real one, or a test's manual clock (test-support/server/manual-clock.ts). */
export interface WorkerClock {
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
}

const realClock: WorkerClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** `onMail`: mails were queued (the mail worker can send them now rather than at its next poll). */
export function followUpWorker(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    onMail?: () => void;
    timing?: { settleMs: number; deferMaxMs: number; pollMs: number };
    clock?: WorkerClock;
  } = {},
): FollowUpWorker {
  const timing = options.timing ?? { settleMs: SETTLE_MS, deferMaxMs: DEFER_MAX_MS, pollMs: POLL_MS };
  const clock = options.clock ?? realClock;
  let stopped = false;
  let cancelSettle: (() => void) | undefined;
  let waitingSince: number | undefined;
  let running: Promise<void> | undefined;

  const round = () => {
    cancelSettle?.();
    cancelSettle = undefined;
    waitingSince = undefined;
    if (stopped || running) return;
    running = followUpAll(database, { background: true })
      .then((done) => {
        if (done.mails > 0 || done.confirmations > 0) options.onMail?.();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'stored ideas not followed up'))
      .finally(() => {
        running = undefined;
      });
  };
  // Ideas this instance is waiting to follow up have their timers; the poll only picks up what was queued elsewhere.
  let cancelPoll: () => void;
  const poll = () => {
    cancelPoll = clock.after(timing.pollMs, () => {
      if (waitingSince === undefined) round();
      if (!stopped) poll();
    });
  };
  poll();
  // What an earlier run of this or another instance left queued (stopped between an idea and its follow-up) is
  // followed up shortly after the start, not a whole poll later.
  cancelSettle = clock.after(timing.settleMs, round);

  return {
    nudge() {
      if (stopped) return;
      const now = clock.now();
      waitingSince ??= now;
      cancelSettle?.();
      const wait = Math.min(timing.settleMs, Math.max(0, waitingSince + timing.deferMaxMs - now));
      cancelSettle = clock.after(wait, round);
    },
    idle: async () => {
      await running;
    },
    async stop() {
      stopped = true;
      cancelPoll();
      cancelSettle?.();
      await running;
    },
  };
}
