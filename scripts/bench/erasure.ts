/**
 * `npm run bench:erasure`: erasure with 150 stored 1 MB voice memos (issue 33 item 2, decision 105), on PGlite and
 * on PostgreSQL (a throwaway durable cluster), through the real API (`app.inject`). Per database:
 * - idle: the inbox's first page (a signed-in owner) and an idea submission (JSON), each alone;
 * - the erasure: POST on a founder's status link (`/delete`), which deletes the idea and queues its purge;
 * - during the purge: the background purge (`purgePendingErasures`, ROUNDS rounds, each covering ERASURES_PER_ROUND
 *   erasures) runs while one client keeps reading the inbox and another keeps submitting ideas, each request timed;
 * - for contrast, the rewrite the erasure used to do inside its request (every personal-data table and the memo
 *   table, `VACUUM FULL`), under the same load.
 * Targets (issue 33): an erasure answers in ≤ 200 ms; inbox and intake requests during the purge keep p99 ≤ 100 ms.
 * Prints the table and writes it into docs/benchmarks.md between its markers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { writeBenchSection } from './benchmarks-doc';
import { IDEA_ENDPOINT } from '../../src/domain/idea';
import { LEADS_PATH } from '../../src/domain/workspace-api';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { MEMO_TABLE, PERSONAL_DATA_TABLES, purgePendingErasures } from '../../src/server/ideas/erase-ideas';
import { storeIdea } from '../../src/server/ideas/idea-store';
import { statusPath, statusTokenHash } from '../../src/server/founder/status-token';
import { formToken, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { signedIn } from '../../test-support/server/lead-fixtures';
import { createDatabase, startPostgresCluster } from '../../test-support/server/postgres-cluster';
import { webmBytes } from '../../test-support/server/voice-memo-body';

const MEMOS = 150;
const MEMO_BYTES = 1024 * 1024;
const ROUNDS = 6;
const ERASURES_PER_ROUND = 5;
const OLD_ROUNDS = 2;
const IDLE_REQUESTS = 100;
const TARGET_ERASE_MS = 200;
const TARGET_P99_MS = 100;
const ORIGIN = 'http://localhost:80';

interface Figures {
  p50: number;
  p99: number;
  max: number;
  n: number;
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, n: sorted.length };
}

async function timed(request: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const started = performance.now();
  const response = await request();
  const ms = performance.now() - started;
  if (response.statusCode !== expected) throw new Error(`answered ${response.statusCode}, expected ${expected}`);
  return ms;
}

/** Reads the inbox and submits ideas, one request at a time per client, until `work` settles; returns the times. */
async function underLoad(app: FastifyInstance, headers: Record<string, string>, work: () => Promise<unknown>) {
  const inbox: number[] = [];
  const intake: number[] = [];
  let done = false;
  // Each request starts on a later turn of the event loop, as one arriving over a socket does (an `inject` loop
  // alone would run on microtasks only and never let a timer, such as the purge's pause between statements, fire).
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const reader = (async () => {
    while (!done) {
      await nextTurn();
      inbox.push(await timed(() => app.inject({ method: 'GET', url: LEADS_PATH, headers }), 200));
    }
  })();
  const sender = (async () => {
    while (!done) {
      await nextTurn();
      intake.push(await timed(() => submit(app), 202));
    }
  })();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  done = true;
  await Promise.all([reader, sender]);
  return { inbox, intake, ms };
}

let sent = 0;
const submit = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: IDEA_ENDPOINT,
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    payload: JSON.stringify({
      idea: `벤치마크 아이디어 ${(sent += 1)}: 동네 빵집의 남은 빵을 저녁에 싸게 예약하는 앱`,
      name: '김벤치',
      email: `bench${sent}@example.com`,
      phone: '010-1234-5678',
      website: '',
      formToken: formToken(),
    }),
  });

interface Run {
  driver: string;
  setupS: number;
  idleInbox: Figures;
  idleIntake: Figures;
  erase: Figures;
  /** This process's CPU time per erasure request (user + system): its cost whatever else runs. */
  eraseCpu: Figures;
  /** Tables the round's purge rewrote (decision 111: those the erasures deleted from). */
  tables: Figures;
  purgeMs: Figures;
  inbox: Figures;
  intake: Figures;
  oldMs: Figures;
  oldInbox: Figures;
  oldIntake: Figures;
}

