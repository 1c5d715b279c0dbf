/**
 * Erasure off the request path (decision 105, issue 33 item 2): an erasure deletes the rows and queues its purge in
 * one transaction and answers; it rewrites no table itself (before, each erasure through a status link rewrote every
 * personal-data table with every stored memo inside the request and held other requests for seconds). The background
 * purge covers every erasure queued since the last one with one rewrite, on one instance; the memo table is only
 * vacuumed, since each memo is sealed with a key that left with its idea's row, unless a memo stored before that
 * (plain bytes) was erased. The bytes-on-disk side is ideas/erased-from-disk.test.ts.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retentionPromise } from '../../content/privacy';
import type { IdeaReceipt } from '../../domain/idea';
import type { Database } from '../db/client';
import { eraseIdeas, MEMO_TABLE, PERSONAL_DATA_TABLES, purgePendingErasures } from '../ideas/erase-ideas';
import { storeIdea } from '../ideas/idea-store';
import { leadMemo } from '../ideas/lead-detail';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { buildTestApp } from '../../../test-support/server/test-app';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { ERASURE_PURGE_EVERY_MS, erasurePurgeJob } from './erasure-purge';
import { JobScheduler, SCHEDULER_TICK_MS } from './scheduler';
import { followUpAll } from '../ideas/follow-up';

const origin = { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' };
const silentLog = { info() {}, error() {}, warn() {} } as never;

/** The database with every purge it is asked for written down (the tables it rewrote). */
function watched(database: Database): { database: Database; purges: string[][] } {
  const purges: string[][] = [];
  const purgeDeleted = database.purgeDeleted.bind(database);
  database.purgeDeleted = async (tables, vacuumOnly) => {
    purges.push([...tables]);
    await purgeDeleted(tables, vacuumOnly);
  };
  return { database, purges };
}

async function ideaWithMemo(database: Database, memo: Buffer): Promise<string> {
  const id = crypto.randomUUID();
  await storeIdea(database, {
    id,
    receivedAt: new Date(),
    fields: { idea: '메모가 있는 아이디어', name: '김메모', email: `memo-${id.slice(0, 8)}@example.com`, phone: '' },
    spamReason: null,
    voiceMemo: { mimeType: 'audio/webm', durationMs: 3000, bytes: memo },
  });
  return id;
}

