/**
 * The founder's side (decision 084) on PGlite and PostgreSQL, through the real intake and a real SMTP server: the
 * confirmation mail (once, none of the typed text, capped per address, none for spam, none with FOUNDER_MAIL=false),
 * the status page and its companions, the ready mail (once), and erasure (the token hash, consent record and queued
 * mails go; the link then says so, and nothing else changes).
 */
import { founderMailCopy } from '../../content/founder-mail';
import { leadReference } from '../../domain/lead-reference';
import { sql } from 'drizzle-orm';
import { followUpAll } from '../ideas/follow-up';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { statusPageCopy } from '../../content/status-page';
import type { IdeaReceipt } from '../../domain/idea';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { DRIVERS } from '../../../test-support/server/test-database';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { changeStage } from '../ideas/lead-stages';
import { PRIVACY_VERSION } from '../../content/privacy-version';
import { IDEA_ENDPOINT } from '../../domain/idea';
import { formPost, formToken } from '../../../test-support/server/intake-client';
import { intakePages } from '../../content/intake-pages';
import { memoFixture, multipartBody } from '../../../test-support/server/voice-memo-body';
import { buildTestApp, TEST_APP_ENV } from '../../../test-support/server/test-app';

const IDEA_TEXT = '동네 빵집의 남은 빵을 저녁에 싸게 파는 앱 <b>굵게</b>';
const NAME = '박서준';

async function founderRows(app: FastifyInstance) {
  return app.database.rows<{ idea_id: string; kind: string; status: string }>(
    sql`select idea_id::text as idea_id, kind, status from founder_mails order by created_at, kind`,
  );
}

