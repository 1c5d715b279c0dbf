/**
 * The group commit (db/functions/store_ideas.sql), on PGlite and PostgreSQL, for groups with several ideas
 * of one address and of both kinds, and the mails their follow-up inserts (decisions 118 and 119): the founder's
 * confirmations stay within the daily cap per address, and the team's one-by-one mails within each kind's digest
 * threshold in the period (earlier ideas' mails counted, the group's own in order, whether followed up apart or
 * together). On PostgreSQL the group NOTIFYs its events in its own transaction
 * (decision 116): as the event bus reads them, within NOTIFY's size, and never for a group that failed.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS, DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import { NOTIFY_PAYLOAD_MAX } from '../events/postgres-bus';
import { recipientHash } from '../founder/founder-mail-queue';
import { mailBacklog } from '../mail/mail-backlog';
import { followUpAll } from './follow-up';
import { insertIdeas, type NewIdea, type StorePolicy } from './idea-store';
import { openMemoBase64 } from '../storage/memo-cipher';

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
  const suite = suiteDatabase(driver);

  const confirmations = async (ids: string[]) => {
    const rows = await suite.database.rows<{ idea_id: string; status: string }>(sql`
      select idea_id, status from founder_mails where kind = 'confirmation'`);
    const status = new Map(rows.map((row) => [row.idea_id, row.status]));
    return ids.map((id) => status.get(id) ?? 'none');
  };
  const digested = async (ids: string[]) => {
    const rows = await suite.database.rows<{ idea_id: string; digest: boolean }>(
      sql`select idea_id, digest from outbox`,
    );
    const digest = new Map(rows.map((row) => [row.idea_id, row.digest]));
    return ids.map((id) => (digest.has(id) ? (digest.get(id) ? 'digest' : 'each') : 'none'));
  };

  it.each([
    ['followed up after each group', true],
    ['followed up together', false],
  ])("caps each address's confirmations across groups and within one, in the group's order: %s", async (_, apart) => {
    const earlier = [idea('a@example.com')];
    await insertIdeas(suite.database, earlier, policy);
    if (apart) await followUpAll(suite.database);
    const group = [
      idea('b@example.com'),
      idea('A@Example.com'),
      idea('b@example.com'),
      idea('c@example.com', { spam: true }),
      idea('a@example.com'),
      idea('b@example.com'),
      idea('d@example.com'),
    ];
    const stored = await insertIdeas(suite.database, group, { ...policy, digestThreshold: 100 });
    expect(stored.every((result) => result.created)).toBe(true);
    // Nothing is queued for sending before the follow-up.
    expect(await confirmations(group.map((one) => one.id))).toEqual(group.map(() => 'none'));
    expect((await followUpAll(suite.database)).confirmations).toBe(apart ? 4 : 5);
    expect(await confirmations(earlier.map((one) => one.id))).toEqual(['pending']);
    expect(await confirmations(group.map((one) => one.id))).toEqual([
      'pending', // b: 1st
      'pending', // a: 2nd of the day (its address in other case)
      'pending', // b: 2nd
      'none', // spam gets none
      'skipped', // a: 3rd
      'skipped', // b: 3rd
      'pending', // d: 1st
    ]);
    // The address's hash written in SQL is recipientHash's, which the rest of the founder's mails count by.
    const [hash] = await suite.database.rows<{ recipient_hash: string }>(
      sql`select recipient_hash from founder_mails where idea_id = ${group[1]!.id}::uuid`,
    );
    expect(hash?.recipient_hash).toBe(recipientHash('a@example.com'));
  });

  it('queues no confirmation with FOUNDER_MAIL off, and none twice', async () => {
    const off = [idea('off@example.com')];
    await insertIdeas(suite.database, off, { ...policy, founderConfirmations: undefined });
    const on = [idea('on@example.com')];
    await insertIdeas(suite.database, on, policy);
    const done = await Promise.all([followUpAll(suite.database), followUpAll(suite.database)]);
    expect(done[0].confirmations + done[1].confirmations).toBe(1);
    expect(await followUpAll(suite.database)).toEqual({ taken: 0, mails: 0, confirmations: 0 });
    expect(await confirmations([off[0]!.id, on[0]!.id])).toEqual(['none', 'pending']);
  });

  it.each([
    ['followed up after each group', true],
    ['followed up together', false],
  ])(
    'mails each kind one by one up to its threshold in the period, the rest wait for the digest: %s',
    async (_, apart) => {
      const first = [idea('1@example.com'), idea('2@example.com', { withoutScript: true })];
      await insertIdeas(suite.database, first, policy);
      if (apart) expect((await followUpAll(suite.database)).mails).toBe(2);
      const group = [
        idea('3@example.com', { withoutScript: true }),
        idea('4@example.com'),
        idea('5@example.com', { withoutScript: true }),
        idea('6@example.com'),
        idea('7@example.com', { spam: true }),
        idea('8@example.com'),
      ];
      await insertIdeas(suite.database, group, policy);
      // Nothing is queued for the team before the follow-up.
      expect(await digested(group.map((one) => one.id))).toEqual(group.map(() => 'none'));
      expect((await followUpAll(suite.database)).mails).toBe(apart ? 3 : 5);
      expect(await digested(first.map((one) => one.id))).toEqual(['each', 'each']);
      expect(await digested(group.map((one) => one.id))).toEqual([
        'each', // form posts: 2nd of 2
        'each', // script: 2nd of 3
        'digest', // form posts: 3rd
        'each', // script: 3rd
        'none', // spam is not mailed
        'digest', // script: 4th
      ]);
      // Each row dates from its idea: the digest's period and the backlog's alert count from the arrival.
      const [row] = await suite.database.rows<{ created_at: Date | string }>(
        sql`select created_at from outbox where idea_id = ${group[5]!.id}::uuid`,
      );
      expect(new Date(row!.created_at).getTime()).toBe(group[5]!.receivedAt.getTime());
    },
  );

  it("counts only the period's mails: past it, one by one again", async () => {
    const hour = policy.digestPeriodMs;
    const old = Array.from({ length: 4 }, (_, n) => ({
      ...idea(`old${n}@example.com`),
      receivedAt: new Date(Date.now() - 3 * hour + n),
    }));
    await insertIdeas(suite.database, old, policy);
    await followUpAll(suite.database);
    const now = [idea('now@example.com')];
    await insertIdeas(suite.database, now, policy);
    await followUpAll(suite.database);
    expect(await digested([...old, ...now].map((one) => one.id))).toEqual(['each', 'each', 'each', 'digest', 'each']);
  });

  it('counts an idea waiting for its follow-up as unsent from its arrival, once, and spam not at all', async () => {
    const options = { unsentAfterMs: 15 * 60_000, digestPeriodMs: policy.digestPeriodMs };
    const late = { ...idea('late@example.com'), receivedAt: new Date(Date.now() - 20 * 60_000) };
    const group = [late, idea('now@example.com'), idea('spam@example.com', { spam: true })];
    await insertIdeas(suite.database, group, policy);
    // The follow-up has not run (a stalled worker): the late idea is overdue all the same.
    const waiting = await mailBacklog(suite.database, options);
    expect(waiting).toMatchObject({ unsent: 2, overdue: 1, failed: 0, oldestOverdueId: late.id });
    expect(waiting.oldestUnsentSeconds).toBeGreaterThanOrEqual(20 * 60 - 1);
    await followUpAll(suite.database);
    expect(await mailBacklog(suite.database, options)).toEqual(waiting);
  });

  it('stores each voice memo with its own idea, whatever its place in the group', async () => {
    const recording = (n: number) => Buffer.alloc(20_000 + n, n);
    const group = [
      { ...idea('m1@example.com'), voiceMemo: { mimeType: 'audio/webm', durationMs: 1000, bytes: recording(1) } },
      idea('t1@example.com'),
      { ...idea('m2@example.com'), voiceMemo: { mimeType: 'audio/ogg', durationMs: 2000, bytes: recording(2) } },
      idea('t2@example.com'),
    ];
    await insertIdeas(suite.database, group, policy);
    const rows = await suite.database.rows<{
      id: string;
      mime_type: string;
      byte_size: number;
      bytes: string;
      key: string;
    }>(sql`
      select m.idea_id as id, m.mime_type, m.byte_size, encode(m.bytes, 'base64') as bytes, encode(i.memo_key, 'base64') as key
      from voice_memos m join ideas i on i.id = m.idea_id`);
    const byIdea = new Map(rows.map((row) => [row.id, row]));
    expect(rows).toHaveLength(2);
    for (const [index, n] of [
      [0, 1],
      [2, 2],
    ] as const) {
      const row = byIdea.get(group[index]!.id)!;
      expect(row.mime_type).toBe(group[index]!.voiceMemo!.mimeType);
      expect(Number(row.byte_size)).toBe(20_000 + n);
      expect(openMemoBase64(row.bytes, row.key).equals(recording(n))).toBe(true);
    }
  });

  it.runIf(driver === 'postgres')(
    "notifies the group's events in its transaction, 40 to a payload, and nothing for a failed group",
    async () => {
      const channel = 'store_ideas_test';
      const listener = new pg.Client({ connectionString: suite.store.databaseUrl });
      await listener.connect();
      const payloads: string[] = [];
      // Each notification's arrival, in order: a test waits for the nth one instead of polling.
      const arrived: ((count: number) => void)[] = [];
      const notified = (count: number) =>
        new Promise<void>((resolve) => {
          if (payloads.length >= count) return resolve();
          arrived.push((now) => now >= count && resolve());
        });
      /** A marker sent after the rest: notifications arrive in commit order, so once it is here none is still coming. */
      const MARKER = 'marker';
      listener.on('notification', (message) => {
        if (message.channel === channel && message.payload) payloads.push(message.payload);
        for (const tell of arrived) tell(payloads.length);
      });
      await listener.query(`listen ${channel}`);
      try {
        // The longest ids an event can carry, so the payloads' size is the largest it can be.
        await suite.database.rows(
          sql`select setval(pg_get_serial_sequence('workspace_events', 'id'), 9000000000000000000)`,
        );
        const group = Array.from({ length: 90 }, (_, n) => idea(`n${n}@example.com`));
        group.splice(45, 0, idea('spam@example.com', { spam: true }));
        const stored = await insertIdeas(suite.database, group, { ...policy, notifyChannel: channel });
        await notified(3);
        const events = payloads.flatMap((payload) => JSON.parse(payload) as WorkspaceEvent[]);
        const leads = group.filter((one) => one.spamReason === null);
        expect(events.map((event) => event.ideaId)).toEqual(leads.map((one) => one.id));
        expect(events.map((event) => event.id)).toEqual(stored.flatMap((one) => one.eventId ?? []));
        expect(events[0]).toEqual({
          id: stored[0]!.eventId,
          kind: 'lead_received',
          ideaId: leads[0]!.id,
          memberId: null,
          actorId: null,
        });
        expect(payloads).toHaveLength(3);
        for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(NOTIFY_PAYLOAD_MAX);

        // A group the database refuses (an id stored already) rolls back its notifications with it.
        payloads.length = 0;
        await expect(
          insertIdeas(suite.database, [idea('x@example.com'), { ...idea('y@example.com'), id: leads[0]!.id }], {
            ...policy,
            notifyChannel: channel,
          }),
        ).rejects.toThrow();
        // Had the refused group notified anything, it would have arrived before this marker, committed after it.
        await suite.database.rows(sql`select pg_notify(${channel}, ${MARKER})`);
        await notified(1);
        expect(payloads).toEqual([MARKER]);
      } finally {
        await listener.end();
      }
    },
  );
});
