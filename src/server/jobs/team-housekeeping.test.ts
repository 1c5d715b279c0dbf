/**
 * The workspace's clean-up on both databases, with the clock moved: dead sessions, expired invites and challenges,
 * and access records past their retention leave; live ones stay, and the kept chain still verifies.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { recordAccess, verifyAccessChain } from '../team/access-records';
import { createSession, findSession } from '../team/sessions';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';

const DAY = 86_400_000;
/** The settings' defaults the server's scheduler runs the job with (TEAM_* and ACCESS_RECORD_RETENTION_DAYS). */
const { idleMs, sessionMaxMs, accessRecordRetentionDays } = testConfig().team;
const count = async (database: Database, table: string) =>
  Number((await database.rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);

describe.each(DRIVERS)('team housekeeping on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    store = await testDatabase(driver);
    app = await buildTestApp(store, DELIVERY_TEST_ENV);
    database = app.database;
  });
  afterAll(async () => {
    await app?.close();
    store?.cleanup();
  });

  it('drops dead sessions, expired invites and challenges, and records past retention; keeps the rest', async () => {
    const now = new Date('2026-11-24T03:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const memberId = crypto.randomUUID();
    await database.rows(
      sql`insert into team_members (id, email, role) values (${memberId}::uuid, 'owner@mvp24.example', 'owner')`,
    );
    const idle = await createSession(database.rows, memberId, { maxMs: sessionMaxMs, now: ago(idleMs + 60_000) });
    const live = await createSession(database.rows, memberId, { maxMs: sessionMaxMs, now: ago(60_000) });
    await database.rows(sql`insert into team_invites (token_hash, email, role, expires_at) values
      ('expired', 'a@mvp24.example', 'member', ${ago(1).toISOString()}::timestamptz),
      ('valid', 'b@mvp24.example', 'member', ${new Date(now.getTime() + DAY).toISOString()}::timestamptz)`);
    await database.rows(sql`insert into webauthn_challenges (id, challenge, purpose, expires_at) values
      ('old', 'c1', 'sign_in', ${ago(1).toISOString()}::timestamptz),
      ('new', 'c2', 'sign_in', ${new Date(now.getTime() + 60_000).toISOString()}::timestamptz)`);
    await recordAccess(database, {
      actor: 'member',
      action: 'lead_viewed',
      at: ago((accessRecordRetentionDays + 1) * DAY),
    });
    await recordAccess(database, {
      actor: 'member',
      action: 'lead_viewed',
      at: ago((accessRecordRetentionDays - 1) * DAY),
    });
    await recordAccess(database, { actor: 'member', action: 'sign_in', at: ago(DAY) });

    // The server's scheduler runs it with the settings' defaults.
    expect((await app.jobs.runDue(now))['team-housekeeping']).toBe(
      '1 sessions, 1 invites, 1 challenges, 1 access records, 0 workspace events removed',
    );

    expect(await count(database, 'team_sessions')).toBe(1);
    expect(await findSession(database, live, { idleMs, now })).toBeDefined();
    expect(await findSession(database, idle, { idleMs, now })).toBeUndefined();
    expect((await database.rows(sql`select token_hash from team_invites`)).map((row) => row.token_hash)).toEqual([
      'valid',
    ]);
    expect((await database.rows(sql`select id from webauthn_challenges`)).map((row) => row.id)).toEqual(['new']);
    expect(await verifyAccessChain(database)).toEqual({ ok: true, checked: 2 });
  });
});
