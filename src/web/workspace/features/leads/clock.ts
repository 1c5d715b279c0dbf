/**
 * The 24-hour clock as the inbox and a lead's page show it (the promise: domain/promise.ts): counted from the server's `now` (the answer's) plus the
 * time since it arrived, so a wrong clock on the team's phone does not move it; it ticks every 30 seconds.
 */
import { useEffect, useState } from 'react';
import { leadsCopy } from '../../../../content/workspace';
import { promiseOf, wholeMinutes } from '../../../../domain/promise';
import type { LeadClock } from '../../../../domain/workspace-api';

const copy = leadsCopy.clock;
const tickNow = () => Date.now();

export function duration(ms: number): string {
  const minutes = wholeMinutes(ms);
  return copy.hoursMinutes(Math.floor(minutes / 60), minutes % 60);
}

export type ClockKind = 'left' | 'overdue' | 'on_time' | 'late' | 'closed' | 'spam';
export type ClockState = { kind: ClockKind; text: string; ms: number };

/**
 * What the clock says at `now` (ms since epoch), by the lead's promise (domain/promise.ts): the time left, how long
 * overdue, how fast it was delivered (on time or late), or stopped for a lead closed without a prototype — which is
 * never overdue.
 */
export function clockState(clock: LeadClock, now: number): ClockState {
  const promise = promiseOf(clock, now);
  switch (promise.state) {
    case 'on_time':
      return { kind: 'on_time', text: copy.stopped(duration(promise.ms)), ms: promise.ms };
    case 'late':
      return { kind: 'late', text: copy.late(duration(promise.ms)), ms: promise.ms };
    case 'closed':
      return { kind: 'closed', text: copy.closed, ms: promise.ms };
    case 'spam':
      return { kind: 'spam', text: copy.spam, ms: 0 };
    case 'open':
      return promise.overdue
        ? { kind: 'overdue', text: copy.overdue(duration(promise.ms)), ms: promise.ms }
        : { kind: 'left', text: copy.left(duration(promise.ms)), ms: promise.ms };
  }
}

/** The server's time now: `serverNow` (from an answer) moved on by the time since that answer arrived. */
export function useServerNow(serverNow: string | undefined, tickMs = 30_000): number {
  const [tick, setTick] = useState(() => Date.now());
  // The offset is taken when an answer's time arrives (state adjusted during render, React's pattern for it).
  const [seen, setSeen] = useState<{ serverNow: string | undefined; offset: number }>({
    serverNow: undefined,
    offset: 0,
  });
  if (serverNow !== seen.serverNow) setSeen({ serverNow, offset: serverNow ? Date.parse(serverNow) - tickNow() : 0 });
  const offset = seen.offset;
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return tick + offset;
}
