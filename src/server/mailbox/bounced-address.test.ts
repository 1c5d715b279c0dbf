/**
 * A bounced address is not mailed again (decision 140): once a bounce marked the founder's address failing (the
 * mailbox reader does it, mailbox.test.ts), the founder outbox skips each mail to it — a team message, the meeting's
 * invitation — with the recorded reason `bounced`, while the founder's KakaoTalk updates still go (against the local
 * SOLAPI). The team sees 「메일 반송」 with the lead's thread and clears the mark (an access record, once); the next
 * mail goes. The team's own copy of the meeting is not held back.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KAKAO_TEMPLATE_KEYS, kakaoTemplates, type KakaoTemplateKey } from '../../content/kakao-templates';
import {
  leadThreadBounceClearPath,
  leadThreadMessagesPath,
  leadThreadPath,
  type ThreadView,
} from '../../domain/thread';
import { startFakeSolapi, type FakeSolapi } from '../../../test-support/server/fake-solapi';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS } from '../../../test-support/server/test-database';
import { replyTokenOf } from '../mail/reply-address';

const FOUNDER = 'bounced@example.com';
const templateIds = Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key, i) => [key, `KA01TP${3000 + i}`])) as Record<
  KakaoTemplateKey,
  string
>;
const account = {
  apiKey: 'NCSBOUNCEDKEY001',
  apiSecret: 'BOUNCEDSECRET0123456789ABCDEFGHIJK',
  sender: '0212345678',
  pfId: 'KA01PF0000000003',
  templates: Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key) => [templateIds[key], kakaoTemplates[key].text])),
};

describe('a bounced founder address', () => {
  const suite = intakeSuite('pglite');
  let solapi: FakeSolapi;
  beforeAll(async () => {
    solapi = await startFakeSolapi(account);
  });
  afterAll(async () => solapi?.stop());

  const start = () =>
    suite.start({
      ...DELIVERY_TEST_ENV,
      FOUNDER_MAIL: 'true',
      REPLY_TO_EMAIL: 'reply@mvp24.example',
      STATUS_LINK_SECRET: 'bounced-test-status-link-secret-0123456789',
      SITE_URL: 'https://mvp24.example',
      SOLAPI_BASE_URL: solapi.baseUrl,
      SOLAPI_API_KEY: account.apiKey,
      SOLAPI_API_SECRET: account.apiSecret,
      SOLAPI_SENDER: account.sender,
      KAKAO_PFID: account.pfId,
      KAKAO_TEMPLATE_IDS: KAKAO_TEMPLATE_KEYS.map((key) => `${key}=${templateIds[key]}`).join(','),
    });

  const send = (app: FastifyInstance, headers: Record<string, string>, id: string, body: string) =>
    app.inject({ method: 'POST', url: leadThreadMessagesPath(id), headers, payload: { body } });

  it(
    'skips mail to it with the reason, keeps the KakaoTalk updates going, and mails again once the team clears it',
    async () => {
      const app = await start();
      const { member, headers } = await signedIn(app.database);
      const id = await storeLead(app.database, { email: FOUNDER, phone: '010-2345-6789', mail: 'sent' });
      await app.database.rows(sql`update ideas set kakao_updates = true where id = ${id}::uuid`);
      await replyTokenOf(app.database.rows, id);
      // What the mailbox reader does with a bounce (mailbox-store.ts).
      await app.database.rows(sql`update reply_addresses set bounced_at = now() where idea_id = ${id}::uuid`);

      expect((await send(app, headers, id, '주 사용자는 누구인가요?')).statusCode).toBe(200);
      // The meeting's invitation to the founder, and the team's copy of it.
      const meeting = crypto.randomUUID();
      await app.database
        .rows(sql`insert into meetings (id, idea_id, starts_at, ends_at, status, mode, created_at, updated_at)
        values (${meeting}::uuid, ${id}::uuid, now() + interval '2 days', now() + interval '2 days 30 minutes', 'booked',
          'phone', now(), now())`);
      await app.database
        .rows(sql`insert into meeting_mails (key, meeting_id, kind, recipient, sequence, created_at, next_attempt_at)
        values (${`${meeting}-founder`}, ${meeting}::uuid, 'request', 'founder', 0, now(), now()),
          (${`${meeting}-team`}, ${meeting}::uuid, 'request', 'team', 0, now(), now())`);
      app.outbox.nudge();
      await suite.smtp.waitForMails((mail) => !mail.envelopeTo.includes(FOUNDER));
      await app.outbox.settled();
      expect(suite.smtp.received.filter((mail) => mail.envelopeTo.includes(FOUNDER))).toEqual([]);
      expect(
        await app.database.rows(sql`select kind, status, last_error from founder_mails where idea_id = ${id}::uuid`),
      ).toEqual([{ kind: 'message', status: 'skipped', last_error: 'bounced' }]);
      expect(
        await app.database.rows(
          sql`select recipient, status, last_error from meeting_mails where meeting_id = ${meeting}::uuid order by recipient`,
        ),
      ).toEqual([
        { recipient: 'founder', status: 'skipped', last_error: 'bounced' },
        { recipient: 'team', status: 'sent', last_error: null },
      ]);
      // The founder who chose KakaoTalk still hears of the message (and of the meeting).
      await app.kakao!.sendDue();
      await app.kakao!.idle();
      expect(solapi.sent.map((sent) => sent.templateId)).toContain(templateIds.message);

      // The team sees the mark, and clears it once the address is checked: one access record, a second click none.
      const thread = (await app.inject({ method: 'GET', url: leadThreadPath(id), headers })).json<ThreadView>();
      expect(thread.mail!.bouncedAt).not.toBeNull();
      for (let click = 0; click < 2; click += 1) {
        const cleared = await app.inject({ method: 'POST', url: leadThreadBounceClearPath(id), headers });
        expect(cleared.statusCode).toBe(200);
        expect(cleared.json<ThreadView>().mail!.bouncedAt).toBeNull();
      }
      const records = await app.database.rows<{ member_id: string }>(
        sql`select member_id::text from access_records where action = 'bounce_cleared' and idea_id = ${id}::uuid`,
      );
      expect(records).toEqual([{ member_id: member.id }]);

      // Mail goes to the address again.
      expect((await send(app, headers, id, '예약은 하루 전까지인가요?')).statusCode).toBe(200);
      const [mail] = await suite.smtp.waitForMails((each) => each.envelopeTo.includes(FOUNDER));
      expect(mail!.parsed.text).toContain('예약은 하루 전까지인가요?');
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a lead that is not there, and a request from another site',
    async () => {
      const app = await start();
      const { headers } = await signedIn(app.database);
      const missing = crypto.randomUUID();
      expect((await app.inject({ method: 'POST', url: leadThreadBounceClearPath(missing), headers })).statusCode).toBe(
        404,
      );
      const id = await storeLead(app.database, { email: FOUNDER });
      const crossSite = await app.inject({
        method: 'POST',
        url: leadThreadBounceClearPath(id),
        headers: { ...headers, origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
    },
    APP_TEST_TIMEOUT_MS,
  );
});
