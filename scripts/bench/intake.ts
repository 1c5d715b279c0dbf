/**
 * `npm run bench:intake`: load-tests POST IDEA_ENDPOINT with autocannon on loopback, for PGlite and for
 * PostgreSQL (a throwaway cluster with PostgreSQL's durable defaults: fsync and synchronous_commit on).
 * The server runs as its own process (`src/server/main.ts`, ports 4300–4399) with bench-only limits (rate limits
 * raised, minimum fill time 0) and its mail worker on (.eml files). Every request is a valid submission with a
 * valid form token and a unique Idempotency-Key, i.e. the full request path. Afterwards the database must hold
 * exactly as many ideas as there were 202 answers. Beside the rate and latency, each row has the CPU time an accepted
 * idea cost during the measured requests, in the server's process and in PostgreSQL's (from /proc): on this
 * machine's 2 shared cores the rate drifts with the minute, the CPU per idea much less. Prints the table and writes
 * it into docs/benchmarks.md.
 *
 * Each run sends a fixed number of requests (so every answer is counted before the database is checked).
 *
 * The flood row: the server restarted with the deployment's guards (config.ts's defaults, TRUST_PROXY so
 * junk comes from 1,500 addresses), junk at full speed from BENCH_FLOOD_CONNECTIONS connections (invalid bodies,
 * bodies without a form token, honeypot fills, well-formed plain form posts as with JavaScript off) while genuine
 * visitors submit through the page's calls at 2/s: junk answered/s, genuine accepted and queued one by one (must be
 * all: a form-post flood must not push them into the digest), form posts stored and how many of them were held for
 * the digest, genuine p99 latency from the submit to the answer.
 * The voice memo row: BENCH_MEMO_REQUESTS submissions, each with a 200 KB memo (multipart), on the same server after
 * the text run; ideas and memos in the database must equal the 202 answers.
 * The day row: a day of BENCH_DAY_REQUESTS (default 100,000) ideas on one server: 2,000 warm-up and all but the last
 * BENCH_DAY_SLICE (5,000), then its next slices against the first 5,000 of a day on a fresh server, so any work that
 * grows with the day's or the table's volume shows (flat: within 10 %). One slice moves ±30 % and more with this
 * machine's other work, so the comparison runs in BENCH_DAY_ROUNDS (4, even) rounds, each a fresh server's first slice
 * and the full server's next, back to back on quiet servers, the order alternating; the verdict pools the rounds
 * (decision 122). The day's course on the full server as it filled, slice by slice, is printed beside it.
 *
 * `npm run bench:intake -- --against <ref>` builds <ref> in a temporary `git worktree add --detach` (node_modules
 * symlinked from this checkout, or installed from its own package-lock.json when that differs) and runs its own server
 * (`src/server/main.ts`) and this commit's back to back under the same client, per database, in BENCH_ROUNDS rounds
 * of alternating order, so every change reports its ratio (of the medians) measured in the same minutes. The
 * worktree is removed afterwards.
 *
 * Options (env): BENCH_REQUESTS (default 15000), BENCH_CONNECTIONS (default 25), BENCH_DRIVERS (pglite,postgres),
 * BENCH_ROUNDS (the text row's rounds: 5 with --against, else 1; the figures are the medians),
 * BENCH_ROWS (text,memo,day,flood: which rows to run), BENCH_MEMO_REQUESTS (default 600), BENCH_GENUINE (default 30
 * visitors), BENCH_FLOOD_CONNECTIONS (default 32), BENCH_DAY_REQUESTS, BENCH_DAY_SLICE, BENCH_DAY_ROUNDS, BENCH_NO_WRITE=1 (print only,
 * leave docs/benchmarks.md alone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { writeBenchSection } from './benchmarks-doc';
import { EXAMPLE_AGENCY_ENV, loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { followUpAll } from '../../src/server/ideas/follow-up';
import { createFormToken } from '../../src/server/intake/form-token';
import {
  flood,
  FORM_JUNK_EMAIL_DOMAIN,
  genuineSubmission,
  SCRIPT_JUNK,
  type GenuineResult,
} from '../../test-support/server/flood';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../test-support/server/postgres-cluster';
import { multipartBody, webmBytes } from '../../test-support/server/voice-memo-body';
import { assertPortFree } from '../../tests/budgets/support/server';
import { postEach, textLoad, type AutocannonResult } from './intake-load';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 15_000);
// 25 in-flight submissions: enough concurrency for group commit to fill its batches (10 is latency-bound).
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const ROWS = new Set((process.env.BENCH_ROWS ?? 'text,memo,day,flood').split(','));
const DAY_REQUESTS = Number(process.env.BENCH_DAY_REQUESTS ?? 100_000);
const DAY_SLICE = Number(process.env.BENCH_DAY_SLICE ?? 5000);
/** Requests every server gets before it is measured (the text row's, the day's and each fresh day's). */
const WARM_UP = 2000;
const { values: args } = parseArgs({ options: { against: { type: 'string' } } });
// This machine's speed drifts from one minute to the next: a comparison takes the median of several rounds, each
// commit's server started afresh in every round, the order alternating (ABBA…) so the drift favours neither.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (args.against ? 5 : 1));
const SECRET = crypto.randomBytes(32).toString('base64url');
const PORTS = { pglite: 4301, postgres: 4302, fresh: 4303, cluster: 4390 } as const;

const MEMO_REQUESTS = Number(process.env.BENCH_MEMO_REQUESTS ?? 600);
const MEMO_BYTES = 200 * 1024;

