/**
 * Logs without personal data, whatever fails (decision 075), on PGlite AND PostgreSQL: each failure path is made to
 * fail for real (a group commit the database refuses, a voice memo insert it refuses, a real SMTP server refusing a
 * mail with a reply that echoes it) while the app's pino lines are captured, and the log is searched for every
 * visitor's name, e-mail, phone, idea text, address and memo bytes.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { followUpAll } from './ideas/follow-up';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT } from '../domain/idea';
import { buildApp } from './app';
import { testConfig } from './config';
import { LOGGED_ERROR_MESSAGE_CHARS, loggerOptions, safeError, withoutValues } from './logger';
import { freePort } from '../../test-support/server/postgres-cluster';
import { formToken, ideaBody, submitIdea, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { multipartBody, webmBytes } from '../../test-support/server/voice-memo-body';
import { APP_TEST_TIMEOUT_MS, DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';

interface Visitor {
  idea: string;
  name: string;
  email: string;
  phone: string;
  ip: string;
}

const visitor = (i: number): Visitor => ({
  idea: `동네 세탁소 수거 예약 앱 아이디어 번호${i} secret-plan-${i}`,
  name: `홍길동${i}`,
  email: `visitor${i}.private@example.com`,
  phone: `010-5555-${String(1000 + i)}`,
  ip: `203.0.113.${i + 1}`,
});

/** Every value of every visitor that must not be in the log, and the ones that are. */
function leaked(log: string, visitors: Visitor[]): string[] {
  return visitors
    .flatMap((v) => [v.idea, v.idea.slice(0, 12), `secret-plan-`, v.name, v.email, v.phone, v.ip])
    .filter((value) => log.includes(value));
}

describe('the request serializer', () => {
  it("logs a status link as its path without the token, which opens and erases a visitor's data", () => {
    const options = loggerOptions(testConfig({ LOG_LEVEL: 'info' })) as {
      serializers: { req: (request: { method: string; url: string }) => { url: string } };
    };
    const token = 'Ab3_-'.repeat(8) + 'xyz';
    for (const url of [`/status/${token}`, `/status/${token}/data`, `/status/${token}/delete?x=1`]) {
      const logged = options.serializers.req({ method: 'GET', url });
      expect(JSON.stringify(logged)).not.toContain(token);
      expect(logged.url).toMatch(/^\/status\//);
    }
    expect(options.serializers.req({ method: 'GET', url: '/about?x=1' }).url).toBe('/about');
  });

  it('hides the token however the path is spelled: percent-encoded, doubled slashes, dot segments, letter case', () => {
    const options = loggerOptions(testConfig({ LOG_LEVEL: 'info' })) as {
      serializers: { req: (request: { method: string; url: string }) => { url: string } };
    };
    const token = 'Ab3_-'.repeat(8) + 'xyz';
    for (const url of [
      `/%73tatus/${token}/data`,
      `/%73%74%61%74%75%73/${token}`,
      `//status/${token}`,
      `/./status/${token}/memo`,
      `/about/../status/${token}`,
      `/STATUS/${token}`,
      `/status%2F${token}`,
      `/status/%${token}`,
    ]) {
      const logged = options.serializers.req({ method: 'GET', url });
      expect(JSON.stringify(logged), url).not.toContain(token);
      expect(logged.url).toBe('/status/…');
    }
  });
});

describe('safeError', () => {
  it('keeps the kind, codes and frames of an error and takes the values out of its message and cause', () => {
    const cause = Object.assign(new Error('new row for relation "ideas" violates check constraint "x"'), {
      code: '23514',
      detail: 'Failing row contains (홍길동, visitor@example.com, 010-5555-1234).',
    });
    const error = new Error(
      'Failed query: insert into ideas (name) values ($1)\nparams: 홍길동,visitor@example.com,203.0.113.9',
      { cause },
    );
    const safe = safeError(error) as Record<string, unknown>;
    const text = JSON.stringify(safe);
    for (const value of ['홍길동', 'visitor@example.com', '203.0.113.9', '010-5555-1234', 'Failing row'])
      expect(text).not.toContain(value);
    expect(safe).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into ideas … values …',
      cause: { code: '23514' },
    });
    expect(String(safe.stack)).toMatch(/^Error: Failed query: insert into ideas … values …\n\s+at /);
    expect(withoutValues('x'.repeat(5000)).length).toBe(LOGGED_ERROR_MESSAGE_CHARS + 1);
    expect(
      safeError('Message failed: 550 5.7.1 rejected: [아이디어 접수] 홍길동님 secret-plan <visitor@example.com>'),
    ).toBe('Message failed: 550 5.7.1 …');
    expect(safeError(Object.assign(new Error('Rejected as spam: secret-plan'), { responseCode: 554 }))).toMatchObject({
      message: 'Rejected as spam',
      responseCode: 554,
    });
  });
});

