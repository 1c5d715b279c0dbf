/**
 * The founder's KakaoTalk updates inside the promise (issue 49, part 2), against the local SOLAPI
 * (test-support/server/fake-solapi.ts): stored with the founder's mail they follow (a trigger), sent once with the
 * template's text and the status link, the SMS/LMS fallback, a refusal failed and alerted, stopped from the status
 * page, erased with the idea, nothing of the number or text in the logs.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KOREAN_MOBILE_INVALID } from '../../domain/korean-mobile';
import { KAKAO_TEMPLATE_KEYS, kakaoTemplates, type KakaoTemplateKey } from '../../content/kakao-templates';
import { statusPageCopy } from '../../content/status-page';
import { formatKst } from '../../domain/kst';
import { statusSubpaths } from '../../domain/status-link';
import { resolveStatusSecret, statusPath, statusToken, statusTokenHash } from '../founder/status-token';
import { eraseIdeas } from '../ideas/erase-ideas';
import { startFakeSolapi, type FakeSolapi } from '../../../test-support/server/fake-solapi';
import { formPost, ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { storeLead } from '../../../test-support/server/lead-fixtures';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS, testDatabase, type TestDatabase } from '../../../test-support/server/test-database';

const templateIds = Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key, i) => [key, `KA01TP${2000 + i}`])) as Record<
  KakaoTemplateKey,
  string
>;
const account = {
  apiKey: 'NCSOUTBOXKEY0001',
  apiSecret: 'OUTBOXSECRET0123456789ABCDEFGHIJKL',
  sender: '0212345678',
  pfId: 'KA01PF0000000002',
  templates: Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key) => [templateIds[key], kakaoTemplates[key].text])),
};

/** The settings that turn the updates on against the local SOLAPI. */
const kakaoEnv = (solapi: FakeSolapi) => ({
  ...DELIVERY_TEST_ENV,
  SITE_URL: 'https://mvp24.example',
  SOLAPI_BASE_URL: solapi.baseUrl,
  SOLAPI_API_KEY: account.apiKey,
  SOLAPI_API_SECRET: account.apiSecret,
  SOLAPI_SENDER: account.sender,
  KAKAO_PFID: account.pfId,
  KAKAO_TEMPLATE_IDS: KAKAO_TEMPLATE_KEYS.map((key) => `${key}=${templateIds[key]}`).join(','),
});