async function run(driver: 'pglite' | 'postgres', databaseUrl?: string): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-bench-erasure-'));
  const app = await buildApp(
    testConfig({
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JOBS: 'false',
      MAIL_WORKER: 'false',
      FOUNDER_MAIL: 'false',
      FORM_SECRET: TEST_FORM_SECRET,
      RATE_LIMIT_PER_IP: '1000000',
    }),
  );
  try {
    await app.ready();
    const database = app.database;
    const setupStarted = performance.now();
    // 150 ideas, each with a 1 MB memo and a founder's status link, stored as the intake stores them (sealed).
    const tokens: string[] = [];
    for (let i = 0; i < MEMOS; i += 1) {
      const token = crypto.randomBytes(32).toString('base64url');
      tokens.push(token);
      await storeIdea(database, {
        id: crypto.randomUUID(),
        receivedAt: new Date(),
        fields: { idea: `음성 메모 아이디어 ${i}`, name: `메모${i}`, email: `memo${i}@example.com`, phone: '' },
        spamReason: null,
        voiceMemo: { mimeType: 'audio/webm', durationMs: 60_000, bytes: webmBytes(MEMO_BYTES) },
        statusTokenHash: statusTokenHash(token),
      });
    }
    // The memos arrived over days, not in the last seconds: their pages were written out long before an erasure
    // (PostgreSQL's checkpointer; on PGlite retention's hourly turn ends with a checkpoint). Without this the first
    // purge's checkpoint would write the 150 MB stored just now, a cost of the set-up, not of the erasure.
    await database.rows(sql`checkpoint`);
    const setupS = (performance.now() - setupStarted) / 1000;
    const { headers } = await signedIn(database);
    for (let i = 0; i < 20; i += 1) {
      await app.inject({ method: 'GET', url: LEADS_PATH, headers });
      await submit(app);
    }
    const idleInbox: number[] = [];
    const idleIntake: number[] = [];
    for (let i = 0; i < IDLE_REQUESTS; i += 1) {
      idleInbox.push(await timed(() => app.inject({ method: 'GET', url: LEADS_PATH, headers }), 200));
      idleIntake.push(await timed(() => submit(app), 202));
    }

    const erase = (token: string) =>
      timed(
        () =>
          app.inject({
            method: 'POST',
            url: `${statusPath(token)}/delete`,
            headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
            payload: '',
          }),
        200,
      );
    const eraseTimes: number[] = [];
    const eraseCpu: number[] = [];
    const tablesRewritten: number[] = [];
    const purgeTimes: number[] = [];
    const inbox: number[] = [];
    const intake: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < ERASURES_PER_ROUND; i += 1) {
        const cpuStarted = process.cpuUsage();
        eraseTimes.push(await erase(tokens.pop()!));
        const used = process.cpuUsage(cpuStarted);
        eraseCpu.push((used.user + used.system) / 1000);
      }
      const queued = await database.rows<{ tables: string[] | null }>(
        sql`select tables from erasure_purges where purged_at is null`,
      );
      tablesRewritten.push(new Set(queued.flatMap((row) => row.tables ?? [...PERSONAL_DATA_TABLES])).size);
      const load = await underLoad(app, headers, async () => {
        if ((await purgePendingErasures(database)) !== ERASURES_PER_ROUND) throw new Error('the purge missed erasures');
      });
      purgeTimes.push(load.ms);
      console.error(
        `round ${round}: purge ${load.ms.toFixed(0)} ms; inbox ${load.inbox.map((t) => t.toFixed(0)).join(' ')}; intake ${load.intake.map((t) => t.toFixed(0)).join(' ')}`,
      );
      inbox.push(...load.inbox);
      intake.push(...load.intake);
    }

    // The old way, for contrast: every personal-data table and the memo table rewritten, as each erasure did.
    const oldTimes: number[] = [];
    const oldInbox: number[] = [];
    const oldIntake: number[] = [];
    for (let round = 0; round < OLD_ROUNDS; round += 1) {
      await erase(tokens.pop()!);
      await database.rows(sql`delete from erasure_purges`);
      // Back to back, as the request ran them then (no waiting for quiet moments, decision 114).
      const load = await underLoad(app, headers, async () => {
        for (const table of [...PERSONAL_DATA_TABLES, MEMO_TABLE])
          await database.rows(sql.raw(`vacuum full "${table}"`));
        for (const statement of ['checkpoint', 'select pg_switch_wal()', 'checkpoint'])
          await database.rows(sql.raw(statement));
      });
      oldTimes.push(load.ms);
      oldInbox.push(...load.inbox);
      oldIntake.push(...load.intake);
    }
    const result: Run = {
      driver,
      setupS,
      idleInbox: figures(idleInbox),
      idleIntake: figures(idleIntake),
      erase: figures(eraseTimes),
      eraseCpu: figures(eraseCpu),
      tables: figures(tablesRewritten),
      purgeMs: figures(purgeTimes),
      inbox: figures(inbox),
      intake: figures(intake),
      oldMs: figures(oldTimes),
      oldInbox: figures(oldInbox),
      oldIntake: figures(oldIntake),
    };
    console.error(driver, JSON.stringify(result));
    return result;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (name: string, f: Figures) => `| ${name} | ${f.n} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} |`;