describe.each(DRIVERS)('erasure and its purge on %s', (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    store = await testDatabase(driver);
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    if (database) await store.empty(database);
    await database?.close();
    database = undefined;
  });
  afterAll(() => store.cleanup());

  it('status-link erasures answer without a rewrite; one background purge covers them all, once', async () => {
    const watch = watched((database = await store.open()));
    app = await buildTestApp(store, { JOBS: 'false' }, { database });
    const receipts: IdeaReceipt[] = [];
    for (let i = 0; i < 3; i += 1)
      receipts.push((await submitIdea(app, ideaBody({ email: `erase${i}@example.com` }))).json<IdeaReceipt>());
    await followUpAll(database); // their mails queued, as the background does within seconds

    for (const receipt of receipts) {
      const erased = await app.inject({
        method: 'POST',
        url: `${receipt.statusUrl}/delete`,
        headers: origin,
        payload: '',
      });
      expect(erased.statusCode).toBe(200);
    }
    // Gone at once, nothing rewritten in the requests, one purge queued per erasure.
    expect(await database.rows(sql`select id from ideas`)).toEqual([]);
    expect(watch.purges).toEqual([]);
    expect(await database.rows(sql`select id from erasure_purges`)).toHaveLength(3);

    const job = erasurePurgeJob(database);
    expect(await job.run(new Date())).toBe('3 erasures purged');
    // Only the tables the erasures deleted from (decision 111): no meeting, thread or quote was erased here.
    const [rewritten] = watch.purges;
    expect(rewritten).toContain('ideas');
    expect(rewritten).toContain('outbox');
    for (const table of rewritten!) expect(PERSONAL_DATA_TABLES).toContain(table);
    for (const table of ['meetings', 'meeting_cells', 'thread_messages', 'quotes'])
      expect(rewritten).not.toContain(table);
    expect(await job.run(new Date())).toBe('nothing to purge');
    expect(watch.purges).toHaveLength(1);
    // Retention's hourly turn rewrites every table once for the erasures since its last turn, then forgets them.
    expect(await purgePendingErasures(database, { everyTable: true })).toBe(0);
    expect(watch.purges.at(-1)).toEqual([...PERSONAL_DATA_TABLES]);
    expect(await database.rows(sql`select id from erasure_purges`)).toEqual([]);
    await purgePendingErasures(database, { everyTable: true });
    expect(watch.purges).toHaveLength(2);
  });

  it('two instances at the same tick: one of them purges', async () => {
    const watch = watched((database = await store.open()));
    const id = await ideaWithMemo(database, crypto.randomBytes(4096));
    await eraseIdeas(database, [id], store.dataDir);
    // PGlite has one connection per data directory: there both "instances" share it; PostgreSQL gets a second pool.
    const other = driver === 'postgres' ? watched(await store.open()) : watch;
    try {
      const now = new Date();
      const outcomes = await Promise.all(
        [watch.database, other.database].map((db) =>
          new JobScheduler(db, [erasurePurgeJob(db)], silentLog).runDue(now),
        ),
      );
      expect(outcomes.filter((outcome) => outcome['erasure-purge'] === '1 erasures purged')).toHaveLength(1);
      expect([...watch.purges, ...(other === watch ? [] : other.purges)]).toHaveLength(1);
    } finally {
      if (other !== watch) await other.database.close();
    }
  });

  it('stores a memo sealed under its own key, and rewrites the memo table only for a plain one', async () => {
    const watch = watched((database = await store.open()));
    const memo = crypto.randomBytes(64 * 1024);
    const sealedId = await ideaWithMemo(database, memo);
    const [stored] = await database.rows<{ bytes: string; key: string }>(sql`
      select encode(m.bytes, 'base64') as bytes, encode(i.memo_key, 'base64') as key
      from voice_memos m join ideas i on i.id = m.idea_id where m.idea_id = ${sealedId}::uuid`);
    expect(Buffer.from(stored!.key, 'base64')).toHaveLength(32);
    expect(Buffer.from(stored!.bytes, 'base64').includes(memo.subarray(1000, 1064))).toBe(false);
    expect((await leadMemo(database, sealedId))?.bytes.equals(memo)).toBe(true);

    await eraseIdeas(database, [sealedId], store.dataDir);
    await erasurePurgeJob(database).run(new Date());
    expect(watch.purges.at(-1)).not.toContain(MEMO_TABLE);

    // A memo from before encryption: no key, plain bytes. It still plays, and its erasure rewrites the memo table.
    const plainId = await ideaWithMemo(database, memo);
    await database.rows(sql`update ideas set memo_key = null where id = ${plainId}::uuid`);
    await database.rows(
      sql`update voice_memos set bytes = decode(${memo.toString('base64')}, 'base64') where idea_id = ${plainId}::uuid`,
    );
    expect((await leadMemo(database, plainId))?.bytes.equals(memo)).toBe(true);
    await eraseIdeas(database, [plainId], store.dataDir);
    await erasurePurgeJob(database).run(new Date());
    expect(watch.purges.at(-1)).toContain(MEMO_TABLE);
    expect(watch.purges.at(-1)).toContain('ideas');
  });
});

describe('the purge keeps the privacy page promise', () => {
  it('a purge starts within half the promised minutes of an erasure, leaving the rest for its work', () => {
    expect(ERASURE_PURGE_EVERY_MS + SCHEDULER_TICK_MS).toBeLessThanOrEqual(
      (retentionPromise.purgeMinutes * 60_000) / 2,
    );
  });
});
