/**
 * The workspace scope's guards on both databases: without a live session every path and method answers 401 with no
 * data; a change from another site is refused before the session is looked at; sessions end when idle, at their
 * absolute end and when the member is removed; the access chain finds an edited, removed or inserted record.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_API_PATH } from '../../domain/team-paths';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { buildTestApp } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { appendAccessRecord, recordAccess, verifyAccessChain } from './access-records';
import { createSession, findSession } from './sessions';

const HOST = 'mvp24.example';

async function addMember(database: Database, role: 'owner' | 'member' = 'owner') {
  const id = crypto.randomUUID();
  await database.rows(
    sql`insert into team_members (id, email, role) values (${id}::uuid, ${`${id}@mvp24.example`}, ${role})`,
  );
  return id;
}

describe.each(DRIVERS)('the workspace scope on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    store = await testDatabase(driver);
    // No scheduled jobs: the clean-up would drop the sessions this suite dates in the past.
    app = await buildTestApp(store, { JOBS: 'false' });
  });
  afterAll(async () => {
    await app?.close();
    store?.cleanup();
  });

  it('answers 401 with no data to every path and method without a session, and no-store', async () => {
    for (const [method, url] of [
      ['GET', `${TEAM_API_PATH}/leads`],
      ['GET', `${TEAM_API_PATH}/no-such-thing`],
      ['DELETE', `${TEAM_API_PATH}/leads/00000000-0000-4000-8000-000000000000`],
      ['POST', `${TEAM_API_PATH}/export`],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { host: HOST, origin: `https://${HOST}`, cookie: 'mvp24_team=forged' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a change from another site, or naming no site, before anything else', async () => {
    const token = await createSession(app.database.rows, await addMember(app.database), { maxMs: 3_600_000 });
    for (const headers of [
      { origin: 'https://evil.example' },
      {},
      { origin: `https://${HOST}`, 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `${TEAM_API_PATH}/anything`,
        headers: { host: HOST, cookie: `mvp24_team=${token}`, ...headers },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden_origin');
    }
    const allowed = await app.inject({
      method: 'POST',
      url: `${TEAM_API_PATH}/anything`,
      headers: { host: HOST, cookie: `mvp24_team=${token}`, origin: `https://${HOST}` },
    });
    expect(allowed.statusCode).toBe(404);
  });

  it('behind TLS reads only the __Host- cookie: a plain-named one (set by a sibling host or over http) is no session', async () => {
    const proxied = await buildTestApp(store, { TRUST_PROXY: '127.0.0.1' });
    try {
      const token = await createSession(proxied.database.rows, await addMember(proxied.database), { maxMs: 3_600_000 });
      const me = (cookie: string) =>
        proxied.inject({
          method: 'GET',
          url: `${TEAM_API_PATH}/me`,
          remoteAddress: '127.0.0.1',
          headers: { host: HOST, 'x-forwarded-proto': 'https', cookie },
        });
      expect((await me(`__Host-mvp24_team=${token}`)).statusCode).toBe(200);
      expect((await me(`mvp24_team=${token}`)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("answers a body it cannot take with the client's error, not a server failure", async () => {
    const token = await createSession(app.database.rows, await addMember(app.database), { maxMs: 3_600_000 });
    const headers = { host: HOST, origin: `https://${HOST}`, cookie: `mvp24_team=${token}` };
    const unknownType = await app.inject({
      method: 'POST',
      url: `${TEAM_API_PATH}/anything`,
      headers: { ...headers, 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(unknownType.statusCode).toBe(415);
    expect(unknownType.json().error.code).toBe('invalid');
    const broken = await app.inject({
      method: 'POST',
      url: `${TEAM_API_PATH}/anything`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid');
  });

  it('ends a session when idle, at its absolute end, and when its member is removed', async () => {
    const database = app.database;
    const memberId = await addMember(database);
    const start = new Date('2026-11-24T00:00:00Z');
    // The settings' defaults (TEAM_IDLE_MINUTES, TEAM_SESSION_HOURS), in minutes.
    const { idleMs, sessionMaxMs } = testConfig().team;
    const [idle, max] = [idleMs / 60_000, sessionMaxMs / 60_000];
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const options = (minutes: number) => ({ idleMs, now: at(minutes) });
    const token = await createSession(database.rows, memberId, { maxMs: sessionMaxMs, now: start });
    expect((await findSession(database, token, options(idle - 1)))?.id).toBe(memberId);
    expect(await findSession(database, token, options(idle - 1 + idle + 1))).toBeUndefined();
    // Gone for good: a later request inside the idle limit of the last one does not bring it back.
    expect(await findSession(database, token, options(idle - 1 + 1))).toBeUndefined();

    const long = await createSession(database.rows, memberId, { maxMs: sessionMaxMs, now: start });
    const step = Math.max(1, idle - 5);
    for (let minutes = step; minutes < max; minutes += step)
      expect(await findSession(database, long, options(minutes))).toBeDefined();
    expect(await findSession(database, long, options(max + 1))).toBeUndefined();

    const removed = await createSession(database.rows, memberId, { maxMs: sessionMaxMs, now: start });
    await database.rows(sql`update team_members set removed_at = now() where id = ${memberId}::uuid`);
    expect(await findSession(database, removed, options(1))).toBeUndefined();
  });

  it('chains access records so an edited, removed or inserted record is found', async () => {
    const database = app.database;
    await database.rows(sql`truncate access_records`);
    for (let i = 0; i < 5; i += 1)
      await recordAccess(database, {
        actor: 'member',
        action: 'lead_viewed',
        ideaId: crypto.randomUUID(),
        ip: '203.0.113.9',
      });
    expect(await verifyAccessChain(database)).toEqual({ ok: true, checked: 5 });
    const [third] = await database.rows<{ seq: string }>(
      sql`select seq from access_records order by seq offset 2 limit 1`,
    );
    const seq = Number(third!.seq);

    await database.rows(sql`update access_records set action = 'sign_in' where seq = ${seq}`);
    expect(await verifyAccessChain(database)).toMatchObject({ ok: false, brokenAt: seq });
    await database.rows(sql`update access_records set action = 'lead_viewed' where seq = ${seq}`);
    expect((await verifyAccessChain(database)).ok).toBe(true);

    await database.rows(sql`delete from access_records where seq = ${seq}`);
    expect(await verifyAccessChain(database)).toMatchObject({ ok: false, brokenAt: seq + 1 });

    await database.rows(sql`truncate access_records`);
    await database.transaction(async (rows) => {
      await appendAccessRecord(rows, { actor: 'cli', action: 'invite_created' });
      await appendAccessRecord(rows, { actor: 'system', action: 'lead_erased' });
    });
    await database.rows(
      sql`update access_records set details = '{"by":"someone else"}'::jsonb where action = 'invite_created'`,
    );
    expect((await verifyAccessChain(database)).ok).toBe(false);
  });
});
