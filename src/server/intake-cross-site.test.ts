/**
 * Only our page can submit (decision 076), on PGlite AND PostgreSQL through `app.inject`: a submission another
 * site's page makes the browser send (JSON, multipart or the form post, with that site's Origin) is refused with
 * 403 before anything is stored; a form token counts for one idea, a second idea with it goes to the spam folder as
 * `token_reused`, while a retry of the same submission (same Idempotency-Key) replays the first receipt unflagged;
 * the housekeeping job drops used tokens once they have expired.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT, type IdeaReceipt } from '../domain/idea';
import { followUpAll } from './ideas/follow-up';
import { insertIdeas, type NewIdea, type Stored } from './ideas/idea-store';
import { tokenUse, type FormTokenUse } from './intake/used-form-tokens';
import { housekeepingJob } from './jobs/housekeeping';
import { formToken, ideaBody, submitIdea } from '../../test-support/server/intake-client';
import { multipartBody, webmBytes } from '../../test-support/server/voice-memo-body';
import { DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { buildTestApp } from '../../test-support/server/test-app';

const API_KEY = 'public-site-key';
const SITE = 'http://localhost:80'; // inject's Host is localhost:80
const ATTACKER = 'https://ideas-for-free.example';
const PARTNER = 'https://partner.mvp24.example';

describe.each(DRIVERS)('only our page can submit, on %s', (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await testDatabase(driver);
    app = await buildTestApp(store, {
      PUBLIC_API_KEY: API_KEY,
      ALLOWED_ORIGINS: PARTNER,
      MAIL_WORKER: 'false',
      JOBS: 'false',
      RATE_LIMIT_PER_IP: '100000',
    });
  });

  afterEach(() => store.empty(app.database));

  afterAll(async () => {
    await app.close();
    store.cleanup();
  });

  /** The stored ideas and their team mails, once their follow-up (which queues the mails, decision 119) ran. */
  const ideas = async () => {
    await followUpAll(app.database);
    return app.database.rows<{ id: string; spam_reason: string | null; outbox: number }>(sql`
      select i.id::text as id, i.spam_reason, (select count(*)::int from outbox o where o.idea_id = i.id) as outbox
      from ideas i order by i.received_at`);
  };

  /** What the token rule decided per idea of a group. */
  const outcomes = (stored: Stored[]) => stored.map(({ created, spamReason }) => ({ created, spamReason }));

  /** A token's use as a group commit left it (its idea stored or not): the row only. */
  const recordUse = async (use: FormTokenUse) => {
    const { hash, key, expiresAt } = tokenUse(use);
    await app.database.rows(sql`
      insert into used_form_tokens (token_hash, idempotency_key, expires_at)
      values (${hash}, ${key}::text, ${expiresAt.toISOString()}::timestamptz)`);
  };

  const memoFields = (token = formToken()) => ({
    idea: '',
    name: '목소리로 보낸 분',
    email: 'voice@example.com',
    phone: '',
    website: '',
    formToken: token,
    memoDurationMs: '3000',
  });

  async function sendMultipart(
    fields: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const body = await multipartBody(fields, { bytes: webmBytes(4096) });
    return app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': body.contentType, ...headers },
      payload: body.payload,
    });
  }

  const formPost = (fields: Record<string, string>, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  const textFields = {
    idea: '다른 사이트가 보낸 아이디어',
    name: '모르는 방문자',
    email: 'visitor@example.com',
    phone: '',
    website: '',
  };

  it('refuses what another site makes the browser send, in every content type, with 403 and nothing stored', async () => {
    // fetch(…, { mode: 'no-cors', body: FormData }) from another site: no API key can come along, only its Origin.
    const multipart = await sendMultipart(memoFields(), { origin: ATTACKER });
    expect(multipart.statusCode, multipart.body).toBe(403);
    expect(multipart.json()).toMatchObject({ error: { code: 'forbidden_origin' } });
    // Even with the public key, read from our page's script.
    const keyed = await sendMultipart(memoFields(), { origin: ATTACKER, apikey: API_KEY });
    expect(keyed.statusCode).toBe(403);
    const json = await submitIdea(app, ideaBody(), { origin: ATTACKER, apikey: API_KEY });
    expect(json.statusCode).toBe(403);
    const form = await formPost(textFields, { origin: ATTACKER });
    expect(form.statusCode).toBe(403);
    expect(form.headers['content-type']).toContain('text/html');
    const sandboxed = await submitIdea(app, ideaBody(), { origin: 'null', apikey: API_KEY });
    expect(sandboxed.statusCode).toBe(403);
    expect(await ideas()).toEqual([]);
  });

  it('takes the same from our own page, from an ALLOWED_ORIGINS page, and from a client that names no origin', async () => {
    expect((await sendMultipart(memoFields(), { origin: SITE, apikey: API_KEY })).statusCode).toBe(202);
    expect((await sendMultipart(memoFields(), { origin: PARTNER, apikey: API_KEY })).statusCode).toBe(202);
    expect((await submitIdea(app, ideaBody(), { origin: SITE, apikey: API_KEY })).statusCode).toBe(202);
    expect((await submitIdea(app, ideaBody(), { apikey: API_KEY })).statusCode).toBe(202);
    expect((await formPost(textFields, { origin: SITE })).statusCode).toBe(303);
    expect((await formPost({ ...textFields, idea: '오래된 브라우저에서 보낸 아이디어' }, {})).statusCode).toBe(303);
    const stored = await ideas();
    expect(stored).toHaveLength(6);
    expect(stored.every((idea) => idea.spam_reason === null && idea.outbox === 1)).toBe(true);
  });

  it('sends a second idea with a used form token to the spam folder as token_reused, unmailed', async () => {
    const token = formToken();
    const first = await submitIdea(app, ideaBody({ formToken: token }), {
      apikey: API_KEY,
      'idempotency-key': 'first-submission-1',
    });
    const second = await submitIdea(app, ideaBody({ formToken: token, idea: '같은 토큰으로 보낸 다른 아이디어' }), {
      apikey: API_KEY,
      'idempotency-key': 'second-submission-1',
    });
    const third = await submitIdea(app, ideaBody({ formToken: token, idea: '키 없이 같은 토큰으로 보낸 아이디어' }), {
      apikey: API_KEY,
    });
    const memo = await sendMultipart(memoFields(token), { apikey: API_KEY, 'idempotency-key': 'memo-submission-1' });
    for (const response of [first, second, third, memo]) expect(response.statusCode, response.body).toBe(202); // a bot learns nothing
    const stored = await ideas();
    expect(stored.map((idea) => idea.id)).toEqual(
      [first, second, third, memo].map((response) => response.json<IdeaReceipt>().id),
    );
    expect(stored.map((idea) => [idea.spam_reason, idea.outbox])).toEqual([
      [null, 1],
      ['token_reused', 0],
      ['token_reused', 0],
      ['token_reused', 0],
    ]);
  });

  it('replays the first receipt for a retry of the same submission, one after the other or at once, unflagged', async () => {
    const body = ideaBody();
    const headers = { apikey: API_KEY, 'idempotency-key': 'page-retry-0001' };
    const first = await submitIdea(app, body, headers);
    const retry = await submitIdea(app, body, headers);
    expect(retry.statusCode).toBe(202);
    expect(retry.json<IdeaReceipt>().id).toBe(first.json<IdeaReceipt>().id);

    // A voice memo sent again while the first upload is still in flight.
    const fields = memoFields();
    const memoHeaders = { apikey: API_KEY, 'idempotency-key': 'memo-retry-0001' };
    const both = await Promise.all([sendMultipart(fields, memoHeaders), sendMultipart(fields, memoHeaders)]);
    expect(both.map((response) => response.statusCode)).toEqual([202, 202]);
    expect(both[1]!.json<IdeaReceipt>().id).toBe(both[0]!.json<IdeaReceipt>().id);

    // The same key with other content is still a conflict, not a way round the single use.
    const changed = await submitIdea(app, { ...body, idea: '키를 재사용해 바꾼 내용' }, headers);
    expect(changed.statusCode).toBe(422);
    // A first attempt that used its token and then failed before the idea was stored (the database went away):
    // the page's retry carries the same token and key, and is that submission, not a replay.
    const failed = ideaBody();
    const failedKey = 'page-retry-0002';
    const expiresAt = new Date(Date.now() + 60_000);
    await recordUse({ token: String(failed.formToken), idempotencyKey: failedKey, expiresAt });
    expect((await submitIdea(app, failed, { apikey: API_KEY, 'idempotency-key': failedKey })).statusCode).toBe(202);
    const stored = await ideas();
    expect(stored.map((idea) => [idea.spam_reason, idea.outbox])).toEqual([
      [null, 1],
      [null, 1],
      [null, 1],
    ]);
  });

  it('lets one of several uses of a token in one group commit through, and its retries', async () => {
    const token = formToken();
    const expiresAt = new Date(Date.now() + 60_000);
    const sentWith = (use: string, idempotencyKey: string | undefined): NewIdea => ({
      id: crypto.randomUUID(),
      receivedAt: new Date(),
      spamReason: null,
      fields: { idea: '같은 순간에 보낸 아이디어', name: '동시에 누른 분', email: 'together@example.com', phone: '' },
      tokenUse: tokenUse({ token: use, idempotencyKey, expiresAt }),
      idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: 'same-body' } : undefined,
    });
    // The first use wins; a retry of it (same key: not created again) is no replay; other keys and none are.
    expect(
      outcomes(
        await insertIdeas(app.database, [
          sentWith(token, 'together-0001'),
          sentWith(token, 'together-0002'),
          sentWith(token, 'together-0001'),
          sentWith(token, undefined),
        ]),
      ),
    ).toEqual([
      { created: true, spamReason: null },
      { created: true, spamReason: 'token_reused' },
      { created: false, spamReason: null },
      { created: true, spamReason: 'token_reused' },
    ]);
    // Later, against the stored use.
    expect(
      outcomes(await insertIdeas(app.database, [sentWith(token, 'together-0001'), sentWith(token, 'together-0003')])),
    ).toEqual([
      { created: false, spamReason: null },
      { created: true, spamReason: 'token_reused' },
    ]);
    const keyless = formToken();
    expect(
      outcomes(await insertIdeas(app.database, [sentWith(keyless, undefined), sentWith(keyless, undefined)])),
    ).toEqual([
      { created: true, spamReason: null },
      { created: true, spamReason: 'token_reused' },
    ]);
  });

  it('forgets used tokens once they have expired (the housekeeping job)', async () => {
    const now = new Date();
    const expired = { token: formToken(), idempotencyKey: undefined, expiresAt: new Date(now.getTime() - 1000) };
    const live = { token: formToken(), idempotencyKey: undefined, expiresAt: new Date(now.getTime() + 60_000) };
    await recordUse(expired);
    await recordUse(live);
    expect(await housekeepingJob(app.database).run(now)).toContain('1 used form tokens removed');
    const kept = await app.database.rows<{ token_hash: string }>(sql`select token_hash from used_form_tokens`);
    expect(kept.map((row) => row.token_hash)).toEqual([tokenUse(live).hash]);
  });

  it('gives the token back when the idea could not be stored, so the next press is not taken for a replay', async () => {
    const token = formToken();
    // The database refuses this one idea (as a full disk or a failing commit would).
    await app.database.rows(sql`alter table ideas add constraint refuse_typo check (name <> '오타가 있는 이름')`);
    try {
      const failed = await submitIdea(app, ideaBody({ formToken: token, name: '오타가 있는 이름' }), {
        'idempotency-key': 'store-failed-0001',
        apikey: API_KEY,
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await app.database.rows(sql`alter table ideas drop constraint refuse_typo`);
    }
    // The visitor fixes the name and presses again: new values, so a new Idempotency-Key, the same token.
    const again = await submitIdea(app, ideaBody({ formToken: token, name: '고친 이름' }), {
      'idempotency-key': 'store-failed-0002',
      apikey: API_KEY,
    });
    expect(again.statusCode).toBe(202);
    expect(await ideas()).toEqual([{ id: again.json<IdeaReceipt>().id, spam_reason: null, outbox: 1 }]);
  });

  it('keeps idempotency keys as long as a token lasts, so a token cannot be replayed once its key is gone', async () => {
    const response = await submitIdea(app, ideaBody(), {
      'idempotency-key': 'kept-with-its-token-01',
      apikey: API_KEY,
    });
    expect(response.statusCode).toBe(202);
    const twoDays = 2 * 24 * 3_600_000;
    const later = new Date(Date.now() + 1.5 * 24 * 3_600_000);
    // With week-long tokens the key outlives a day; with the minimum it goes after one.
    expect(await housekeepingJob(app.database, { idempotencyKeyMs: twoDays }).run(later)).toContain(
      '0 idempotency keys',
    );
    expect(await housekeepingJob(app.database).run(later)).toContain('1 idempotency keys');
  });
});
