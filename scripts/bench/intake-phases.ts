/**
 * `npx tsx scripts/bench/intake-phases.ts`: where an accepted idea's time goes, per phase of the request path, on
 * PGlite and PostgreSQL. The server runs in this process (buildApp with a database and mail transport that time each
 * statement and mail) under the same load as bench:intake (scripts/bench/intake-load.ts), so the figures include the
 * client's share of the 2 cores; they are for comparing phases, bench:intake is the throughput.
 *
 * Two kinds of figure per phase:
 * - wall time per request, from Fastify's hooks (guards = the route's onRequest hooks, parsing = reading and parsing
 *   the body, handler, answer = serializing and writing the 202); under load a phase's wall time includes waiting
 *   for the event loop and for the group commit in flight;
 * - database time per accepted idea: the sum of each statement's round trips (by kind) over the run, divided by the
 *   ideas. PGlite runs every statement on this thread, so its sum is CPU the intake cannot use; on PostgreSQL it is
 *   round-trip time (the work is in the database's processes).
 * Options (env): BENCH_REQUESTS (default 6000), BENCH_CONNECTIONS (25), BENCH_DRIVERS (pglite,postgres).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp } from '../../src/server/app';
import { EXAMPLE_AGENCY_ENV, loadConfig } from '../../src/server/config';
import { openDatabase, type Database, type RowsFn } from '../../src/server/db/client';
import { mailTransportFor, type MailTransport } from '../../src/server/mail/transport';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../test-support/server/postgres-cluster';
import { textLoad } from './intake-load';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const SECRET = crypto.randomBytes(32).toString('base64url');
const PORTS = { pglite: 4311, postgres: 4312, cluster: 4391 } as const;

/** Each statement's kind: the first matching pattern's name, else its first words. */
const KINDS: [RegExp, string][] = [
  [/insert into rate_limits/, 'rate limit: counter upsert'],
  // The group commit is one call (decision 112): rate limit, token uses, keys, ideas, memos, events, follow-up queue.
  [/from store_ideas\(/, 'group commit: store_ideas (every write of the group)'],
  [/delete from idea_follow_ups/, 'follow-up: search text, team mails, confirmations (background)'],
  [/insert into workspace_events/, 'live events: one insert per burst'],
  [/from idempotency_keys k join ideas/, 'replay: stored key'],
  [/from founder_mails .*for update skip locked/, 'mail worker: founder claim'],
  [/update founder_mails set status = 'sent'/, 'mail worker: founder mail marked sent'],
  [/from outbox .*for update skip locked/, 'mail worker: team claim'],
  [/update outbox set status = 'sent'/, 'mail worker: team mail marked sent'],
  [/update outbox o set next_attempt_at/, 'mail worker: team lease renewal'],
];
const dialect = new PgDialect();
function kindOf(query: SQL): string {
  const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim();
  return KINDS.find(([pattern]) => pattern.test(text))?.[1] ?? `other: ${text.slice(0, 60)}`;
}

class Tally {
  readonly totals = new Map<string, { ms: number; count: number }>();
  add(kind: string, ms: number): void {
    const total = this.totals.get(kind) ?? { ms: 0, count: 0 };
    total.ms += ms;
    total.count += 1;
    this.totals.set(kind, total);
  }
}

/** The database with every statement and transaction timed into `tally`, its background facade's too. */
function timedDatabase(database: Database, tally: Tally): Database {
  const timed = timedFacade(database, tally);
  timed.background = database.background === database ? timed : timedFacade(database.background, tally);
  timed.background.background = timed.background;
  return timed;
}

function timedFacade(database: Database, tally: Tally): Database {
  const timed =
    (rows: RowsFn, inside: { ms: number } | undefined): RowsFn =>
    async <T extends Record<string, unknown>>(query: SQL) => {
      const kind = kindOf(query);
      const start = performance.now();
      try {
        return await rows<T>(query);
      } finally {
        const ms = performance.now() - start;
        tally.add(kind, ms);
        if (inside) inside.ms += ms;
      }
    };
  return {
    ...database,
    rows: timed(database.rows, undefined),
    async transaction(work) {
      const inside = { ms: 0 };
      let first: string | undefined;
      const start = performance.now();
      try {
        return await database.transaction((rows) =>
          work(async (query) => {
            first ??= kindOf(query).split(':')[0];
            return timed(rows, inside)(query);
          }),
        );
      } finally {
        tally.add(`${first ?? 'empty'}: transaction begin/commit`, performance.now() - start - inside.ms);
      }
    },
  };
}

function timedTransport(transport: MailTransport, tally: Tally): MailTransport {
  return {
    kind: transport.kind,
    close: () => transport.close(),
    async send(mail, id) {
      const start = performance.now();
      try {
        return await transport.send(mail, id);
      } finally {
        tally.add('mail worker: writing the mail (.eml)', performance.now() - start);
      }
    },
  };
}

const PHASES = ['guards', 'parsing', 'handler', 'answer'] as const;

async function profile(driver: 'pglite' | 'postgres', cluster: PostgresCluster | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-phases-${driver}-`));
  const databaseUrl = cluster ? await createDatabase(cluster.url, 'phases') : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    SITE_URL: 'https://mvp24.example',
    ...EXAMPLE_AGENCY_ENV, // production refuses to start without the agency's details
    PORT: String(PORTS[driver]),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    FORM_SECRET: SECRET,
    FORM_MIN_FILL_MS: '0',
    RATE_LIMIT_PER_IP: '10000000',
    MAIL_POLL_MS: '200',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'no-site'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const tally = new Tally();
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.dbPoolSize });
  const app = await buildApp(config, {
    database: timedDatabase(database, tally),
    mailTransport: timedTransport(
      mailTransportFor({ smtpUrl: undefined, dataDir, smtpTimeoutMs: config.mail.smtpTimeoutMs }),
      tally,
    ),
  });
  const phases = new Tally();
  const marks = new WeakMap<object, number>();
  const lap = (request: object, phase: (typeof PHASES)[number] | undefined) => {
    const now = performance.now();
    const last = marks.get(request);
    if (phase && last !== undefined) phases.add(phase, now - last);
    marks.set(request, now);
  };
  // Root hooks run before the route's own onRequest guards: guards end where parsing begins.
  app.addHook('onRequest', async (request) => lap(request, undefined));
  app.addHook('preParsing', async (request) => lap(request, 'guards'));
  app.addHook('preHandler', async (request) => lap(request, 'parsing'));
  app.addHook('onSend', async (request) => lap(request, 'handler'));
  app.addHook('onResponse', async (request) => lap(request, 'answer'));
  await app.listen({ port: PORTS[driver], host: '127.0.0.1' });
  try {
    await textLoad(PORTS[driver], 1000, CONNECTIONS, SECRET);
    tally.totals.clear();
    phases.totals.clear();
    const result = await textLoad(PORTS[driver], REQUESTS, CONNECTIONS, SECRET);
    const accepted = Number(result.statusCodeStats['202']?.count ?? 0);
    return { driver, accepted, rate: accepted / result.duration, tally, phases };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = os.loadavg()[0] ?? 0;
let cluster: PostgresCluster | undefined;
const results: Awaited<ReturnType<typeof profile>>[] = [];
try {
  for (const driver of DRIVERS) {
    if (driver === 'postgres') cluster = await startPostgresCluster({ durable: true, port: PORTS.cluster });
    console.error(`profiling ${driver}: ${REQUESTS} requests over ${CONNECTIONS} connections…`);
    results.push(await profile(driver, cluster));
  }
} finally {
  await cluster?.stop();
}

const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(3) : ms.toFixed(2));
const kinds = [...new Set(results.flatMap((result) => [...result.tally.totals.keys()]))].sort();
const lines = [
  `Phases of the request path (\`npx tsx scripts/bench/intake-phases.ts\`), ${new Date().toISOString().slice(0, 10)}: ${REQUESTS.toLocaleString('en-US')} text submissions over ${CONNECTIONS} connections after 1,000 warm-up, ` +
    `server and client in one process; 1-minute load average at the start ${loadBefore.toFixed(1)}. ` +
    `Accepted/s here: ${results.map((result) => `${result.driver} ${Math.round(result.rate)}`).join(', ')} (the in-process client shares the cores).`,
  '',
  `| Phase (wall time per request, ms) | ${results.map((result) => result.driver).join(' | ')} |`,
  `| --- | ${results.map(() => '---:').join(' | ')} |`,
  ...PHASES.map(
    (phase) =>
      `| ${phase} | ${results.map((result) => fmt((result.phases.totals.get(phase)?.ms ?? 0) / Math.max(1, result.phases.totals.get(phase)?.count ?? 1))).join(' | ')} |`,
  ),
  '',
  `| Statement (database time per accepted idea, ms; statements per idea) | ${results.map((result) => result.driver).join(' | ')} |`,
  `| --- | ${results.map(() => '---:').join(' | ')} |`,
  ...kinds.map(
    (kind) =>
      `| ${kind} | ${results
        .map((result) => {
          const total = result.tally.totals.get(kind);
          return total ? `${fmt(total.ms / result.accepted)} (${(total.count / result.accepted).toFixed(3)})` : '–';
        })
        .join(' | ')} |`,
  ),
  `| **all statements and mails** | ${results.map((result) => fmt([...result.tally.totals.values()].reduce((sum, total) => sum + total.ms, 0) / result.accepted)).join(' | ')} |`,
];
console.log(lines.join('\n'));