interface MemoRow {
  driver: string;
  requestsPerSecond: number;
  accepted: number;
  other: number;
  p50: number;
  p99: number;
  storedIdeas: number;
  storedMemos: number;
}

/** MEMO_REQUESTS submissions with a 200 KB memo each, as the page sends them (multipart, a unique Idempotency-Key). */
async function loadMemos(port: number): Promise<AutocannonResult> {
  const token = createFormToken(SECRET, Date.now() - 5000);
  const { payload, contentType } = await multipartBody(
    {
      idea: '',
      name: '벤치 테스터',
      email: 'memo@example.com',
      phone: '',
      website: '',
      formToken: token,
      memoDurationMs: '50000',
    },
    { bytes: webmBytes(MEMO_BYTES) },
  );
  // A form token is used once (decision 076): each request carries its own, written over the first one's bytes
  // (tokens are all the same length), so the 200 KB body is built once.
  const at = payload.indexOf(token);
  return postEach(port, MEMO_REQUESTS, CONNECTIONS, () => {
    const body = Buffer.from(payload);
    body.write(createFormToken(SECRET, Date.now() - 5000), at, 'latin1');
    return { contentType, body };
  });
}

interface Row {
  driver: string;
  /** The commit the server ran from (short hash). */
  commit: string;
  requestsPerSecond: number;
  accepted: number;
  other: number;
  p50: number;
  p99: number;
  stored: number;
  /** 1-minute load average when the row started. */
  load: number;
  /** Which of the BENCH_ROUNDS rounds (1-based). */
  round: number;
  /** CPU time per accepted idea during the measured requests: the server's process, and PostgreSQL's (0: PGlite). */
  serverCpuMs: number;
  databaseCpuMs: number;
}

/**
 * CPU time (user + system, ms) a process has used, from /proc/<pid>/stat: on 2 shared cores a rate moves with the
 * machine, the CPU an idea costs much less.
 */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0; // gone, or no /proc
  }
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The CPU time of each PostgreSQL process on the machine (the bench's cluster is the only one it starts), by pid. */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), processCpuMs(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU time since `before`: what each process still running used since then (a process started meanwhile
 * counts whole). A process that exited meanwhile (a closed connection's backend, an autovacuum worker) takes its time
 * with it, so the figure is a floor.
 */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function waitForHealth(port: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000; // a cold start on a loaded machine takes a while
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * Starts `tree`'s own server (this checkout's, or the --against commit's worktree). Refuses an occupied port first:
 * the health check would otherwise pass against a server left from an earlier run.
 */
async function startServer(port: number, env: Record<string, string>, tree = root): Promise<ChildProcess> {
  await assertPortFree(port);
  // BENCH_SERVER_NODE_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_URL: 'https://mvp24.example', // production refuses a local one; the pages' own links play no part here
      ...EXAMPLE_AGENCY_ENV, // production refuses to start without the agency's details
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FORM_SECRET: SECRET,
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_PER_IP: '10000000',
      MAIL_POLL_MS: '200',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_API_KEY: '',
      ...env,
    },
  });
}

const load = (port: number, amount: number) => textLoad(port, amount, CONNECTIONS, SECRET);
/** A run's 202 answers: the ideas it got stored. */
const acceptedOf = (result: AutocannonResult) => Number(result.statusCodeStats['202']?.count ?? 0);

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

type Driver = 'pglite' | 'postgres';
const LABELS: Record<Driver, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL 15 (fsync on)' };

/** A commit to run: this checkout, or the --against ref in its temporary worktree. */
interface Tree {
  dir: string;
  commit: string;
  /** What differs from this checkout's set-up (the lockfile), for the output. */
  note?: string;
}

const git = (...argv: string[]) => execFileSync('git', argv, { cwd: root, encoding: 'utf8' }).trim();

function currentTree(): Tree {
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return { dir: root, commit: dirty ? `${commit}+` : commit };
}

/**
 * `git worktree add --detach` at `ref`, removed by `removeTree`. With this checkout's node_modules when the lockfiles
 * match; otherwise the ref gets its own (`npm ci --ignore-scripts`, from npm's cache where it can), so a package
 * added or dropped since runs as the ref had it.
 */
