/**
 * The scheduled jobs on PGlite AND PostgreSQL, with the clock moved by passing `now` (no sleeps): retention and
 * erasure of everything an idea left behind, client addresses cleared, the spam folder's cap and daily count, and
 * one turn per period whatever the number of instances.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { storeIdea } from '../ideas/idea-store';
import { releaseIdea, closeIdea } from '../ideas/team-ideas';
import pino from 'pino';
import { renderDigestMail, renderSpamReportMail } from '../mail/summary-mails';
import { renderTeamMail, type TeamMailIdea } from '../mail/team-mail';
import { emlTransport } from '../mail/transport';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { retentionJob } from './retention';
import { JobScheduler, type ScheduledJob } from './scheduler';
import { nextReportTime, spamCapJob, spamReportJob } from './spam-folder';

const DAY = 24 * 3_600_000;
const T0 = new Date('2026-01-10T00:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const mail = { from: '24시간 MVP <no-reply@mvp24.example>', to: 'team@mvp24.example' };

let counter = 0;
async function idea(
  database: Database,
  options: { receivedAt: Date; spam?: boolean; ip?: string; key?: string },
): Promise<string> {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  await storeIdea(database, {
    id,
    receivedAt: options.receivedAt,
    fields: { idea: `아이디어 ${counter}`, name: `신청자${counter}`, email: `p${counter}@example.com`, phone: '' },
    spamReason: options.spam ? 'token_missing' : null,
    clientIp: options.ip ?? '203.0.113.9',
    idempotency: options.key ? { key: options.key, requestHash: 'h' } : undefined,
  });
  return id;
}

/** The idea as the mails show it (the same fields `idea()` stored). */
const mailed = (id: string, receivedAt: Date): TeamMailIdea => {
  const n = Number(id.slice(-12));
  return {
    id,
    receivedAt,
    idea: `아이디어 ${n}`,
    name: `신청자${n}`,
    email: `p${n}@example.com`,
    phone: '',
    withoutScript: false,
  };
};

const ids = async (database: Database) =>
  (await database.rows<{ id: string }>(sql`select id::text as id from ideas order by received_at`)).map(
    (row) => row.id,
  );

