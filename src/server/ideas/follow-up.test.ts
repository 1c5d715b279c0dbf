/**
 * The work that follows a stored idea (decisions 115, 118 and 119), on PGlite and PostgreSQL: every way an idea is
 * stored queues it, the follow-up writes each one's search text once (two at once included) and drops the ids of
 * erased ideas, queues the team's mail and the founder's confirmation only of an idea the intake created, not spam,
 * the backlog counts an idea waiting for its follow-up as unsent (once), and the background takes what was queued
 * before its start and waits for the intake to settle, never longer than its limit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { storeLead } from '../../../test-support/server/lead-fixtures';
import { APP_TEST_TIMEOUT_MS, DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import { eraseIdeas } from './erase-ideas';
import { followUpAll, followUpPending, followUpWorker } from './follow-up';
import { changeStage } from './lead-stages';
import { manualClock } from '../../../test-support/server/manual-clock';

/** Until a session of this database waits on a lock (PostgreSQL's own report, pg_stat_activity). */
async function waitForLockWait(database: { rows: Database['rows'] }): Promise<void> {
  for (;;) {
    const [row] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (Number(row?.n) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(DRIVERS)('the follow-up of stored ideas on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const suite = suiteDatabase(driver);

  const count = async (table: 'idea_search' | 'idea_follow_ups' | 'founder_mails' | 'outbox') =>
    Number((await suite.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n);

  it('writes each queued idea once, even with two indexers at once, and drops an erased one', async () => {
    const ids = [];
    for (let i = 0; i < 450; i += 1)
      ids.push(
        await storeLead(suite.database, { name: `이름${i}`, email: `p${i}@example.com`, idea: `아이디어 ${i}` }),
      );
    expect(await count('idea_follow_ups')).toBe(450);
    await eraseIdeas(suite.database, [ids[0]!], suite.store.dataDir);
    const done = await Promise.all([followUpAll(suite.database), followUpAll(suite.database)]);
    expect(done[0].taken + done[1].taken).toBe(450);
    // A fixture is not an idea sent through the intake: nobody to confirm to, nothing to mail the team.
    expect(done[0].confirmations + done[1].confirmations).toBe(0);
    expect(done[0].mails + done[1].mails).toBe(0);
    expect(await count('founder_mails')).toBe(0);
    expect(await count('outbox')).toBe(449); // the fixtures' own rows (sent), none added
    expect(await count('idea_follow_ups')).toBe(0);
    expect(await count('idea_search')).toBe(449);
    expect(await followUpPending(suite.database.rows)).toEqual({ taken: 0, mails: 0, confirmations: 0 });
    // Erasing an indexed idea takes its search text with it.
    await eraseIdeas(suite.database, [ids[1]!], suite.store.dataDir);
    expect(await count('idea_search')).toBe(448);
  });

  it.runIf(driver === 'pglite')(
    "frees the queue's taken rows after each background round, so it stays as large as its largest backlog",
    async () => {
      const size = async () =>
        Number(
          (await suite.database.rows<{ n: number }>(sql`select pg_relation_size('idea_follow_ups')::int as n`))[0]?.n,
        );
      // Ids of no idea (as if erased): taken and dropped like any other.
      const backlog = () =>
        suite.database.rows(
          sql`insert into idea_follow_ups (idea_id) select gen_random_uuid() from generate_series(1, 3000)`,
        );
      await backlog();
      expect((await followUpAll(suite.database, { background: true })).taken).toBe(3000);
      const afterOne = await size();
      for (let round = 0; round < 3; round += 1) {
        await backlog();
        await followUpAll(suite.database, { background: true });
      }
      // Without the vacuum each backlog would take new pages: four times the size.
      expect(await size()).toBeLessThanOrEqual(afterOne);
    },
  );

  it.runIf(driver === 'postgres')(
    'a delivery waits for a follow-up that holds its idea, then finds the confirmation for its ready mail',
    async () => {
      const id = await storeLead(suite.database, { email: 'held@example.com' });
      await suite.database.rows(sql`update idea_follow_ups set founder_cap = 3 where idea_id = ${id}::uuid`);
      // Another instance's follow-up holds the idea's queue entry.
      const other = await suite.store.open();
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const background = other.transaction(async (rows) => {
        await rows(sql`select idea_id from idea_follow_ups where idea_id = ${id}::uuid for update`);
        holding();
        await released;
        return followUpPending(rows);
      });
      try {
        await held;
        let delivered = false;
        const delivery = suite.database
          .transaction((rows) =>
            changeStage(
              rows,
              id,
              { stage: 'delivered', prototypeUrl: 'https://proto.example/held' },
              { memberId: null },
            ),
          )
          .then(() => (delivered = true));
        // The database says when the delivery waits on the held row: then it has not finished, and cannot.
        await waitForLockWait(suite.database);
        expect(delivered).toBe(false);
        release();
        expect((await background).confirmations).toBe(1);
        await delivery;
        const kinds = await suite.database.rows<{ kind: string }>(
          sql`select kind from founder_mails where idea_id = ${id}::uuid order by kind`,
        );
        expect(kinds.map((row) => row.kind)).toEqual(['confirmation', 'ready']);
      } finally {
        release();
        await background.catch(() => undefined);
        await other.close();
      }
    },
  );

  it('indexes in the background after its start, once the intake settles, and at most after its limit while ideas keep coming', async () => {
    // The worker's own clock, moved by hand: each round starts at the instant its timer falls due.
    const timing = { settleMs: 400, deferMaxMs: 1_000, pollMs: 60_000 };
    const clock = manualClock();
    const advance = async (ms: number) => {
      clock.advance(ms);
      await indexer.idle();
    };
    // Left queued by an instance that stopped before its follow-up: taken once the settle time has passed.
    await storeLead(suite.database, {});
    const indexer = followUpWorker(suite.database, pino({ level: 'silent' }), { timing, clock });
    try {
      await advance(timing.settleMs - 1);
      expect(await count('idea_follow_ups')).toBe(1);
      await advance(1);
      expect(await count('idea_follow_ups')).toBe(0);

      // A new idea waits for the intake to settle: not followed up while ideas may still come.
      await suite.database.rows(sql`delete from idea_search`);
      await storeLead(suite.database, {});
      indexer.nudge();
      await advance(timing.settleMs - 1);
      expect(await count('idea_search')).toBe(0);
      await advance(1);
      expect(await count('idea_search')).toBe(1);

      // Ideas every 50 ms for twice deferMaxMs: none followed up until deferMaxMs after the first, then again later.
      const indexedAt: number[] = [];
      for (let at = 0; at < timing.deferMaxMs * 2; at += 50) {
        await storeLead(suite.database, {});
        indexer.nudge();
        const before = await count('idea_follow_ups');
        await advance(50);
        if ((await count('idea_follow_ups')) < before) indexedAt.push(at + 50);
      }
      expect(indexedAt[0]).toBe(timing.deferMaxMs);
      expect(indexedAt.length).toBeGreaterThanOrEqual(2);
      // Once they stop, the rest settles.
      await advance(timing.settleMs);
      expect(await count('idea_follow_ups')).toBe(0);
    } finally {
      await indexer.stop();
    }
  });
});
