/**
 * The idea form posted by the browser itself (no JavaScript, or before the page code arrived; decision 063), on
 * PGlite AND PostgreSQL, through `app.inject`: a good post is stored, answered with a 303 to a Korean receipt page
 * and mailed to a real SMTP server with a note that it came without the script; every refusal is a Korean page
 * naming what went wrong, and stores nothing.
 */
import { leadReference } from '../domain/lead-reference';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { intakePages } from '../content/intake-pages';
import { IDEA_ENDPOINT, IDEA_RECEIPT_PATH } from '../domain/endpoints';
import { IDEA_LIMITS, PROMISE_HOURS, required, tooLong } from '../domain/idea';
import { formatKst } from '../domain/kst';
import { INTAKE_BODY_LIMIT } from './intake/body-limit';
import { teamMailCopy } from '../content/team-mail';
import { DRIVERS } from '../../test-support/server/test-database';
import { intakeSuite } from '../../test-support/server/test-app';
import { formPost } from '../../test-support/server/intake-client';

const fields = {
  idea: '동네 꽃집 <b>예약</b> & 배달 앱을 만들고 싶어요.',
  name: '박서준',
  email: 'seojun@example.com',
  phone: '',
  website: '',
};

describe.each(DRIVERS)('the form posted without JavaScript, on %s', (driver) => {
  const suite = intakeSuite(driver);
  let app: FastifyInstance;
  const count = async (table: 'ideas' | 'outbox') =>
    Number((await app.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);

  async function start(env: Record<string, string> = {}) {
    app = await suite.start({
      PUBLIC_API_KEY: 'public-site-key', // required of the script, not of the browser's own form
      ...env,
    });
    return app;
  }

  it('stores the idea, sends the visitor to a Korean receipt page and mails the team with a note', async () => {
    await start();
    const response = await formPost(app, fields);
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(new RegExp(`^${IDEA_RECEIPT_PATH}/[0-9a-f-]{36}\\?link=[A-Za-z0-9_-]{43}$`));
    const id = location.split('?')[0]!.split('/').pop()!;

    const [stored] = await app.database.rows<{
      without_script: boolean;
      spam_reason: string | null;
      received_at: Date | string;
    }>(sql`select without_script, spam_reason, received_at from ideas where id = ${id}::uuid`);
    expect(stored).toMatchObject({ without_script: true, spam_reason: null });

    const receipt = await app.inject({ method: 'GET', url: location });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.headers['cache-control']).toBe('no-store');
    expect(receipt.headers['x-robots-tag']).toBe('noindex');
    const receivedAt = new Date(stored!.received_at);
    expect(receipt.body).toContain('<html lang="ko">');
    expect(receipt.body).toContain(intakePages.received.title);
    // The reference every text says (the full id stays in the URL).
    expect(receipt.body).toContain(`<dd>${leadReference(id)}</dd>`);
    expect(receipt.body).toContain(formatKst(new Date(receivedAt.getTime() + PROMISE_HOURS * 3_600_000)));
    expect(receipt.body).toContain('href="/"');
    expect(receipt.body).not.toContain(fields.name); // nothing the visitor typed
    expect(receipt.body).not.toContain(fields.email);

    const [mail] = await suite.smtp.waitFor(1);
    expect(mail!.parsed.text).toContain(fields.idea);
    expect(mail!.parsed.text).toContain(teamMailCopy.withoutScript);
    expect(mail!.parsed.html).toContain('동네 꽃집 &lt;b&gt;예약&lt;/b&gt; &amp; 배달');
  });

  it('takes the longest valid idea: 5,000 Korean characters, about 45 KB once the browser urlencodes them', async () => {
    await start();
    const response = await formPost(app, { ...fields, idea: '가'.repeat(IDEA_LIMITS.idea) });
    expect(response.statusCode).toBe(303);
    expect(await count('ideas')).toBe(1);
  });

  it('stores one idea when the same form is sent twice (refresh, double press): the same receipt', async () => {
    await start();
    const first = await formPost(app, fields);
    const second = await formPost(app, fields);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await count('ideas')).toBe(1);
    const other = await formPost(app, { ...fields, idea: '다른 아이디어입니다.' });
    expect(other.headers.location).not.toBe(first.headers.location);
    expect(await count('ideas')).toBe(2);
  });

  it('stores one idea when a double press sends the same form twice at once (one write batch)', async () => {
    await start();
    const [first, second] = await Promise.all([formPost(app, fields), formPost(app, fields)]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await count('ideas')).toBe(1);
  });

  it('names each missing or too long field on a Korean page, and stores nothing', async () => {
    await start();
    const response = await formPost(app, { ...fields, idea: ' ', email: '', name: '가'.repeat(IDEA_LIMITS.name + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(intakePages.invalid.title);
    // Without the page's script there is no recorder: the idea is asked for as text.
    expect(response.body).toContain(required('idea'));
    expect(response.body).not.toContain('음성 메모');
    expect(response.body).toContain(required('email'));
    expect(response.body).toContain(tooLong('name'));
    expect(response.body).toContain(intakePages.back);
    expect(response.body).not.toMatch(/at \w+ \(|node_modules|Error:/); // no stack trace
    expect(await count('ideas')).toBe(0);
  });

  it('gives a filled honeypot the same receipt a person gets, sets the idea aside and mails nothing', async () => {
    await start();
    const response = await formPost(app, { ...fields, website: 'https://spam.example' });
    expect(response.statusCode).toBe(303);
    const id = (response.headers.location as string).split('?')[0]!.split('/').pop()!;
    expect((await app.inject({ method: 'GET', url: response.headers.location as string })).statusCode).toBe(200);
    const [row] = await app.database.rows<{ spam_reason: string }>(
      sql`select spam_reason from ideas where id = ${id}::uuid`,
    );
    expect(row!.spam_reason).toBe('honeypot');
    expect(await count('outbox')).toBe(0);
  });

  it('refuses a form from another site, an oversize body and other content types, storing nothing', async () => {
    await start();
    const foreign = await formPost(app, fields, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain(intakePages.failed.title);

    // Nine urlencoded bytes a syllable: a ninth of the limit in syllables is over it whatever the limit is.
    const oversize = await formPost(app, { ...fields, idea: '가'.repeat(Math.ceil(INTAKE_BODY_LIMIT / 9) + 1) });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.headers['content-type']).toContain('text/html');

    const plain = await app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': 'text/plain' },
      payload: 'idea=x',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(await count('ideas')).toBe(0);
  });

  it('counts form posts against the same per-client rate limit, answering a Korean page', async () => {
    await start({ RATE_LIMIT_PER_IP: '2' });
    for (const n of [1, 2])
      expect((await formPost(app, { ...fields, idea: `아이디어 ${n}` }, {}, '10.1.1.1')).statusCode).toBe(303);
    const limited = await formPost(app, { ...fields, idea: '아이디어 3' }, {}, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(await count('ideas')).toBe(2);
  });

  it('still requires the API key of the script path, and answers an unknown receipt with 404', async () => {
    await start();
    const json = await app.inject({
      method: 'POST',
      url: IDEA_ENDPOINT,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(fields),
    });
    expect(json.statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await app.inject({ method: 'GET', url: `${IDEA_RECEIPT_PATH}/${id}` })).statusCode).toBe(404);
    }
  });
});
