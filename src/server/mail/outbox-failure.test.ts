/**
 * A failed send of a founder or meeting mail (outbox-failure.ts, shared by both outboxes) on PGlite and PostgreSQL:
 * a passing failure puts the row back to pending after the backoff, a permanent refusal or an expired row fails it
 * for good, the stored error names the reply code only, and a row claimed again meanwhile (another fence) is left
 * alone.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLead } from '../../../test-support/server/lead-fixtures';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { recordOutboxFailure } from './outbox-failure';
import { PermanentMailError } from './transport';

describe.each(DRIVERS)('a failed outbox send on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  // The database alone, no app: an app's founder-mail worker would take a 'sending' row whose lease is due, changing
  // its attempts under the fence before the failure is recorded (seen once in a full run).
  let store: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    store = await testDatabase(driver);
    database = await store.open();
  }, APP_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await database?.close();
    store?.cleanup();
  });

  const claimed = async (ref: string, createdAt = new Date()) => {
    const ideaId = await storeLead(database, { email: 'founder@example.com' });
    await database.rows(sql`
      insert into founder_mails (idea_id, kind, ref, recipient_hash, status, attempts, created_at, next_attempt_at)
      values (${ideaId}::uuid, 'message', ${ref}, 'hash', 'sending', 2, ${createdAt.toISOString()}::timestamptz, now())`);
    const fence = sql`idea_id = ${ideaId}::uuid and kind = 'message' and ref = ${ref} and attempts = 2`;
    const row = async () =>
      (
        await database.rows<{ status: string; last_error: string | null; due_in_ms: number }>(sql`
          select status, last_error,
            (extract(epoch from next_attempt_at - now()) * 1000)::int as due_in_ms
          from founder_mails where idea_id = ${ideaId}::uuid`)
      )[0]!;
    return { fence, row };
  };
  const limits = { maxAgeMs: 3_600_000, retryBaseMs: 60_000, retryMaxMs: 600_000 };

  it('retries a passing failure after the backoff, and fails a refusal or an old row for good', async () => {
    const passing = await claimed('passing');
    const retry = await recordOutboxFailure(
      database,
      { table: 'founder_mails', fence: passing.fence, attempts: 2, createdAt: new Date(), ...limits },
      new Error('connection reset by founder@example.com'),
    );
    expect(retry).toMatchObject({ failed: false });
    const retried = await passing.row();
    expect(retried).toMatchObject({ status: 'pending', last_error: 'not delivered' });
    expect(retried.due_in_ms).toBeGreaterThan(30_000);

    const refused = await claimed('refused');
    expect(
      await recordOutboxFailure(
        database,
        { table: 'founder_mails', fence: refused.fence, attempts: 2, createdAt: new Date(), ...limits },
        new PermanentMailError('550 no such user founder@example.com', 550),
      ),
    ).toEqual({ failed: true });
    expect(await refused.row()).toMatchObject({ status: 'failed', last_error: 'refused (550)' });

    const old = new Date(Date.now() - 2 * limits.maxAgeMs);
    const expired = await claimed('expired', old);
    await recordOutboxFailure(
      database,
      { table: 'founder_mails', fence: expired.fence, attempts: 2, createdAt: old, ...limits },
      new Error('timeout'),
    );
    expect(await expired.row()).toMatchObject({ status: 'failed', last_error: 'not delivered' });

    // Another claim's fence: nothing changes.
    const other = await claimed('other');
    await recordOutboxFailure(
      database,
      { table: 'founder_mails', fence: sql`${other.fence} and false`, attempts: 2, createdAt: new Date(), ...limits },
      new Error('late'),
    );
    expect(await other.row()).toMatchObject({ status: 'sending', last_error: null });
  });
});
