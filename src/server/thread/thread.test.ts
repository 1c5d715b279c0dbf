/**
 * The thread and the quote (decisions 101, 102) on PGlite and PostgreSQL, through the workspace API, the status page
 * and a real SMTP server: a team message is stored and then mailed once (the team's words, the link, Reply-To the
 * team); the founder answers with a plain form post (with and without a memo), which tells the owner by mail and
 * webhook; every refusal (forged or erased link, foreign origin, empty, oversized, not audio, too many) shows a
 * Korean message and stores nothing; a quote's sums reach the status page, its print page and 「견적 확인」; and
 * erasure takes the messages, memos and quotes.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadAlertCopy } from '../../content/team-mail';
import { answerErrors, threadTemplates } from '../../content/thread';
import { quoteCopy, quoteFormCopy } from '../../content/quote';
import { formatKstDay, kstDay } from '../../domain/kst';
import { escapeHtml } from '../../domain/escape-html';
import { leadReference } from '../../domain/lead-reference';
import { canonicalQuote, defaultValidUntil, formatWon, QUOTE_ACCEPT_FIELDS } from '../../domain/quote';
import {
  THREAD_LIMITS,
  leadQuotePdfPath,
  leadQuotePrintPath,
  leadQuotesPath,
  leadQuoteWithdrawPath,
  leadThreadMessagesPath,
  leadThreadPath,
  type ThreadView,
} from '../../domain/thread';
import { VOICE_MEMO_MAX_BYTES } from '../../domain/voice-memo';
import { leadActionPath } from '../../domain/workspace-api';
import { UNREAD_LEADS_PATH, type UnreadLeads } from '../../domain/workspace-events';
import { signedIn, storeLead, type StoredLead } from '../../../test-support/server/lead-fixtures';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { DRIVERS } from '../../../test-support/server/test-database';
import { memoFixture, multipartBody } from '../../../test-support/server/voice-memo-body';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';
import { statusPath, statusToken, statusTokenHash } from '../founder/status-token';
import { inkIn, pdfFirstPageGrey, pdfText } from '../../../test-support/server/pdf-reader';

const SECRET = 'thread-test-status-link-secret-0123456789';
const FOUNDER = 'founder@example.com';
const ANSWER = '주 사용자는 동네 빵집 사장님들입니다 <script>alert(1)</script>';

/** A stored lead with a status link (as the intake makes one), owned by `ownerId`. */
async function leadWithLink(app: FastifyInstance, ownerId?: string, lead: StoredLead = {}) {
  const id = await storeLead(app.database, { email: FOUNDER, ownerId: ownerId ?? null, ...lead });
  const token = statusToken(SECRET, id);
  await app.database.rows(sql`update ideas set status_token_hash = ${statusTokenHash(token)} where id = ${id}::uuid`);
  return { id, base: statusPath(token) };
}

const sameSite = { origin: 'null', 'sec-fetch-site': 'same-origin' };

