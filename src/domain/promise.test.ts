import { describe, expect, it } from 'vitest';
import { PROMISE_HOURS } from './idea';
import { promiseOf, promisedByOf, wholeMinutes } from './promise';
import { PROMISE_CASES } from './promise-cases';

const received = Date.parse('2026-11-24T00:00:00Z');
const at = (offset: number | null) => (offset === null ? null : new Date(received + offset).toISOString());

describe('the 24-hour promise', () => {
  it('is due PROMISE_HOURS after receipt', () => {
    expect(promisedByOf(new Date(received)).getTime() - received).toBe(PROMISE_HOURS * 3_600_000);
  });

  it.each(PROMISE_CASES)('$name', (c) => {
    const view = promiseOf(
      { receivedAt: at(0)!, deliveredAt: at(c.deliveredAfter), closedAt: at(c.closedAfter), spam: c.spam },
      received + c.nowAfter,
    );
    expect({ state: view.state, overdue: view.overdue, due: view.due, kept: view.kept }).toEqual(c.expected);
  });

  it('stops the clock of a closed lead at its close, and counts down an open one', () => {
    const closed = promiseOf(
      { receivedAt: at(0)!, deliveredAt: null, closedAt: at(120_000) },
      received + 99 * 3_600_000,
    );
    expect(closed.ms).toBe(120_000);
    const open = promiseOf({ receivedAt: at(0)!, deliveredAt: null, closedAt: null }, received + 3_600_000);
    expect(open.ms).toBe((PROMISE_HOURS - 1) * 3_600_000);
  });

  it('counts whole minutes passed, rounded down, whatever the sign', () => {
    expect(wholeMinutes(5 * 60_000 + 59_999)).toBe(5);
    expect(wholeMinutes(-(42 * 60_000 + 30_000))).toBe(42);
    expect(wholeMinutes(59_999)).toBe(0);
  });
});
