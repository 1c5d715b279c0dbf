/**
 * The outbox senders' round runner (round-runner.ts, decision 145): a nudge during a round asks for one more pass
 * and never runs a second pass beside it, `run()` starts a round beside others, errors reach `onError`, `idle()`
 * waits for every round, and the poll timer nudges until `stop()`. Each pass here is held open by the test and let
 * go explicitly, so nothing waits for time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoundRunner } from './round-runner';

/** A pass the test lets go: each call returns a promise the test resolves (or rejects) in order. */
function heldPasses() {
  const waiting: { resolve: (sent: number) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let calls = 0;
  const arrived: (() => void)[] = [];
  const pass = () =>
    new Promise<number>((resolve, reject) => {
      calls += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const settle = () => (running -= 1);
      waiting.push({
        resolve: (sent) => (settle(), resolve(sent)),
        reject: (error) => (settle(), reject(error)),
      });
      arrived.splice(0).forEach((wake) => wake());
    });
  /** Resolves once `count` passes have been called in all. */
  const called = async (count: number) => {
    while (calls < count) await new Promise<void>((wake) => arrived.push(wake));
  };
  const next = () => {
    const held = waiting.shift();
    if (!held) throw new Error('no pass is waiting');
    return held;
  };
  return {
    pass,
    called,
    next,
    get calls() {
      return calls;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

describe('RoundRunner', () => {
  afterEach(() => vi.useRealTimers());

  it("runs a round of one pass and resolves with the pass's count; idle resolves once it ends", async () => {
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => undefined);
    await runner.idle();
    const round = runner.run();
    await passes.called(1);
    let idle = false;
    const waiting = runner.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    passes.next().resolve(3);
    await expect(round).resolves.toBe(3);
    await waiting;
    expect(passes.calls).toBe(1);
  });

  it('a nudge during a round asks for one more pass after it, however many nudges, never a pass beside it', async () => {
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => undefined);
    runner.nudge();
    await passes.called(1);
    runner.nudge();
    runner.nudge();
    runner.nudge();
    expect(passes.calls).toBe(1);
    passes.next().resolve(2);
    await passes.called(2);
    passes.next().resolve(1);
    await runner.idle();
    expect(passes.calls).toBe(2);
    expect(passes.mostAtOnce).toBe(1);
  });

  it('a nudge during the extra pass asks for another; the round counts every pass', async () => {
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => undefined);
    const round = runner.run();
    await passes.called(1);
    runner.nudge();
    passes.next().resolve(1);
    await passes.called(2);
    runner.nudge();
    passes.next().resolve(2);
    await passes.called(3);
    passes.next().resolve(4);
    await expect(round).resolves.toBe(7);
    expect(passes.mostAtOnce).toBe(1);
  });

  it('run() starts a round beside a running one (a caller that awaits what is due now), and idle waits for both', async () => {
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => undefined);
    const first = runner.run();
    await passes.called(1);
    const second = runner.run();
    await passes.called(2);
    expect(passes.mostAtOnce).toBe(2);
    let idle = false;
    const waiting = runner.idle().then(() => (idle = true));
    passes.next().resolve(1);
    await first;
    await Promise.resolve();
    expect(idle).toBe(false);
    passes.next().resolve(5);
    await expect(second).resolves.toBe(5);
    await waiting;
  });

  it("a nudged round's failure reaches onError, and the next nudge runs again", async () => {
    const passes = heldPasses();
    const errors: unknown[] = [];
    const runner = new RoundRunner(passes.pass, (error) => errors.push(error));
    runner.nudge();
    await passes.called(1);
    passes.next().reject(new Error('database gone'));
    await runner.idle();
    expect(errors).toEqual([new Error('database gone')]);
    runner.nudge();
    await passes.called(2);
    passes.next().resolve(1);
    await runner.idle();
    expect(errors).toHaveLength(1);
  });

  it("run() rejects with its pass's failure (the caller's to handle), not through onError", async () => {
    const passes = heldPasses();
    const onError = vi.fn();
    const runner = new RoundRunner(passes.pass, onError);
    const round = runner.run();
    await passes.called(1);
    passes.next().reject(new Error('refused'));
    await expect(round).rejects.toThrow('refused');
    await runner.idle();
    expect(onError).not.toHaveBeenCalled();
  });

  it('start nudges at once and at every poll (one timer however often started) until stop, which waits for the round', async () => {
    vi.useFakeTimers();
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => undefined);
    runner.start(1_000);
    await passes.called(1);
    passes.next().resolve(0);
    await runner.idle();
    // A second start nudges (a pass) but keeps the one timer: each poll below is one pass, not two.
    runner.start(1_000);
    await passes.called(2);
    passes.next().resolve(0);
    await runner.idle();
    await vi.advanceTimersByTimeAsync(1_000);
    await passes.called(3);
    passes.next().resolve(0);
    await runner.idle();
    expect(passes.calls).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    await passes.called(4);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    passes.next().resolve(0);
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes.calls).toBe(4);
  });

  it('with a gap, nudges after a round wait for it (however many), and idle waits for the round they asked for', async () => {
    vi.useFakeTimers();
    const passes = heldPasses();
    const runner = new RoundRunner(passes.pass, () => {}, 250);
    runner.nudge();
    await passes.called(1);
    // Nudges during the round: no pass at once after it, one round once the gap since its start is over.
    runner.nudge();
    runner.nudge();
    passes.next().resolve(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.calls).toBe(1);
    let idle = false;
    const waiting = runner.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(passes.calls).toBe(1);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await passes.called(2);
    // Nudges after the round, inside its gap: one round, at the gap's end.
    passes.next().resolve(0);
    await vi.advanceTimersByTimeAsync(0);
    runner.nudge();
    runner.nudge();
    await vi.advanceTimersByTimeAsync(249);
    expect(passes.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await passes.called(3);
    passes.next().resolve(0);
    await waiting;
    expect(idle).toBe(true);
    // Long after, a nudge runs at once; stop drops a round still waiting for its gap.
    await vi.advanceTimersByTimeAsync(1_000);
    runner.nudge();
    await passes.called(4);
    passes.next().resolve(0);
    await vi.advanceTimersByTimeAsync(0);
    runner.nudge();
    await runner.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes.calls).toBe(4);
    vi.useRealTimers();
  });
});
