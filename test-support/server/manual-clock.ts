/**
 * A clock a test moves by hand, for a worker that takes a `WorkerClock` (ideas/follow-up.ts): `advance(ms)` runs each
 * timer that falls due, in order, at its own instant, so a test states what happens when, without waiting for time.
 */
import type { WorkerClock } from '../../src/server/ideas/follow-up';

export interface ManualClock extends WorkerClock {
  /** Moves time on by `ms`, running the timers that fall due on the way. */
  advance(ms: number): void;
}

export function manualClock(start = 0): ManualClock {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    after(ms, run) {
      const id = next++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return () => timers.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort(([a, first], [b, second]) => first.at - second.at || a - b)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
}
