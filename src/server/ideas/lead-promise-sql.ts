/**
 * The 24-hour promise (domain/promise.ts) said in SQL over the ideas row `i`, for the inbox's order and overdue
 * filter, the figures and the lead clock's alerts. lead-promise.test.ts holds each fragment to `promiseOf` over the
 * same cases, at each boundary, on both databases.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROMISE_HOURS } from '../../domain/promise';

const HOUR_MS = 3_600_000;

/** True for an idea in the spam folder (flagged, not released). */
export const inSpamFolder = sql`(i.spam_reason is not null and i.released_at is null)`;

/**
 * True while the lead's clock runs: no prototype yet and not closed. Written as the partial indexes
 * `ideas_open_due_idx` and `ideas_open_stage_idx` state it, so the planner proves their predicate.
 */
export const isOpen = sql`(i.prototype_delivered_at is null and i.closed_at is null)`;

/**
 * The clock has stopped (a prototype went out, or the lead was closed): exactly `not isOpen`, written as the partial
 * index `ideas_done_stage_idx` states it (the planner does not prove a predicate through NOT).
 */
export const isDone = sql`(i.prototype_delivered_at is not null or i.closed_at is not null)`;

/** The instant a lead received at `i.received_at` must have its prototype by, as a timestamptz. */
const promisedBy = sql`(i.received_at + ${PROMISE_HOURS}::int * interval '1 hour')`;

/** `received_at` strictly before this means the promise has passed at `now` (at the promise itself it has not). */
export const dueCutoff = (now: Date) => new Date(now.getTime() - PROMISE_HOURS * HOUR_MS).toISOString();

/** Open and past its promise at `now` (spam not excluded: callers add `not inSpamFolder`). */
export const isOverdue = (now: Date) => sql`(${isOpen} and i.received_at < ${dueCutoff(now)}::timestamptz)`;

/** The prototype went out at or before the promise. */
export const isKept = sql`(i.prototype_delivered_at is not null and i.prototype_delivered_at <= ${promisedBy})`;

/**
 * Counted by the on-time rate at `now`: delivered, or open past its promise, or closed without a prototype after its
 * promise passed. Never a lead inside its 24 hours.
 */
export const isDue = (now: Date) => sql`(i.prototype_delivered_at is not null or ${isOverdue(now)}
  or (i.prototype_delivered_at is null and i.closed_at is not null and i.closed_at > ${promisedBy}))`;

/** The promise's state as `promiseOf` names it ('open', 'on_time', 'late', 'closed', 'spam'). */
export const promiseStateSql: SQL = sql`(case
  when ${inSpamFolder} then 'spam'
  when i.prototype_delivered_at is not null then (case when ${isKept} then 'on_time' else 'late' end)
  when i.closed_at is not null then 'closed'
  else 'open' end)`;
