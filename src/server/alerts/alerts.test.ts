/**
 * Alerts through the second channel (decision 074), on PGlite AND PostgreSQL, with a real SMTP server that refuses
 * or is down and a real HTTP server as the webhook: a permanent failure and an overdue backlog each alert once, in
 * Slack's or Discord's format, with no personal data; across two instances and a restart; while the webhook is down
 * first. /healthz reports the backlog. The clock of the backlog is moved by ageing rows, not by sleeping.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdeaReceipt } from '../../domain/idea';
import type { Database } from '../db/client';
import { ALERT_KEEP_DAYS, MAIL_ALERTS_EVERY_MS } from '../jobs/mail-alerts';
import { freePort } from '../../../test-support/server/postgres-cluster';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { startSmtpServer, type SmtpTestServer } from '../../../test-support/server/smtp-test-server';
import { DRIVERS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';
import { isDiscordWebhook, webhookBody } from './webhook';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../../test-support/server/test-app';
import { followUpAll } from '../ideas/follow-up';

const ALERT_UNSENT_MINUTES = 15;
const VISITOR = { name: '홍길동', email: 'gildong@example.com', phone: '010-1234-5678', idea: '동네 빵집 예약 앱' };

const alertRows = (database: Database) =>
  database.rows<{ key: string; status: string; attempts: number; last_error: string | null }>(
    sql`select key, status, attempts, last_error from alerts order by created_at`,
  );

/** Moves the outbox's clock back instead of waiting: every unsent idea was stored `minutes` ago. */
const ageOutbox = (database: Database, minutes: number) =>
  database.rows(
    sql`update outbox set created_at = now() - ${minutes}::int * interval '1 minute' where status <> 'sent'`,
  );

function expectNoPersonalData(text: string): void {
  for (const value of Object.values(VISITOR)) expect(text).not.toContain(value);
}

describe('webhook format', () => {
  it('recognises Discord webhooks by host and path, and posts {content} to them and {text} to the rest', () => {
    expect(isDiscordWebhook('https://discord.com/api/webhooks/1/abc')).toBe(true);
    expect(isDiscordWebhook('https://canary.discordapp.com/api/webhooks/1/abc')).toBe(true);
    expect(isDiscordWebhook('https://hooks.slack.com/services/T/B/x')).toBe(false);
    expect(isDiscordWebhook('https://discord.com.evil.example/api/webhooks/1')).toBe(false);
    expect(webhookBody('https://discord.com/api/webhooks/1/abc', 'auto', '알림')).toEqual({ content: '알림' });
    expect(webhookBody('https://hooks.slack.com/services/T/B/x', 'auto', '알림')).toEqual({ text: '알림' });
    expect(webhookBody('https://chat.example/hook', 'discord', '알림')).toEqual({ content: '알림' });
    expect(webhookBody('https://discord.com/api/webhooks/1/abc', 'slack', '알림')).toEqual({ text: '알림' });
  });
});