describe('KakaoTalk updates to the founder', () => {
  let store: TestDatabase;
  let solapi: FakeSolapi;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    store = await testDatabase('pglite');
    solapi = await startFakeSolapi(account);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildTestApp(
      store,
      {
        ...kakaoEnv(solapi),
        LOG_LEVEL: 'info',
        // The receipt follows the founder's confirmation mail (the intake's follow-up queues it).
        FOUNDER_MAIL: 'true',
      },
      { logStream },
    );
  }, APP_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await solapi?.stop();
    store?.cleanup();
  });

  /** A lead whose founder asked for KakaoTalk updates, with its status link. */
  async function optedIn(phone = '010-2345-6789') {
    const id = await storeLead(app.database, { phone });
    const secret = await resolveStatusSecret(app.database, undefined);
    const token = statusToken(secret, id);
    await app.database.rows(sql`update ideas set kakao_updates = true, status_token_hash = ${statusTokenHash(token)}
      where id = ${id}::uuid`);
    return { id, token };
  }
  /** What the follow-up and the thread queue: a founder mail (the trigger follows it). */
  const queueFounderMail = (id: string, kind: 'confirmation' | 'message', ref = '') =>
    app.database
      .rows(sql`insert into founder_mails (idea_id, kind, ref, recipient_hash, status, attempts, created_at, next_attempt_at)
      values (${id}::uuid, ${kind}, ${ref}, 'hash', 'pending', 0, now(), now() + interval '1 hour')`);

  it(
    'sends the receipt and a message once, as registered, with the status link; none for a founder who did not ask',
    async () => {
      const { id, token } = await optedIn();
      const other = await storeLead(app.database, { phone: '010-9999-8888' });
      await queueFounderMail(id, 'confirmation');
      await queueFounderMail(other, 'confirmation');
      await queueFounderMail(id, 'message', crypto.randomUUID());
      // Stored again (a retried follow-up): still one each.
      await app.database.rows(sql`insert into kakao_messages (idea_id, source, template)
        select idea_id, source, template from kakao_messages on conflict (source) do nothing`);
      await app.kakao!.sendDue();
      await app.kakao!.idle();
      expect(solapi.refused).toEqual([]);
      expect(solapi.sent.map((sent) => [sent.to, sent.templateId])).toEqual([
        ['01023456789', templateIds.receipt],
        ['01023456789', templateIds.message],
      ]);
      const receipt = solapi.sent[0]!;
      expect(receipt.text).toContain(`접수 번호: ${id.slice(0, 8)}`);
      expect(receipt.variables['#{진행상황링크}']).toBe(`https://mvp24.example${statusPath(token)}`);
      const rows = await app.database.rows<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from kakao_messages group by status`,
      );
      expect(rows).toEqual([{ status: 'sent', n: 2 }]);
      // Ids, templates and codes in the log; never the number or the text.
      const log = logs.join('');
      expect(log).toContain('kakao_sent');
      expect(log).not.toMatch(/01023456789|010-2345-6789|아이디어가 접수되었습니다/);
      solapi.sent.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    "puts the choice, the number and each message sent (kind and time) in the founder's data download, no more",
    async () => {
      const { id, token } = await optedIn('010-6789-0123');
      await queueFounderMail(id, 'confirmation');
      await queueFounderMail(id, 'message', crypto.randomUUID());
      // One still waiting: the team's outbox, not in the download.
      await app.database.rows(sql`insert into kakao_messages (idea_id, source, template, next_attempt_at)
        values (${id}::uuid, 'later', 'quote', now() + interval '1 hour')`);
      await app.kakao!.sendDue();
      const sent = await app.database.rows<{ template: string; sent_at: Date | string; provider_message_id: string }>(
        sql`select template, sent_at, provider_message_id from kakao_messages
          where idea_id = ${id}::uuid and status = 'sent' order by sent_at, id`,
      );
      expect(sent.map((row) => row.template)).toEqual(['receipt', 'message']);
      const k = statusPageCopy.download.kakao;
      const download = await app.inject({ url: `${statusPath(token)}/${statusSubpaths.data}` });
      expect(download.statusCode).toBe(200);
      expect(download.json<Record<string, unknown>>()[k.key]).toEqual({
        [k.chosen]: k.yes,
        [k.number]: '010-6789-0123',
        [k.sent]: sent.map((row) => ({
          [k.kind]: k.kinds[row.template as KakaoTemplateKey],
          [k.sentAt]: formatKst(new Date(row.sent_at)),
        })),
      });
      expect(k.kinds.receipt).toBe('접수 확인');
      // Not the provider's ids nor the text.
      expect(download.body).not.toContain(sent[0]!.provider_message_id);
      expect(download.body).not.toContain(kakaoTemplates.receipt.text.slice(0, 20));

      // Stopped: the choice says so and the number is no longer given for it; what was sent stays listed.
      const stop = await app.inject({
        method: 'POST',
        url: `${statusPath(token)}/${statusSubpaths.stopKakao}`,
        headers: { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(stop.statusCode).toBe(303);
      const after = await app.inject({ url: `${statusPath(token)}/${statusSubpaths.data}` });
      expect(after.json<Record<string, { [key: string]: unknown }>>()[k.key]).toMatchObject({
        [k.chosen]: k.no,
        [k.number]: null,
      });
      expect(after.json<Record<string, Record<string, unknown[]>>>()[k.key]![k.sent]).toHaveLength(2);
      await app.database.rows(sql`delete from kakao_messages where source = 'later'`);
      solapi.sent.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'reports the waiting messages on /healthz: counts and an age, degraded once one waits past ALERT_UNSENT_MINUTES',
    async () => {
      const health = async () =>
        (await app.inject({ url: '/healthz' })).json<{ status: string; kakao: Record<string, unknown> }>();
      expect((await health()).kakao).toEqual({ degraded: false, unsent: 0, overdue: 0, oldestUnsentSeconds: 0 });
      const { id } = await optedIn('010-8765-4321');
      // Retried for an hour (SOLAPI answering 503): the next attempt still ahead, the message overdue.
      await app.database.rows(sql`insert into kakao_messages (idea_id, source, template, attempts, created_at,
          next_attempt_at, last_error)
        values (${id}::uuid, 'health', 'receipt', 4, now() - interval '1 hour', now() + interval '1 hour', 'Scripted503')`);
      const degraded = await health();
      expect(degraded.status).toBe('degraded');
      expect(degraded.kakao).toEqual({
        degraded: true,
        unsent: 1,
        overdue: 1,
        oldestUnsentSeconds: expect.any(Number),
      });
      expect(degraded.kakao.oldestUnsentSeconds).toBeGreaterThanOrEqual(3600);
      const body = JSON.stringify(degraded);
      for (const secret of [id, id.slice(0, 8), '010-8765-4321', '01087654321', 'Scripted503'])
        expect(body).not.toContain(secret);
      // SOLAPI answers again: sent at its next attempt, the backlog empty.
      await app.database.rows(sql`update kakao_messages set next_attempt_at = now() where source = 'health'`);
      await app.kakao!.sendDue();
      await app.kakao!.idle();
      expect((await health()).kakao).toEqual({ degraded: false, unsent: 0, overdue: 0, oldestUnsentSeconds: 0 });
      solapi.sent.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it('falls back to SMS/LMS, fails and alerts a refusal, stops from the status page and is erased with the idea', async () => {
    const noKakao = await optedIn('010-3456-7890');
    solapi.withoutKakao.add('01034567890');
    await queueFounderMail(noKakao.id, 'confirmation');
    await app.kakao!.sendDue();
    expect(solapi.sent.map((sent) => sent.via)).toEqual(['lms']);

    // A template Kakao no longer matches: failed at once, the team alerted.
    const refused = await optedIn('010-4567-8901');
    account.templates[templateIds.message] = '[24시간 MVP] 예전에 등록한 문구 #{접수번호}';
    await queueFounderMail(refused.id, 'message', crypto.randomUUID());
    await app.kakao!.sendDue();
    account.templates[templateIds.message] = kakaoTemplates.message.text;
    const [failed] = await app.database.rows<{ status: string }>(
      sql`select status from kakao_messages where idea_id = ${refused.id}::uuid`,
    );
    expect(failed?.status).toBe('failed');
    const alerts = await app.database.rows<{ details: { reference: string; providerCode: string } }>(
      sql`select details from alerts where kind = 'kakao_failed'`,
    );
    expect(alerts).toEqual([{ details: { reference: refused.id.slice(0, 8), providerCode: '3034' } }]);

    // The founder stops it on the status page: the section goes, a waiting message is skipped, nothing more queued.
    const stopping = await optedIn('010-5678-9012');
    const page = await app.inject({ url: statusPath(stopping.token) });
    expect(page.body).toContain(statusPageCopy.kakao.stop);
    await app.database.rows(sql`insert into kakao_messages (idea_id, source, template, next_attempt_at)
      values (${stopping.id}::uuid, 'waiting', 'quote', now() + interval '1 hour')`);
    const stop = await app.inject({
      method: 'POST',
      url: `${statusPath(stopping.token)}/kakao-stop`,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(stop.statusCode).toBe(303);
    expect(stop.headers.location).toBe(statusPath(stopping.token));
    expect((await app.inject({ url: statusPath(stopping.token) })).body).not.toContain(statusPageCopy.kakao.stop);
    await queueFounderMail(stopping.id, 'confirmation');
    const stopped = await app.database.rows<{ source: string; status: string }>(
      sql`select source, status from kakao_messages where idea_id = ${stopping.id}::uuid`,
    );
    expect(stopped).toEqual([{ source: 'waiting', status: 'skipped' }]);

    await eraseIdeas(app.database, [noKakao.id, refused.id, stopping.id], store.dataDir);
    const left = await app.database.rows(
      sql`select 1 from kakao_messages where idea_id in (${noKakao.id}::uuid, ${refused.id}::uuid, ${stopping.id}::uuid)`,
    );
    expect(left).toEqual([]);
  });

  it(
    'takes the opt-in from the form, with and without JavaScript: a Korean mobile number normalized, a wrong one refused at its field',
    async () => {
      solapi.sent.length = 0;
      const wrong = await submitIdea(app, ideaBody({ kakaoUpdates: true, phone: '02-123-4567' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ phone: KOREAN_MOBILE_INVALID });
      const withoutScript = await formPost(app, {
        ...(ideaBody({ kakaoUpdates: 'on', phone: '1234' }) as Record<string, string>),
        formToken: '',
      });
      expect(withoutScript.statusCode).toBe(400);
      expect(withoutScript.body).toContain(KOREAN_MOBILE_INVALID);
      // Not asked: the 연락처 stays free text, as before.
      expect((await submitIdea(app, ideaBody({ phone: '02-123-4567', email: 'other@example.com' }))).statusCode).toBe(
        202,
      );

      const accepted = await submitIdea(app, ideaBody({ kakaoUpdates: true, phone: '+82 10 7777 8888' }));
      expect(accepted.statusCode).toBe(202);
      const id = accepted.json<{ id: string }>().id;
      const [row] = await app.database.rows<{ phone: string; kakao_updates: boolean }>(
        sql`select phone, kakao_updates from ideas where id = ${id}::uuid`,
      );
      expect(row).toEqual({ phone: '010-7777-8888', kakao_updates: true });
      // The follow-up queues the confirmation mail, and the receipt follows it (the sender polls with the mail).
      await solapi.waitFor(1);
      expect(solapi.sent.map((sent) => [sent.to, sent.templateId])).toEqual([['01077778888', templateIds.receipt]]);
    },
    APP_TEST_TIMEOUT_MS,
  );
});

describe('KakaoTalk updates with two instances on PostgreSQL', () => {
  let store: TestDatabase;
  let solapi: FakeSolapi;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    store = await testDatabase('postgres');
    solapi = await startFakeSolapi(account);
    [first, second] = await Promise.all([buildTestApp(store, kakaoEnv(solapi)), buildTestApp(store, kakaoEnv(solapi))]);
  }, APP_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await solapi?.stop();
    store?.cleanup();
  });

  it(
    'sends each message exactly once while both instances claim batches from the one outbox at once',
    async () => {
      // 12 founders who asked for updates, each with a receipt and a message queued: 24 rows, more than two batches.
      const leads = Array.from({ length: 12 }, (_, index) => `010-3000-${String(index).padStart(4, '0')}`);
      await Promise.all(leads.map((phone) => storeLead(first.database, { phone })));
      await first.database.rows(sql`update ideas set kakao_updates = true`);
      await first.database.rows(sql`
        insert into founder_mails (idea_id, kind, ref, recipient_hash, status, attempts, created_at, next_attempt_at)
        select i.id, kind, case when kind = 'message' then gen_random_uuid()::text else '' end, 'hash', 'pending', 0,
          now(), now() + interval '1 hour'
        from ideas i cross join (values ('confirmation'), ('message')) as kinds (kind)`);
      expect(
        Number((await first.database.rows<{ n: number }>(sql`select count(*)::int as n from kakao_messages`))[0]!.n),
      ).toBe(24);
      // Both race for the rows (besides their own polls and nudges).
      await Promise.all([
        first.kakao!.sendDue(),
        second.kakao!.sendDue(),
        first.kakao!.sendDue(),
        second.kakao!.sendDue(),
      ]);
      await solapi.waitFor(24);
      await Promise.all([first.kakao!.idle(), second.kakao!.idle()]);
      expect(solapi.refused).toEqual([]);
      expect(solapi.sent).toHaveLength(24);
      const pairs = new Set(solapi.sent.map((sent) => `${sent.to} ${sent.templateId}`));
      expect(pairs.size).toBe(24);
      for (const phone of leads) {
        const to = phone.replaceAll('-', '');
        expect(pairs).toContain(`${to} ${templateIds.receipt}`);
        expect(pairs).toContain(`${to} ${templateIds.message}`);
      }
      // At most a batch of 10 per request: at least three requests, and none repeated a message.
      expect(solapi.requests).toBeGreaterThanOrEqual(3);
      const rows = await first.database.rows<{ status: string; attempts: number; n: number; ids: number }>(sql`
        select status, attempts, count(*)::int as n, count(distinct provider_message_id)::int as ids
        from kakao_messages group by status, attempts`);
      expect(rows).toEqual([{ status: 'sent', attempts: 1, n: 24, ids: 24 }]);
    },
    APP_TEST_TIMEOUT_MS,
  );
});