function addTree(ref: string): Tree {
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-bench-${commit}-`));
  git('worktree', 'add', '--detach', dir, commit);
  const lockfile = (tree: string) => fs.readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
  if (lockfile(dir) === lockfile(root)) {
    fs.symlinkSync(fs.realpathSync(path.join(root, 'node_modules')), path.join(dir, 'node_modules'));
    return { dir, commit };
  }
  console.log(`${commit}'s package-lock.json differs from this checkout's: installing its own node_modules…`);
  execFileSync('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  });
  return { dir, commit, note: `${commit} ran with its own node_modules (its package-lock.json differs)` };
}

function removeTree(tree: Tree): void {
  git('worktree', 'remove', '--force', tree.dir);
}

async function countIdeas(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ text: number; memo: number; memos: number }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await database.rows<{ text: number; memo: number; memos: number }>(sql`
      select (select count(*)::int from ideas where email <> 'memo@example.com') as text,
        (select count(*)::int from ideas where email = 'memo@example.com') as memo,
        (select count(*)::int from voice_memos) as memos`);
    return { text: Number(row?.text), memo: Number(row?.memo), memos: Number(row?.memos) };
  } finally {
    await database.close();
  }
}

/**
 * The text row on a fresh server from `tree` (and, for this checkout, the memo row on the same server right after).
 * The ideas are counted with this checkout's code (its migrations bring an older commit's database up to date).
 */
async function benchDriver(
  driver: Driver,
  cluster: PostgresCluster | undefined,
  tree: Tree,
  withMemos: boolean,
  round = 1,
): Promise<{ row: Row; memo?: MemoRow }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-bench-${driver}-`));
  const databaseUrl = cluster ? await createDatabase(cluster.url, 'bench') : undefined;
  const port = PORTS[driver];
  const loadAverage = os.loadavg()[0] ?? 0;
  const server = await startServer(
    port,
    { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SITE_DIR: path.join(dataDir, 'no-site') },
    tree.dir,
  );
  try {
    await waitForHealth(port, server);
    const warmup = await load(port, WARM_UP);
    const cpuBefore = { server: processCpuMs(server.pid!), database: postgresCpu() };
    const result = await load(port, REQUESTS);
    const cpu = {
      server: processCpuMs(server.pid!) - cpuBefore.server,
      database: cluster ? postgresCpuSince(cpuBefore.database) : 0,
    };
    console.error(
      `  ${tree.commit}: warm-up: ${JSON.stringify(warmup.statusCodeStats)} errors ${warmup.errors}; measured: ${JSON.stringify(result.statusCodeStats)} errors ${result.errors} timeouts ${result.timeouts}; ` +
        `${Math.round(acceptedOf(result) / result.duration)}/s p99 ${result.latency.p99} ms; ` +
        `CPU per idea: server ${(cpu.server / REQUESTS).toFixed(3)} ms, PostgreSQL ${(cpu.database / REQUESTS).toFixed(3)} ms`,
    );
    const accepted = acceptedOf(warmup) + acceptedOf(result);
    const measuredAccepted = acceptedOf(result);
    const memos = withMemos ? await loadMemos(port) : undefined;
    if (memos)
      console.error(
        `  memos: ${JSON.stringify(memos.statusCodeStats)} errors ${memos.errors} timeouts ${memos.timeouts}`,
      );
    await stop(server);
    const stored = await countIdeas(databaseUrl, dataDir);
    return {
      row: {
        driver: LABELS[driver],
        commit: tree.commit,
        requestsPerSecond: measuredAccepted / result.duration,
        accepted: Number(accepted),
        other: result.non2xx + result.errors + result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        stored: stored.text,
        load: loadAverage,
        round,
        serverCpuMs: cpu.server / Math.max(1, measuredAccepted),
        databaseCpuMs: cpu.database / Math.max(1, measuredAccepted),
      },
      memo: memos && {
        driver: LABELS[driver],
        requestsPerSecond: acceptedOf(memos) / memos.duration,
        accepted: acceptedOf(memos),
        other: memos.non2xx + memos.errors + memos.timeouts,
        p50: memos.latency.p50,
        p99: memos.latency.p99,
        storedIdeas: stored.memo,
        storedMemos: stored.memos,
      },
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A measurement of one server: accepted/s, p50 and p99 (the fill's slices: autocannon's, over all answers; the
 * rounds': over the accepted answers), CPU time per accepted idea.
 */
interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMs: number;
}

interface DayRow {
  driver: string;
  /**
   * The day's course on the full server as it filled, slice by slice, with its own mail backlog growing behind it and
   * the machine's other work in it: they show where a change sets in; the verdict does not read them.
   */
  course: (Measured & { ideas: number })[];
  /** How long the full server took to fall quiet (its mail backlog sent) after the fill, in seconds. */
  settled: { seconds: number; quiet: boolean };
  /** Each round's first DAY_SLICE of a day (a fresh server) and the full server's next DAY_SLICE, back to back. */
  rounds: { first: Measured; last: Measured }[];
  /** All rounds together: accepted/s over their summed durations, latencies pooled over every accepted answer. */
  first: Measured;
  last: Measured;
  /** The rounds' answers other than 202, errors and timeouts (none expected), and slices that started not quiet. */
  other: number;
  notQuiet: number;
  accepted: number;
  stored: number;
  load: number;
}

/** Flat when the last slices' accepted/s is at least 90 % of the first's and their p99 at most 110 %. */
const FLAT = 0.1;
/**
 * Rounds of the day row's comparison, each with a fresh server of its own; an even number, so each side goes first
 * as often as the other (the slice after another one ran slower, whichever server it was on).
 */
const DAY_ROUNDS = Number(process.env.BENCH_DAY_ROUNDS ?? 4);
if (!(DAY_ROUNDS >= 2 && DAY_ROUNDS % 2 === 0)) throw new Error('BENCH_DAY_ROUNDS must be an even number, 2 or more');

function dayVerdict(row: DayRow): { rate: number; p99: number; cpu: number; flat: boolean } {
  const rate = row.last.requestsPerSecond / row.first.requestsPerSecond;
  const p99 = row.last.p99 / row.first.p99;
  const cpu = row.last.cpuMs / row.first.cpuMs;
  return { rate, p99, cpu, flat: rate >= 1 - FLAT && p99 <= 1 + FLAT };
}

/** CPU time a quiet process uses at most in a second: 5 % of a core. */
const QUIET_CPU_MS = 50;

/**
 * Waits until each server (and PostgreSQL, all its processes together) uses under 5 % of a core for `quietFor`
 * seconds in a row (idle, each polls its mail queues every MAIL_POLL_MS: 2–3 %) and writes no more mail files into its
 * outbox: their mail backlogs sent, the follow-up done. Then flushes the machine's dirty pages (`sync`), so no slice
 * pays for writing back the one before's (decision 122: that did not remove the first slot's advantage; with an even
 * number of rounds each side carries it equally often). Gives up after `limitMs`.
 */
async function settle(
  servers: { pid: number; outbox: string }[],
  withPostgres: boolean,
  { quietFor = 2, limitMs = 900_000 } = {},
): Promise<{ seconds: number; quiet: boolean }> {
  const started = Date.now();
  const mails = () => servers.map(({ outbox }) => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0));
  let quietSeconds = 0;
  let quiet = false;
  while (!quiet && Date.now() - started < limitMs) {
    const before = { servers: servers.map(({ pid }) => processCpuMs(pid)), database: postgresCpu(), mails: mails() };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mailsNow = mails();
    const busy =
      servers.some(({ pid }, i) => processCpuMs(pid) - before.servers[i]! >= QUIET_CPU_MS) ||
      (withPostgres && postgresCpuSince(before.database) >= QUIET_CPU_MS) ||
      mailsNow.some((count, i) => count !== before.mails[i]);
    quietSeconds = busy ? 0 : quietSeconds + 1;
    quiet = quietSeconds >= quietFor;
  }
  execFileSync('sync');
  return { seconds: Math.round((Date.now() - started) / 1000), quiet };
}

/** One measured slice: its accepted answers, its length, each accepted answer's latency and the CPU it cost. */
interface SliceRun {
  accepted: number;
  /** Answers other than 202, errors and timeouts: none is expected (they send no latency, so they must not hide). */
  other: number;
  seconds: number;
  latencies: number[];
  cpuMs: number;
  /** Whether the servers were quiet when the slice started (settle gave up after its limit otherwise). */
  quiet: boolean;
}

/** DAY_SLICE ideas to a quiet server, each accepted answer's latency kept (so slices can be pooled). */
async function measuredSlice(port: number, pid: number, withPostgres: boolean, quiet: boolean): Promise<SliceRun> {
  const latencies: number[] = [];
  const cpuBefore = { server: processCpuMs(pid), database: postgresCpu() };
  const result = await textLoad(port, DAY_SLICE, CONNECTIONS, SECRET, {
    onAnswer: (status, latencyMs) => {
      if (status === 202) latencies.push(latencyMs);
    },
  });
  const cpuMs = processCpuMs(pid) - cpuBefore.server + (withPostgres ? postgresCpuSince(cpuBefore.database) : 0);
  const other = result.non2xx + result.errors + result.timeouts;
  return { accepted: acceptedOf(result), other, seconds: result.duration, latencies, cpuMs, quiet };
}

/** Slices together: accepted/s over their summed lengths, p50 and p99 over every accepted answer, CPU per idea. */
function summed(runs: SliceRun[]): Measured {
  const accepted = runs.reduce((sum, run) => sum + run.accepted, 0);
  const latencies = runs.flatMap((run) => run.latencies);
  return {
    requestsPerSecond: accepted / runs.reduce((sum, run) => sum + run.seconds, 0),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    cpuMs: runs.reduce((sum, run) => sum + run.cpuMs, 0) / Math.max(1, accepted),
  };
}

/**
 * The day row. A full server of this checkout stores DAY_REQUESTS − DAY_SLICE ideas after 2,000 warm-up, all within
 * the same day. Then DAY_ROUNDS rounds: a fresh server (its own empty database, warmed up with 2,000) sends the first
 * DAY_SLICE of its day and the full server its next DAY_SLICE, back to back, the fresh one first in odd rounds, each
 * slice on quiet servers (the mail of the slice before sent). The full server's slices go past the day's
 * DAY_REQUESTS by up to DAY_ROUNDS − 1 slices: more volume, not less.
 */
async function benchDay(driver: Driver, cluster: PostgresCluster | undefined): Promise<DayRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-day-${driver}-`));
  const databaseUrl = cluster ? await createDatabase(cluster.url, 'day') : undefined;
  const port = PORTS[driver];
  const loadAverage = os.loadavg()[0] ?? 0;
  const withPostgres = cluster !== undefined;
  const full = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SITE_DIR: path.join(dataDir, 'no-site'),
  });
  try {
    await waitForHealth(port, full);
    let accepted = acceptedOf(await load(port, WARM_UP));
    const course: DayRow['course'] = [];
    const fill = DAY_REQUESTS - DAY_SLICE;
    for (let sent = 0; sent < fill; sent += DAY_SLICE) {
      const amount = Math.min(DAY_SLICE, fill - sent);
      const cpuBefore = { server: processCpuMs(full.pid!), database: postgresCpu() };
      const result = await load(port, amount);
      const cpu =
        processCpuMs(full.pid!) - cpuBefore.server + (withPostgres ? postgresCpuSince(cpuBefore.database) : 0);
      accepted += acceptedOf(result);
      course.push({
        ideas: sent + amount,
        requestsPerSecond: acceptedOf(result) / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMs: cpu / Math.max(1, acceptedOf(result)),
      });
      console.error(
        `  day: ${sent + amount} ideas, ${Math.round(acceptedOf(result) / result.duration)}/s, p99 ${result.latency.p99} ms, ` +
          `CPU per idea ${(cpu / Math.max(1, acceptedOf(result))).toFixed(3)} ms`,
      );
    }
    const fullServer = { pid: full.pid!, outbox: path.join(dataDir, 'outbox') };
    const settled = await settle([fullServer], withPostgres);
    console.error(`  settled in ${settled.seconds} s${settled.quiet ? '' : ' (not quiet: compared anyway)'}`);
    const runs: { first: SliceRun; last: SliceRun }[] = [];
    let stored = 0;
    for (let round = 1; round <= DAY_ROUNDS; round += 1) {
      const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-dayfresh-${driver}-`));
      const freshUrl = cluster ? await createDatabase(cluster.url, 'dayfresh') : undefined;
      let fresh: ChildProcess | undefined;
      try {
        fresh = await startServer(PORTS.fresh, {
          DATA_DIR: freshDir,
          DATABASE_URL: freshUrl ?? '',
          SITE_DIR: path.join(freshDir, 'no-site'),
        });
        await waitForHealth(PORTS.fresh, fresh);
        accepted += acceptedOf(await load(PORTS.fresh, WARM_UP));
        const freshServer = { pid: fresh.pid!, outbox: path.join(freshDir, 'outbox') };
        const slice = async (which: 'first' | 'last') => {
          for (const server of [full, fresh!])
            if (server.exitCode !== null) throw new Error(`a day row's server exited with ${server.exitCode}`);
          const { quiet } = await settle([fullServer, freshServer], withPostgres, { quietFor: 1, limitMs: 120_000 });
          return which === 'first'
            ? measuredSlice(PORTS.fresh, fresh!.pid!, withPostgres, quiet)
            : measuredSlice(port, full.pid!, withPostgres, quiet);
        };
        let first: SliceRun;
        let last: SliceRun;
        if (round % 2 === 1) {
          first = await slice('first');
          last = await slice('last');
        } else {
          last = await slice('last');
          first = await slice('first');
        }
        accepted += first.accepted + last.accepted;
        runs.push({ first, last });
        const notes = [first, last].some((run) => !run.quiet) ? ' (a slice started not quiet)' : '';
        console.error(
          `  round ${round}${notes}: other answers ${first.other + last.other}; the day's next ${DAY_SLICE}: ${Math.round(last.accepted / last.seconds)}/s, p99 ${Math.round(percentile(last.latencies, 99))} ms; ` +
            `a fresh day's first ${DAY_SLICE}: ${Math.round(first.accepted / first.seconds)}/s, p99 ${Math.round(percentile(first.latencies, 99))} ms`,
        );
        await stop(fresh);
        stored += (await countIdeas(freshUrl, freshDir)).text;
      } finally {
        if (fresh) await stop(fresh);
        fs.rmSync(freshDir, { recursive: true, force: true });
      }
    }
    await stop(full);
    stored += (await countIdeas(databaseUrl, dataDir)).text;
    return {
      driver: LABELS[driver],
      course,
      settled,
      rounds: runs.map((run) => ({ first: summed([run.first]), last: summed([run.last]) })),
      first: summed(runs.map((run) => run.first)),
      last: summed(runs.map((run) => run.last)),
      other: runs.reduce((sum, run) => sum + run.first.other + run.last.other, 0),
      notQuiet: runs.filter((run) => !run.first.quiet || !run.last.quiet).length,
      accepted,
      stored,
      load: loadAverage,
    };
  } finally {
    await stop(full);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const GENUINE = Number(process.env.BENCH_GENUINE ?? 30);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 32);

