/**
 * The 24-hour clock's alerts on PGlite and PostgreSQL, with a real SMTP server and a real webhook, the clock moved
 * with `app.jobs.runDue(now)`: at ALERT_REMINDER_HOURS one reminder (to the owner, or the team), at PROMISE_HOURS one
 * overdue alert to the team, each by mail and webhook once — across a restart, and across two instances on one
 * PostgreSQL; none for a delivered, closed or spam-folder lead; no personal data in the chat.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alertCopy, leadAlertCopy } from '../../content/team-mail';
import { PROMISE_HOURS } from '../../domain/idea';
import { testConfig } from '../config';
import { LOOK_BACK_HOURS } from './lead-clock';
import { storeLead, storeMember } from '../../../test-support/server/lead-fixtures';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../../../test-support/server/smtp-test-server';
import { buildTestApp, DELIVERY_TEST_ENV, TEST_APP_ENV } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';

const HOUR = 3_600_000;
/** The reminder's hour: ALERT_REMINDER_HOURS's default, read from the config. */
const REMINDER_HOURS = testConfig().alerts.reminderHours;
const VISITOR = { name: '홍길동', email: 'gildong@example.com', phone: '010-1234-5678', idea: '동네 빵집 예약 앱' };

describe.each(DRIVERS)('the 24-hour clock alerts on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let smtp: SmtpTestServer;
  let webhook: WebhookTestServer;
  const apps: FastifyInstance[] = [];

  const startApp = async () => {
    const app = await buildTestApp(store, {
      ...DELIVERY_TEST_ENV,
      SMTP_URL: smtp.url,
      ALERT_WEBHOOK_URL: webhook.url,
      SITE_URL: 'https://mvp24.example',
      MAIL_WORKER: 'false',
    });
    apps.push(app);
    return app;
  };
  /** The clock's mails (the spam folder's daily report goes out in these turns too). */
  const clockSubjects = [false, true].map((overdue) => leadAlertCopy.mailSubject('', overdue));
  const isClockMail = (mail: ReceivedMail) => clockSubjects.some((subject) => mail.parsed.subject?.startsWith(subject));
  const clockMails = () => smtp.received.filter(isClockMail);
  const waitForClockMails = (count: number) => smtp.waitForMails(isClockMail, count, 10_000);
  const stopApps = async () => {
    while (apps.length > 0) await apps.pop()!.close();
  };

  beforeAll(async () => {
    store = await testDatabase(driver);
    smtp = await startSmtpServer();
    webhook = await startWebhookServer();
  });
  afterEach(async () => {
    await stopApps();
    smtp.received.length = 0;
    webhook.received.length = 0;
    webhook.posts = 0;
    await store.empty();
  });
  afterAll(async () => {
    await smtp?.stop();
    await webhook?.stop();
    store?.cleanup();
  });

  it('reminds at ALERT_REMINDER_HOURS and tells everyone at the promise, once each, by mail and webhook, across a restart', async () => {
    let app = await startApp();
    const database = app.database;
    const base = Date.now() - 30 * HOUR;
    const owner = await storeMember(database, 'member', 'owner@mvp24.example');
    const owned = await storeLead(database, { receivedAt: new Date(base), ownerId: owner.id, ...VISITOR });
    const unowned = await storeLead(database, { receivedAt: new Date(base + 60_000), ...VISITOR });
    await storeLead(database, {
      receivedAt: new Date(base),
      stage: 'delivered',
      prototypeDeliveredAt: new Date(base + 5 * HOUR),
    });
    await storeLead(database, { receivedAt: new Date(base), stage: 'reviewing', ...VISITOR, spamReason: 'honeypot' });
    const closed = await storeLead(database, { receivedAt: new Date(base) });
    await database.rows(sql`update ideas set closed_at = now() where id = ${closed}::uuid`);
    // Received long before the clock's look-back: left alone.
    await storeLead(database, { receivedAt: new Date(base - (LOOK_BACK_HOURS + 1) * HOUR) });

    const at = (hours: number) => new Date(base + hours * HOUR + 2 * 60_000);
    expect((await app.jobs.runDue(at(REMINDER_HOURS - 1)))['lead-clock']).toMatch(/^0 reminders and 0 overdue/);
    expect(clockMails()).toHaveLength(0);

    expect((await app.jobs.runDue(at(REMINDER_HOURS)))['lead-clock']).toBe(
      '2 reminders and 0 overdue alerts stored, 4 alerts sent',
    );
    const reminders = await waitForClockMails(2);
    const to = (mail: (typeof reminders)[number]) => mail.envelopeTo.join(',');
    expect(reminders.map(to).sort()).toEqual(['owner@mvp24.example', TEST_APP_ENV.TEAM_EMAIL].sort());
    const ownerMail = reminders.find((mail) => to(mail) === 'owner@mvp24.example')!;
    expect(ownerMail.parsed.subject).toBe(leadAlertCopy.mailSubject(owned.slice(0, 8), false));
    expect(ownerMail.parsed.text).toContain(`https://mvp24.example/team/leads/${owned}`);
    expect(webhook.received).toHaveLength(2);

    // Another turn a quarter of an hour later, then a restart: nothing new (both turns before the promise's hour).
    await app.jobs.runDue(at(REMINDER_HOURS + 0.25));
    await stopApps();
    app = await startApp();
    await app.jobs.runDue(at(REMINDER_HOURS + 0.5));
    expect(clockMails()).toHaveLength(2);
    expect(webhook.posts).toBe(2);

    expect((await app.jobs.runDue(at(PROMISE_HOURS)))['lead-clock']).toBe(
      '0 reminders and 2 overdue alerts stored, 4 alerts sent',
    );
    const all = await waitForClockMails(4);
    const overdue = all.slice(2);
    expect(overdue.map(to)).toEqual([TEST_APP_ENV.TEAM_EMAIL, TEST_APP_ENV.TEAM_EMAIL]);
    expect(overdue.map((mail) => mail.parsed.subject).sort()).toEqual(
      [leadAlertCopy.mailSubject(owned.slice(0, 8), true), leadAlertCopy.mailSubject(unowned.slice(0, 8), true)].sort(),
    );
    await app.jobs.runDue(at(PROMISE_HOURS + 1));
    expect(clockMails()).toHaveLength(4);
    expect(webhook.received).toHaveLength(4);
    const chat = webhook.received.map((body) => String(body.text)).join('\n');
    expect(chat).toContain(owned.slice(0, 8));
    // Every chat alert names the owner and links the lead's page.
    expect(chat).toContain(alertCopy.owner('owner@mvp24.example'));
    expect(chat).toContain(alertCopy.owner(null));
    expect(chat).toContain(`https://mvp24.example/team/leads/${owned}`);
    expect(chat).toContain(`https://mvp24.example/team/leads/${unowned}`);
    expect(chat).toContain(leadAlertCopy.dueSoon(owned.slice(0, 8), REMINDER_HOURS));
    expect(chat).toContain(leadAlertCopy.overdue(unowned.slice(0, 8), PROMISE_HOURS));
    for (const value of Object.values(VISITOR)) {
      expect(chat).not.toContain(value);
      for (const mail of clockMails()) expect(mail.raw).not.toContain(value);
    }
    const keys = await app.database.rows<{ key: string; status: string }>(
      sql`select key, status from alerts order by key`,
    );
    expect(keys.every((row) => row.status === 'sent')).toBe(true);
    expect(keys.map((row) => row.key)).toEqual(
      [
        `lead_due_soon:${owned}:mail`,
        `lead_due_soon:${owned}:webhook`,
        `lead_due_soon:${unowned}:mail`,
        `lead_due_soon:${unowned}:webhook`,
        `lead_overdue:${owned}:mail`,
        `lead_overdue:${owned}:webhook`,
        `lead_overdue:${unowned}:mail`,
        `lead_overdue:${unowned}:webhook`,
      ].sort(),
    );
  });

  it('retries the webhook apart from the mail: a webhook down does not send the mail twice', async () => {
    const app = await startApp();
    const base = Date.now() - (REMINDER_HOURS + 2) * HOUR;
    await storeLead(app.database, { receivedAt: new Date(base) });
    webhook.failNext = 1;
    await app.jobs.runDue(new Date(base + REMINDER_HOURS * HOUR + 60_000));
    await waitForClockMails(1);
    // The round that sent the mail also met the webhook down; once it is over, the retry's backoff is moved past
    // (the mail row is already sent) and the due alerts are sent.
    await app.alerts.idle();
    await app.database.rows(sql`update alerts set next_attempt_at = now() where status = 'pending'`);
    await app.alerts.sendDue();
    expect(webhook.posts).toBe(2); // the refused post and its retry
    expect(webhook.received).toHaveLength(1);
    expect(clockMails()).toHaveLength(1);
  });

  it.runIf(driver === 'postgres')('sends each alert once with two instances on one PostgreSQL', async () => {
    const [first, second] = [await startApp(), await startApp()];
    const base = Date.now() - 30 * HOUR;
    for (let i = 0; i < 5; i += 1) await storeLead(first.database, { receivedAt: new Date(base + i * 1000) });
    const now = new Date(base + PROMISE_HOURS * HOUR + 60_000);
    await Promise.all([
      first.jobs.runDue(now),
      second.jobs.runDue(now),
      first.alerts.sendDue(),
      second.alerts.sendDue(),
    ]);
    await waitForClockMails(5);
    // One more round of each instance's alert sender: an alert sent twice would go now.
    await Promise.all([first.alerts.sendDue(), second.alerts.sendDue()]);
    expect(clockMails()).toHaveLength(5);
    expect(webhook.received).toHaveLength(5);
  });
});
