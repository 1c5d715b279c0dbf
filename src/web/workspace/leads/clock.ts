/**
 * The 24-hour clock as the inbox and a lead's page show it: counted from the server's `now` (the answer's) plus the
 * time since it arrived, so a wrong clock on the team's phone does not move it; it ticks every 30 seconds.
 */
import { useEffect, useState } from 'react';
import { leadsCopy } from '../../../content/workspace';
import type { LeadClock } from '../../../domain/workspace-api';

const copy = leadsCopy.clock;
const MINUTE_MS = 60_000;
const tickNow = () => Date.now();

export function duration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  return copy.hoursMinutes(Math.floor(minutes / 60), minutes % 60);
}

export type ClockState = { kind: 'left' | 'overdue' | 'stopped' | 'closed'; text: string; ms: number };

/** What the clock says at `now` (ms since epoch); a closed consultation has no clock. */
export function clockState(clock: LeadClock, now: number, closed = false): ClockState {
  if (clock.deliveredAt) {
    const ms = Date.parse(clock.deliveredAt) - Date.parse(clock.receivedAt);
    return { kind: 'stopped', text: copy.stopped(duration(ms)), ms };
  }
  if (closed) return { kind: 'closed', text: copy.closed, ms: 0 };
  const ms = Date.parse(clock.promisedBy) - now;
  return ms >= 0
    ? { kind: 'left', text: copy.left(duration(ms)), ms }
    : { kind: 'overdue', text: copy.overdue(duration(ms)), ms };
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