describe('nextReportTime', () => {
  it('is the next 9:00 in Korea', () => {
    expect(nextReportTime(new Date('2026-11-23T03:00:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(nextReportTime(new Date('2026-11-22T23:59:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextReportTime(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
});

describe.each(DRIVERS)('scheduled jobs on %s', (driver) => {
  let store: TestDatabase;
  let database: Database;
  const scheduler = (jobs: ScheduledJob[], on = database) => new JobScheduler(on, jobs, pino({ level: 'silent' }));

  beforeAll(async () => {
    store = await testDatabase(driver);
    database = await store.open();
  });

  beforeEach(async () => {
    await store.empty(database);
    fs.rmSync(path.join(store.dataDir, 'outbox'), { recursive: true, force: true });
  });

  afterAll(async () => {
    await database.close();
    store.cleanup();
  });

  it('destroys an idea a year after receipt, or after the consultation was closed, with all it left behind', async () => {
    const retention = retentionJob(database, { ideaDays: 365, ipDays: 7, dataDir: store.dataDir, unmatchedDays: 30 });
    const old = await idea(database, { receivedAt: at(0), key: 'retry-key-old' });
    const closedLater = await idea(database, { receivedAt: at(0) });
    const recent = await idea(database, { receivedAt: at(300) });
    await database.rows(sql`insert into voice_memos (idea_id, mime_type, duration_ms, byte_size, bytes)
      values (${old}::uuid, 'audio/webm', 3000, 4, ${Buffer.from([0x1a, 0x45, 0xdf, 0xa3])})`);
    await closeIdea(database, closedLater);
    await database.rows(
      sql`update ideas set closed_at = ${at(200).toISOString()}::timestamptz where id = ${closedLater}::uuid`,
    );
    // The mail fallback's files, written as the server writes them: each idea's own mail, a digest and a spam report
    // listing the old idea. A digest's Korean body is base64 on disk, so the old idea's id is not in its raw bytes.
    const transport = emlTransport(store.dataDir);
    await transport.send(renderTeamMail(mailed(old, at(0)), mail), old);
    await transport.send(renderTeamMail(mailed(recent, at(300)), mail), recent);
    await transport.send(renderDigestMail([mailed(old, at(0)), mailed(closedLater, at(0))], mail, at(0)), 'digest-1');
    await transport.send(renderSpamReportMail(1, [mailed(old, at(0))], mail, at(1)), 'spam-report-1');
    transport.close();
    const outbox = path.join(store.dataDir, 'outbox');
    expect(fs.readFileSync(path.join(outbox, 'digest-1.eml'), 'utf8')).not.toContain(old);

    const jobs = scheduler([retention]);
    expect(await jobs.runDue(at(365))).toEqual({
      retention:
        '0 ideas destroyed, 3 client addresses cleared, 0 unmatched mails erased, 0 kept contract records deleted, 0 mail files swept, 1 erasures purged',
    });
    expect(await ids(database)).toEqual([old, closedLater, recent]);

    expect(await jobs.runDue(at(365.1))).toEqual({
      retention:
        '1 ideas destroyed, 0 client addresses cleared, 0 unmatched mails erased, 0 kept contract records deleted, 0 mail files swept, 1 erasures purged',
    });
    expect(await ids(database)).toEqual([closedLater, recent]);
    const left = async (table: string) =>
      Number(
        (
          await database.rows<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table)} where idea_id = ${old}::uuid`,
          )
        )[0]!.n,
      );
    expect(await left('outbox')).toBe(0);
    expect(await left('idempotency_keys')).toBe(0);
    expect(await left('voice_memos')).toBe(0);
    expect(fs.readdirSync(outbox)).toEqual([`${recent}.eml`]);

    // Closed on day 200: kept until day 565, counted from the close.
    expect(await jobs.runDue(at(564))).toEqual({
      retention:
        '0 ideas destroyed, 0 client addresses cleared, 0 unmatched mails erased, 0 kept contract records deleted, 0 mail files swept, 0 erasures purged',
    });
    expect(await jobs.runDue(at(665.5))).toEqual({
      retention:
        '2 ideas destroyed, 0 client addresses cleared, 0 unmatched mails erased, 0 kept contract records deleted, 0 mail files swept, 1 erasures purged',
    });
    expect(await ids(database)).toEqual([]);
    expect(fs.readdirSync(outbox)).toEqual([]);
  });

  it('sweeps the mail files an interrupted erasure left, interrupted writes and files past the retention period', async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const kept = await idea(database, { receivedAt: hoursAgo(1) });
    const keptToo = await idea(database, { receivedAt: hoursAgo(1) });
    const gone = '00000000-0000-4000-8000-ffffffffffff'; // erased: its rows went, its files stayed
    const transport = emlTransport(store.dataDir);
    await transport.send(renderTeamMail(mailed(kept, hoursAgo(1)), mail), kept);
    await transport.send(renderTeamMail(mailed(gone, hoursAgo(2)), mail), gone);
    await transport.send(
      renderDigestMail([mailed(kept, hoursAgo(1)), mailed(keptToo, hoursAgo(1))], mail, now),
      'digest-2',
    );
    await transport.send(
      renderDigestMail([mailed(kept, hoursAgo(1)), mailed(gone, hoursAgo(2))], mail, now),
      'digest-3',
    );
    await transport.send(renderSpamReportMail(1, [mailed(gone, hoursAgo(2))], mail, now), 'spam-report-2');
    await transport.send(renderTeamMail(mailed(keptToo, hoursAgo(1)), mail), keptToo);
    transport.close();
    const outbox = path.join(store.dataDir, 'outbox');
    const year = new Date(now.getTime() - 366 * DAY);
    fs.utimesSync(path.join(outbox, `${keptToo}.eml`), year, year); // older than the retention period
    fs.writeFileSync(path.join(outbox, `${kept}.eml.123.tmp`), 'a write cut short');
    fs.utimesSync(path.join(outbox, `${kept}.eml.123.tmp`), hoursAgo(2), hoursAgo(2));
    fs.writeFileSync(path.join(outbox, `${keptToo}.eml.456.tmp`), 'a write under way');

    const jobs = scheduler([
      retentionJob(database, { ideaDays: 365, ipDays: 7, dataDir: store.dataDir, unmatchedDays: 30 }),
    ]);
    expect(await jobs.runDue(now)).toEqual({
      retention:
        '0 ideas destroyed, 0 client addresses cleared, 0 unmatched mails erased, 0 kept contract records deleted, 5 mail files swept, 0 erasures purged',
    });
    expect(fs.readdirSync(outbox).sort()).toEqual([`${kept}.eml`, `${keptToo}.eml.456.tmp`, 'digest-2.eml'].sort());
    expect(await ids(database)).toEqual([kept, keptToo]);
  });

  it('clears client addresses after IP_RETENTION_DAYS, keeping the idea', async () => {
    const jobs = scheduler([
      retentionJob(database, { ideaDays: 365, ipDays: 7, dataDir: store.dataDir, unmatchedDays: 30 }),
    ]);
    const id = await idea(database, { receivedAt: at(0), ip: '198.51.100.77' });
    const ip = async () =>
      (await database.rows<{ client_ip: string | null }>(sql`select client_ip from ideas where id = ${id}::uuid`))[0]!
        .client_ip;
    await jobs.runDue(at(6.9));
    expect(await ip()).toBe('198.51.100.77');
    await jobs.runDue(at(7.1));
    expect(await ip()).toBeNull();
    expect(await ids(database)).toEqual([id]);
  });

  it('keeps at most SPAM_MAX_KEPT flagged ideas, dropping the oldest; released ones and leads are not spam', async () => {
    const first = await idea(database, { receivedAt: at(0), spam: true });
    const released = await idea(database, { receivedAt: at(0.1), spam: true });
    expect((await releaseIdea(database, released)).ok).toBe(true);
    const lead = await idea(database, { receivedAt: at(0.2) });
    const spam: string[] = [first];
    for (let i = 1; i <= 11; i += 1) spam.push(await idea(database, { receivedAt: at(i), spam: true }));
    const outcomes = await scheduler([spamCapJob(database, { maxKept: 10, dataDir: store.dataDir })]).runDue(at(12));
    expect(outcomes['spam-cap']).toBe('2 oldest spam ideas erased');
    expect(await ids(database)).toEqual([released, lead, ...spam.slice(2)]);
  });

  it('mails the team at most once a day how many ideas were set aside, and nothing on a quiet day', async () => {
    const transport = emlTransport(store.dataDir);
    const jobs = scheduler([spamReportJob(database, transport, mail)]);
    const morning = new Date('2026-11-23T00:00:00Z'); // 9:00 KST
    await idea(database, { receivedAt: new Date(morning.getTime() - 2 * DAY), spam: true }); // before the past day
    await idea(database, { receivedAt: new Date(morning.getTime() - 3_600_000), spam: true });
    await idea(database, { receivedAt: new Date(morning.getTime() - 7_200_000), spam: true });
    expect((await jobs.runDue(morning))['spam-report']).toBe('report of 2 spam ideas sent');
    expect((await jobs.runDue(new Date(morning.getTime() + 3_600_000)))['spam-report']).toBeUndefined();
    expect((await jobs.runDue(new Date(morning.getTime() + DAY)))['spam-report']).toBe(
      'nothing set aside in the past day',
    );
    const files = fs.readdirSync(path.join(store.dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(fs.readFileSync(path.join(store.dataDir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('[스팸 보관함] 아이디어 2건을 따로 보관했습니다');
    expect(parsed.text).toContain('npm run ideas -- list --spam');
    transport.close();
  });

  it('an instance that could not take its turn leaves the schedule alone; a failed run retries a minute later', async () => {
    let runs = 0;
    let fail = false;
    const job: ScheduledJob = {
      name: 'daily',
      everyMs: DAY,
      run: async () => {
        runs += 1;
        if (fail) throw new Error('SMTP down');
        return `run ${runs}`;
      },
    };
    const nextRun = async () =>
      new Date(
        (
          await database.rows<{ next_run_at: Date | string }>(
            sql`select next_run_at from scheduled_jobs where name = 'daily'`,
          )
        )[0]!.next_run_at,
      ).toISOString();
    expect(await scheduler([job]).runDue(at(0))).toEqual({ daily: 'run 1' });
    // Another instance whose database call fails (a pool timeout) while taking the turn.
    const flaky = {
      ...database,
      rows: () => Promise.reject(new Error('timeout exceeded when trying to connect')),
    } as unknown as Database;
    expect(await scheduler([job], flaky).runDue(at(0))).toEqual({});
    expect(await nextRun()).toBe(at(1).toISOString());
    expect(await scheduler([job]).runDue(at(0.5))).toEqual({});
    expect(runs).toBe(1);

    fail = true;
    expect(await scheduler([job]).runDue(at(1))).toEqual({ daily: 'failed: SMTP down' });
    expect(await nextRun()).toBe(new Date(at(1).getTime() + 60_000).toISOString());
    fail = false;
    expect(await scheduler([job]).runDue(new Date(at(1).getTime() + 60_000))).toEqual({ daily: 'run 3' });
    expect(await nextRun()).toBe(new Date(at(2).getTime() + 60_000).toISOString());
  });

  it('runs each turn on one instance only', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'count', everyMs: 60_000, run: async () => `run ${(runs += 1)}` };
    const other = driver === 'postgres' ? await store.open() : database;
    const instances = [scheduler([job]), scheduler([job], other), scheduler([job], other)];
    await Promise.all(instances.map((instance) => instance.runDue(at(0))));
    expect(runs).toBe(1);
    await Promise.all(instances.map((instance) => instance.runDue(at(0.0003)))); // 26 s later: not yet
    expect(runs).toBe(1);
    await Promise.all(instances.map((instance) => instance.runDue(at(0.0007)))); // 60.5 s later
    expect(runs).toBe(2);
    if (other !== database) await other.close();
  });
});
