/**
 * Erased means gone from the disk (decision 077). An idea with a voice memo goes in through the running app and its
 * team mail is written as an .eml file; after `deleteIdea` (what `npm run ideas -- delete` runs) and the background
 * purge it queues (decision 105), and after a retention turn, none of the person's bytes — Korean name, e-mail,
 * phone, idea text, the memo's key — is left in any file of the data directory on PGlite (tables, TOAST, indexes,
 * WAL, .eml), nor after a restart; on PostgreSQL, in none of the database's relation files (found with
 * pg_relation_filepath), the statistics catalog included. The memo's own bytes never reach a database file: only
 * its ciphertext does, which the key opens.
 * The same for the lead's thread (decision 101): the team's message, its mail file, the founder's answer and memo,
 * a quote's lines, the lead's reply address and a reply the mailbox reader kept aside (decision 127). A concluded
 * agreement's record kept apart (decision 160) leaves the disk with the retention turn after its `purge_after`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT, type IdeaReceipt } from '../../domain/idea';
import { defaultValidUntil } from '../../domain/quote';
import type { Database } from '../db/client';
import { retentionJob } from '../jobs/retention';
import { mailFileDir } from '../mail/mail-files';
import { filesUnder, needlesIn } from '../../../test-support/server/disk-bytes';
import { formToken } from '../../../test-support/server/intake-client';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { clusterStart, multipartBody, simpleBlock, webmHead } from '../../../test-support/server/voice-memo-body';
import { storeIdea } from './idea-store';
import { sendTeamMessage, storeAnswer } from '../thread/thread-store';
import { storeMember } from '../../../test-support/server/lead-fixtures';
import { deleteIdea } from './team-ideas';
import { purgePendingErasures } from './erase-ideas';
import { buildTestApp } from '../../../test-support/server/test-app';

const IDEA_DAYS = 365;

/** A person whose every value is distinctive, so a find in a file can only be theirs. */
function person(tag: string) {
  const mark = crypto.randomBytes(4).toString('hex');
  // A valid audio-only WebM (the intake walks its container) whose one frame is noise: distinctive bytes.
  const memo = Buffer.concat([webmHead(), clusterStart(), simpleBlock(1, crypto.randomBytes(96 * 1024))]);
  return {
    fields: {
      idea: `${tag} 동네 빵집 재고를 알려주는 앱 ${mark} 퇴근길에 남은 빵을 할인해서 예약할 수 있으면 좋겠습니다`,
      name: `홍길동${mark}`,
      email: `erase-${tag}-${mark}@example.com`,
      phone: `010-${mark.slice(0, 4).replace(/\D/g, '7').padEnd(4, '7')}-${String(parseInt(mark, 16) % 10000).padStart(4, '0')}`,
    },
    memo,
  };
}

const needlesOf = (who: ReturnType<typeof person>, memoKey: Buffer): Record<string, Buffer> => ({
  name: Buffer.from(who.fields.name),
  email: Buffer.from(who.fields.email),
  phone: Buffer.from(who.fields.phone),
  idea: Buffer.from(who.fields.idea),
  memoKey,
});

/** A run of the memo's own bytes: never in a database file (only its ciphertext is). */
const memoNeedle = (who: ReturnType<typeof person>) => ({ memo: who.memo.subarray(40_000, 40_064) });

async function memoKeyOf(database: Database, id: string): Promise<Buffer> {
  const [row] = await database.rows<{ key: string }>(
    sql`select encode(memo_key, 'base64') as key from ideas where id = ${id}::uuid`,
  );
  expect(row?.key).toBeTruthy();
  return Buffer.from(row!.key, 'base64');
}

