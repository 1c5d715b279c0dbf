/**
 * The round runner the outbox senders share (the alerts', the push notifications' and the 알림톡's, decision 145):
 * a round repeats a pass (claim and send what is due, return how many went out) while a nudge arrived during it, so
 * a row stored mid-round is not left to the next poll, and a nudge never starts a second round beside a running one.
 * - `run()` starts a round now, beside any running one (a caller that awaits what is due, e.g. right after storing
 *   an alert), and resolves with the round's count;
 * - `nudge()` starts one when none runs, else asks the running round for one more pass; its errors go to `onError`;
 * - `start(pollMs)` nudges at once and then every `pollMs` (the timer does not keep the process alive);
 * - `idle()` resolves once no round runs (tests wait on it, never for time: decision 123); `stop()` ends the timer
 *   and waits for the rounds.
 * The claims are the passes' own (`FOR UPDATE SKIP LOCKED` and a lease): two rounds, or two instances, never take the
 * same row, so the runner only decides when a pass runs.
 *
 * `minGapMs` (0: none) spaces the nudged rounds: one starts at least that long after the previous one began, and a
 * nudge during a round then asks for a round after the gap instead of a pass at once. The push and 알림톡 senders are
 * nudged by every live event (every idea stored), whether or not anything was queued for them: without a gap their
 * claim ran back to back under a flood of ideas (0.155 claims and 0.23 ms of PostgreSQL per accepted idea in
 * `scripts/bench/intake-phases.ts`, the whole rise of bench:intake's CPU per idea since issue 49).
 */
/**
 * The gap of the senders nudged by every live event (push, 알림톡): a notification waits at most this long for its
 * round, and a flood of ideas costs at most a few claims a second.
 */
export const NUDGE_GAP_MS = 250;

export class RoundRunner {
  private timer: NodeJS.Timeout | undefined;
  private readonly rounds = new Set<Promise<number>>();
  private again = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** A nudged round waiting for the gap: its timer, and what `idle()` waits on until it has started. */
  private delayed: { timer: NodeJS.Timeout; started: Promise<void>; release: () => void } | undefined;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
    private readonly minGapMs = 0,
  ) {}

  /** Nudges now and every `pollMs`; a second call keeps the first timer. */
  start(pollMs: number): void {
    this.timer ??= setInterval(() => this.nudge(), pollMs);
    this.timer.unref();
    this.nudge();
  }

  /** Sends what is due now (a new row was stored); a round already under way runs once more after it. */
  nudge(): void {
    if (this.rounds.size > 0) {
      this.again = true;
      return;
    }
    if (this.delayed) return;
    const wait = this.lastStart + this.minGapMs - Date.now();
    if (wait <= 0) {
      void this.run().catch(this.onError);
      return;
    }
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const timer = setTimeout(() => {
      this.delayed = undefined;
      this.nudge();
      release();
    }, wait);
    timer.unref();
    this.delayed = { timer, started, release };
  }

  /** A round: passes until one ran with no nudge meanwhile; resolves with how many went out. */
  run(): Promise<number> {
    this.lastStart = Date.now();
    const round = (async () => {
      let sent = 0;
      do {
        this.again = false;
        sent += await this.pass();
      } while (this.again && this.minGapMs === 0);
      return sent;
    })();
    this.rounds.add(round);
    const done = () => {
      this.rounds.delete(round);
      // With a gap, a nudge during the round is a round after the gap.
      if (this.again && this.rounds.size === 0) {
        this.again = false;
        this.nudge();
      }
    };
    round.then(done, done);
    return round;
  }

  /** Resolves once no round is running or waiting for its gap, including rounds started while it waited. */
  async idle(): Promise<void> {
    while (this.rounds.size > 0 || this.delayed)
      await Promise.allSettled([...this.rounds, ...(this.delayed ? [this.delayed.started] : [])]);
  }

  /** Ends the timers and waits for the running rounds (a round waiting for its gap is dropped). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.delayed) {
      clearTimeout(this.delayed.timer);
      this.delayed.release();
      this.delayed = undefined;
    }
    await this.idle();
  }
}
