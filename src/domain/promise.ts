/**
 * The 24-hour promise of one lead (decision 092): the one model the inbox clock, the lead page, the figures, the
 * overdue filter, the 24-hour clock's alerts, the founder's status page, the CSV and the benchmark read. Pure
 * functions of the lead's facts and `now`; the server's SQL (server/ideas/lead-promise-sql.ts) says the same in
 * SQL and is tested against the same cases.
 *
 * A lead is exactly one of:
 * - `open`: its clock runs (no prototype, not closed); `overdue` once now is past its promise (never at it);
 * - `on_time` / `late`: the prototype went out at or before / after the promise (the clock stopped then; moving
 *   the stage back later does not restart it);
 * - `closed`: closed (stage 종료, which is the consultation's end: the retention period counts from it) before a
 *   prototype went out. Its clock stops at the close: never 「지남」, never alerted, never counted as delivered;
 * - `spam`: in the spam folder (flagged, not released): outside every figure.
 */
import { PROMISE_HOURS } from './idea';

export { PROMISE_HOURS };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The one rounding rule for a duration in minutes, wherever the promise's times are shown: whole minutes passed,
 * rounded down (5 min 59 s is 「5분」). The list's 「N분 만에 전달」, the clock and the figures' median all read it, so the
 * median of one lead is that lead's own time. A negative duration (overdue) counts by its size.
 */
export const wholeMinutes = (ms: number) => Math.floor(Math.abs(ms) / MINUTE_MS);

/** What the promise depends on: times as ISO strings or Dates. */
export interface PromiseFacts {
  receivedAt: string | Date;
  /** When the prototype went out (the first 프로토타입 전달), or null. */
  deliveredAt: string | Date | null;
  /** When the lead was closed (stage 종료 / the consultation ended), or null. */
  closedAt: string | Date | null;
  /** In the spam folder (flagged and not released). */
  spam?: boolean;
}

export type PromiseState = 'open' | 'on_time' | 'late' | 'closed' | 'spam';

export interface PromiseView {
  state: PromiseState;
  /** The promised instant: receipt + PROMISE_HOURS. */
  promisedBy: Date;
  /** Open and past the promise. */
  overdue: boolean;
  /**
   * Whether the on-time rate counts this lead: it got its prototype, or its 24 hours are over while open, or it
   * was closed without a prototype after its 24 hours ran out (a miss). A lead inside its 24 hours, one closed in
   * time without a prototype, and the spam folder are never counted.
   */
  due: boolean;
  /** Counted as a kept promise (`on_time`). */
  kept: boolean;
  /** Milliseconds until the promise (negative when past) for an open lead; the stopped duration otherwise. */
  ms: number;
}

const time = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** The promised instant of a lead received at `receivedAt`. */
export const promisedByOf = (receivedAt: string | Date) => new Date(time(receivedAt) + PROMISE_HOURS * HOUR_MS);

/** The lead's promise as of `now`. */
export function promiseOf(facts: PromiseFacts, now: Date | number): PromiseView {
  const at = typeof now === 'number' ? now : now.getTime();
  const received = time(facts.receivedAt);
  const promisedBy = promisedByOf(facts.receivedAt);
  const deadline = promisedBy.getTime();
  const view = (state: PromiseState, ms: number, due: boolean): PromiseView => ({
    state,
    promisedBy,
    overdue: state === 'open' && at > deadline,
    due,
    kept: state === 'on_time',
    ms,
  });
  if (facts.spam) return view('spam', 0, false);
  if (facts.deliveredAt !== null) {
    const delivered = time(facts.deliveredAt);
    return view(delivered <= deadline ? 'on_time' : 'late', delivered - received, true);
  }
  if (facts.closedAt !== null) {
    const closed = time(facts.closedAt);
    return view('closed', closed - received, closed > deadline);
  }
  return view('open', deadline - at, at > deadline);
}