describe.each(DRIVERS)('erasure leaves nothing on disk on %s', (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance | undefined;

  const startApp = async () => {
    app = await buildTestApp(store, {
      RATE_LIMIT_PER_IP: '100000',
      MAIL_DIGEST_THRESHOLD: '100000', // every idea gets its own mail file
      JOBS: 'false',
    });
    return app;
  };

  /** Where the person's bytes are: every file of DATA_DIR, and on PostgreSQL every relation file of the database. */
  async function whereIs(needles: Record<string, Buffer>, database: Database): Promise<Record<string, string[]>> {
    const found = needlesIn(filesUnder(store.dataDir), needles, store.dataDir);
    if (driver === 'postgres') {
      for (const [label, files] of Object.entries(needlesIn(await relationFiles(database), needles, '/')))
        (found[label] ??= []).push(...files);
    }
    return found;
  }

  /** The database's relation files (every fork and segment), after a checkpoint writes the buffers out. */
  async function relationFiles(database: Database): Promise<string[]> {
    await database.rows(sql`checkpoint`);
    const [{ dir }] = (await database.rows<{ dir: string }>(sql`select current_setting('data_directory') as dir`)) as [
      { dir: string },
    ];
    const paths = await database.rows<{ file: string }>(sql`
      select pg_relation_filepath(c.oid) as file from pg_class c
      where c.relkind in ('r', 't', 'i', 'm') and pg_relation_filepath(c.oid) is not null`);
    const files = new Set<string>();
    for (const { file } of paths) {
      const base = path.join(dir, file);
      const folder = path.dirname(base);
      for (const name of fs.readdirSync(folder)) {
        if (
          name === path.basename(base) ||
          name.startsWith(`${path.basename(base)}.`) ||
          name.startsWith(`${path.basename(base)}_`)
        )
          files.add(path.join(folder, name));
      }
    }
    return [...files];
  }

  /**
   * The test can fail: before erasure each value is on disk. A checkpoint first writes the rows to the table files:
   * in the WAL alone a value may straddle a WAL page header and not show as one run of bytes.
   */
  async function expectAllOnDisk(needles: Record<string, Buffer>, database: Database) {
    await database.rows(sql`checkpoint`);
    expect(Object.keys(await whereIs(needles, database)).sort()).toEqual(Object.keys(needles).sort());
  }

  async function submit(target: FastifyInstance, who: ReturnType<typeof person>): Promise<string> {
    const body = await multipartBody(
      { ...who.fields, website: '', formToken: formToken(), memoDurationMs: '3000' },
      { bytes: who.memo },
    );
    const response = await target.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': body.contentType, 'idempotency-key': crypto.randomUUID() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(202);
    return response.json<IdeaReceipt>().id;
  }

  const waitForMailFile = (id: string) =>
    expect
      .poll(() => fs.existsSync(path.join(mailFileDir(store.dataDir), `${id}.eml`)), { timeout: 20_000 })
      .toBe(true);

  /** Neighbours that stay: the tables are not empty, so the rewrite has live rows to keep. */
  async function neighbours(database: Database, count: number) {
    for (let i = 0; i < count; i += 1) {
      await storeIdea(database, {
        id: crypto.randomUUID(),
        receivedAt: new Date(),
        fields: { idea: `남는 아이디어 ${i}`, name: `이웃${i}`, email: `stay${i}@example.com`, phone: '' },
        spamReason: null,
      });
    }
  }

  beforeAll(async () => {
    store = await testDatabase(driver);
  });

  afterAll(async () => {
    await app?.close();
    store.cleanup();
  });

  it('after delete, with the server running, after it stops, and after a restart', async () => {
    const running = await startApp();
    await neighbours(running.database, 20);
    const who = person('delete');
    const id = await submit(running, who);
    const needles = needlesOf(who, await memoKeyOf(running.database, id));
    await waitForMailFile(id);
    await neighbours(running.database, 20);
    // What PostgreSQL's autovacuum does on its own: statistics copy sample values of each column into pg_statistic.
    await running.database.rows(sql`analyze`);

    await expectAllOnDisk(needles, running.database);
    // The memo's plain bytes are in no database file (the .eml attaches them in base64).
    expect(await whereIs(memoNeedle(who), running.database)).toEqual({});

    const erased = await deleteIdea(running.database, id, store.dataDir);
    expect(erased).toMatchObject({ ideas: 1, voiceMemos: 1, outboxRows: 1, idempotencyKeys: 1, mailFiles: 1 });
    expect(await whereIs(memoNeedle(who), running.database)).toEqual({});
    // The erasure queued its purge and did not run it; the purge (the background job's work) makes the bytes go.
    expect(await running.database.rows(sql`select id from erasure_purges`)).toHaveLength(1);
    expect(await purgePendingErasures(running.database)).toBe(1);
    expect(await whereIs(needles, running.database)).toEqual({});

    await running.close();
    app = undefined;
    if (driver === 'pglite') expect(needlesIn(filesUnder(store.dataDir), needles, store.dataDir)).toEqual({});

    const restarted = await startApp();
    await neighbours(restarted.database, 150);
    expect(await whereIs(needles, restarted.database)).toEqual({});
    expect(await restarted.database.rows(sql`select id from ideas where email = ${who.fields.email}`)).toEqual([]);
    await restarted.close();
    app = undefined;
  }, 120_000);

  it('after a retention turn', async () => {
    const running = await startApp();
    const who = person('retention');
    const id = await submit(running, who);
    const needles = needlesOf(who, await memoKeyOf(running.database, id));
    await waitForMailFile(id);
    await neighbours(running.database, 10);
    await expectAllOnDisk(needles, running.database);

    const later = new Date(Date.now() + (IDEA_DAYS + 1) * 24 * 3_600_000);
    const outcome = await retentionJob(running.database, {
      ideaDays: IDEA_DAYS,
      ipDays: 7,
      dataDir: store.dataDir,
      unmatchedDays: 30,
    }).run(later);
    expect(outcome).toMatch(/^\d+ ideas destroyed/);
    expect(await whereIs(needles, running.database)).toEqual({});

    await running.close();
    app = undefined;
    const restarted = await startApp();
    expect(await whereIs(needles, restarted.database)).toEqual({});
    await restarted.close();
    app = undefined;
  }, 120_000);

  it("takes the thread with it: messages, the message's mail file, an answer's memo and a quote", async () => {
    const running = await startApp();
    const who = person('thread');
    const id = await submit(running, who);
    await waitForMailFile(id);
    const mark = crypto.randomBytes(4).toString('hex');
    const team = `팀의 질문 ${mark} 로그인은 어떤 방식이 좋을까요`;
    const answer = `신청자의 답변 ${mark} 카카오 로그인이면 좋겠습니다`;
    const line = `견적 항목 ${mark} 예약 화면 개발`;
    const memo = Buffer.concat([webmHead(), clusterStart(), simpleBlock(1, crypto.randomBytes(48 * 1024))]);
    const member = await storeMember(running.database);
    const messageId = await sendTeamMessage(
      running.database,
      {
        ideaId: id,
        memberId: member.id,
        body: team,
        quote: {
          items: [{ description: line, quantity: 1, unitPrice: 100_000 }],
          validUntil: defaultValidUntil(new Date()),
          notes: '',
        },
      },
      async () => {},
    );
    await storeAnswer(
      running.database,
      { ideaId: id, body: answer, memo: { mimeType: 'audio/webm', durationMs: 0, bytes: memo }, perHour: 10 },
      async () => {},
    );
    // The message's mail goes to the founder as an .eml file (no SMTP_URL): it holds the team's words.
    const mailFile = path.join(mailFileDir(store.dataDir), `${id}-founder-message-${messageId}.eml`);
    await expect.poll(() => fs.existsSync(mailFile), { timeout: 20_000 }).toBe(true);
    // The mailbox reader's rows (decision 127): the lead's reply address, made when the mail above was sent, and a
    // stranger's reply kept aside.
    const [address] = await running.database.rows<{ token: string }>(
      sql`select token from reply_addresses where idea_id = ${id}::uuid`,
    );
    const aside = `다른 사람의 답장 ${mark} 대신 연락드립니다`;
    await running.database.rows(sql`insert into mailbox_messages (key, idea_id, outcome, sender, subject, body)
      values (${`aside-${mark}`}, ${id}::uuid, 'aside', ${`stranger-${mark}@example.com`}, '', ${aside})`);
    const needles = {
      team: Buffer.from(team),
      answer: Buffer.from(answer),
      line: Buffer.from(line),
      memo: memo.subarray(20_000, 20_064),
      replyToken: Buffer.from(address!.token),
      aside: Buffer.from(aside),
      asideSender: Buffer.from(`stranger-${mark}@example.com`),
    };
    await neighbours(running.database, 10);
    await running.database.rows(sql`analyze`);
    await expectAllOnDisk(needles, running.database);

    const erased = await deleteIdea(running.database, id, store.dataDir);
    expect(erased).toMatchObject({ ideas: 1, messages: 2, threadMemos: 1, quotes: 1 });
    expect(await purgePendingErasures(running.database)).toBe(1);
    expect(await whereIs(needles, running.database)).toEqual({});
    await running.close();
    app = undefined;
  }, 120_000);
  it('takes a kept contract record off the disk once its years are up (decision 160)', async () => {
    const running = await startApp();
    const mark = crypto.randomBytes(4).toString('hex');
    const signer = `계약자${mark}`;
    const company = `주식회사 보관${mark}`;
    const concluded = new Date();
    const purgeAfter = new Date(concluded);
    purgeAfter.setUTCFullYear(purgeAfter.getUTCFullYear() + 5);
    const tax = {
      kind: 'business',
      businessNumber: '2208162517',
      company,
      representative: signer,
      businessType: '서비스업',
      businessItem: '소프트웨어 개발',
      invoiceEmail: `tax-${mark}@example.com`,
    };
    await running.database.rows(sql`insert into contract_records (id, reference, created_at, quote_id, quote_version,
        quote_sha256, quote_items, schedule, deposit_percent, terms, signed_at, signed_name, sha256, tax_details,
        concluded_at, concluded_by, deposit_received_at, purge_after)
      values (${crypto.randomUUID()}::uuid, ${mark}, ${concluded.toISOString()}::timestamptz,
        ${crypto.randomUUID()}::uuid, 1, ${'0'.repeat(64)}, '[]'::jsonb, '4주', 50, '[]'::jsonb,
        ${concluded.toISOString()}::timestamptz, ${signer}, ${'1'.repeat(64)}, ${JSON.stringify(tax)}::jsonb,
        ${concluded.toISOString()}::timestamptz, null, null, ${purgeAfter.toISOString()}::timestamptz)`);
    const needles = { signer: Buffer.from(signer), company: Buffer.from(company) };
    await neighbours(running.database, 10);
    await expectAllOnDisk(needles, running.database);

    const retention = retentionJob(running.database, {
      ideaDays: IDEA_DAYS,
      ipDays: 7,
      dataDir: store.dataDir,
      unmatchedDays: 30,
    });
    expect(await retention.run(new Date(purgeAfter.getTime() - 60_000))).toContain('0 kept contract records deleted');
    expect(Object.keys(await whereIs(needles, running.database)).sort()).toEqual(['company', 'signer']);
    expect(await retention.run(new Date(purgeAfter.getTime() + 60_000))).toContain('1 kept contract records deleted');
    expect(await whereIs(needles, running.database)).toEqual({});
    await running.close();
    app = undefined;
  }, 120_000);
});
