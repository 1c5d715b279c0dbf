/**
 * A founder's deletion reaches the team (decision 092), on PGlite and PostgreSQL with a real SMTP server and a real
 * webhook: erasing from the status link stores, in the erasure's transaction, one mail to TEAM_EMAIL and one chat
 * alert naming the reference only — never the erased name, address, phone or idea — asking the team to delete its
 * team mail too; each is sent once.
 */
import { sql } from 'drizzle-orm';
import type { ReceivedMail } from '../../../test-support/server/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadAlertCopy } from '../../content/team-mail';
import type { IdeaReceipt } from '../../domain/idea';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { DELIVERY_TEST_ENV, intakeSuite, TEST_APP_ENV } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';

const VISITOR = { name: '최유나', email: 'yuna@example.com', phone: '010-9876-5432', idea: '반려견 산책 매칭 앱' };
const origin = { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DRIVERS)('a founder deletion on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const suite = intakeSuite(driver);
  let webhook: WebhookTestServer;
  beforeAll(async () => {
    webhook = await startWebhookServer();
  });
  afterAll(async () => {
    await webhook?.stop();
  });

  it('mails the team and posts to the chat with the reference only, once', async () => {
    const app = await suite.start({
      ...DELIVERY_TEST_ENV,
      ALERT_WEBHOOK_URL: webhook.url,
      SITE_URL: 'https://mvp24.example',
    });
    const receipt = (await submitIdea(app, ideaBody(VISITOR))).json<IdeaReceipt>();
    await suite.smtp.waitFor(1);
    const reference = receipt.id.slice(0, 8);
    const erased = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete`,
      headers: origin,
      payload: '',
    });
    expect(erased.statusCode).toBe(200);

    const erasedMail = (received: ReceivedMail) => received.parsed.subject === leadAlertCopy.erasedSubject(reference);
    const [mail] = await suite.smtp.waitForMails(erasedMail, 1);
    await webhook.waitFor(1);
    expect(mail?.envelopeTo).toEqual([TEST_APP_ENV.TEAM_EMAIL]);
    expect(mail!.parsed.text).toContain(leadAlertCopy.erased(reference));
    expect(webhook.received).toHaveLength(1);
    const chat = String(webhook.received[0]!.text);
    expect(chat).toContain(reference);
    expect(chat).toContain('메일');
    for (const value of Object.values(VISITOR)) {
      expect(chat).not.toContain(value);
      expect(mail!.raw).not.toContain(value);
    }
    // Erasing again finds nothing and relays nothing more.
    await app.inject({ method: 'POST', url: `${receipt.statusUrl}/delete`, headers: origin, payload: '' });
    await app.alerts.sendDue();
    expect(suite.smtp.received.filter(erasedMail)).toHaveLength(1);
    expect(webhook.received).toHaveLength(1);
    const rows = await app.database.rows<{ key: string; status: string }>(
      sql`select key, status from alerts where kind = 'lead_erased' order by key`,
    );
    expect(rows).toEqual([
      { key: `lead_erased:${receipt.id}:mail`, status: 'sent' },
      { key: `lead_erased:${receipt.id}:webhook`, status: 'sent' },
    ]);
  });
});
