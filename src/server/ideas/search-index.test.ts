/**
 * The search text written after the idea (decision 115), on PGlite and PostgreSQL: every way an idea is stored
 * queues it, the indexer writes each once (two indexers at once included) and drops the ids of erased ideas, and the
 * background waits for the intake to settle, never longer than its limit.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { storeLead } from '../../../test-support/server/lead-fixtures';
import { APP_TEST_TIMEOUT_MS, DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import { eraseIdeas } from './erase-ideas';
import { indexAllPending, indexPending, searchIndexer } from './search-index';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DRIVERS)('the search index on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const suite = suiteDatabase(driver);

  const count = async (table: 'idea_search' | 'search_queue') =>
    Number((await suite.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n);

  it('writes each queued idea once, even with two indexers at once, and drops an erased one', async () => {
    const ids = [];
    for (let i = 0; i < 450; i += 1)
      ids.push(
        await storeLead(suite.database, { name: `이름${i}`, email: `p${i}@example.com`, idea: `아이디어 ${i}` }),
      );
    expect(await count('search_queue')).toBe(450);
    await eraseIdeas(suite.database, [ids[0]!], suite.store.dataDir);
    const taken = await Promise.all([indexAllPending(suite.database), indexAllPending(suite.database)]);
    expect(taken[0] + taken[1]).toBe(450);
    expect(await count('search_queue')).toBe(0);
    expect(await count('idea_search')).toBe(449);
    expect(await indexPending(suite.database)).toBe(0);
    // Erasing an indexed idea takes its search text with it.
    await eraseIdeas(suite.database, [ids[1]!], suite.store.dataDir);
    expect(await count('idea_search')).toBe(448);
  });

  it('indexes in the background once the intake settles, and at most after its limit while ideas keep coming', async () => {
    const timing = { settleMs: 150, deferMaxMs: 600, pollMs: 60_000 };
    const indexer = searchIndexer(suite.database, pino({ level: 'silent' }), timing);
    try {
      await storeLead(suite.database, {});
      indexer.nudge();
      await sleep(50);
      expect(await count('idea_search')).toBe(0);
      await sleep(400);
      expect(await count('idea_search')).toBe(1);

      // Ideas every 50 ms for 1.2 s: nothing indexed until deferMaxMs after the first, then again later.
      const started = Date.now();
      let firstIndexedAt: number | undefined;
      while (Date.now() - started < 1_200) {
        await storeLead(suite.database, {});
        indexer.nudge();
        if (firstIndexedAt === undefined && (await count('idea_search')) > 1) firstIndexedAt = Date.now() - started;
        await sleep(50);
      }
      expect(firstIndexedAt).toBeDefined();
      expect(firstIndexedAt!).toBeGreaterThanOrEqual(timing.deferMaxMs - 50);
      await sleep(timing.settleMs + 400);
      expect(await count('search_queue')).toBe(0);
    } finally {
      await indexer.stop();
    }
  });
});