describe.each(DRIVERS)('logs without personal data when storing or mailing fails, on %s', (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let lines: string[];
  let refusingSmtp: SMTPServer | undefined;

  beforeAll(async () => {
    store = await testDatabase(driver);
  });

  afterEach(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (refusingSmtp ? refusingSmtp.close(() => resolve()) : resolve()));
    refusingSmtp = undefined;
    const connection = await store.open();
    await connection.rows(sql`alter table ideas drop constraint if exists log_test_refused`);
    await connection.rows(sql`alter table voice_memos drop constraint if exists log_test_refused`);
    await store.empty(connection);
    await connection.close();
  });

  afterAll(() => store.cleanup());

  async function startApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    lines = [];
    app = await buildApp(
      testConfig({
        ...store.appEnv,
        LOG_LEVEL: 'info',
        FORM_SECRET: TEST_FORM_SECRET,
        RATE_LIMIT_PER_IP: '100000',
        JOBS: 'false',
        MAIL_WORKER: 'false',
        MAIL_DIGEST_THRESHOLD: '1000000',
        ...env,
      }),
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    await app.ready();
    return app;
  }

  const logged = (msg: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === msg);

  it(
    'a group commit the database refuses: the 500 is logged with its code, and no visitor of the group is in the log',
    async () => {
      await startApp();
      const visitors = Array.from({ length: 17 }, (_, i) => visitor(i));
      const refused = visitors[8]!;
      // The database refuses one row; its error names the failing row's values (detail) and the query its parameters.
      await app.database.rows(
        sql.raw(`alter table ideas add constraint log_test_refused check (name <> '${refused.name}')`),
      );
      const responses = await Promise.all(
        visitors.map((v) =>
          submitIdea(app, ideaBody({ idea: v.idea, name: v.name, email: v.email, phone: v.phone }), {}, v.ip),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(
        visitors.map((v) => (v === refused ? 500 : 202)),
      );
      expect(logged('request failed')).toEqual([
        expect.objectContaining({
          err: expect.objectContaining({ cause: expect.objectContaining({ code: '23514' }) }),
        }),
      ]);
      expect(leaked(lines.join('\n'), visitors)).toEqual([]);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'a voice memo insert the database refuses: no memo bytes, no visitor in the log',
    async () => {
      await startApp();
      const v = visitor(40);
      const memo = webmBytes(64 * 1024);
      await app.database.rows(sql`alter table voice_memos add constraint log_test_refused check (byte_size < 0)`);
      const body = await multipartBody(
        {
          idea: v.idea,
          name: v.name,
          email: v.email,
          phone: v.phone,
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
        remoteAddress: v.ip,
      });
      expect(response.statusCode).toBe(500);
      const log = lines.join('\n');
      expect(logged('request failed')).toEqual([
        expect.objectContaining({
          err: expect.objectContaining({ cause: expect.objectContaining({ code: '23514' }) }),
        }),
      ]);
      expect(log.length).toBeLessThan(10_000);
      expect(log).not.toContain(memo.subarray(1024, 1024 + 300).toString('base64'));
      expect(leaked(log, [v])).toEqual([]);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'an SMTP refusal that echoes the mail: the failure is logged without the visitor',
    async () => {
      const port = await freePort();
      // A spam filter's refusal quoting the message back: its subject (name and idea) and Reply-To (e-mail).
      refusingSmtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then((mail) =>
              callback(
                Object.assign(
                  new Error(`5.7.1 Rejected as spam: "${mail.subject}" from ${mail.replyTo?.text} ${mail.text}`),
                  { responseCode: 550 },
                ),
              ),
            )
            .catch(callback);
        },
      });
      await new Promise<void>((resolve) => refusingSmtp!.listen(port, '127.0.0.1', () => resolve()));
      await startApp({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_WORKER: 'true',
        MAIL_POLL_MS: '50',
        MAIL_RETRY_BASE_MS: '60000',
      });
      const v = visitor(50);
      expect(
        (await submitIdea(app, ideaBody({ idea: v.idea, name: v.name, email: v.email, phone: v.phone }), {}, v.ip))
          .statusCode,
      ).toBe(202);
      // A 5xx is a permanent refusal: the row is failed at once and an alert stored (decision 074).
      await followUpAll(app.database);
      await app.outbox.settled();
      expect(logged('team mail failed; alert stored')[0]!.err).toMatch(/550 5\.7\.1/);
      const [row] = await app.database.rows<{ last_error: string }>(sql`select last_error from outbox`);
      expect(row!.last_error).toContain(v.name); // the refusal did echo the visitor: the team sees it in the database
      expect(leaked(lines.join('\n'), [v])).toEqual([]);
    },
    APP_TEST_TIMEOUT_MS,
  );
});
