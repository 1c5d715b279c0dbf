/**
 * The 24-hour promise's boundary cases (domain/promise.ts), as times relative to receipt. Both promise.test.ts (the
 * model) and server/ideas/lead-promise.test.ts (the SQL of the inbox, the overdue filter, the figures and the
 * alerts, on PGlite and PostgreSQL) hold to the same expectations.
 */
import type { PromiseState } from './promise';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface PromiseCase {
  name: string;
  /** Offsets from receipt in ms; null: not happened. */
  deliveredAfter: number | null;
  closedAfter: number | null;
  spam: boolean;
  /** The moment looked at, from receipt. */
  nowAfter: number;
  expected: { state: PromiseState; overdue: boolean; due: boolean; kept: boolean };
}

const open = (overdue: boolean) => ({ state: 'open' as const, overdue, due: overdue, kept: false });

export const PROMISE_CASES: PromiseCase[] = [
  {
    name: 'just arrived',
    deliveredAfter: null,
    closedAfter: null,
    spam: false,
    nowAfter: MINUTE,
    expected: open(false),
  },
  {
    name: 'at the promise itself',
    deliveredAfter: null,
    closedAfter: null,
    spam: false,
    nowAfter: 24 * HOUR,
    expected: open(false),
  },
  {
    name: 'a second past the promise',
    deliveredAfter: null,
    closedAfter: null,
    spam: false,
    nowAfter: 24 * HOUR + 1000,
    expected: open(true),
  },
  {
    name: 'delivered in one minute',
    deliveredAfter: MINUTE,
    closedAfter: null,
    spam: false,
    nowAfter: 2 * MINUTE,
    expected: { state: 'on_time', overdue: false, due: true, kept: true },
  },
  {
    name: 'delivered at the promise',
    deliveredAfter: 24 * HOUR,
    closedAfter: null,
    spam: false,
    nowAfter: 30 * HOUR,
    expected: { state: 'on_time', overdue: false, due: true, kept: true },
  },
  {
    name: 'delivered a second late',
    deliveredAfter: 24 * HOUR + 1000,
    closedAfter: null,
    spam: false,
    nowAfter: 30 * HOUR,
    expected: { state: 'late', overdue: false, due: true, kept: false },
  },
  {
    name: 'delivered, then closed',
    deliveredAfter: 3 * HOUR,
    closedAfter: 50 * HOUR,
    spam: false,
    nowAfter: 60 * HOUR,
    expected: { state: 'on_time', overdue: false, due: true, kept: true },
  },
  {
    name: 'closed right after arrival, looked at later',
    deliveredAfter: null,
    closedAfter: MINUTE,
    spam: false,
    nowAfter: 48 * HOUR,
    expected: { state: 'closed', overdue: false, due: false, kept: false },
  },
  {
    name: 'closed at the promise',
    deliveredAfter: null,
    closedAfter: 24 * HOUR,
    spam: false,
    nowAfter: 48 * HOUR,
    expected: { state: 'closed', overdue: false, due: false, kept: false },
  },
  {
    name: 'closed after the promise passed',
    deliveredAfter: null,
    closedAfter: 30 * HOUR,
    spam: false,
    nowAfter: 48 * HOUR,
    expected: { state: 'closed', overdue: false, due: true, kept: false },
  },
  {
    name: 'in the spam folder, past the promise',
    deliveredAfter: null,
    closedAfter: null,
    spam: true,
    nowAfter: 48 * HOUR,
    expected: { state: 'spam', overdue: false, due: false, kept: false },
  },
];
