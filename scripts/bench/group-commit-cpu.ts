/**
 * `npx tsx scripts/bench/group-commit-cpu.ts`: the CPU one accepted idea costs the database layer on PGlite, where
 * every statement runs on the server's own thread. It stores groups of GROUP ideas (the size a group commit holds
 * under bench:intake's 25 connections) with the intake's own `insertIdeas`, the deployment's mail policy and its
 * per-client rate limit, in two ways: now (decision 113: the clients' rate-limit hits and the `lead_received`
 * events inside the one call of `store_ideas`) and as before it (the hits counted by `countHits` and the events
 * stored by `storeEvents`, each a statement of its own around the call). CPU time (process.cpuUsage), not wall time: on this shared
 * machine the wall time swings with the other work, the CPU a statement takes much less. Prints each variant's
 * ms of CPU per idea per round, and each statement kind's share in the variant as it is now.
 * Options (env): BENCH_GROUPS (default 300 per variant and round), BENCH_ROUNDS (3), BENCH_GROUP (8).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database, type RowsFn } from '../../src/server/db/client';
import { storeEvents } from '../../src/server/events/event-store';
import { countHits } from '../../src/server/intake/rate-limit';
import { insertIdeas, type NewIdea } from '../../src/server/ideas/idea-store';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GROUP = Number(process.env.BENCH_GROUP ?? 8);
const dialect = new PgDialect();
const config = loadConfig({});
const policy = {
  digestThreshold: config.mail.digestThreshold,
  formDigestThreshold: config.mail.formDigestThreshold,
  digestPeriodMs: config.mail.digestPeriodMs,
  founderConfirmations: { perDay: config.founder.confirmationsPerDay },
  rateLimit: { perClient: Number.MAX_SAFE_INTEGER, windowMs: config.rateLimit.windowMs },
};
const CURRENT = 'hits and events inside the call (now)';
const text =
  '반려동물 산책을 이웃과 연결하는 앱입니다. 보호자가 시간을 올리면 근처 산책러가 신청하고, 경로와 사진이 공유됩니다. ';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function newIdea(): NewIdea {
  const id = crypto.randomUUID();
  return {
    id,
    receivedAt: new Date(),
    spamReason: null,
    fields: {
      idea: text.repeat(3) + id,
      name: '김민지',
      email: `f${id.slice(0, 8)}@example.com`,
      phone: '010-1234-5678',
    },
    idempotency: { key: crypto.randomUUID(), requestHash: sha256(`request ${id}`) },
    tokenUse: { hash: sha256(`token ${id}`), key: null, expiresAt: new Date(Date.now() + 3_600_000) },
    statusTokenHash: sha256(`status ${id}`),
    consentVersion: 'bench',
    clientIp: '10.0.0.1',
    rateKey: `intake:10.0.${id.charCodeAt(0)}.1`,
  };
}

/** The CPU each statement kind took (its first words), summed over the runs of the variant as it is now. */
const byStatement = new Map<string, number>();
let collecting = false;
function timed(rows: RowsFn): RowsFn {
  return (async (query: SQL) => {
    const before = process.cpuUsage();
    const result = await rows(query);
    const used = process.cpuUsage(before);
    const kind = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim().slice(0, 40);
    if (collecting) byStatement.set(kind, (byStatement.get(kind) ?? 0) + used.user + used.system);
    return result;
  }) as RowsFn;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-group-commit-'));
  const opened = await openDatabase({ dataDir });
  const database: Database = {
    ...opened,
    rows: timed(opened.rows),
    transaction: (work) => opened.transaction((rows) => work(timed(rows))),
  };
  const group = () => Array.from({ length: GROUP }, newIdea);
  const variants: Record<string, () => Promise<unknown>> = {
    // Before decision 113 (its events and hits now stored twice: the statements' cost is what this adds).
    'hits and events as statements of their own (before)': async () => {
      const ideas = group().map((idea) => ({ ...idea, rateKey: undefined }));
      await countHits(
        database,
        ideas.map((idea) => ({ key: `intake:${idea.id.slice(0, 2)}`, windowMs: config.rateLimit.windowMs })),
      );
      await insertIdeas(database, ideas, policy);
      await storeEvents(
        database,
        ideas.map((idea) => ({ kind: 'lead_received' as const, ideaId: idea.id })),
      );
    },
    [CURRENT]: () => insertIdeas(database, group(), policy),
  };
  console.log(
    `group commit CPU on PGlite: ${GROUPS} groups of ${GROUP} per variant and round; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(variants)) {
      collecting = name === CURRENT;
      const before = process.cpuUsage();
      for (let i = 0; i < GROUPS; i += 1) await run();
      const used = process.cpuUsage(before);
      console.log(
        `round ${round}: ${name}: ${((used.user + used.system) / 1000 / (GROUPS * GROUP)).toFixed(2)} ms/idea`,
      );
    }
  }
  console.log(`statements of '${CURRENT}' by their share of its CPU (BEGIN/COMMIT not counted):`);
  const total = [...byStatement.values()].reduce((sum, value) => sum + value, 0);
  for (const [kind, cpu] of [...byStatement].sort((a, b) => b[1] - a[1]))
    console.log(`  ${((cpu / total) * 100).toFixed(1).padStart(5)} %  ${kind}`);
  console.log(`load at the end ${os.loadavg()[0]!.toFixed(1)}`);
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
