/**
 * The workspace's one text rule (text-guard.ts) on both databases: NUL, a C0 control character or a lone surrogate in
 * a note, a closing reason, an export reason, the search `q` or the public sign-in's credential id is refused with
 * 400 `invalid_text` and its Korean message, changes nothing and logs no error (each was a 500 before).
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teamErrorMessages } from '../../content/workspace';
import { TEAM_AUTH_PATHS } from '../../domain/team-auth-api';
import { LEAD_EXPORT_PATH, LEADS_PATH, leadActionPath } from '../../domain/workspace-api';
import type { Database } from '../db/client';
import { signedIn, storeLead, TEAM_TEST_HOST } from '../../../test-support/server/lead-fixtures';
import { buildTestApp } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { holdsUnstorableText } from './text-guard';

const BAD = { nul: 'a\u0000b', bell: 'a\u0007b', surrogate: 'a\ud800b', lowSurrogate: '\udc00' };

describe('holdsUnstorableText', () => {
  it('finds the bad characters anywhere in a body, keys included, and lets tabs, line breaks and emoji pass', () => {
    for (const bad of Object.values(BAD)) {
      expect(holdsUnstorableText(bad)).toBe(true);
      expect(holdsUnstorableText({ a: [{ b: bad }] })).toBe(true);
      expect(holdsUnstorableText({ [bad]: 1 })).toBe(true);
    }
    expect(holdsUnstorableText({ text: '줄\n바꿈\t탭\r\n😀', n: 1, ok: true, none: null })).toBe(false);
  });
});

describe.each(DRIVERS)('the text rule on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let database: Database;
  let headers: Record<string, string>;
  const logLines: string[] = [];

  beforeAll(async () => {
    store = await testDatabase(driver);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildTestApp(store, { JOBS: 'false', LOG_LEVEL: 'info' }, { logStream });
    database = app.database;
  });
  afterAll(async () => {
    await app?.close();
    store?.cleanup();
  });
  beforeEach(async () => {
    await store.empty(database);
    headers = (await signedIn(database)).headers;
    logLines.length = 0;
  });

  const counts = async () =>
    (
      await database.rows<{ events: string; records: string; challenges: string }>(sql`select
        (select count(*) from idea_events) as events, (select count(*) from access_records) as records,
        (select count(*) from webauthn_challenges) as challenges`)
    )[0];

  const expectRefused = (response: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid_text', message: teamErrorMessages.invalid_text });
  };

  it('refuses a note, a closing reason, an export reason and a search holding them, and changes nothing', async () => {
    const id = await storeLead(database);
    const before = await counts();
    for (const bad of Object.values(BAD)) {
      const post = (url: string, body: unknown) =>
        app.inject({
          method: 'POST',
          url,
          // A JSON body as the page sends it (the escapes reach the server as \u0000 and \ud800).
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      expectRefused(await post(leadActionPath(id, 'notes'), { text: `메모 ${bad}` }));
      expectRefused(await post(leadActionPath(id, 'stage'), { stage: 'closed', reason: bad }));
      expectRefused(await post(LEAD_EXPORT_PATH, { reason: bad }));
    }
    // A URL cannot carry a lone surrogate (its bytes are not UTF-8 and stay escaped); NUL and controls it can.
    for (const q of ['%00', 'a%07b', '%1B'])
      expectRefused(await app.inject({ method: 'GET', url: `${LEADS_PATH}?q=${q}`, headers }));
    expect(await counts()).toEqual(before);
    expect(logLines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });

  it('refuses a NUL in the public sign-in verify before anything is read', async () => {
    const options = await app.inject({
      method: 'POST',
      url: TEAM_AUTH_PATHS.signInOptions,
      headers: { host: TEAM_TEST_HOST, origin: `https://${TEAM_TEST_HOST}` },
    });
    const before = await counts();
    const response = await app.inject({
      method: 'POST',
      url: TEAM_AUTH_PATHS.signInVerify,
      headers: { host: TEAM_TEST_HOST, origin: `https://${TEAM_TEST_HOST}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        challengeId: options.json().challengeId,
        credential: {
          id: 'a\u0000b',
          rawId: 'ab',
          type: 'public-key',
          response: { clientDataJSON: 'x' },
          clientExtensionResults: {},
        },
      }),
    });
    expectRefused(response);
    // The challenge was not consumed: the ceremony may still finish with a proper answer.
    expect(await counts()).toEqual(before);
    expect(logLines.filter((line) => /"level":50/.test(line))).toEqual([]);
  });
});