const cpus = os.cpus();
const loadBefore = os.loadavg()[0] ?? 0;
const drivers = (process.argv[2] ?? 'pglite,postgres').split(',');
const runs: Run[] = [];
if (drivers.includes('pglite')) runs.push(await run('pglite'));
if (drivers.includes('postgres')) {
  const cluster = await startPostgresCluster({ durable: true });
  try {
    runs.push(await run('postgres', await createDatabase(cluster.url, 'erasure')));
  } finally {
    await cluster.stop();
  }
}
const meets = (r: Run) =>
  r.erase.max <= TARGET_ERASE_MS && r.inbox.p99 <= TARGET_P99_MS && r.intake.p99 <= TARGET_P99_MS;
const markdown = [
  `Erasure (\`npm run bench:erasure\`), ${new Date().toISOString().slice(0, 10)}: machine ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `Node ${process.version}, ${os.platform()} ${os.release()}. ${MEMOS} stored ideas with a ${MEMO_BYTES / 1024 / 1024} MB voice memo each ` +
    `(sealed, decision 105), through the real API (\`app.inject\`), checkpointed once stored. ${ROUNDS} rounds of ${ERASURES_PER_ROUND} erasures on status links, ` +
    `then the background purge that covers them while one client reads the inbox's first page and another submits ideas, one request at a time each; ` +
    `for contrast, ${OLD_ROUNDS} rewrites of every personal-data table and the memo table (what each erasure did inside its request before). ` +
    `1-minute load average when the run started: ${loadBefore.toFixed(1)} (other work on the machine skews the figures).`,
  '',
  ...runs.flatMap((r) => [
    `**${r.driver === 'pglite' ? 'PGlite' : 'PostgreSQL (local, durable settings)'}** (stored the memos in ${r.setupS.toFixed(0)} s)`,
    '',
    '| Case | Requests | p50 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    row('inbox, idle', r.idleInbox),
    row('intake, idle', r.idleIntake),
    row('erasure request (status link)', r.erase),
    row('erasure request, CPU time', r.eraseCpu),
    row('background purge, per round', r.purgeMs),
    row('inbox during the purge', r.inbox),
    row('intake during the purge', r.intake),
    row('old in-request rewrite (with memos)', r.oldMs),
    row('inbox during the old rewrite', r.oldInbox),
    row('intake during the old rewrite', r.oldIntake),
    '',
    `Tables rewritten per purge round: ${r.tables.p50} of ${PERSONAL_DATA_TABLES.length}.`,
    '',
    `Targets (erasure ≤ ${TARGET_ERASE_MS} ms; inbox and intake p99 ≤ ${TARGET_P99_MS} ms during the purge): ${meets(r) ? 'meets them' : 'misses'}.`,
    '',
  ]),
  `1-minute load average when the run ended: ${(os.loadavg()[0] ?? 0).toFixed(1)}.`,
].join('\n');
console.log(markdown);
writeBenchSection('erasure', markdown);
