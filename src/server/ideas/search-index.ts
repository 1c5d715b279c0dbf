/**
 * The inbox's search text, written after the idea (decision 115). A statement trigger on `ideas` queues each new
 * idea's id in `search_queue` in the idea's own transaction; `indexPending` takes queued ids and writes their
 * lowered name, e-mail and idea into `idea_search`, whose trigram index serves the search (lead-inbox.ts). Storing an
 * idea therefore never pays for the trigram index, the costliest part of it; the index catches up:
 * - before every search (`indexAllPending`), so a search finds every stored idea;
 * - in the background (`searchIndexer`): once the intake has been quiet for SETTLE_MS after a new idea, or at most
 *   DEFER_MAX_MS after the first one still waiting while ideas keep arriving (a burst is taken at the intake's full
 *   speed, its index follows), and every POLL_MS for what another instance or a restart left queued.
 * Each chunk is one short statement (INDEX_CHUNK ideas); in the background each waits for a quiet moment first.
 * Taking is `delete … returning` with `skip locked`: instances on one PostgreSQL never index an id twice, and an id
 * whose idea was erased meanwhile is simply dropped.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** Ids taken per statement: on PGlite one statement holds the server's thread, so it stays short. */
export const INDEX_CHUNK = 100;
/** The intake's quiet time after which the background indexes what arrived. */
export const SETTLE_MS = 1_000;
/** The longest a queued idea waits for the background while ideas keep arriving. */
export const DEFER_MAX_MS = 30_000;
/** How often the background looks for ids queued elsewhere (another instance, before a restart). */
export const POLL_MS = 10_000;

/** Indexes up to `max` queued ideas in one statement; returns how many ids it took. */
export async function indexPending(database: Database, max = INDEX_CHUNK): Promise<number> {
  const [row] = await database.rows<{ taken: number | string }>(sql`
    with taken as (
      delete from search_queue where idea_id in (
        select q.idea_id from search_queue q limit ${max} for update skip locked
      ) returning idea_id
    ), indexed as (
      insert into idea_search (idea_id, text)
      select i.id, lower(i.name || ' ' || i.email || ' ' || i.idea) from ideas i join taken t on t.idea_id = i.id
      on conflict (idea_id) do nothing
      returning idea_id
    )
    select (select count(*) from taken) as taken`);
  return Number(row?.taken ?? 0);
}

/**
 * Indexes everything queued, a chunk at a time; returns how many ids it took. In the background each chunk waits
 * for a quiet moment (`Database.quietMoment`: on PGlite no request's queries run meanwhile); for a search, whose
 * request it is part of, between chunks only the requests that arrived meanwhile go first.
 */
export async function indexAllPending(database: Database, options: { background?: boolean } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    if (options.background) await database.quietMoment();
    const taken = await indexPending(database);
    total += taken;
    if (taken < INDEX_CHUNK) return total;
    if (!options.background) await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface SearchIndexer {
  /** A new idea was stored: index it once the intake settles (or DEFER_MAX_MS after the first waiting one). */
  nudge(): void;
  /** Stops the timers and waits for a round in progress. */
  stop(): Promise<void>;
}

export function searchIndexer(
  database: Database,
  log: FastifyBaseLogger,
  timing = { settleMs: SETTLE_MS, deferMaxMs: DEFER_MAX_MS, pollMs: POLL_MS },
): SearchIndexer {
  let stopped = false;
  let settle: NodeJS.Timeout | undefined;
  let waitingSince: number | undefined;
  let running: Promise<void> | undefined;

  const round = () => {
    clearTimeout(settle);
    settle = undefined;
    waitingSince = undefined;
    if (stopped || running) return;
    running = indexAllPending(database, { background: true })
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'search index not brought up to date'))
      .finally(() => {
        running = undefined;
      });
  };
  // Ideas this instance is waiting to index have their timers; the poll only picks up what was queued elsewhere.
  const poll = setInterval(() => {
    if (waitingSince === undefined) round();
  }, timing.pollMs);
  poll.unref();

  return {
    nudge() {
      if (stopped) return;
      const now = Date.now();
      waitingSince ??= now;
      clearTimeout(settle);
      const wait = Math.min(timing.settleMs, Math.max(0, waitingSince + timing.deferMaxMs - now));
      settle = setTimeout(round, wait);
      settle.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(settle);
      await running;
    },
  };
}
