/**
 * The group commit's counts (store_ideas, migration 0024), on PGlite and PostgreSQL, for groups with several ideas
 * of one address and of both kinds: the founder's confirmations stay within the daily cap per address (earlier
 * groups' confirmations counted, the group's own in order), and the team's one-by-one mails within each kind's
 * digest threshold, whatever the group's size and order.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { insertIdeas, type NewIdea, type StorePolicy } from './idea-store';

const policy: StorePolicy = {
  digestThreshold: 3,
  formDigestThreshold: 2,
  digestPeriodMs: 60 * 60 * 1000,
  founderConfirmations: { perDay: 2 },
};

let clock = Date.now() - 60_000;
function idea(email: string, options: { withoutScript?: boolean; spam?: boolean } = {}): NewIdea {
  clock += 10;
  return {
    id: crypto.randomUUID(),
    receivedAt: new Date(clock),
    fields: { idea: '동네 가게 예약 앱을 만들고 싶어요.', name: '신청자', email, phone: '' },
    spamReason: options.spam ? 'honeypot' : null,
    withoutScript: options.withoutScript ?? false,
  };
}

describe.each(DRIVERS)('store_ideas on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    store = await testDatabase(driver);
    database = await store.open();
  });
  afterAll(async () => {
    await database?.close();
    store?.cleanup();
  });
  beforeEach(() => store.empty(database));

  const confirmations = async (ids: string[]) => {
    const rows = await database.rows<{ idea_id: string; status: string }>(sql`
      select idea_id, status from founder_mails where kind = 'confirmation'`);
    const status = new Map(rows.map((row) => [row.idea_id, row.status]));
    return ids.map((id) => status.get(id) ?? 'none');
  };
  const digested = async (ids: string[]) => {
    const rows = await database.rows<{ idea_id: string; digest: boolean }>(sql`select idea_id, digest from outbox`);
    const digest = new Map(rows.map((row) => [row.idea_id, row.digest]));
    return ids.map((id) => (digest.has(id) ? (digest.get(id) ? 'digest' : 'each') : 'none'));
  };

  it("caps each address's confirmations across groups and within one, in the group's order", async () => {
    const earlier = [idea('a@example.com')];
    await insertIdeas(database, earlier, policy);
    const group = [
      idea('b@example.com'),
      idea('a@example.com'),
      idea('b@example.com'),
      idea('c@example.com', { spam: true }),
      idea('a@example.com'),
      idea('b@example.com'),
      idea('d@example.com'),
    ];
    const stored = await insertIdeas(database, group, { ...policy, digestThreshold: 100 });
    expect(stored.every((result) => result.created)).toBe(true);
    expect(await confirmations(earlier.map((one) => one.id))).toEqual(['pending']);
    expect(await confirmations(group.map((one) => one.id))).toEqual([
      'pending', // b: 1st
      'pending', // a: 2nd of the day
      'pending', // b: 2nd
      'none', // spam gets none
      'skipped', // a: 3rd
      'skipped', // b: 3rd
      'pending', // d: 1st
    ]);
  });

  it('mails each kind one by one up to its threshold in the period, the rest wait for the digest', async () => {
    const first = [idea('1@example.com'), idea('2@example.com', { withoutScript: true })];
    await insertIdeas(database, first, policy);
    const group = [
      idea('3@example.com', { withoutScript: true }),
      idea('4@example.com'),
      idea('5@example.com', { withoutScript: true }),
      idea('6@example.com'),
      idea('7@example.com', { spam: true }),
      idea('8@example.com'),
    ];
    await insertIdeas(database, group, policy);
    expect(await digested(first.map((one) => one.id))).toEqual(['each', 'each']);
    expect(await digested(group.map((one) => one.id))).toEqual([
      'each', // form posts: 2nd of 2
      'each', // script: 2nd of 3
      'digest', // form posts: 3rd
      'each', // script: 3rd
      'none', // spam is not mailed
      'digest', // script: 4th
    ]);
  });
});
