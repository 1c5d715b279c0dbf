/**
 * PGlite runs every statement on the event loop's thread, one at a time: a background job's statement that slips
 * between two queries of one request makes that request wait for all of it. `requestTurns` counts the queries in
 * flight on the client and when the last one ended, so a background job (the erasure purge) can wait for a quiet
 * moment — no query running and none for QUIET_MS — before each of its statements, up to MAX_WAIT_MS so it still
 * finishes under steady traffic (decision 114). Background work queries through `background`, the client's own methods,
 * which are not counted: a quiet moment is one without a request's queries, so one background job (the mail worker
 * sending a backlog) never holds back another's (the follow-up) for MAX_WAIT_MS a statement (decision 121).
 */
import type { PGlite } from '@electric-sql/pglite';

/** Longer than the gap between two queries of one request (its own work in between), shorter than a human notices. */
export const QUIET_MS = 15;
/** The longest a background statement waits for a quiet moment; then it runs anyway. */
export const MAX_WAIT_MS = 500;
export const POLL_MS = 5;

/** The client's methods a query needs. */
export type PgliteQueries = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

export interface RequestTurns {
  /** Resolves once no request's query ran for QUIET_MS, or after MAX_WAIT_MS. */
  quietMoment(): Promise<void>;
  /** The client's own methods, for background work: its queries are not counted as a request's. */
  background: PgliteQueries;
}

/** The time the turns are kept in: the real one, or a test's, which moves only when the test says. */
export interface TurnsClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: TurnsClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function requestTurns(client: PGlite, clock: TurnsClock = realClock): RequestTurns {
  let inFlight = 0;
  let lastEnded = 0;
  const background = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    transaction: client.transaction.bind(client),
  } as PgliteQueries;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = background[method] as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      inFlight += 1;
      try {
        return await original(...args);
      } finally {
        inFlight -= 1;
        lastEnded = clock.now();
      }
    };
  }
  return {
    background,
    async quietMoment() {
      const started = clock.now();
      await clock.sleep(POLL_MS);
      while (clock.now() - started < MAX_WAIT_MS) {
        if (inFlight === 0 && clock.now() - lastEnded >= QUIET_MS) return;
        await clock.sleep(POLL_MS);
      }
    },
  };
}