describe.each(DRIVERS)('alerts on %s', (driver) => {
  let store: TestDatabase;
  let smtp: SmtpTestServer | undefined;
  let webhook: WebhookTestServer;
  const apps: FastifyInstance[] = [];

  async function startApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const app = await buildTestApp(store, {
      ...DELIVERY_TEST_ENV,
      ALERT_WEBHOOK_URL: webhook.url,
      ALERT_UNSENT_MINUTES: String(ALERT_UNSENT_MINUTES),
      ...env,
    });
    apps.push(app);
    return app;
  }

  async function submit(app: FastifyInstance): Promise<string> {
    const response = await submitIdea(app, ideaBody(VISITOR));
    expect(response.statusCode).toBe(202);
    return response.json<IdeaReceipt>().id;
  }

  const health = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    return {
      statusCode: response.statusCode,
      body: response.json<{ status: string; mail: Record<string, unknown> }>(),
    };
  };

  beforeAll(async () => {
    store = await testDatabase(driver);
  });

  afterEach(async () => {
    while (apps.length > 0) await apps.pop()?.close();
    await smtp?.stop();
    smtp = undefined;
    await webhook?.stop();
    await store.empty();
  });

  afterAll(() => store.cleanup());

  it('alerts a permanent refusal at once, in Slack format, once, and /healthz turns degraded', async () => {
    webhook = await startWebhookServer();
    smtp = await startSmtpServer();
    smtp.refuseWith = 550;
    const app = await startApp({ SMTP_URL: smtp.url });
    expect((await health(app)).body.status).toBe('ok');
    const id = await submit(app);
    const [alert] = await webhook.waitFor(1);
    expect(Object.keys(alert!)).toEqual(['text']);
    const text = String(alert!.text);
    expect(text).toContain(id);
    expect(text).toContain('550');
    expect(text).toMatch(/메일 서버가 거부했습니다/);
    expectNoPersonalData(text);
    // The round that posted it records it sent.
    await app.alerts.idle();
    expect((await alertRows(app.database))[0]?.status).toBe('sent');
    // The job's later turns find nothing new to send.
    await app.jobs.runDue(new Date());
    expect(webhook.posts).toBe(1);
    const { statusCode, body } = await health(app);
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', mail: { failed: 1, unsent: 0, overdue: 0, degraded: true } });
  }, 60_000); // the suite's first app opens PGlite: slow on a loaded machine

  it(`alerts once, in Discord format, when ideas wait past ${ALERT_UNSENT_MINUTES} minutes unsent`, async () => {
    webhook = await startWebhookServer();
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, ALERT_WEBHOOK_FORMAT: 'discord' });
    const ids = [await submit(app), await submit(app)];
    await followUpAll(app.database); // their mails queued (decision 119), as the background does within seconds
    const now = Date.now();
    expect((await app.jobs.runDue(new Date(now)))['mail-alerts']).toMatch(/^2 unsent \(0 overdue\)/);
    expect(webhook.posts).toBe(0);
    expect((await health(app)).body).toMatchObject({ status: 'ok', mail: { unsent: 2, overdue: 0 } });

    await ageOutbox(app.database, ALERT_UNSENT_MINUTES + 5);
    const { body } = await health(app);
    expect(body).toMatchObject({ status: 'degraded', mail: { unsent: 2, overdue: 2, failed: 0 } });
    expect(Number(body.mail.oldestUnsentSeconds)).toBeGreaterThanOrEqual((ALERT_UNSENT_MINUTES + 5) * 60);

    expect((await app.jobs.runDue(new Date(now + MAIL_ALERTS_EVERY_MS)))['mail-alerts']).toMatch(
      /backlog alert stored, 1 alerts sent$/,
    );
    expect(webhook.received).toHaveLength(1);
    const content = String(webhook.received[0]!.content);
    expect(Object.keys(webhook.received[0]!)).toEqual(['content']);
    expect(content).toMatch(/팀 메일이 나가지 않고 있습니다\. 아직 보내지 못한 아이디어 2건/);
    // Named by its oldest overdue idea (both were aged alike: either).
    expect(ids.some((id) => content.includes(id))).toBe(true);
    expectNoPersonalData(content);
    // The next turn sees the same backlog: no second alert.
    expect((await app.jobs.runDue(new Date(now + 2 * MAIL_ALERTS_EVERY_MS)))['mail-alerts']).toMatch(
      /; 0 alerts sent$/,
    );
    expect(webhook.posts).toBe(1);
  });

  it('keeps an alert while the webhook is down and sends it once after a restart', async () => {
    webhook = await startWebhookServer();
    webhook.failNext = 2;
    smtp = await startSmtpServer();
    smtp.refuseWith = 554;
    const first = await startApp({ SMTP_URL: smtp.url });
    const id = await submit(first);
    // The mail's refusal is recorded by the outbox's round, which stores the alert and nudges its sender.
    await followUpAll(first.database);
    await first.outbox.settled();
    await first.alerts.idle();
    expect((await alertRows(first.database))[0]?.last_error).toBe('webhook answered 500');
    expect(webhook.received).toHaveLength(0);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await startApp({ SMTP_URL: smtp.url });
    // The job's turns retry it once its backoff has passed (moved in the database) until the webhook takes it.
    let now = Date.now();
    for (let turn = 0; turn < 5 && webhook.received.length === 0; turn += 1) {
      await second.alerts.idle();
      await second.database.rows(sql`update alerts set next_attempt_at = now() where status <> 'sent'`);
      now += MAIL_ALERTS_EVERY_MS;
      await second.jobs.runDue(new Date(now));
      await second.alerts.idle();
    }
    expect(webhook.posts).toBe(3);
    expect(String(webhook.received[0]!.text)).toContain(id);
    expect(await alertRows(second.database)).toEqual([
      { key: `mail_failed:${id}:1`, status: 'sent', attempts: 3, last_error: null },
    ]);
    await second.jobs.runDue(new Date(now + MAIL_ALERTS_EVERY_MS));
    expect(webhook.posts).toBe(3);
  });

  it(`drops alerts sent more than ${ALERT_KEEP_DAYS} days ago, and only those`, async () => {
    webhook = await startWebhookServer();
    smtp = await startSmtpServer();
    const app = await startApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'false' });
    const [old, recent, unsent] = [await submit(app), await submit(app), await submit(app)];
    await app.database.rows(sql`
      insert into alerts (key, kind, idea_id, status, sent_at) values
        (${`mail_failed:${old}:1`}, 'mail_failed', ${old}::uuid, 'sent', now() - ${ALERT_KEEP_DAYS + 1}::int * interval '1 day'),
        (${`mail_failed:${recent}:1`}, 'mail_failed', ${recent}::uuid, 'sent', now() - ${ALERT_KEEP_DAYS - 1}::int * interval '1 day'),
        (${`mail_failed:${unsent}:1`}, 'mail_failed', ${unsent}::uuid, 'pending', null)`);
    expect((await app.jobs.runDue(new Date()))['mail-alerts']).toMatch(/1 alerts sent, 1 old alerts dropped$/);
    expect((await alertRows(app.database)).map((row) => row.key).sort()).toEqual(
      [`mail_failed:${recent}:1`, `mail_failed:${unsent}:1`].sort(),
    );
  });

  it.runIf(driver === 'postgres')('sends each alert once with two instances sending at the same time', async () => {
    webhook = await startWebhookServer();
    const port = await freePort();
    const one = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_WORKER: 'false' });
    const two = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_WORKER: 'false' });
    for (let i = 0; i < 3; i += 1) await submit(one);
    await followUpAll(one.database);
    await ageOutbox(one.database, ALERT_UNSENT_MINUTES + 1);
    await one.database.rows(sql`
      insert into alerts (key, kind, idea_id) select 'mail_failed:' || idea_id || ':1', 'mail_failed', idea_id from outbox`);
    const now = new Date();
    await Promise.all([one.jobs.runDue(now), two.jobs.runDue(now), one.alerts.sendDue(), two.alerts.sendDue()]);
    await Promise.all([one.alerts.sendDue(), two.alerts.sendDue()]);
    // Three failure alerts and one backlog alert, each posted once.
    expect(webhook.received).toHaveLength(4);
    expect(webhook.posts).toBe(4);
    expect((await alertRows(one.database)).every((row) => row.status === 'sent')).toBe(true);
  });
});
