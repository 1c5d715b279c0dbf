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
 */
export class RoundRunner {
  private timer: NodeJS.Timeout | undefined;
  private readonly rounds = new Set<Promise<number>>();
  private again = false;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
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
    void this.run().catch(this.onError);
  }

  /** A round: passes until one ran with no nudge meanwhile; resolves with how many went out. */
  run(): Promise<number> {
    const round = (async () => {
      let sent = 0;
      do {
        this.again = false;
        sent += await this.pass();
      } while (this.again);
      return sent;
    })();
    this.rounds.add(round);
    const done = () => void this.rounds.delete(round);
    round.then(done, done);
    return round;
  }

  /** Resolves once no round is running, including rounds started while it waited. */
  async idle(): Promise<void> {
    while (this.rounds.size > 0) await Promise.allSettled([...this.rounds]);
  }

  /** Ends the timer and waits for the running rounds. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }
}
