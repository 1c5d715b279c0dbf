/**
 * Storage and mail, end to end with real parts, on PGlite AND PostgreSQL: ideas submitted over HTTP (inject) are
 * stored, then delivered by the outbox worker to a real SMTP server on loopback; SMTP outages are survived with
 * every idea delivered exactly once; limits are shared through the database; several instances never double-send.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unstorable, type IdeaReceipt } from '../domain/idea';
import { formatKst } from '../domain/kst';
import type { Database } from './db/client';
import { freePort } from '../../test-support/server/postgres-cluster';
import { ideaBody, submitIdea } from '../../test-support/server/intake-client';
import { startSmtpServer, type SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { teamMailCopy } from '../content/team-mail';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../test-support/server/test-app';
import { followUpAll } from './ideas/follow-up';

async function outboxCounts(database: Database): Promise<Record<string, number>> {
  const rows = await database.rows<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from outbox group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Mails whose attempt failed and that wait for their retry, the error recorded. */
async function waitingForRetry(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from outbox where attempts >= 1 and status = 'pending' and last_error is not null`,
  );
  return Number(row?.n);
}

describe.each(DRIVERS)('intake delivery on %s', (driver) => {
  let store: TestDatabase;
  let smtp: SmtpTestServer | undefined;
  const apps: FastifyInstance[] = [];

  async function startApp(env: Record<string, string>, database?: Database): Promise<FastifyInstance> {
    const app = await buildTestApp(
      store,
      {
        ...DELIVERY_TEST_ENV,
        MAIL_DIGEST_THRESHOLD: '1000000',
        ...env,
      },
      database ? { database } : {},
    );
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    store = await testDatabase(driver);
  });

  afterEach(async () => {
    while (apps.length > 0) await apps.pop()?.close();
    await smtp?.stop();
    smtp = undefined;
    // Each test starts from empty tables.
    await store.empty();
  });

  afterAll(() => store.cleanup());

  it('mails the team in Korean with Reply-To, escaped HTML and no header injected by CR/LF', async () => {
    smtp = await startSmtpServer();
    const app = await startApp({ SMTP_URL: smtp.url });
    // A line break in a one-line field is refused at validation (decision 075); the idea text may hold them.
    const refused = await submitIdea(app, ideaBody({ name: '홍길동\r\nBcc: victim@example.com' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ name: unstorable('name') });
    const response = await submitIdea(
      app,
      ideaBody({
        name: '홍길동 Bcc: victim@example.com',
        idea: '<script>alert("x")</script> 동네 빵집 예약 앱\r\nX-Injected: yes\n두 번째 줄',
        email: 'gildong@example.com',
      }),
    );
    expect(response.statusCode).toBe(202);
    const { id, receivedAt } = response.json<IdeaReceipt>();
    const [mail] = await smtp.waitFor(1);
    const parsed = mail!.parsed;

    expect(mail!.envelopeTo).toEqual(['team@mvp24.example']);
    expect(parsed.subject).toBe(
      teamMailCopy.subject(
        id.slice(0, 8),
        '홍길동 Bcc: victim@example.com',
        '<script>alert("x")</script> 동네 빵집 예약 앱…',
      ),
    );
    expect(parsed.replyTo?.value).toEqual([{ address: 'gildong@example.com', name: '홍길동 Bcc: victim@example.com' }]);
    expect(parsed.messageId).toBe(`<idea-${id}@mvp24.example>`);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.has('x-injected')).toBe(false);
    const headerBlock = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);

    expect(parsed.text).toContain('동네 빵집 예약 앱');
    expect(parsed.text).toContain(`접수 번호: ${id}`);
    // The lead's page in the workspace, from SITE_URL (else this server).
    expect(parsed.text).toMatch(new RegExp(`작업 공간에서 열기: https?://[^/\\s]+/team/leads/${id}`));
    expect(parsed.text).toContain(`접수 시각: ${formatKst(receivedAt)} (KST)`);
    const html = String(parsed.html);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('홍길동 Bcc: victim@example.com');

    // Recorded as sent by the round that sent it: a later round finds nothing due.
    await app.outbox.settled();
    expect(await outboxCounts(app.database)).toEqual({ sent: 1 });
  });

  it('keeps accepting while SMTP is down and delivers each idea exactly once when it comes up', async () => {
    const port = await freePort();
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await submitIdea(app, ideaBody({ idea: `장애 중 접수된 아이디어 ${i}` }));
      expect(response.statusCode).toBe(202);
      ids.push(response.json<IdeaReceipt>().id);
    }
    // The worker has tried and failed: every row is waiting for a retry with the error recorded. The follow-up
    // queues the mails now (not after its settle time), and a round that finds none due has tried them all.
    await followUpAll(app.database);
    await app.outbox.settled();
    expect(await waitingForRetry(app.database)).toBe(5);
    const [stored] = await app.database.rows<{ n: number }>(sql`select count(*)::int as n from ideas`);
    expect(Number(stored?.n)).toBe(5);

    smtp = await startSmtpServer(port);
    await smtp.waitFor(5);
    await app.outbox.settled(); // a whole round after that found nothing due: nothing is sent twice
    expect(await outboxCounts(app.database)).toEqual({ sent: 5 });
    expect(smtp.received).toHaveLength(5);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId))).toEqual(
      new Set(ids.map((id) => `<idea-${id}@mvp24.example>`)),
    );
  });

  it('announces when it has sent everything due: settled() wakes the worker and waits for a round with nothing to send', async () => {
    const port = await freePort();
    // Polls and retries far apart: only settled()'s own wake-up can send the mail before the test's timeout.
    const app = await startApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_POLL_MS: '600000',
      MAIL_RETRY_BASE_MS: '600000',
      MAIL_RETRY_MAX_MS: '600000',
    });
    expect((await submitIdea(app, ideaBody({ idea: '조용한 시간에 도착한 아이디어' }))).statusCode).toBe(202);
    // SMTP is down: the first attempt fails and the retry is ten minutes away. A failed mail is not due.
    await followUpAll(app.database);
    await app.outbox.settled();
    expect(await waitingForRetry(app.database)).toBe(1);
    smtp = await startSmtpServer(port);
    expect(smtp.received).toHaveLength(0);
    // Due again now, with SMTP up: settled() resolves only after the round that sent it and one that found nothing.
    await app.database.rows(sql`update outbox set next_attempt_at = now()`);
    await app.outbox.settled();
    expect(smtp.received).toHaveLength(1);
    expect(await outboxCounts(app.database)).toEqual({ sent: 1 });
  });

  it('marks a mail failed once it is older than the max age', async () => {
    const port = await freePort();
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_AGE_HOURS: '1' });
    expect((await submitIdea(app)).statusCode).toBe(202);
    await followUpAll(app.database);
    // An hour and more has passed (the clock moved in the database): the next attempt gives up on it.
    await app.database.rows(sql`update outbox set created_at = now() - interval '61 minutes', next_attempt_at = now()`);
    await app.outbox.settled();
    expect(await outboxCounts(app.database)).toEqual({ failed: 1 });
  });

  it('answers 429 with Retry-After and a Korean message past the per-IP limit, counted in the database', async () => {
    smtp = await startSmtpServer();
    const app = await startApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_IP: '3' });
    for (let i = 0; i < 3; i += 1) expect((await submitIdea(app, ideaBody(), {}, '203.0.113.7')).statusCode).toBe(202);
    const limited = await submitIdea(app, ideaBody(), {}, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(limited.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/잠시 후 다시 시도해주세요/) },
    });
    // Another client is still welcome.
    expect((await submitIdea(app, ideaBody(), {}, '198.51.100.9')).statusCode).toBe(202);
    const counted = async () =>
      Number(
        (
          await app.database.rows<{ count: number }>(
            sql`select count from rate_limits where key = 'intake:203.0.113.7'`,
          )
        )[0]?.count,
      );
    expect(await counted()).toBe(4);
    // A client that keeps sending after its 429 is answered from memory: no further write.
    for (let i = 0; i < 5; i += 1) expect((await submitIdea(app, ideaBody(), {}, '203.0.113.7')).statusCode).toBe(429);
    expect(await counted()).toBe(4);
    expect(await app.database.rows(sql`select id from ideas`)).toHaveLength(4);
  });

  it('never refuses for the number of clients: past MAIL_DIGEST_THRESHOLD ideas are stored and reach the team in one digest', async () => {
    smtp = await startSmtpServer();
    const app = await startApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_IP: '100', MAIL_DIGEST_THRESHOLD: '2' });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const response = await submitIdea(
        app,
        ideaBody({ idea: `많이 몰린 날의 아이디어 ${i}`, name: `신청자${i}` }),
        {},
        `192.0.2.${i}`,
      );
      expect(response.statusCode).toBe(202);
      ids.push(response.json<IdeaReceipt>().id);
    }
    // The first two are mailed one by one; the other three wait for the digest.
    await smtp.waitFor(2);
    await app.outbox.settled();
    expect(await outboxCounts(app.database)).toEqual({ sent: 2, pending: 3 });
    const outcomes = await app.jobs.runDue(new Date());
    expect(outcomes['digest-mail']).toBe('digest of 3 ideas sent');
    const mails = await smtp.waitFor(3);
    expect(mails).toHaveLength(3);
    const digest = mails[2]!.parsed;
    expect(digest.subject).toMatch(/^\[아이디어 묶음\] 3건: 신청자3님 외/);
    for (const id of ids.slice(2)) expect(digest.text).toContain(`접수 번호: ${id}`);
    for (const id of ids.slice(0, 2)) expect(digest.text).not.toContain(id);
    expect(await outboxCounts(app.database)).toEqual({ sent: 5 });
    // Its turn is taken: the next digest waits for the period, and nothing is sent twice.
    expect((await app.jobs.runDue(new Date()))['digest-mail']).toBeUndefined();
  });

  it('keeps a digest held while SMTP is down and sends it once SMTP is back', async () => {
    const port = await freePort();
    const app = await startApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_WORKER: 'false',
      MAIL_DIGEST_THRESHOLD: '1',
    });
    await submitIdea(app, ideaBody(), {}, '192.0.2.10');
    await submitIdea(app, ideaBody({ idea: '두 번째' }), {}, '192.0.2.11');
    await followUpAll(app.database);
    const now = Date.now();
    expect((await app.jobs.runDue(new Date(now)))['digest-mail']).toMatch(/^failed: /);
    expect(await outboxCounts(app.database)).toEqual({ pending: 2 });
    smtp = await startSmtpServer(port);
    // A failed turn is retried a minute later, not a whole period later.
    expect((await app.jobs.runDue(new Date(now + 61_000)))['digest-mail']).toBe('digest of 1 ideas sent');
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });

  it('answers /healthz 503 and submissions 500 when the database does not answer', async () => {
    const database = await store.open();
    const app = await startApp({ MAIL_WORKER: 'false' }, database);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await database.close();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    // A submission that cannot be stored is a 500 with the Korean message, never a stack trace.
    const failed = await submitIdea(app);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: { code: 'internal_error', message: expect.stringMatching(/잠시 후 다시 시도해주세요/) },
    });
    expect(failed.body).not.toMatch(/at |Error|stack/);
  });

  if (driver === 'pglite') {
    it('writes an .eml file under DATA_DIR/outbox when no SMTP_URL is set', async () => {
      const app = await startApp({});
      const response = await submitIdea(app, ideaBody({ idea: '설정 없이도 메일 파일이 남아요' }));
      const { id } = response.json<IdeaReceipt>();
      const file = path.join(store.dataDir, 'outbox', `${id}.eml`);
      await followUpAll(app.database);
      await app.outbox.settled();
      expect(await outboxCounts(app.database)).toEqual({ sent: 1 });
      const parsed = await simpleParser(fs.readFileSync(file));
      expect(parsed.subject).toContain('설정 없이도 메일 파일이 남아요');
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('team@mvp24.example');
    });
  }

  if (driver === 'postgres') {
    // 11 s on an idle machine; up to five times that while other suites share the two cores.
    it(
      'two instances share the rate limit and deliver 200 ideas as exactly 200 mails',
      { timeout: 120_000 },
      async () => {
        smtp = await startSmtpServer();
        const env = { SMTP_URL: smtp.url, MAIL_POLL_MS: '20' };
        const [a, b] = [await startApp(env), await startApp(env)];
        const responses = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            submitIdea(i % 2 === 0 ? a! : b!, ideaBody({ idea: `아이디어 ${i}` }), {}, `10.0.${i % 7}.1`),
          ),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(202));
        await smtp.waitFor(200, 90_000);
        // Both workers finished a round with nothing due: every mail is recorded sent, and none is coming again.
        await Promise.all([a!.outbox.settled(), b!.outbox.settled()]);
        expect((await outboxCounts(a!.database)).sent).toBe(200);
        expect(smtp.received).toHaveLength(200);
        expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(200);
        const ideas = smtp.received.map((mail) => /아이디어 \d+/.exec(mail.parsed.text ?? '')?.[0]);
        expect(new Set(ideas).size).toBe(200);

        // Rate limits are shared: 3 per IP across both instances.
        await a!.close();
        await b!.close();
        apps.length = 0;
        const limited = { RATE_LIMIT_PER_IP: '3', MAIL_WORKER: 'false' };
        const [c, d] = [await startApp(limited), await startApp(limited)];
        const codes = [];
        for (const app of [c, d, c, d]) codes.push((await submitIdea(app!, ideaBody(), {}, '203.0.113.50')).statusCode);
        expect(codes).toEqual([202, 202, 202, 429]);
      },
    );
  }
});
