/**
 * A background statement on PGlite waits for a quiet moment (decision 114): not while a request's queries run or
 * follow each other, QUIET_MS after the last one when the database is idle, and never longer than MAX_WAIT_MS. Its time
 * is the test's own (`clock`), so each wait is stated exactly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, POLL_MS, QUIET_MS, requestTurns, type RequestTurns } from './pglite-turns';

let dataDir: string;
let client: PGlite;
let turns: RequestTurns;

/**
 * The turns' time, moved only by their own polls: a test says what is in flight at which instant, and the answer is
 * exact, however slow the machine. `hold` stops time while a query finishes, so it ends at the instant it was let go.
 */
const clock = {
  instant: 1_000,
  hold: Promise.resolve() as Promise<unknown>,
  onTick: undefined as ((now: number) => void) | undefined,
  now() {
    return clock.instant;
  },
  async sleep(ms: number) {
    await clock.hold;
    clock.instant += ms;
    clock.onTick?.(clock.instant);
    await new Promise((resolve) => setImmediate(resolve));
  },
};

/** A query that stays in flight until `release()`: a request's (`client`) or background work's (`turns.background`). */
function heldOpen(via: Pick<PGlite, 'transaction'>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const done = via.transaction(async (tx) => {
    await tx.query('select 1');
    open();
    await gate;
  });
  return { opened, done, release };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-turns-'));
  client = await PGlite.create(dataDir);
  turns = requestTurns(client, clock);
});

afterAll(async () => {
  await client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a quiet moment on PGlite', () => {
  afterEach(() => {
    clock.onTick = undefined;
    clock.hold = Promise.resolve();
  });

  it('comes QUIET_MS after the last query when nothing else runs', async () => {
    await client.query('select 1');
    const started = clock.now();
    await turns.quietMoment();
    const waited = clock.now() - started;
    expect(waited).toBeGreaterThanOrEqual(QUIET_MS);
    expect(waited).toBeLessThan(QUIET_MS + POLL_MS);
  });

  it("waits while a request's query runs, and comes QUIET_MS after it ended", async () => {
    const request = heldOpen(client);
    await request.opened;
    const started = clock.now();
    let endedAt = 0;
    clock.onTick = (now) => {
      if (now - started < 100 || endedAt) return;
      endedAt = now;
      request.release();
      clock.hold = request.done;
    };
    await turns.quietMoment();
    const cameAt = clock.now();
    request.release();
    await request.done;
    expect(endedAt).toBeGreaterThan(0);
    expect(cameAt - endedAt).toBeGreaterThanOrEqual(QUIET_MS);
    expect(cameAt - endedAt).toBeLessThan(QUIET_MS + POLL_MS);
  });

  it('comes after MAX_WAIT_MS when a request never lets go', async () => {
    const request = heldOpen(client);
    await request.opened;
    const started = clock.now();
    await turns.quietMoment();
    const waited = clock.now() - started;
    request.release();
    await request.done;
    expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(waited).toBeLessThan(MAX_WAIT_MS + POLL_MS);
  });

  it("is not held back by background work's own queries, which go through `background`", async () => {
    await client.query('select 1');
    // A mail worker in the middle of its backlog: its statement in flight the whole time.
    const backgroundWork = heldOpen(turns.background);
    await backgroundWork.opened;
    const started = clock.now();
    await turns.quietMoment();
    const waited = clock.now() - started;
    backgroundWork.release();
    await backgroundWork.done;
    expect(waited).toBeGreaterThanOrEqual(QUIET_MS);
    expect(waited).toBeLessThan(QUIET_MS + POLL_MS);
  });
});