interface FloodRow {
  driver: string;
  junkPerSecond: number;
  junkByStatus: Record<number, number>;
  genuineSent: number;
  genuineAccepted: number;
  genuineStored: number;
  /** Genuine ideas whose mail was queued one by one (not held for the digest). */
  genuineOneByOne: number;
  formJunkStored: number;
  formJunkHeld: number;
  genuineP50: number;
  genuineP99: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function benchFlood(driver: 'pglite' | 'postgres', cluster: PostgresCluster | undefined): Promise<FloodRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-flood-${driver}-`));
  const databaseUrl = cluster ? await createDatabase(cluster.url, 'flood') : undefined;
  const port = PORTS[driver];
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SITE_DIR: path.join(dataDir, 'no-site'),
    // The per-client limit and the fill time are the server's own defaults (config.ts), as a deployment has them.
    TRUST_PROXY: 'true',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(port, server);
    // Genuine visitors arrive at 2/s, each taking the page's steps (token, fill time, submit).
    const genuine: Promise<GenuineResult>[] = [];
    for (let i = 0; i < GENUINE; i += 1) {
      genuine.push(
        new Promise((resolve) => setTimeout(resolve, i * 500)).then(() =>
          genuineSubmission(url, `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`, {
            idea: `홍수 속의 진짜 아이디어 ${i}: 동네 빵집 예약 앱`,
            name: `진짜손님${i}`,
            email: `real${i}@example.com`,
          }),
        ),
      );
    }
    const allGenuine = Promise.all(genuine);
    const junk = await flood({
      baseUrls: [url],
      total: Number.MAX_SAFE_INTEGER,
      concurrency: FLOOD_CONNECTIONS,
      addresses: 300,
      until: allGenuine,
      kinds: [...SCRIPT_JUNK, 'form'],
    });
    const results = await allGenuine;
    await stop(server);
    const database = await openDatabase({ databaseUrl, dataDir });
    // What the server's follow-up had not yet taken when it stopped (a flood defers it, decision 119), taken now.
    await followUpAll(database);
    const [row] = await database.rows<{ n: number; one_by_one: number; form_stored: number; form_held: number }>(sql`
      select
        (select count(*)::int from ideas where email like 'real%@example.com' and spam_reason is null) as n,
        (select count(*)::int from ideas i join outbox o on o.idea_id = i.id where i.email like 'real%@example.com' and not o.digest) as one_by_one,
        (select count(*)::int from ideas where email like ${`%@${FORM_JUNK_EMAIL_DOMAIN}`}) as form_stored,
        (select count(*)::int from ideas i join outbox o on o.idea_id = i.id where i.email like ${`%@${FORM_JUNK_EMAIL_DOMAIN}`} and o.digest) as form_held`);
    await database.close();
    const latencies = results.map((result) => result.latencyMs);
    return {
      driver: driver === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (fsync on)',
      junkPerSecond: junk.sent / (junk.ms / 1000),
      junkByStatus: junk.byStatus,
      genuineSent: results.length,
      genuineAccepted: results.filter((result) => result.status === 202).length,
      genuineStored: Number(row?.n),
      genuineOneByOne: Number(row?.one_by_one),
      formJunkStored: Number(row?.form_stored),
      formJunkHeld: Number(row?.form_held),
      genuineP50: percentile(latencies, 50),
      genuineP99: percentile(latencies, 99),
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function floodTable(rows: FloodRow[]): string {
  return [
    '| Database | Junk answered/s | Junk answers | Form posts stored / held for the digest | Genuine accepted | Genuine stored (not spam) | Genuine mailed one by one (of MAIL_DIGEST_THRESHOLD) | Genuine p50 | Genuine p99 |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.driver} | ${Math.round(row.junkPerSecond).toLocaleString('en-US')} | ${Object.entries(row.junkByStatus)
          .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
          .join(
            ', ',
          )} | ${row.formJunkStored} / ${row.formJunkHeld} | ${row.genuineAccepted}/${row.genuineSent} | ${row.genuineStored} | ${row.genuineOneByOne} | ` +
        `${Math.round(row.genuineP50)} ms | ${Math.round(row.genuineP99)} ms |`,
    ),
  ].join('\n');
}

