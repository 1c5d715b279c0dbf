/**
 * The fixed-window counters in `rate_limits`, on PGlite and PostgreSQL: `countHits` (sign-in) and the intake's
 * hits counted inside its group commit (`store_ideas`, decision 113), where an idea over its client's limit stores
 * nothing at all.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { insertIdeas, type NewIdea } from '../ideas/idea-store';
import { formToken } from '../../../test-support/server/intake-client';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { countHits } from './rate-limit';
import { tokenUse } from './used-form-tokens';

describe.each(DRIVERS)('rate-limit counters, on %s', (driver) => {
  let store: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    store = await testDatabase(driver);
    database = await store.open();
  });

  afterEach(() => store.empty(database));

  afterAll(async () => {
    await database.close();
    store.cleanup();
  });

  const hit = async (key: string, windowMs: number) => (await countHits(database, [{ key, windowMs }]))[0]!;

  it('counts hits in a window and reports the time left', async () => {
    expect(await hit('k1', 60_000)).toMatchObject({ current: 1 });
    const second = await hit('k1', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit('k2', 60_000)).current).toBe(1);
    // Several hits of one key in one batch each get their own running count.
    const batch = await countHits(database, [
      { key: 'k2', windowMs: 60_000 },
      { key: 'k3', windowMs: 60_000 },
      { key: 'k2', windowMs: 60_000 },
    ]);
    expect(batch.map((counted) => counted.current)).toEqual([2, 1, 3]);
  });

  it('starts a new window once the old one has passed', async () => {
    // A window long enough that two calls share it however busy the machine is; then wait out what it says is left.
    await hit('short', 2000);
    const second = await hit('short', 2000);
    expect(second.current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, second.ttl + 50));
    expect((await hit('short', 2000)).current).toBe(1);
  });

  describe('in the intake group commit', () => {
    const policy = {
      digestThreshold: 100,
      formDigestThreshold: 100,
      digestPeriodMs: 60_000,
      rateLimit: { perClient: 2, windowMs: 60_000 },
    };
    const from = (client: string): NewIdea => {
      const id = crypto.randomUUID();
      return {
        id,
        receivedAt: new Date(),
        spamReason: null,
        fields: { idea: '같은 분이 연달아 보낸 아이디어', name: '연달아', email: 'again@example.com', phone: '' },
        tokenUse: tokenUse({ token: formToken(), idempotencyKey: id, expiresAt: new Date(Date.now() + 60_000) }),
        idempotency: { key: id, requestHash: id },
        rateKey: `intake:${client}`,
      };
    };
    const counts = async () =>
      (
        await database.rows<{ ideas: number; keys: number; tokens: number; events: number }>(sql`
          select (select count(*)::int from ideas) as ideas, (select count(*)::int from idempotency_keys) as keys,
            (select count(*)::int from used_form_tokens) as tokens,
            (select count(*)::int from workspace_events) as events`)
      )[0];

    it('counts each client in the group order; an idea over its limit stores nothing and says how long to wait', async () => {
      const group = [from('a'), from('a'), from('b'), from('a'), from('a')];
      const stored = await insertIdeas(database, group, policy);
      expect(stored.map((idea) => [idea.created, idea.rateLimited, idea.rate?.current])).toEqual([
        [true, false, 1],
        [true, false, 2],
        [true, false, 1],
        [false, true, 3],
        [false, true, 4],
      ]);
      for (const idea of stored) {
        expect(idea.rate!.ttlMs).toBeGreaterThan(50_000);
        expect(idea.rate!.ttlMs).toBeLessThanOrEqual(60_000);
      }
      // Every created idea has its live event, stored with it; the refused ones left no row anywhere.
      expect(stored.map((idea) => idea.eventId === undefined)).toEqual([false, false, false, true, true]);
      expect(new Set(stored.map((idea) => idea.eventId)).size).toBe(4);
      expect(await counts()).toEqual({ ideas: 3, keys: 3, tokens: 3, events: 3 });
      const rows = await database.rows<{ key: string; count: number }>(
        sql`select key, count from rate_limits order by key`,
      );
      expect(rows.map((row) => [row.key, Number(row.count)])).toEqual([
        ['intake:a', 4],
        ['intake:b', 1],
      ]);
      // The window goes on in the next group: a's fifth hit is refused, b's second stored.
      const next = await insertIdeas(database, [from('a'), from('b')], policy);
      expect(next.map((idea) => [idea.created, idea.rate?.current])).toEqual([
        [false, 5],
        [true, 2],
      ]);
    });

    it('counts nothing for an idea without a key, or with no limit in the policy', async () => {
      const { rateKey: _dropped, ...keyless } = from('c');
      const stored = await insertIdeas(database, [keyless, from('c')], { ...policy, rateLimit: undefined });
      expect(stored.map((idea) => [idea.created, idea.rate])).toEqual([
        [true, undefined],
        [true, undefined],
      ]);
      expect(await database.rows(sql`select key from rate_limits`)).toEqual([]);
    });
  });
});
