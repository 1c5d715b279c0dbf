/**
 * The inbox's search on PGlite and PostgreSQL (decision 093): what people quote finds the lead — the 8-character
 * reference from the mails and the whole id — and any part of name, e-mail or idea text, typed literally (`%` and
 * `_` are themselves), through the trigram index `idea_search_trgm_idx` on the search text written after the idea
 * (decision 115): a search first brings it up to date, so a lead stored a moment ago is found.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadReference } from '../../domain/lead-reference';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { APP_TEST_TIMEOUT_MS, DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import { listLeads, searchCondition } from './lead-inbox';
import { followUpAll } from './follow-up';
import { addNote } from './lead-detail';
import { sendTeamMessage, storeAnswer } from '../thread/thread-store';
import { migrationsFolder } from '../db/client';
import { ideaSearch } from '../db/schema';

describe.each(DRIVERS)('the inbox search on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const suite = suiteDatabase(driver);
  let bakery: string;
  let percent: string;

  beforeEach(async () => {
    bakery = await storeLead(suite.database, {
      name: '김민준',
      email: 'minjun@example.com',
      idea: '동네 빵집 예약 앱',
    });
    percent = await storeLead(suite.database, {
      name: '이서연',
      email: 'seoyeon@example.com',
      idea: '할인율 50% 알림 봇',
    });
    await storeLead(suite.database, { name: '박지호', email: 'jiho@example.com', idea: '5000원 할인 쿠폰' });
  });

  const found = async (q: string) =>
    (await listLeads(suite.database, { folder: 'inbox', q, page: 1, pageSize: 25 })).leads.map((lead) => lead.id);

  it('finds a lead by its reference, upper or lower case, and by its whole id', async () => {
    expect(await found(leadReference(bakery))).toEqual([bakery]);
    expect(await found(leadReference(bakery).toUpperCase())).toEqual([bakery]);
    expect(await found(` ${bakery} `)).toEqual([bakery]);
  });

  it('finds any part of name, e-mail or idea, literally', async () => {
    expect(await found('민준')).toEqual([bakery]);
    expect(await found('MINJUN@EXAMPLE')).toEqual([bakery]);
    expect(await found('빵집 예약')).toEqual([bakery]);
    expect(await found('50%')).toEqual([percent]);
    expect(await found('5_')).toEqual([]);
    expect(await found('없는 말')).toEqual([]);
  });

  it('matches every word in any order, across the idea, the notes and the thread both ways', async () => {
    const report = await storeLead(suite.database, {
      name: '최하은',
      email: 'haeun@example.com',
      idea: '학부모에게 보내는 주간 리포트',
    });
    expect(await found('학부모 리포트')).toEqual([report]);
    expect(await found('리포트   학부모')).toEqual([report]);
    expect(await found('학부모 빵집')).toEqual([]);
    // A note written before the follow-up ran keeps its words once the idea's text arrives, and after it too.
    await suite.database.transaction((rows) => addNote(rows, report, '결제는 토스페이먼츠', { memberId: null }));
    await followUpAll(suite.database);
    await suite.database.transaction((rows) => addNote(rows, bakery, '오픈 일정 확인 필요', { memberId: null }));
    expect(await found('토스페이먼츠')).toEqual([report]);
    expect(await found('리포트 토스페이먼츠')).toEqual([report]);
    expect(await found('빵집 오픈')).toEqual([bakery]);
    // The thread: the team's message and the founder's answer.
    const { member } = await signedIn(suite.database);
    await sendTeamMessage(
      suite.database,
      { ideaId: percent, memberId: member.id, body: '카카오 알림도 필요하신가요?' },
      async () => {},
    );
    await storeAnswer(suite.database, { ideaId: percent, body: '네 알림톡 원해요', perHour: 10 }, async () => {});
    expect(await found('할인율 카카오')).toEqual([percent]);
    expect(await found('알림톡')).toEqual([percent]);
    expect(await found('없는 말')).toEqual([]);
  });

  it('finds notes and messages written before they were searched, once migration 0028 added them', async () => {
    await followUpAll(suite.database);
    // As before the search held them: a note and both sides of the thread, written straight to their tables.
    await suite.database.rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
      values (${bakery}::uuid, now(), null, 'note', ${JSON.stringify({ text: '사장님 번호 확인 완료' })}::jsonb)`);
    await suite.database.rows(sql`insert into thread_messages (id, idea_id, at, side, body)
      values (gen_random_uuid(), ${bakery}::uuid, now(), 'founder', '주말 예약도 필요합니다')`);
    expect(await found('주말 예약')).toEqual([]);
    const migration = fs.readFileSync(path.join(migrationsFolder, '0028_search_notes_and_messages.sql'), 'utf8');
    await suite.database.rows(sql.raw(migration));
    expect(await found('주말 예약')).toEqual([bakery]);
    expect(await found('빵집 번호 확인')).toEqual([bakery]);
    expect(await found('민준')).toEqual([bakery]);
  });

  it('writes the search text after the idea, and a search finds the newest idea still', async () => {
    const queued = async () =>
      Number((await suite.database.rows<{ n: number }>(sql`select count(*)::int as n from idea_follow_ups`))[0]?.n);
    // Stored ideas wait in the queue; nothing of theirs is in the search table yet.
    expect(await queued()).toBe(3);
    expect(await suite.database.rows(sql`select idea_id from idea_search`)).toEqual([]);
    expect(await found('빵집')).toEqual([bakery]);
    expect(await queued()).toBe(0);
    const rows = await suite.database.rows<{ text: string }>(
      sql`select text from idea_search where idea_id = ${bakery}::uuid`,
    );
    expect(rows).toEqual([{ text: '김민준 minjun@example.com 동네 빵집 예약 앱' }]);
    const newest = await storeLead(suite.database, {
      name: '최유나',
      email: 'yuna@example.com',
      idea: '방금 들어온 빵집 구독',
    });
    expect(await found('빵집')).toEqual([bakery, newest]);
  });

  it('can answer a search from the trigram index and a reference from the primary key', async () => {
    const plan = async (q: string) =>
      suite.database.transaction(async (rows) => {
        await rows(sql`set local enable_seqscan = off`);
        const lines = await rows<Record<string, string>>(
          sql`explain select i.id from ideas i where ${searchCondition(q)}`,
        );
        return lines.map((line) => Object.values(line)[0]).join('\n');
      });
    await followUpAll(suite.database);
    // Latin letters: trigrams of Hangul depend on the cluster's locale (a C locale makes none, decision 093).
    expect(await plan('minjun@example')).toContain('idea_search_trgm_idx');
    expect(await plan(leadReference(bakery))).toMatch(/ideas_pkey/);
  });

  it("keeps the index's pending list small, so no follow-up merges 4 MB of it at once (decision 121)", async () => {
    // What the schema says (migration 0027 set it), well under PostgreSQL's default of 4,096 kB.
    const declared = getTableConfig(ideaSearch).indexes.find((index) => index.config.name === 'idea_search_trgm_idx')
      ?.config.with as { gin_pending_list_limit: number };
    expect(declared.gin_pending_list_limit).toBeLessThan(4096);
    const [index] = await suite.database.rows<{ options: string[] }>(
      sql`select reloptions as options from pg_class where relname = 'idea_search_trgm_idx'`,
    );
    expect(index?.options).toEqual([`gin_pending_list_limit=${declared.gin_pending_list_limit}`]);
  });
});
