/**
 * `npm run team` in-process through `main(args, io)`: through a running server's admin API on PGlite, on the
 * PGlite files once it stopped, and on PostgreSQL. The first invite makes an owner; the link works once (the
 * passkey ceremony with a software authenticator); remove, the last owner's guard, and the chain check.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_AUTH_PATHS } from '../domain/team-auth-api';
import { LEADS_PATH } from '../domain/workspace-api';
import { startAdminApi } from '../server/admin/admin-api';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
import { signedIn, storeLead } from '../../test-support/server/lead-fixtures';
import { SoftAuthenticator } from '../../test-support/server/soft-authenticator';
import { testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { main } from './team';
import { runCaptured } from './captured-cli';

const cli = (env: Record<string, string>, ...args: string[]) => runCaptured(main, env, args);

/** Accepts an invite link on `app` with a software passkey. */
async function accept(app: FastifyInstance, link: string): Promise<number> {
  const url = new URL(link);
  // The test app is not behind a TLS proxy: it sees http on the link's host.
  const origin = `http://${url.host}`;
  const headers = { host: url.host, origin };
  const options = await app.inject({
    method: 'POST',
    url: TEAM_AUTH_PATHS.inviteOptions,
    headers,
    payload: { token: url.hash.slice(1) },
  });
  if (options.statusCode !== 200) return options.statusCode;
  const { challengeId, options: creation } = options.json();
  const verify = await app.inject({
    method: 'POST',
    url: TEAM_AUTH_PATHS.inviteVerify,
    headers,
    payload: { challengeId, credential: new SoftAuthenticator().register(creation, origin) },
  });
  return verify.statusCode;
}

async function checkCommands(env: Record<string, string>, app: FastifyInstance, via: RegExp) {
  const first = await cli(env, 'invite', 'Owner@Example.com');
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toMatch(via);
  expect(first.stderr).toContain('owner@example.com (대표) 초대 링크를 만들었어요');
  const link = first.stdout.trim();
  expect(link).toMatch(/^https:\/\/mvp24\.example\/team\/invite#[A-Za-z0-9_-]{43}$/);
  expect(await accept(app, link)).toBe(200);
  expect(await accept(app, link)).toBe(400);

  const second = await cli(env, 'invite', 'member@example.com');
  expect(second.stderr).toContain('(팀원)');
  expect(await accept(app, second.stdout.trim())).toBe(200);
  expect((await cli(env, 'invite', 'not-an-email')).code).toBe(1);
  expect((await cli(env, 'invite', 'x@example.com', '--role', 'boss')).stderr).toContain('owner 또는 member');

  // A lost passkey: the owner invited again without --role stays an owner, with a second passkey.
  const recovery = await cli(env, 'invite', 'owner@example.com');
  expect(recovery.code, recovery.stderr).toBe(0);
  expect(recovery.stderr).toContain('owner@example.com 님은 이미 대표 역할의 팀원이에요');
  expect(await accept(app, recovery.stdout.trim())).toBe(200);

  const members = await cli(env, 'members');
  expect(members.stdout).toMatch(/^owner@example\.com {2}\[대표\] {2}패스키 2개/);
  expect(members.stdout).toContain('member@example.com  [팀원]');

  const lastOwner = await cli(env, 'remove', 'owner@example.com');
  expect(lastOwner.code).toBe(1);
  expect(lastOwner.stderr).toContain('마지막 대표');
  const removed = await cli(env, 'remove', 'member@example.com');
  expect(removed.code, removed.stderr).toBe(0);
  expect(removed.stdout).toContain('member@example.com: 내보냈어요');
  expect((await cli(env, 'remove', 'nobody@example.com')).stderr).toContain('그런 팀원이 없어요');
  expect((await cli(env, 'members')).stdout).not.toContain('member@example.com');

  const records = await app.database.rows<{ actor: string; action: string }>(
    sql`select actor, action from access_records where actor = 'cli' order by seq`,
  );
  expect(records.map((r) => r.action)).toEqual([
    'invite_created',
    'invite_created',
    'invite_created',
    'member_removed',
  ]);
  // A member's repeated list views are one record (recordListView); the chain with them still verifies.
  const viewer = await signedIn(app.database);
  const lead = await storeLead(app.database);
  for (let view = 0; view < 3; view += 1)
    expect((await app.inject({ method: 'GET', url: LEADS_PATH, headers: viewer.headers })).statusCode).toBe(200);
  const listed = await app.database.rows<{ details: { leads: string } | string }>(
    sql`select details from access_records where action = 'lead_listed' and member_id = ${viewer.member.id}::uuid`,
  );
  expect(listed.map((row) => (typeof row.details === 'string' ? JSON.parse(row.details) : row.details).leads)).toEqual([
    lead,
  ]);
  const ok = await cli(env, 'check-records');
  expect(ok.code).toBe(0);
  expect(ok.stdout).toMatch(/접속 기록 \d+건의 연결이 온전해요/);
}

describe('team CLI on PGlite', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await testDatabase('pglite');
  });
  afterAll(() => store.cleanup());

  it('works through the running server, and checks the chain on the files once it stopped', async () => {
    const env = { DATA_DIR: store.dataDir, SITE_URL: 'https://mvp24.example' };
    const lock = acquireDataDirLock(store.dataDir, 'server');
    let app: FastifyInstance | undefined;
    let admin: FastifyInstance | undefined;
    try {
      app = await buildApp(testConfig({ ...store.appEnv, JOBS: 'false', MAIL_WORKER: 'false' }));
      admin = await startAdminApi({ database: app.database, dataDir: store.dataDir });
      await checkCommands(env, app, /running server \(pid \d+/);
      await app.database.rows(sql`update access_records set ip = '192.0.2.1' where seq = 2`);
    } finally {
      await admin?.close();
      await app?.close();
      lock.release();
    }
    const broken = await cli(env, 'check-records');
    expect(broken.stderr).toContain('no server running');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('2번 기록부터 맞지 않아요');
  });
});

describe('team CLI on PostgreSQL', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await testDatabase('postgres');
  });
  afterAll(() => store.cleanup());

  it('works on the database itself', async () => {
    const app = await buildApp(testConfig({ ...store.appEnv, JOBS: 'false', MAIL_WORKER: 'false' }));
    try {
      await checkCommands(
        { DATABASE_URL: store.databaseUrl!, DATA_DIR: store.dataDir, SITE_URL: 'https://mvp24.example' },
        app,
        /PostgreSQL/,
      );
    } finally {
      await app.close();
    }
  });
});