async function answer(
  app: FastifyInstance,
  base: string,
  fields: Record<string, string>,
  memo?: { bytes: Buffer; type?: string; name?: string },
  headers: Record<string, string> = sameSite,
) {
  const body = await multipartBody(fields, memo);
  return app.inject({
    method: 'POST',
    url: `${base}/answer`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** 「동의합니다」 and a name on the status page, as the form posts them. */
const accept = (app: FastifyInstance, base: string, quoteId: string, name: string, agree = true) =>
  app.inject({
    method: 'POST',
    url: `${base}/quote/${quoteId}/confirm`,
    headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      [QUOTE_ACCEPT_FIELDS.name]: name,
      ...(agree ? { [QUOTE_ACCEPT_FIELDS.agree]: 'on' } : {}),
    }).toString(),
  });

const count = async (app: FastifyInstance, table: string) =>
  Number((await app.database.rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

describe.each(DRIVERS)('the thread on %s', (driver) => {
  const suite = intakeSuite(driver);
  let webhook: WebhookTestServer;
  beforeAll(async () => {
    webhook = await startWebhookServer();
  });
  afterAll(async () => webhook.stop());
  const start = () =>
    suite.start({
      ...DELIVERY_TEST_ENV,
      STATUS_LINK_SECRET: SECRET,
      SITE_URL: 'https://mvp24.example',
      ALERT_WEBHOOK_URL: webhook.url,
    });

  it('stores a team message, mails it once with the link, and the founder answers without JavaScript', async () => {
    webhook.received.length = 0;
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app, member.id);
    const text = threadTemplates[0].body;
    const sent = await app.inject({
      method: 'POST',
      url: leadThreadMessagesPath(id),
      headers,
      payload: { body: text },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<ThreadView>().messages).toMatchObject([{ side: 'team', body: text, memberEmail: member.email }]);

    const [mail] = await suite.smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual([FOUNDER]);
    expect(mail!.parsed.text).toContain(text.split('\n')[2]);
    expect(mail!.parsed.text).toContain(`https://mvp24.example${base}`);
    expect(mail!.parsed.replyTo?.text).toContain('team@mvp24.example');
    // Where to answer, said once; and no "ignore this if you never sent it" under a conversation they started.
    expect(mail!.parsed.text!.split('진행 상황 페이지').length - 1).toBe(1);
    expect(mail!.parsed.text).not.toContain('무시하셔도');
    await app.outbox.settled();
    expect(suite.smtp.received).toHaveLength(1);
    const rows = await app.database.rows<{ status: string; kind: string }>(
      sql`select kind, status from founder_mails where idea_id = ${id}::uuid`,
    );
    expect(rows).toEqual([{ kind: 'message', status: 'sent' }]);

    const page = await app.inject({ method: 'GET', url: base });
    expect(page.body).toContain('data-answer-form');
    expect(page.body).toContain('프로토타입을 만들기 전에 몇 가지만 여쭙겠습니다.');

    // A plain form post (urlencoded, as a browser without the memo field would send it) answers 303 to the page.
    const plain = await app.inject({
      method: 'POST',
      url: `${base}/answer`,
      headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ body: ANSWER }).toString(),
    });
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe(`${base}?answered=1#thread`);
    const after = await app.inject({ method: 'GET', url: `${base}?answered=1` });
    expect(after.body).toContain('data-answer-sent');
    expect(after.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(after.body).not.toContain('<script>alert(1)');

    // The owner is told by mail and webhook, with the reference and the lead's link, never the answer.
    const mails = await suite.smtp.waitFor(2);
    const told = mails.find((received) => received.envelopeTo.includes(member.email))!;
    expect(told.parsed.subject).toContain(id.slice(0, 8));
    expect(told.parsed.text).toContain(`https://mvp24.example/team/leads/${id}`);
    expect(told.raw).not.toContain('빵집 사장님');
    const [chat] = await webhook.waitFor(1);
    expect(JSON.stringify(chat)).toContain(id.slice(0, 8));
    expect(JSON.stringify(chat)).not.toContain('빵집 사장님');

    // The lead is unread for the member, and the thread's read is an access record.
    const unread = await app.inject({ method: 'GET', url: '/team/api/leads/unread', headers });
    expect(unread.json<{ ids: string[] }>().ids).toContain(id);
    const thread = await app.inject({ method: 'GET', url: leadThreadPath(id), headers });
    expect(thread.json<ThreadView>().messages.map((message) => message.side)).toEqual(['team', 'founder']);
    const actions = await app.database.rows<{ action: string }>(
      sql`select action from access_records where idea_id = ${id}::uuid order by seq`,
    );
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['message_sent', 'visitor_answered', 'thread_viewed']),
    );
  });

  it('takes a voice memo and refuses what is not audio, too large, empty, too long, foreign or forged', async () => {
    const app = await start();
    const { id, base } = await leadWithLink(app);
    const withMemo = await answer(app, base, { body: '' }, { bytes: memoFixture('chromium-opus.webm') });
    expect(withMemo.statusCode).toBe(303);
    const [memoRow] = await app.database.rows<{ message_id: string; byte_size: number }>(
      sql`select message_id::text as message_id, byte_size from thread_memos where idea_id = ${id}::uuid`,
    );
    expect(memoRow!.byte_size).toBe(memoFixture('chromium-opus.webm').length);
    const played = await app.inject({ method: 'GET', url: `${base}/thread-memo/${memoRow!.message_id}` });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toContain('audio/webm');
    // The team plays it with its session; an access record says who.
    const { headers } = await signedIn(app.database);
    const teamPlayed = await app.inject({
      method: 'GET',
      url: `${leadThreadPath(id)}/memos/${memoRow!.message_id}`,
      headers,
    });
    expect(teamPlayed.statusCode).toBe(200);
    expect(teamPlayed.rawPayload.equals(memoFixture('chromium-opus.webm'))).toBe(true);
    const [record] = await app.database.rows<{ action: string }>(
      sql`select action from access_records where idea_id = ${id}::uuid and action = 'thread_memo_played'`,
    );
    expect(record).toBeDefined();
    expect(
      (await app.inject({ method: 'GET', url: `${leadThreadPath(id)}/memos/${memoRow!.message_id}` })).statusCode,
    ).toBe(401);

    const before = await count(app, 'thread_messages');
    const cases: [Awaited<ReturnType<typeof answer>>, number, string][] = [
      [await answer(app, base, { body: '' }), 400, answerErrors.empty],
      [
        await answer(app, base, { body: '가'.repeat(THREAD_LIMITS.answerMax + 1) }),
        400,
        answerErrors.tooLong(THREAD_LIMITS.answerMax),
      ],
      [
        await answer(app, base, { body: '사진' }, { bytes: Buffer.from('GIF89a not a sound'), type: 'audio/webm' }),
        415,
        answerErrors.notAudio,
      ],
      [
        await answer(app, base, { body: '큰 파일' }, { bytes: Buffer.alloc(VOICE_MEMO_MAX_BYTES + 1024, 1) }),
        413,
        answerErrors.memoTooLarge(Math.round(VOICE_MEMO_MAX_BYTES / (1024 * 1024))),
      ],
    ];
    for (const [response, code, message] of cases) {
      expect(response.statusCode).toBe(code);
      expect(response.body).toContain(message);
    }
    const foreign = await answer(app, base, { body: '다른 사이트' }, undefined, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const forged = await answer(app, `${base.slice(0, -4)}AAAA`, { body: '위조' });
    expect(forged.statusCode).toBe(404);
    expect(await count(app, 'thread_messages')).toBe(before);
  });

  it('marks a delivered or closed lead unread for each member when its founder answers', async () => {
    const app = await start();
    const one = await signedIn(app.database);
    const two = await signedIn(app.database, 'member');
    const unread = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: UNREAD_LEADS_PATH, headers })).json<UnreadLeads>().ids;
    const delivered = await leadWithLink(app, one.member.id, {
      stage: 'delivered',
      prototypeDeliveredAt: new Date(Date.now() - 60_000),
    });
    const closed = await leadWithLink(app, undefined, { stage: 'closed', closedAt: new Date(Date.now() - 60_000) });
    // Both members have read both leads: their clocks have stopped, so nothing is waiting.
    for (const { headers } of [one, two])
      for (const { id } of [delivered, closed])
        expect((await app.inject({ method: 'GET', url: `/team/api/leads/${id}`, headers })).statusCode).toBe(200);
    expect(await unread(one.headers)).toEqual([]);
    // They read them a moment ago (the answers below come later, whatever the clock's resolution).
    await app.database.rows(sql`update lead_reads set read_at = read_at - interval '1 second'`);

    expect((await answer(app, delivered.base, { body: '배포 후 질문이 있습니다' })).statusCode).toBe(303);
    expect((await answer(app, closed.base, { body: '다시 연락드립니다' })).statusCode).toBe(303);
    for (const { headers } of [one, two]) expect(await unread(headers)).toEqual([closed.id, delivered.id]);
    // Opening the lead reads it for that member only.
    await app.inject({ method: 'GET', url: `/team/api/leads/${delivered.id}`, headers: one.headers });
    expect(await unread(one.headers)).toEqual([closed.id]);
    expect(await unread(two.headers)).toEqual([closed.id, delivered.id]);
    // A team member's own message on a done lead does not make it unread for the others.
    await app.inject({ method: 'GET', url: `/team/api/leads/${closed.id}`, headers: two.headers });
    await app.inject({
      method: 'POST',
      url: leadThreadMessagesPath(closed.id),
      headers: two.headers,
      payload: { body: '확인했어요' },
    });
    expect(await unread(one.headers)).toEqual([closed.id]);
    expect(await unread(two.headers)).toEqual([delivered.id]);
  });

  it('refuses a text that shows nothing (zero-width characters, fillers) from the founder and from the team', async () => {
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app, member.id);
    const nothing = '\u200B\u200B \u3164\uFEFF';
    const founder = await answer(app, base, { body: nothing });
    expect(founder.statusCode).toBe(400);
    expect(founder.body).toContain(answerErrors.empty);
    const team = await app.inject({
      method: 'POST',
      url: leadThreadMessagesPath(id),
      headers,
      payload: { body: nothing },
    });
    expect(team.statusCode).toBe(400);
    const note = await app.inject({
      method: 'POST',
      url: leadActionPath(id, 'notes'),
      headers,
      payload: { text: nothing },
    });
    expect(note.statusCode).toBe(400);
    const close = await app.inject({
      method: 'POST',
      url: leadActionPath(id, 'stage'),
      headers,
      payload: { stage: 'closed', reason: nothing },
    });
    expect(close.statusCode).toBe(400);
    expect(await count(app, 'thread_messages')).toBe(0);
    const events = await app.database.rows<{ kind: string }>(
      sql`select kind from idea_events where idea_id = ${id}::uuid and kind in ('note', 'stage')`,
    );
    expect(events).toEqual([]);
    expect(await count(app, 'alerts')).toBe(0);
    await app.outbox.settled();
    expect(suite.smtp.received.filter((mail) => mail.envelopeTo.includes(FOUNDER))).toHaveLength(0);
  });

  it('never sends a quote already past its 유효 기한, and records no 「견적 확인」 once it is past', async () => {
    const app = await start();
    const { headers } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app);
    const yesterday = kstDay(new Date(Date.now() - 86_400_000));
    const draft = { items: [{ description: '기획', quantity: 1, unitPrice: 500_000 }], body: '견적서입니다.' };
    const late = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: { ...draft, validUntil: yesterday },
    });
    expect(late.statusCode).toBe(400);
    expect(await count(app, 'quotes')).toBe(0);

    const sent = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: { ...draft, validUntil: kstDay(new Date()) },
    });
    expect(sent.statusCode).toBe(200);
    const quoteId = sent.json<ThreadView>().messages[0]!.quote!.id;
    // The days pass: the quote's last valid day is now yesterday.
    await app.database.rows(sql`update quotes set valid_until = ${yesterday}::date where id = ${quoteId}::uuid`);
    const page = await app.inject({ method: 'GET', url: base });
    expect(page.body).toContain('data-quote-expired');
    expect(page.body).toContain(escapeHtml(quoteCopy.expired(formatKstDay(yesterday))));
    expect(page.body).not.toContain(`/quote/${quoteId}/confirm`);
    // The page offers to ask for a new one: a plain form post of the answer.
    expect(page.body).toContain(escapeHtml(quoteCopy.askNewMessage(1)));
    const confirm = await accept(app, base, quoteId, '김신청');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.body).toContain(quoteCopy.refusals.expired);
    const [row] = await app.database.rows<{ accepted_at: Date | null }>(
      sql`select accepted_at from quotes where id = ${quoteId}::uuid`,
    );
    expect(row!.accepted_at).toBeNull();
    const events = await app.database.rows(
      sql`select 1 from idea_events where idea_id = ${id}::uuid and kind = 'quote_accepted'`,
    );
    expect(events).toEqual([]);
  });

  it('tells the team of a burst of answers once, with their count, by mail and in the chat', async () => {
    webhook.received.length = 0;
    // The alerts wait an hour here: the test makes them due itself, as the hour passing would.
    const app = await suite.start({
      ...DELIVERY_TEST_ENV,
      STATUS_LINK_SECRET: SECRET,
      SITE_URL: 'https://mvp24.example',
      ALERT_WEBHOOK_URL: webhook.url,
      FOUNDER_BURST_MS: String(3_600_000),
    });
    const { member } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app, member.id);
    for (const text of ['첫 답변', '덧붙임', '하나 더'])
      expect((await answer(app, base, { body: text })).statusCode).toBe(303);
    const waiting = await app.database.rows<{ channel: string; details: { answers?: number } | string }>(
      sql`select channel, details from alerts where idea_id = ${id}::uuid and kind = 'founder_answered' order by channel`,
    );
    expect(
      waiting.map((row) => [
        row.channel,
        (typeof row.details === 'string' ? JSON.parse(row.details) : row.details).answers,
      ]),
    ).toEqual([
      ['mail', 3],
      ['webhook', 3],
    ]);
    await app.database.rows(sql`update alerts set next_attempt_at = now() where kind = 'founder_answered'`);
    await app.alerts.sendDue();
    const told = suite.smtp.received.filter((mail) => mail.envelopeTo.includes(member.email));
    expect(told).toHaveLength(1);
    expect(told[0]!.parsed.text).toContain(leadAlertCopy.answered(leadReference(id), 3));
    const [chat] = await webhook.waitFor(1);
    expect(JSON.stringify(chat)).toContain(leadAlertCopy.answered(leadReference(id), 3));
    // The next answer, after the alert went, is an alert of its own.
    expect((await answer(app, base, { body: '마지막' })).statusCode).toBe(303);
    const next = await app.database.rows(
      sql`select 1 from alerts where idea_id = ${id}::uuid and status = 'pending' and kind = 'founder_answered'`,
    );
    expect(next).toHaveLength(2);
  });

  it('limits answers per link per hour with a Korean message', async () => {
    const app = await start();
    const { base } = await leadWithLink(app);
    for (let index = 0; index < THREAD_LIMITS.answersPerHour; index += 1)
      expect((await answer(app, base, { body: `답변 ${index}` })).statusCode).toBe(303);
    const over = await answer(app, base, { body: '한 번 더' });
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain(answerErrors.rateLimited(THREAD_LIMITS.answersPerHour));
    expect(over.body).toContain('한 번 더');
    expect(await count(app, 'thread_messages')).toBe(THREAD_LIMITS.answersPerHour);
  });

  it('versions a changed quote, withdraws one, and fixes what the founder accepted: the name and its SHA-256', async () => {
    webhook.received.length = 0;
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app, member.id);
    const draft = {
      items: [{ description: '기획과 화면 설계 — 한 줄이 긴 항목도 그대로', quantity: 1, unitPrice: 500_000 }],
      validUntil: defaultValidUntil(new Date()),
      notes: '계약 후 착수',
      body: '견적서입니다.',
    };
    const send = async (payload: object) => {
      const sent = await app.inject({ method: 'POST', url: leadQuotesPath(id), headers, payload });
      expect(sent.statusCode).toBe(200);
      return sent.json<ThreadView>().messages.flatMap((message) => (message.quote ? [message.quote] : []));
    };
    const [first] = await send(draft);
    expect(first).toMatchObject({ version: 1, supersededAt: null, withdrawnAt: null, acceptedAt: null });

    // Withdrawn: the founder can no longer accept it, the page marks it, the timeline and the records say so.
    const withdrawn = await app.inject({
      method: 'POST',
      url: leadQuoteWithdrawPath(id, first!.id),
      headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await accept(app, base, first!.id, '김신청')).body).toContain(quoteCopy.refusals.withdrawn);
    const again = await app.inject({ method: 'POST', url: leadQuoteWithdrawPath(id, first!.id), headers });
    expect(again.statusCode).toBe(409);

    // A changed quote is the next version; the one before is kept, folded and marked 이전 견적.
    const second = (
      await send({ ...draft, items: [...draft.items, { description: '배포', quantity: 2, unitPrice: 15_001 }] })
    )[1]!;
    expect(second.version).toBe(2);
    // Two members on one lead: a draft started from version 1 is refused once version 2 came (nothing stored, the
    // Korean reason); started from the latest, it goes.
    const stale = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: { ...draft, notes: '1차에서 시작한 초안', basedOn: first!.id },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(quoteFormCopy.stale);
    const [third] = (await send({ ...draft, notes: '선금 30%', basedOn: second.id })).slice(2);
    expect(third!.version).toBe(3);
    // The lead's first quote is drafted from none: a draft that says so is refused once one exists.
    const fromNone = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: { ...draft, basedOn: null },
    });
    expect(fromNone.statusCode).toBe(409);
    const quotes = await app.database.rows<{ version: number; superseded: boolean; withdrawn: boolean }>(
      sql`select version, superseded_at is not null as superseded, withdrawn_at is not null as withdrawn
        from quotes where idea_id = ${id}::uuid order by version`,
    );
    expect(quotes.map((row) => [Number(row.version), row.superseded, row.withdrawn])).toEqual([
      [1, false, true],
      [2, true, false],
      [3, false, false],
    ]);
    const page = (await app.inject({ method: 'GET', url: base })).body;
    expect(page.match(/data-quote-earlier/g)).toHaveLength(2);
    expect(page).toContain(`${quoteCopy.superseded}: ${quoteCopy.title} ${quoteCopy.version(2)}`);
    expect(page).toContain(`data-quote-state="open"`);
    expect((await accept(app, base, second.id, '김신청')).body).toContain(quoteCopy.refusals.superseded);

    // Refused at its fields, the name kept: no name, or the box not ticked.
    const noName = await accept(app, base, third!.id, ' \u200b ');
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(quoteCopy.refusals.signature);
    // The field at fault is marked and focused, the box kept ticked; the other field left alone.
    const field = `quote-${third!.id}-signature`;
    expect(noName.body).toMatch(
      new RegExp(`id="${field}"[^>]*aria-describedby="${field}-hint ${field}-error" aria-invalid="true" autofocus`),
    );
    expect(noName.body).toMatch(/name="agree" required checked>/);
    const unticked = await accept(app, base, third!.id, '김신청', false);
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain(quoteCopy.refusals.agree);
    expect(unticked.body).toContain('value="김신청"');
    expect(unticked.body).toMatch(
      new RegExp(`name="agree" required aria-invalid="true" aria-describedby="${field}-error" autofocus>`),
    );
    expect(unticked.body).toMatch(new RegExp(`id="${field}"[^>]*aria-describedby="${field}-hint">`));
    expect(await count(app, 'alerts')).toBe(0);

    // Accepted: the name, the instant and the SHA-256 of the canonical form; printed on the sheet; the owner told.
    expect((await accept(app, base, third!.id, '김신청')).statusCode).toBe(303);
    const [stored] = await app.database.rows<{ accepted_name: string; accepted_sha256: string }>(
      sql`select accepted_name, accepted_sha256 from quotes where id = ${third!.id}::uuid`,
    );
    const expected = createHash('sha256')
      .update(canonicalQuote(third!, leadReference(id)))
      .digest('hex');
    expect(stored).toEqual({ accepted_name: '김신청', accepted_sha256: expected });
    const sheet = (await app.inject({ method: 'GET', url: `${base}/quote/${third!.id}` })).body;
    expect(sheet).toContain(`data-quote-sha256>${expected}`);
    const [idea] = await app.database.rows<{ name: string }>(sql`select name from ideas where id = ${id}::uuid`);
    expect(sheet).toContain(escapeHtml(quoteCopy.recipientName(idea!.name)));
    expect(sheet).not.toContain(`<dt>${quoteCopy.representative}</dt>`);
    const teamSheet = await app.inject({ method: 'GET', url: leadQuotePrintPath(id, third!.id), headers });
    expect(teamSheet.statusCode).toBe(200);
    expect(teamSheet.body).toContain(expected);
    // The PDF, from the status page and the lead page: its text read back, its first page looked at.
    const pdf = await app.inject({ method: 'GET', url: `${base}/quote/${third!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="quote-${leadReference(id)}-v3.pdf"`);
    // Below the founder's link: kept by no cache, indexed by nobody, its address sent to nobody.
    expect(pdf.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expectedText of [
      quoteCopy.recipientName(idea!.name),
      `${quoteCopy.version(3)}`,
      draft.items[0]!.description,
      formatWon(third!.totals.total),
      quoteCopy.vat(10),
      '선금 30%',
      formatKstDay(third!.validUntil),
      `${quoteCopy.acceptedName}: 김신청`,
      expected,
    ])
      expect(text).toContain(expectedText);
    const firstPage = await pdfFirstPageGrey(pdf.rawPayload);
    expect(firstPage.width).toBeLessThan(firstPage.height);
    // Ink where the title and the table are, none at the foot of a short quote.
    expect(inkIn(firstPage, 0, 0.12)).toBeGreaterThan(0.005);
    expect(inkIn(firstPage, 0.12, 0.5)).toBeGreaterThan(0.01);
    expect(inkIn(firstPage, 0.9, 1)).toBe(0);
    // The sheet prints the full quote id the fingerprint covers, and says the stored quote still matches it …
    expect(sheet).toContain(third!.id);
    expect(sheet).toContain('data-quote-intact="true"');
    // … until the stored quote is changed behind the acceptance: both sides are told.
    await app.database.rows(sql`update quotes set notes = '선금 50%' where id = ${third!.id}::uuid`);
    expect((await app.inject({ method: 'GET', url: base })).body).toContain('data-quote-intact="false"');
    const changed = await app.inject({ method: 'GET', url: leadThreadPath(id), headers });
    expect(changed.json<ThreadView>().messages.find((message) => message.quote?.id === third!.id)?.quote).toMatchObject(
      { acceptanceIntact: false },
    );
    await app.database.rows(sql`update quotes set notes = '선금 30%' where id = ${third!.id}::uuid`);
    const teamPdf = await app.inject({ method: 'GET', url: leadQuotePdfPath(id, third!.id), headers });
    expect(teamPdf.statusCode).toBe(200);
    expect(teamPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A second press changes nothing; an accepted quote cannot be withdrawn.
    expect((await accept(app, base, third!.id, '다른이름')).statusCode).toBe(303);
    expect((await app.database.rows(sql`select 1 from quotes where accepted_name = '다른이름'`)).length).toBe(0);
    expect((await app.inject({ method: 'POST', url: leadQuoteWithdrawPath(id, third!.id), headers })).statusCode).toBe(
      409,
    );
    const alerts = await app.database.rows<{ channel: string; to: string | null }>(
      sql`select channel, details->>'to' as to from alerts where kind = 'quote_accepted' order by channel`,
    );
    expect(alerts).toEqual([
      { channel: 'mail', to: member.email },
      { channel: 'webhook', to: member.email },
    ]);
    await app.alerts.sendDue();
    const [chat] = await webhook.waitFor(1);
    expect(JSON.stringify(chat)).toContain(leadAlertCopy.quoteAccepted(leadReference(id), 3));
    expect(JSON.stringify(chat)).not.toContain('김신청');
    const timeline = (await app.inject({ method: 'GET', url: `/team/api/leads/${id}`, headers }))
      .json<{ timeline: { kind: string }[] }>()
      .timeline.map((entry) => entry.kind);
    expect(timeline).toEqual(expect.arrayContaining(['quote_withdrawn', 'quote_accepted']));
    const records = await app.database.rows<{ action: string }>(
      sql`select action from access_records where idea_id = ${id}::uuid and action in ('quote_withdrawn', 'visitor_quote_confirmed')`,
    );
    expect(records.map((row) => row.action).sort()).toEqual(['quote_withdrawn', 'visitor_quote_confirmed']);
  });

  it('shows a quote with its sums, prints it, records 「견적 확인」, and erasure takes the whole thread', async () => {
    const app = await start();
    const { headers } = await signedIn(app.database);
    const { id, base } = await leadWithLink(app);
    const quote = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: {
        items: [
          { description: '기획', quantity: 1, unitPrice: 500_000 },
          { description: '화면 <b>디자인</b>', quantity: 3, unitPrice: 333_333 },
          { description: '배포', quantity: 2, unitPrice: 15_001 },
        ],
        validUntil: defaultValidUntil(new Date()),
        notes: '계약 후 착수',
        body: threadTemplates[1].body,
      },
    });
    expect(quote.statusCode).toBe(200);
    const view = quote.json<ThreadView>().messages[0]!.quote!;
    expect(view.totals).toMatchObject({ supply: 1_530_001, vat: 153_000, total: 1_683_001 });
    const [mail] = await suite.smtp.waitFor(1);
    expect(mail!.parsed.text).toContain(formatWon(1_683_001));
    // The quote travels as a PDF too, to keep or forward.
    const attached = mail!.parsed.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`quote-${leadReference(id)}-v1.pdf`);
    expect((await pdfText(attached!.content)).replace(/\s+/g, ' ')).toContain(formatWon(1_683_001));

    const page = await app.inject({ method: 'GET', url: base });
    expect(page.body).toContain(`data-quote-total>${formatWon(1_683_001)}`);
    expect(page.body).toContain('화면 &lt;b&gt;디자인&lt;/b&gt;');
    const print = await app.inject({ method: 'GET', url: `${base}/quote/${view.id}` });
    expect(print.statusCode).toBe(200);
    expect(print.body).toContain('@page{size:A4');
    expect(print.body).toContain(`data-quote-vat>${formatWon(153_000)}`);
    expect(print.headers['cache-control']).toBe('no-store');

    const confirm = await accept(app, base, view.id, '김신청');
    expect(confirm.statusCode).toBe(303);
    const again = await app.inject({ method: 'GET', url: base });
    expect(again.body).toContain('data-quote-accepted');
    expect(again.body).not.toContain(`/quote/${view.id}/confirm`);
    const lead = await app.inject({ method: 'GET', url: `/team/api/leads/${id}`, headers });
    expect(lead.json<{ timeline: { kind: string }[] }>().timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['quote', 'quote_accepted']),
    );

    await answer(app, base, { body: '확인했습니다' }, { bytes: memoFixture('chromium-opus.webm') });
    const data = await app.inject({ method: 'GET', url: `${base}/data` });
    expect(data.body).toContain('확인했습니다');
    expect(data.body).toContain('1683001');

    const erased = await app.inject({ method: 'POST', url: `${base}/delete`, headers: sameSite });
    expect(erased.statusCode).toBe(200);
    for (const table of ['thread_messages', 'thread_memos', 'quotes', 'founder_mails'])
      expect(await count(app, table)).toBe(0);
    expect((await app.inject({ method: 'GET', url: base })).statusCode).toBe(404);
    expect((await answer(app, base, { body: '삭제 후' })).statusCode).toBe(404);
  });
});
