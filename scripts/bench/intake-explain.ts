/**
 * `npx tsx scripts/bench/intake-explain.ts`: the plan of every statement on the intake path once a day's volume is
 * stored. Fills BENCH_EXPLAIN_ROWS ideas (default 100,000, within the last hours, so all inside the founder cap's
 * 24 hours and many inside the digest period) through the intake's own group commit (ideas/idea-store.ts) with the
 * deployment's mail policy (config.ts), one idea in ten from one of 100 recurring addresses (so the cap skips some),
 * each group followed up as the background does (their mails and search text, decision 119), then shows EXPLAIN
 * (ANALYZE, BUFFERS) of each statement of one more group commit of 25 ideas (with the clients' rate-limit hits,
 * decision 113), of their follow-up, and of the replay's key lookup. Each statement is explained inside a savepoint rolled back before it really
 * runs, and the last group commit is rolled back too. The group commit is one call of the function `store_ideas`
 * (decision 112): on PostgreSQL the plans of the statements inside it come from `auto_explain` (nested statements,
 * read back from the server's log); PGlite has no `auto_explain`, so it shows the call's own plan and time only. A plan that reads rows in proportion to the table is the bug
 * this looks for: every read should be of the batch's own keys or a range bounded by a threshold.
 * Options (env): BENCH_DRIVERS (postgres,pglite), BENCH_EXPLAIN_ROWS.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database, type RowsFn } from '../../src/server/db/client';
import { followUpAll, followUpPending } from '../../src/server/ideas/follow-up';
import { findIdempotencyKey, insertIdeas, type StorePolicy, type NewIdea } from '../../src/server/ideas/idea-store';
import { createFormToken } from '../../src/server/intake/form-token';
import { tokenUse } from '../../src/server/intake/used-form-tokens';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../test-support/server/postgres-cluster';

const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[];
const ROWS = Number(process.env.BENCH_EXPLAIN_ROWS ?? 100_000);
const BATCH = 200;
const config = loadConfig({});
const policy: StorePolicy = {
  digestThreshold: config.mail.digestThreshold,
  formDigestThreshold: config.mail.formDigestThreshold,
  digestPeriodMs: config.mail.digestPeriodMs,
  founderConfirmations: { perDay: config.founder.confirmationsPerDay },
  // Raised so the fill never reaches it; the hits are still counted, as the intake counts them.
  rateLimit: { perClient: Number.MAX_SAFE_INTEGER, windowMs: config.rateLimit.windowMs },
};
const SECRET = crypto.randomBytes(32).toString('base64url');

let sequence = 0;
function idea(receivedAt: Date): NewIdea {
  sequence += 1;
  const id = crypto.randomUUID();
  const email = sequence % 10 === 0 ? `again${sequence % 100}@example.com` : `day${sequence}@example.com`;
  return {
    id,
    receivedAt,
    fields: { idea: `하루치 아이디어 ${sequence}: 동네 가게 예약 앱`, name: '벤치 테스터', email, phone: '' },
    spamReason: null,
    tokenUse: tokenUse({
      token: createFormToken(SECRET),
      idempotencyKey: `explain-${sequence}`,
      expiresAt: new Date(receivedAt.getTime() + config.form.tokenMaxAgeMs),
    }),
    withoutScript: sequence % 50 === 0,
    clientIp: '203.0.113.7',
    idempotency: { key: `explain-${sequence}`, requestHash: 'h' },
    statusTokenHash: crypto.randomBytes(32).toString('base64url'),
    consentVersion: null,
    rateKey: `intake:203.0.113.${sequence % 250}`,
  };
}

/** Runs `work` in a transaction that is rolled back, with each statement's plan printed before it runs. */
async function explained(
  database: Database,
  label: string,
  work: (rows: RowsFn) => Promise<unknown>,
  logFile?: string,
) {
  const rollback = new Error('rolled back');
  const logStart = logFile ? fs.statSync(logFile).size : 0;
  await database
    .transaction(async (rows) => {
      if (logFile) {
        // The statements inside a function: auto_explain logs each one's plan with its buffers.
        await rows(sql`load 'auto_explain'`);
        for (const setting of [
          'log_min_duration = 0',
          'log_analyze = on',
          'log_buffers = on',
          'log_nested_statements = on',
        ])
          await rows(sql.raw(`set local auto_explain.${setting}`));
      }
      const explaining: RowsFn = async <T extends Record<string, unknown>>(query: SQL) => {
        await rows(sql`savepoint plan`);
        const plan = await rows<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers, costs off) ${query}`);
        await rows(sql`rollback to savepoint plan`);
        const text = plan.map((line) => line['QUERY PLAN']).join('\n');
        console.log(`\n### ${label}\n\n\`\`\`\n${text}\n\`\`\``);
        return rows<T>(query);
      };
      await work(explaining);
      if (logFile) await rows(sql.raw('set local auto_explain.log_min_duration = -1'));
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  if (logFile) {
    const log = fs.readFileSync(logFile, 'utf8').slice(logStart);
    const nested = log
      .split(/\n(?=\S+ \S+ \S+ \[\d+\] LOG:)/)
      .filter((entry) => /Query Text:(?!.*explain)/s.test(entry));
    console.log(`\n#### ${label}: the statements inside (auto_explain)\n\n\`\`\`\n${nested.join('\n')}\n\`\`\``);
  }
}

/** The database seen through `rows` (one transaction): what insertIdeas needs of it. */
const within = (database: Database, rows: RowsFn): Database => ({
  ...database,
  rows,
  transaction: (work) => work(rows),
});

async function explainOn(driver: 'pglite' | 'postgres', cluster: PostgresCluster | undefined): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-explain-${driver}-`));
  const databaseUrl = cluster ? await createDatabase(cluster.url, 'explain') : undefined;
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const start = Date.now() - 6 * 3_600_000;
    for (let stored = 0; stored < ROWS; stored += BATCH) {
      const at = (n: number) => new Date(start + Math.floor(((stored + n) / ROWS) * 6 * 3_600_000));
      await insertIdeas(
        database,
        Array.from({ length: Math.min(BATCH, ROWS - stored) }, (_, n) => idea(at(n))),
        policy,
      );
      // Their mails and search text, as the background follows them up (decision 119).
      await followUpAll(database);
    }
    if (driver === 'postgres') await database.rows(sql`analyze`);
    const [counts] = await database.rows<Record<string, number>>(sql`
      select (select count(*)::int from ideas) as ideas, (select count(*)::int from outbox) as outbox,
        (select count(*)::int from outbox where not digest) as mailed_each,
        (select count(*)::int from founder_mails) as founder_mails,
        (select count(*)::int from founder_mails where status = 'skipped') as skipped,
        (select count(*)::int from used_form_tokens) as used_form_tokens`);
    console.log(`\n## ${driver}: ${JSON.stringify(counts)}`);
    const now = new Date();
    const batch = Array.from({ length: 25 }, () => idea(now));
    await explained(
      database,
      `${driver}: one group commit of 25 ideas (ideas/idea-store.ts), then their follow-up (ideas/follow-up.ts)`,
      async (rows) => {
        await insertIdeas(within(database, rows), batch, policy);
        await followUpPending(rows);
      },
      cluster?.logFile,
    );
    await explained(database, `${driver}: a replay's stored key (ideas/idea-store.ts)`, (rows) =>
      findIdempotencyKey(within(database, rows), 'explain-5000'),
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

let cluster: PostgresCluster | undefined;
try {
  for (const driver of DRIVERS) {
    if (driver === 'postgres') cluster = await startPostgresCluster({ durable: true, port: 4392 });
    await explainOn(driver, cluster);
  }
} finally {
  await cluster?.stop();
}
