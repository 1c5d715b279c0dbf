/**
 * The quote's writers take their locks in one order (decision 138): the idea's row first, then the quote's. Sending a
 * new version locks the idea and then supersedes the quotes; accepting locked the quote first and then the idea, and
 * the two deadlocked (PostgreSQL cancels one with 40P01) when they met. On PostgreSQL (PGlite has one connection), a
 * third connection holds the idea's row: an acceptance waiting for it must hold no lock on the quote meanwhile, and
 * once the idea is let go the acceptance and a new version both finish.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultValidUntil } from '../../domain/quote';
import type { Database } from '../db/client';
import { storeLead, storeMember } from '../../../test-support/server/lead-fixtures';
import { APP_TEST_TIMEOUT_MS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { acceptQuote, sendTeamMessage } from './thread-store';

describe('the quote locks on PostgreSQL', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  let store: TestDatabase;
  let database: Database;
  let holder: Database;

  beforeAll(async () => {
    store = await testDatabase('postgres');
    database = await store.open();
    holder = await store.open();
  });
  afterAll(async () => {
    await holder?.close();
    await database?.close();
    store?.cleanup();
  });

  /** Resolves once a backend waits for a row lock (the acceptance, queued behind the holder). */
  async function someoneWaitsForALock(): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await holder.rows<{ n: string }>(sql`select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`)
          )[0]!.n,
        { timeout: 30_000, interval: 20 },
      )
      .not.toBe('0');
  }

  it('an acceptance waiting for the idea holds no lock on the quote, and a new version sent meanwhile does not deadlock', async () => {
    const member = await storeMember(database);
    const ideaId = await storeLead(database);
    const quote = {
      items: [{ description: '기획', quantity: 1, unitPrice: 100_000 }],
      validUntil: defaultValidUntil(new Date()),
      notes: '',
    };
    await sendTeamMessage(database, { ideaId, memberId: member.id, body: '견적', quote }, async () => {});
    const [first] = await database.rows<{ id: string }>(
      sql`select id::text as id from quotes where idea_id = ${ideaId}::uuid`,
    );

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holderDone = holder.transaction(async (rows) => {
      await rows(sql`select id from ideas where id = ${ideaId}::uuid for update`);
      held();
      await released;
    });
    await holding;
    const accepted = acceptQuote(database, { ideaId, quoteId: first!.id, name: '김신청' }, async () => {});
    await someoneWaitsForALock();
    // The quote's row is free while the acceptance waits: the holder can lock it at once (NOWAIT would refuse, 55P03).
    const quoteFree = await database
      .transaction(async (rows) => {
        await rows(sql`select id from quotes where id = ${first!.id}::uuid for update nowait`);
        return true;
      })
      .catch((error: { cause?: { code?: string } }) => error.cause?.code ?? 'refused');
    expect(quoteFree).toBe(true);
    // A new version sent meanwhile queues behind the idea too; nothing deadlocks when the holder lets go.
    const second = sendTeamMessage(database, { ideaId, memberId: member.id, body: '2차 견적', quote }, async () => {});
    release();
    await holderDone;
    const [acceptance, sent] = await Promise.all([accepted, second]);
    expect(acceptance).toMatchObject({ ok: true });
    expect(sent).toEqual(expect.any(String));
    const versions = await database.rows<{ version: number; accepted: boolean; superseded: boolean }>(
      sql`select version, accepted_at is not null as accepted, superseded_at is not null as superseded
        from quotes where idea_id = ${ideaId}::uuid order by version`,
    );
    expect(versions.map((row) => [Number(row.version), row.accepted, row.superseded])).toEqual([
      [1, true, true],
      [2, false, false],
    ]);
  });
});
