/**
 * Every HTTP answer of the app, through `app.inject` (PGlite): the intake's 202 and each refusal, the form token,
 * the static site with its cache and security headers, the 404 page and the health check.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../content/site';
import type { FormTokenAnswer } from '../domain/endpoints';
import { FORM_TOKEN_ENDPOINT, IDEA_ENDPOINT, IDEA_LIMITS, type ApiErrorBody, type IdeaReceipt } from '../domain/idea';
import { buildApp } from './app';
import { followUpAll } from './ideas/follow-up';
import { INTAKE_BODY_LIMIT } from './intake/body-limit';
import { testConfig } from './config';
import { verifyFormToken } from './intake/form-token';
import { formToken, ideaBody, submitIdea, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { INLINE_SCRIPT, PRECOMPRESSED_BROTLI, siteFixture } from '../../test-support/server/site-fixture';
import { testDatabase, type TestDatabase } from '../../test-support/server/test-database';

const API_KEY = 'pk_test_public_site_key';

let app: FastifyInstance;
let store: TestDatabase;
let site: ReturnType<typeof siteFixture>;

async function countRows(
  table: 'ideas' | 'outbox' | 'idempotency_keys' | 'idea_follow_ups',
  where = sql`true`,
): Promise<number> {
  const [row] = await app.database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return Number(row?.n);
}

beforeAll(async () => {
  store = await testDatabase('pglite');
  site = siteFixture();
  app = await buildApp(
    testConfig({
      DATA_DIR: store.dataDir,
      SITE_DIR: site.siteDir,
      FORM_SECRET: TEST_FORM_SECRET,
      PUBLIC_API_KEY: API_KEY,
      MAIL_WORKER: 'false',
      RATE_LIMIT_PER_IP: '1000',
    }),
  );
});

afterAll(async () => {
  await app.close();
  store.cleanup();
  site.cleanup();
});

const withKey = { apikey: API_KEY };

describe('POST idea endpoint', () => {
  it('answers 202 with the receipt and stores the idea with its follow-up, which queues its mail once', async () => {
    const before = Date.now();
    const response = await submitIdea(app, ideaBody({ extra: 'ignored' }), withKey);
    expect(response.statusCode).toBe(202);
    const receipt = response.json<IdeaReceipt>();
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
    const receivedAt = Date.parse(receipt.receivedAt);
    expect(receivedAt).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(receipt.promisedBy) - receivedAt).toBe(24 * 3_600_000);
    const [idea] = await app.database.rows<{ name: string; phone: string; spam_reason: string | null }>(
      sql`select name, phone, spam_reason from ideas where id = ${receipt.id}::uuid`,
    );
    expect(idea).toEqual({ name: '김민지', phone: '010-1234-5678', spam_reason: null });
    // Stored with the idea: its follow-up entry, which the follow-up turns into its team mail (decision 119).
    expect(
      await countRows('idea_follow_ups', sql`idea_id = ${receipt.id}::uuid and team_digest_after is not null`),
    ).toBe(1);
    await followUpAll(app.database);
    expect(await countRows('outbox', sql`idea_id = ${receipt.id}::uuid and status = 'pending'`)).toBe(1);
    await followUpAll(app.database);
    expect(await countRows('outbox', sql`idea_id = ${receipt.id}::uuid`)).toBe(1);
  });

  it('accepts the key as Authorization: Bearer too', async () => {
    const response = await submitIdea(app, ideaBody(), { authorization: `Bearer ${API_KEY}` });
    expect(response.statusCode).toBe(202);
  });

  it('answers 401 for a wrong or missing key', async () => {
    const cases: Record<string, string>[] = [{ apikey: 'wrong' }, {}, { authorization: 'Bearer nope' }];
    for (const headers of cases) {
      const response = await submitIdea(app, ideaBody(), headers);
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiErrorBody>().error.code).toBe('unauthorized');
    }
  });

  it('answers 415 for anything but JSON, the browser form post (form-post.test.ts) and multipart with a voice memo (voice-memo-intake.test.ts)', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const response = await app.inject({
        method: 'POST',
        url: IDEA_ENDPOINT,
        headers: { ...withKey, 'content-type': type },
        payload: 'idea=hi&name=a&email=a@b.co',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json<ApiErrorBody>().error).toMatchObject({ code: 'unsupported_media_type' });
    }
  });

  it('answers 413 above the intake limit, declared or chunked', async () => {
    // Three bytes a syllable in JSON: a third of the limit in syllables is over it whatever the limit is.
    const big = JSON.stringify(ideaBody({ idea: '가'.repeat(Math.ceil(INTAKE_BODY_LIMIT / 3) + 1) }));
    expect(Buffer.byteLength(big)).toBeGreaterThan(INTAKE_BODY_LIMIT);
    const declared = await submitIdea(app, big, withKey);
    expect(declared.statusCode).toBe(413);
    expect(declared.json<ApiErrorBody>().error.code).toBe('payload_too_large');
    const { Readable } = await import('node:stream');
    const chunked = await app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { ...withKey, 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(big)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json<ApiErrorBody>().error.code).toBe('payload_too_large');
  });

  it('answers 400 invalid_json for malformed or empty JSON and non-object bodies', async () => {
    for (const payload of ['{"idea": "x",', '', '[1,2]', '"text"']) {
      const response = await submitIdea(app, payload, withKey);
      expect(response.statusCode, payload).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code, payload).toBe('invalid_json');
      expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts)|stack/i);
    }
  });

  it('answers 400 validation_failed with a Korean message per field', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ idea: '   ' }, ['idea']],
      [{ name: '' }, ['name']],
      [{ email: undefined }, ['email']],
      [{ email: 'not-an-email' }, ['email']],
      [{ idea: 'a'.repeat(IDEA_LIMITS.idea + 1) }, ['idea']],
      [{ name: 'a'.repeat(IDEA_LIMITS.name + 1) }, ['name']],
      [{ phone: '1'.repeat(IDEA_LIMITS.phone + 1) }, ['phone']],
      [{ idea: '', name: '', email: '' }, ['idea', 'name', 'email']],
    ];
    const before = await countRows('ideas');
    for (const [overrides, fields] of cases) {
      const response = await submitIdea(app, ideaBody(overrides), withKey);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const { error } = response.json<ApiErrorBody>();
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}).sort()).toEqual([...fields].sort());
      for (const message of Object.values(error.fields ?? {})) expect(message).toMatch(/[가-힣]/);
    }
    expect(await countRows('ideas')).toBe(before);
  });

  it('replays the first answer for a repeated Idempotency-Key and stores nothing new', async () => {
    const key = crypto.randomUUID();
    const body = ideaBody();
    const first = await submitIdea(app, body, { ...withKey, 'idempotency-key': key });
    const ideasAfterFirst = await countRows('ideas');
    const second = await submitIdea(app, body, { ...withKey, 'idempotency-key': key });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect(await countRows('ideas')).toBe(ideasAfterFirst);
    await followUpAll(app.database);
    expect(await countRows('outbox', sql`idea_id = ${first.json<IdeaReceipt>().id}::uuid`)).toBe(1);
  });

  it('answers 422 idempotency_conflict for the same key with a different body', async () => {
    const key = crypto.randomUUID();
    expect((await submitIdea(app, ideaBody(), { ...withKey, 'idempotency-key': key })).statusCode).toBe(202);
    const conflict = await submitIdea(app, ideaBody({ idea: '완전히 다른 아이디어입니다' }), {
      ...withKey,
      'idempotency-key': key,
    });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json<ApiErrorBody>().error.code).toBe('idempotency_conflict');
  });

  it('gives a bot that fills the honeypot a normal 202 but mails nothing', async () => {
    const response = await submitIdea(app, ideaBody({ website: 'http://spam.example' }), withKey);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<IdeaReceipt>();
    const [row] = await app.database.rows<{ spam_reason: string }>(
      sql`select spam_reason from ideas where id = ${id}::uuid`,
    );
    expect(row?.spam_reason).toBe('honeypot');
    expect(await countRows('outbox', sql`idea_id = ${id}::uuid`)).toBe(0);
  });

  it('gives a too-fast, tokenless or forged submission a normal 202 but mails nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ formToken: formToken(500) }, 'too_fast'],
      [{ formToken: undefined }, 'token_missing'],
      [{ formToken: formToken(10_000, 'another-secret-another-secret-another') }, 'token_invalid'],
    ];
    for (const [overrides, reason] of cases) {
      const response = await submitIdea(app, ideaBody(overrides), withKey);
      expect(response.statusCode, reason).toBe(202);
      const { id } = response.json<IdeaReceipt>();
      const [row] = await app.database.rows<{ spam_reason: string }>(
        sql`select spam_reason from ideas where id = ${id}::uuid`,
      );
      expect(row?.spam_reason).toBe(reason);
      expect(await countRows('outbox', sql`idea_id = ${id}::uuid`)).toBe(0);
    }
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/functions/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiErrorBody>().error.code).toBe('not_found');
  });
});

describe('form token', () => {
  it('issues a signed token that verifies after the minimum fill time', async () => {
    const response = await app.inject({ method: 'GET', url: FORM_TOKEN_ENDPOINT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, minFillMs } = response.json<FormTokenAnswer>();
    expect(minFillMs).toBe(app.config.form.minFillMs); // the form waits this long before it sends
    const options = { secret: TEST_FORM_SECRET, minFillMs: 3000, maxAgeMs: 86_400_000 };
    expect(verifyFormToken(token, options)).toEqual({ ok: false, reason: 'too_fast' });
    expect(verifyFormToken(token, { ...options, now: Date.now() + 3500 })).toMatchObject({ ok: true });
  });
});

describe('site', () => {
  it('serves each page from its index.html with and without the trailing slash, HTML no-cache, compressed', async () => {
    for (const url of pagePaths.flatMap((path) => (path === '/' ? [path] : [path, `${path}/`]))) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
    }
    const gzip = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends the precompressed Brotli copy from the build as it is, and compresses on the fly without one', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(PRECOMPRESSED_BROTLI)).toBe(true);
    // No .gz copy in the fixture: gzip is made on the fly, and decodes to the same script.
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(zlib.brotliDecompressSync(PRECOMPRESSED_BROTLI))).toBe(true);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown paths with HTTP 404 and the 404 page', async () => {
    for (const url of ['/nope', '/about/nope', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('페이지를 찾을 수 없습니다');
    }
  });

  it('sends security headers with a hash-based script CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp.match(/sha256-/g)).toHaveLength(1); // JSON-LD is data: no hash
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends no CORS headers to origins not in ALLOWED_ORIGINS', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: IDEA_ENDPOINT,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('healthz', () => {
  it('answers 200 while the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
  });
});