function table(rows: Row[]): string {
  const lines = [
    '| Database | Commit | Round | Load at start | Accepted/s (202) | p50 latency | p99 latency | Server CPU per idea | PostgreSQL CPU per idea | 202 answers (incl. warm-up) | Other answers / errors | Ideas in DB | DB = 202s |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...rows.map(
      (row) =>
        `| ${row.driver} | ${row.commit} | ${row.round} | ${row.load.toFixed(1)} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p50} ms | ${row.p99} ms | ` +
        `${row.serverCpuMs.toFixed(3)} ms | ${row.databaseCpuMs > 0 ? `${row.databaseCpuMs.toFixed(3)} ms` : '–'} | ` +
        `${row.accepted.toLocaleString('en-US')} | ${row.other} | ${row.stored.toLocaleString('en-US')} | ${row.stored === row.accepted ? 'yes' : 'NO'} |`,
    ),
  ];
  return lines.join('\n');
}

const cpus = os.cpus();
const loadBefore = os.loadavg()[0] ?? 0;
let cluster: PostgresCluster | undefined;
const rows: Row[] = [];
const memoRows: MemoRow[] = [];
const floodRows: FloodRow[] = [];
const dayRows: DayRow[] = [];
const current = currentTree();
const against = args.against ? addTree(args.against) : undefined;
if (against?.note) console.error(`note: ${against.note}`);
try {
  for (const driver of DRIVERS) {
    if (driver === 'postgres' && !cluster) cluster = await startPostgresCluster({ durable: true, port: PORTS.cluster });
    if (ROWS.has('text') || ROWS.has('memo')) {
      // Back to back on the same database and the same client: the other commit first in odd rounds, this one
      // first in even rounds. The memo row runs once, on this commit's server of the first round.
      for (let round = 1; round <= ROUNDS; round += 1) {
        const trees = against ? (round % 2 === 1 ? [against, current] : [current, against]) : [current];
        for (const tree of trees) {
          console.error(
            `benchmarking ${driver} at ${tree.commit}, round ${round} of ${ROUNDS}: ${REQUESTS} requests over ${CONNECTIONS} connections…`,
          );
          const withMemos = tree === current && round === 1 && ROWS.has('memo');
          const measured = await benchDriver(driver, cluster, tree, withMemos, round);
          rows.push(measured.row);
          if (measured.memo) memoRows.push(measured.memo);
        }
      }
    }
    if (ROWS.has('day')) {
      console.error(`a day on ${driver}: ${DAY_REQUESTS} ideas in slices of ${DAY_SLICE}…`);
      dayRows.push(await benchDay(driver, cluster));
    }
    if (ROWS.has('flood')) {
      console.error(
        `flooding ${driver}: junk over ${FLOOD_CONNECTIONS} connections while ${GENUINE} genuine visitors submit at 2/s…`,
      );
      floodRows.push(await benchFlood(driver, cluster));
    }
  }
} finally {
  await cluster?.stop();
  if (against) removeTree(against);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** A commit's rounds on one database: the median accepted/s and p99, and each round's accepted/s. */
function medians(driver: Driver, commit: string) {
  const of = rows.filter((row) => row.driver === LABELS[driver] && row.commit === commit);
  if (of.length === 0) return undefined;
  return {
    rate: median(of.map((row) => row.requestsPerSecond)),
    p99: median(of.map((row) => row.p99)),
    cpu: median(of.map((row) => row.serverCpuMs + row.databaseCpuMs)),
    rounds: of.map((row) => Math.round(row.requestsPerSecond).toLocaleString('en-US')).join(', '),
  };
}
const target = DRIVERS.map((driver) => {
  const now = medians(driver, current.commit);
  return now && `${LABELS[driver]}: ${now.rate >= 1000 && now.p99 <= 50 ? 'meets' : 'misses'} the target`;
})
  .filter(Boolean)
  .join('; ');
const ratios = against
  ? DRIVERS.map((driver) => {
      const base = medians(driver, against.commit);
      const now = medians(driver, current.commit);
      return base && now
        ? `${LABELS[driver]}: **${(now.rate / base.rate).toFixed(2)}×** the accepted/s of ${against.commit} (medians of ${ROUNDS} rounds: ` +
            `${Math.round(now.rate).toLocaleString('en-US')} vs ${Math.round(base.rate).toLocaleString('en-US')}/s; rounds ${now.rounds} vs ${base.rounds}), ` +
            `p99 ${now.p99} vs ${base.p99} ms, CPU per idea (server and PostgreSQL) ${now.cpu.toFixed(3)} vs ${base.cpu.toFixed(3)} ms`
        : undefined;
    })
      .filter(Boolean)
      .join('; ')
  : '';
/** The deployment's defaults the flood row runs with (config.ts, the one home of each). */
const guards = loadConfig({});
const sections: string[] = [
  `Intake (\`npm run bench:intake${against ? ` -- --against ${args.against}` : ''}\`), ${new Date().toISOString().slice(0, 10)}: machine ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `Node ${process.version}, ${os.platform()} ${os.release()}. autocannon on loopback, ${CONNECTIONS} connections, ${REQUESTS.toLocaleString('en-US')} requests after 2,000 warm-up requests; ` +
    'server in its own process with the mail worker writing .eml files; every request a valid submission with a form token and a unique Idempotency-Key ' +
    '(rate limits raised, minimum fill time 0: bench-only settings). Latency is over all measured requests. ' +
    `1-minute load average when the run started: ${loadBefore.toFixed(1)}, and when each row started in its own column (other work on the machine skews the figures).` +
    (against
      ? ` With --against, each database ran ${against.commit}'s own server and this commit's (${current.commit}) back to back under the same client, ${ROUNDS} rounds, ${against.commit} first in odd rounds and second in even ones, each server started afresh${against.note ? ` (${against.note})` : ''}.`
      : ''),
  '',
];
if (rows.length > 0) {
  sections.push(table(rows), '');
  if (ratios) sections.push(`Ratio: ${ratios}.`, '');
  sections.push(
    `Target: ≥ 1,000 accepted submissions/s with p99 ≤ 50 ms${ROUNDS > 1 ? ' (the medians)' : ''}. ${target}.`,
    '',
  );
}
if (memoRows.length > 0)
  sections.push(
    `With a voice memo: ${MEMO_REQUESTS.toLocaleString('en-US')} submissions on the same server right after, each with a ${MEMO_BYTES / 1024} KB memo (multipart, read within the 2 MB limit, ` +
      `checked by its bytes, stored in the idea's transaction), ${CONNECTIONS} connections.`,
    '',
    '| Database | Accepted/s (202) | p50 latency | p99 latency | 202 answers | Other answers / errors | Ideas in DB | Memos in DB | DB = 202s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...memoRows.map(
      (row) =>
        `| ${row.driver} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.p50} ms | ${row.p99} ms | ${row.accepted.toLocaleString('en-US')} | ${row.other} | ` +
        `${row.storedIdeas.toLocaleString('en-US')} | ${row.storedMemos.toLocaleString('en-US')} | ${row.storedIdeas === row.accepted && row.storedMemos === row.accepted ? 'yes' : 'NO'} |`,
    ),
    '',
  );
const measuredCell = (measured: Measured) =>
  `${Math.round(measured.requestsPerSecond).toLocaleString('en-US')} (${measured.p50} ms, ${measured.p99} ms)`;
if (dayRows.length > 0)
  sections.push(
    `A day's volume: on one server of this commit, ${(DAY_REQUESTS - DAY_SLICE).toLocaleString('en-US')} ideas after ${WARM_UP.toLocaleString('en-US')} warm-up, all within one day (every one inside the founder cap's 24 hours); once it is quiet (its mail backlog sent), ` +
      `${DAY_ROUNDS} rounds, each with a fresh server (an empty database, warmed up with ${WARM_UP.toLocaleString('en-US')}): the fresh server's first ${DAY_SLICE.toLocaleString('en-US')} ideas and the full server's next ${DAY_SLICE.toLocaleString('en-US')}, back to back, ` +
      `the fresh one first in odd rounds, each slice on quiet servers. The full server's slices reach ${(DAY_REQUESTS + (DAY_ROUNDS - 1) * DAY_SLICE + WARM_UP).toLocaleString('en-US')} ideas: more than a day, not less. ` +
      `A single slice's rate moves ±30 % with this machine's other work and its p99 more, so the verdict reads the rounds together: accepted/s over the slices' summed durations, p50 and p99 over every accepted answer. ` +
      `Flat when the last slices' accepted/s is within ${FLAT * 100} % of the first slices' and their p99 no more than ${FLAT * 100} % above.`,
    '',
    `| Database | Load at start | Settled after the fill | A day's first ${DAY_SLICE.toLocaleString('en-US')}, all rounds: accepted/s (p50, p99) | The full day's next ${DAY_SLICE.toLocaleString('en-US')}, all rounds: accepted/s (p50, p99) | Rate last/first | p99 last/first | Flat | CPU per idea, first → last | Ideas in DB = 202s |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: | ---: | :---: |',
    ...dayRows.map((row) => {
      const verdict = dayVerdict(row);
      return (
        `| ${row.driver} | ${row.load.toFixed(1)} | ${row.settled.seconds} s${row.settled.quiet ? '' : ' (not quiet)'} | ${measuredCell(row.first)} | ${measuredCell(row.last)} | ` +
        `${verdict.rate.toFixed(2)} | ${verdict.p99.toFixed(2)} | ${verdict.flat ? 'yes' : 'NO'} | ` +
        `${row.first.cpuMs.toFixed(3)} → ${row.last.cpuMs.toFixed(3)} ms (${verdict.cpu.toFixed(2)}) | ${row.stored === row.accepted ? 'yes' : 'NO'} |`
      );
    }),
    '',
    `Each round (accepted/s and p99 in ms, a day's first slice → the full server's next; answers other than 202 and slices that started not quiet after): ${dayRows
      .map(
        (row) =>
          `${row.driver}: ${row.rounds.map((round) => `${Math.round(round.first.requestsPerSecond)}/${round.first.p99} → ${Math.round(round.last.requestsPerSecond)}/${round.last.p99}`).join(', ')} (${row.other} other, ${row.notQuiet} not quiet)`,
      )
      .join('; ')}.`,
    '',
    `The day's course on the full server, slice by slice as it filled (accepted/s, p99 in ms, CPU per idea in ms; the machine's drift is in these): ${dayRows
      .map(
        (row) =>
          `${row.driver}: ${row.course.map((slice) => `${Math.round(slice.requestsPerSecond)}/${slice.p99}/${slice.cpuMs.toFixed(2)}`).join(', ')}`,
      )
      .join('; ')}.`,
    '',
  );
if (floodRows.length > 0)
  sections.push(
    `Under a flood: the server restarted with the deployment's guards (${guards.rateLimit.perIp} per address per ${guards.rateLimit.windowMs / 60_000} minutes, ` +
      `${guards.form.minFillMs / 1000} s minimum fill time, TRUST_PROXY); ` +
      `junk at full speed over ${FLOOD_CONNECTIONS} connections from 1,500 addresses (a fifth each: broken JSON and invalid fields, answered 400 without a database write; ` +
      `well-formed bodies without a form token and honeypot fills, stored in the spam folder up to ${guards.rateLimit.perIp} per address, then 429 from memory; ` +
      `well-formed plain form posts as with JavaScript off, stored up to ${guards.rateLimit.perIp} per address and, past MAIL_FORM_DIGEST_THRESHOLD (${guards.mail.formDigestThreshold}), held for the digest) ` +
      `while ${GENUINE} genuine visitors submit at 2/s through the page's calls. The flood client shares the machine's 2 cores with the server.`,
    '',
    floodTable(floodRows),
    '',
  );