const origin = { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DRIVERS)('the founder side on %s', (driver) => {
  const suite = intakeSuite(driver);
  const start = (env: Record<string, string> = {}) =>
    suite.start({ ...DELIVERY_TEST_ENV, FOUNDER_MAIL: 'true', ...env });

  it('mails a confirmation once, with the link and none of the typed text; the link shows the idea', async () => {
    const app = await start({ SITE_URL: 'https://mvp24.example' });
    const response = await submitIdea(
      app,
      ideaBody({ idea: IDEA_TEXT, name: NAME, email: 'seojun@example.com', consentVersion: PRIVACY_VERSION }),
    );
    expect(response.statusCode).toBe(202);
    const receipt = response.json<IdeaReceipt>();
    expect(receipt.statusUrl).toMatch(/^\/status\/[A-Za-z0-9_-]{43}$/);
    // team mail + confirmation
    const mails = await suite.smtp.waitFor(2);
    const confirmation = mails.find((mail) => mail.envelopeTo.includes('seojun@example.com'))!;
    expect(confirmation).toBeDefined();
    expect(confirmation.parsed.text).toContain(`https://mvp24.example${receipt.statusUrl}`);
    expect(confirmation.parsed.text).toContain(`${founderMailCopy.labels.reference}: ${leadReference(receipt.id)}`);
    expect(confirmation.parsed.text).not.toContain(receipt.id);
    for (const typed of [IDEA_TEXT, '동네 빵집', NAME, '010-1234-5678']) {
      expect(confirmation.raw).not.toContain(typed);
      expect(confirmation.parsed.text).not.toContain(typed);
      expect(confirmation.parsed.html || '').not.toContain(typed);
    }
    await app.outbox.settled();
    expect(suite.smtp.received).toHaveLength(2);
    expect(await founderRows(app)).toEqual([{ idea_id: receipt.id, kind: 'confirmation', status: 'sent' }]);

    // An idempotent replay gives the same link and no second mail.
    const [stored] = await app.database.rows<{ consent_version: string | null; consented_at: Date | null }>(
      sql`select consent_version, consented_at from ideas where id = ${receipt.id}::uuid`,
    );
    expect(stored!.consent_version).toBe(PRIVACY_VERSION);
    expect(stored!.consented_at).not.toBeNull();

    const page = await app.inject({ method: 'GET', url: receipt.statusUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['x-robots-tag'])).toContain('noindex');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
    expect(page.body).toContain('동네 빵집의 남은 빵을 저녁에 싸게 파는 앱 &lt;b&gt;굵게&lt;/b&gt;');
    expect(page.body).toContain('data-countdown');
    expect(page.body).toContain(statusPageCopy.data.download);

    const records = await app.database.rows<{ actor: string; action: string }>(
      sql`select actor, action from access_records where idea_id = ${receipt.id}::uuid`,
    );
    expect(records).toEqual([{ actor: 'visitor', action: 'status_viewed' }]);
  });

  it('caps confirmations per address per day, sends none for spam or with FOUNDER_MAIL=false', async () => {
    const app = await start({ FOUNDER_CONFIRMATIONS_PER_DAY: '2' });
    for (let index = 0; index < 3; index += 1) {
      const response = await submitIdea(app, ideaBody({ idea: `아이디어 ${index}번`, email: 'Same@Example.com' }));
      expect(response.statusCode).toBe(202);
    }
    await submitIdea(app, ideaBody({ idea: '스팸', email: 'bot@example.com', website: 'http://spam.example' }));
    // The follow-up queues the confirmations now; a round that finds nothing due has sent them.
    await followUpAll(app.database);
    await app.outbox.settled();
    const rows = await founderRows(app);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'skipped']);
    await suite.smtp.waitFor(5); // 3 team + 2 confirmations
    await app.outbox.settled();
    const to = (address: string) => (mail: { envelopeTo: string[] }) =>
      mail.envelopeTo.some((recipient) => recipient.toLowerCase() === address);
    expect(suite.smtp.received.filter(to('same@example.com'))).toHaveLength(2);
    expect(suite.smtp.received.some((mail) => mail.envelopeTo.includes('bot@example.com'))).toBe(false);
    await app.close();

    suite.smtp.received.length = 0;
    const off = await start({ FOUNDER_MAIL: 'false' });
    const response = await submitIdea(off, ideaBody({ email: 'quiet@example.com' }));
    expect(response.statusCode).toBe(202);
    await suite.smtp.waitFor(1);
    await off.outbox.settled();
    expect(suite.smtp.received.some((mail) => mail.envelopeTo.includes('quiet@example.com'))).toBe(false);
    expect((await founderRows(off)).filter((row) => row.idea_id === response.json<IdeaReceipt>().id)).toEqual([]);
  });

  it('sends the ready mail once when the prototype is delivered, and shows the link', async () => {
    const app = await start();
    const receipt = (await submitIdea(app, ideaBody({ email: 'ready@example.com' }))).json<IdeaReceipt>();
    await suite.smtp.waitFor(2);
    for (const url of ['https://proto.example/a', 'https://proto.example/b']) {
      await app.database.transaction((rows) =>
        changeStage(rows, receipt.id, { stage: 'delivered', prototypeUrl: url }, { memberId: null }),
      );
    }
    const mails = await suite.smtp.waitFor(3);
    await app.outbox.settled();
    expect(suite.smtp.received).toHaveLength(3);
    const ready = mails.find((mail) => mail.parsed.subject?.includes('프로토타입이 준비'))!;
    expect(ready.envelopeTo).toEqual(['ready@example.com']);
    expect(ready.parsed.text).toContain(receipt.statusUrl);
    const page = await app.inject({ method: 'GET', url: receipt.statusUrl });
    expect(page.body).toContain('https://proto.example/b');
    expect(page.body).toContain('프로토타입 전달');
  });

  it('queues the confirmation first when the prototype is delivered before the idea was followed up', async () => {
    const app = await start();
    const receipt = (await submitIdea(app, ideaBody({ email: 'early@example.com' }))).json<IdeaReceipt>();
    // Right away: the follow-up waits for the intake to settle (decision 118), so nothing is queued yet.
    expect(await founderRows(app)).toEqual([]);
    await app.database.transaction((rows) =>
      changeStage(
        rows,
        receipt.id,
        { stage: 'delivered', prototypeUrl: 'https://proto.example/c' },
        { memberId: null },
      ),
    );
    expect((await founderRows(app)).map((row) => row.kind)).toEqual(['confirmation', 'ready']);
    const mails = await suite.smtp.waitFor(3);
    await app.outbox.settled();
    expect(suite.smtp.received).toHaveLength(3);
    expect(mails.filter((mail) => mail.envelopeTo.includes('early@example.com'))).toHaveLength(2);
  });

  it('downloads, then erases on request; an altered, erased or replayed link gets the Korean page and changes nothing', async () => {
    const app = await start();
    const receipt = (await submitIdea(app, ideaBody({ idea: IDEA_TEXT, name: NAME }))).json<IdeaReceipt>();
    const other = (
      await submitIdea(app, ideaBody({ idea: '다른 아이디어', email: 'o@example.com' }))
    ).json<IdeaReceipt>();
    const download = await app.inject({ method: 'GET', url: `${receipt.statusUrl}/data` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const data = download.json<Record<string, unknown>>();
    expect(data['아이디어']).toBe(IDEA_TEXT);
    expect(data['이름']).toBe(NAME);
    expect(data['개인정보 처리방침 동의']).toBeDefined();

    const altered = receipt.statusUrl.slice(0, -1) + (receipt.statusUrl.endsWith('A') ? 'B' : 'A');
    for (const url of [altered, '/status/short', `${altered}/data`]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain(statusPageCopy.notFound.title);
    }
    const foreign = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete`,
      headers: { ...origin, origin: 'https://evil.example' },
      payload: '',
    });
    expect(foreign.statusCode).toBe(403);
    // A page of ours sends no referrer, so its form posts say Origin: null; only Sec-Fetch-Site tells them apart.
    const blind = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete`,
      headers: { ...origin, origin: 'null', 'sec-fetch-site': 'cross-site' },
      payload: '',
    });
    expect(blind.statusCode).toBe(403);

    const confirm = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete-confirm`,
      headers: origin,
      payload: '',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(statusPageCopy.confirmDelete.title);
    expect((await app.database.rows(sql`select 1 from ideas where id = ${receipt.id}::uuid`)).length).toBe(1);

    const erased = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete`,
      headers: origin,
      payload: '',
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain(statusPageCopy.deleted.title);
    const left = await app.database.rows(sql`
      select (select count(*)::int from ideas where id = ${receipt.id}::uuid) as ideas,
        (select count(*)::int from founder_mails where idea_id = ${receipt.id}::uuid) as founder_mails,
        (select count(*)::int from outbox where idea_id = ${receipt.id}::uuid) as outbox,
        (select count(*)::int from ideas where status_token_hash is not null) as hashes,
        (select count(*)::int from ideas where consent_version is not null or consented_at is not null) as consents`);
    expect(left[0]).toMatchObject({ ideas: 0, founder_mails: 0, outbox: 0, hashes: 1 });

    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/data'],
      ['GET', '/memo'],
      ['POST', '/delete'],
      ['POST', '/delete-confirm'],
    ] as const) {
      const answer = await app.inject({ method, url: `${receipt.statusUrl}${suffix}`, headers: origin, payload: '' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain(statusPageCopy.notFound.title);
    }
    expect((await app.database.rows(sql`select 1 from ideas where id = ${other.id}::uuid`)).length).toBe(1);
    const actions = await app.database.rows<{ action: string; actor: string }>(
      sql`select action, actor from access_records where idea_id = ${receipt.id}::uuid order by seq`,
    );
    expect(actions).toEqual([
      { action: 'visitor_downloaded', actor: 'visitor' },
      { action: 'visitor_erased', actor: 'visitor' },
    ]);
    // What is left of the visitor is the idea's id: no address in their records.
    const addresses = await app.database.rows<{ ip: string | null }>(
      sql`select ip from access_records where idea_id = ${receipt.id}::uuid`,
    );
    expect(addresses.map((row) => row.ip)).toEqual([null, null]);
  });

  it('erases only with its access record: a record that cannot be written leaves the idea in place', async () => {
    const app = await start();
    const receipt = (await submitIdea(app, ideaBody({ idea: IDEA_TEXT, name: NAME }))).json<IdeaReceipt>();
    await app.database.rows(
      sql`alter table access_records add constraint erase_record_refused check (action <> 'visitor_erased')`,
    );
    try {
      const refused = await app.inject({
        method: 'POST',
        url: `${receipt.statusUrl}/delete`,
        headers: origin,
        payload: '',
      });
      expect(refused.statusCode).toBe(500);
      expect((await app.database.rows(sql`select 1 from ideas where id = ${receipt.id}::uuid`)).length).toBe(1);
    } finally {
      await app.database.rows(sql`alter table access_records drop constraint erase_record_refused`);
    }
    const erased = await app.inject({
      method: 'POST',
      url: `${receipt.statusUrl}/delete`,
      headers: origin,
      payload: '',
    });
    expect(erased.statusCode).toBe(200);
    const records = await app.database.rows<{ details: Record<string, number> | string }>(
      sql`select details from access_records where idea_id = ${receipt.id}::uuid and action = 'visitor_erased'`,
    );
    expect(records).toHaveLength(1);
    const details = typeof records[0]!.details === 'string' ? JSON.parse(records[0]!.details) : records[0]!.details;
    expect(details).toMatchObject({ ideas: 1 });
  });

  it('plays the voice memo from the link, with byte ranges', async () => {
    const app = await start();
    const memo = memoFixture('chromium-opus.webm');
    const body = await multipartBody(
      {
        idea: '',
        name: '목소리',
        email: 'voice@example.com',
        phone: '',
        website: '',
        formToken: formToken(),
        memoDurationMs: '3000',
      },
      { bytes: memo },
    );
    const response = await app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(202);
    const { statusUrl } = response.json<IdeaReceipt>();
    const page = await app.inject({ method: 'GET', url: statusUrl });
    expect(page.body).toContain(`<audio controls preload="none" src="${statusUrl}/memo">`);
    const whole = await app.inject({ method: 'GET', url: `${statusUrl}/memo` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(memo)).toBe(true);
    const part = await app.inject({ method: 'GET', url: `${statusUrl}/memo`, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${memo.length}`);
    expect(part.rawPayload.equals(memo.subarray(10, 20))).toBe(true);
    const tail = await app.inject({ method: 'GET', url: `${statusUrl}/memo`, headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(memo.subarray(memo.length - 5))).toBe(true);
    const beyond = await app.inject({
      method: 'GET',
      url: `${statusUrl}/memo`,
      headers: { range: `bytes=${memo.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it.skipIf(driver === 'pglite')('two instances on one database send each confirmation once', async () => {
    const env = {
      ...DELIVERY_TEST_ENV,
      FOUNDER_MAIL: 'true',
      SMTP_URL: suite.smtp.url,
      FOUNDER_CONFIRMATIONS_PER_DAY: '100',
    };
    const first = await buildTestApp(suite.store, { ...TEST_APP_ENV, ...env });
    const second = await buildTestApp(suite.store, { ...TEST_APP_ENV, ...env });
    try {
      const ids: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        const app = index % 2 === 0 ? first : second;
        const response = await submitIdea(app, ideaBody({ idea: `아이디어 ${index}`, email: `p${index}@example.com` }));
        ids.push(response.json<IdeaReceipt>().id);
      }
      await suite.smtp.waitFor(24, 30_000);
      await Promise.all([first.outbox.settled(), second.outbox.settled()]);
      expect(suite.smtp.received).toHaveLength(24);
      for (let index = 0; index < 12; index += 1)
        expect(suite.smtp.received.filter((mail) => mail.envelopeTo.includes(`p${index}@example.com`))).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('offers the status link on the no-JavaScript receipt page only with its token', async () => {
    const app = await start();
    const posted = await formPost(app, {
      idea: '양식으로 보낸 아이디어',
      name: '폼',
      email: 'form@example.com',
      phone: '',
    });
    expect(posted.statusCode).toBe(303);
    const location = String(posted.headers.location);
    const [receiptPath, query] = location.split('?');
    const token = new URLSearchParams(query).get('link')!;
    const withLink = await app.inject({ method: 'GET', url: location });
    expect(withLink.body).toContain(`href="/status/${token}"`);
    expect(withLink.body).toContain(intakePages.received.statusLink);
    expect(withLink.headers['referrer-policy']).toBe('no-referrer');
    for (const url of [receiptPath!, `${receiptPath}?link=${'A'.repeat(43)}`]) {
      const without = await app.inject({ method: 'GET', url });
      expect(without.statusCode).toBe(200);
      expect(without.body).not.toContain('/status/');
    }
    expect((await app.inject({ method: 'GET', url: `/status/${token}` })).statusCode).toBe(200);
  });
});
