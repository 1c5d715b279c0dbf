/**
 * A background statement on PGlite waits for a quiet moment (decision 114): not while a request's queries run or
 * follow each other, at once when the database is idle, and never longer than MAX_WAIT_MS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, requestTurns, type RequestTurns } from './pglite-turns';

let dataDir: string;
let client: PGlite;
let turns: RequestTurns;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-turns-'));
  client = await PGlite.create(dataDir);
  turns = requestTurns(client);
});

afterAll(async () => {
  await client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a quiet moment on PGlite', () => {
  it('comes soon after the last query when nothing else runs', async () => {
    await client.query('select 1');
    const started = performance.now();
    await turns.quietMoment();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(QUIET_MS - 1);
    expect(waited).toBeLessThan(MAX_WAIT_MS);
  });

  it('waits while a request keeps querying, and comes once it stopped', async () => {
    let requestDone = 0;
    // A request of several queries with a few ms of its own work between them, for well over QUIET_MS.
    const request = (async () => {
      for (let i = 0; i < 20; i += 1) {
        await client.query('select pg_sleep(0.002)');
        await sleep(3);
      }
      requestDone = performance.now();
    })();
    await sleep(1);
    await turns.quietMoment();
    const cameAt = performance.now();
    await request;
    expect(requestDone).toBeGreaterThan(0);
    expect(cameAt).toBeGreaterThanOrEqual(requestDone);
  });

  it('comes after MAX_WAIT_MS under traffic that never pauses', async () => {
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        await client.query('select 1');
        await sleep(1);
      }
    })();
    const started = performance.now();
    await turns.quietMoment();
    const waited = performance.now() - started;
    stop = true;
    await traffic;
    expect(waited).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(waited).toBeLessThan(MAX_WAIT_MS * 4);
  });

  it("is not held back by background work's own queries, which go through `background`", async () => {
    let stop = false;
    let backgroundQueries = 0;
    // A mail worker sending a backlog: query after query with a little work between them.
    const backgroundWork = (async () => {
      while (!stop) {
        await turns.background.query('select pg_sleep(0.002)');
        backgroundQueries += 1;
        await sleep(3);
      }
    })();
    await sleep(20);
    const started = performance.now();
    await turns.quietMoment();
    const waited = performance.now() - started;
    const during = backgroundQueries;
    stop = true;
    await backgroundWork;
    expect(during).toBeGreaterThan(0);
    expect(waited).toBeLessThan(MAX_WAIT_MS / 2);
  });
});