const markdown = sections.join('\n').trimEnd();
console.log(markdown);
// The genuine visitors' own allowance (MAIL_DIGEST_THRESHOLD, the server's default here) is all the flood may not take.
const genuineAllowance = Math.min(GENUINE, guards.mail.digestThreshold);
if (
  floodRows.some(
    (row) =>
      row.genuineAccepted !== row.genuineSent ||
      row.genuineStored !== row.genuineSent ||
      row.genuineOneByOne !== genuineAllowance,
  )
) {
  console.error(
    `FLOOD: a genuine visitor was refused or not stored, or fewer than ${genuineAllowance} were mailed one by one`,
  );
  process.exitCode = 1;
}
if (
  memoRows.some(
    (row) => row.storedIdeas !== row.accepted || row.storedMemos !== row.accepted || row.accepted !== MEMO_REQUESTS,
  )
) {
  console.error('MEMOS: the database does not hold exactly one idea and one memo per 202 answer');
  process.exitCode = 1;
}
for (const row of rows.filter((row) => row.commit !== current.commit && row.stored !== row.accepted))
  console.error(
    `note: ${row.commit} on ${row.driver} left ${row.stored} ideas for ${row.accepted} 202 answers (the other commit's own behaviour)`,
  );
if (
  rows.some((row) => row.commit === current.commit && row.stored !== row.accepted) ||
  dayRows.some((row) => row.stored !== row.accepted)
) {
  console.error('MISMATCH: the database does not hold exactly one idea per 202 answer');
  process.exitCode = 1;
}
if (dayRows.some((row) => !dayVerdict(row).flat)) {
  console.error(
    `DAY: from ${DAY_REQUESTS - DAY_SLICE + WARM_UP} ideas on, the day's slices are more than ${FLAT * 100} % slower, or their p99 more than ${FLAT * 100} % longer, than a fresh day's first (the rounds together)`,
  );
  process.exitCode = 1;
}
if (dayRows.some((row) => row.other > 0)) {
  console.error('DAY: a slice of the day row had answers other than 202, errors or timeouts (they carry no latency)');
  process.exitCode = 1;
}
if (dayRows.some((row) => row.notQuiet > 0))
  console.error("note: a slice of the day row started before the servers were quiet (see each round's line)");
if (process.env.BENCH_NO_WRITE !== '1') writeBenchSection('intake', markdown);
