/**
 * The passkey ceremonies and the owners' routes on both databases, with a software authenticator that signs real
 * WebAuthn answers: invite → passkey → session; sign-out and removal end sessions; forged, expired and used invites,
 * replayed assertions, another origin and too many attempts are refused and change nothing.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teamErrorMessages } from '../../content/workspace';
import { accessRecordsSearch, TEAM_AUTH_PATHS, type AccessRecordsAnswer } from '../../domain/team-auth-api';
import type { TeamMail } from '../mail/team-mail';
import type { MailTransport } from '../mail/transport';
import { SoftAuthenticator } from '../../../test-support/server/soft-authenticator';
import { buildTestApp } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { recordAccess, verifyAccessChain } from './access-records';
import { SIGN_IN_FAILURES } from './auth-rate-limit';
import { createInvite, listMembers } from './members';

const HOST = 'mvp24.example';
const ORIGIN = `http://${HOST}`;

const sent: TeamMail[] = [];
const mailTransport: MailTransport = {
  kind: 'eml',
  send: async (mail) => {
    sent.push(mail);
    return 'captured';
  },
  close: () => {},
};

function cookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'mvp24_team');
  if (!cookie) throw new Error(`no session cookie (${response.statusCode} ${response.body})`);
  return `mvp24_team=${cookie.value}`;
}

describe.each(DRIVERS)('passkey sign-in on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let ip = 0;
  /** Each test from its own address, so the rate limit counts only that test's attempts. */
  let remoteAddress = '';
  beforeAll(async () => {
    store = await testDatabase(driver);
    app = await buildTestApp(store, {}, { mailTransport });
  });
  afterEach(async () => {
    sent.length = 0;
    await store.empty(app.database);
  });
  afterAll(async () => {
    await app?.close();
    store?.cleanup();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { body?: unknown; cookie?: string } = {}) =>
    app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        host: HOST,
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  async function register(token: string, authenticator = new SoftAuthenticator(), origin = ORIGIN) {
    const options = await call('POST', TEAM_AUTH_PATHS.inviteOptions, { body: { token } });
    if (options.statusCode !== 200) return options;
    const { challengeId, options: creation } = options.json();
    return call('POST', TEAM_AUTH_PATHS.inviteVerify, {
      body: { challengeId, credential: authenticator.register(creation, origin) },
    });
  }

  async function signIn(authenticator: SoftAuthenticator, origin = ORIGIN) {
    const options = await call('POST', TEAM_AUTH_PATHS.signInOptions);
    const { challengeId, options: request } = options.json();
    const credential = authenticator.assert(request, origin);
    return {
      response: await call('POST', TEAM_AUTH_PATHS.signInVerify, { body: { challengeId, credential } }),
      challengeId,
      credential,
    };
  }

  const count = async (table: string) =>
    Number((await app.database.rows<{ n: string }>(sql`select count(*) as n from ${sql.raw(table)}`))[0]!.n);

  async function owner() {
    const invite = await createInvite(app.database, { email: 'owner@mvp24.example', role: 'owner' }, { actor: 'cli' });
    const authenticator = new SoftAuthenticator();
    const response = await register(invite.token, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    return { authenticator, cookie: cookieOf(response), id: response.json().id as string };
  }

  it('enrolls the first owner from an invite, signs out, and signs in again with the passkey', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { authenticator, cookie } = await owner();
    const me = await call('GET', TEAM_AUTH_PATHS.me, { cookie });
    expect(me.json()).toMatchObject({ email: 'owner@mvp24.example', role: 'owner' });
    expect(me.headers['cache-control']).toBe('no-store');
    // Enrolling signed the owner in: the member list says when, not 「마지막 로그인 없음」.
    const [enrolled] = await listMembers(app.database);
    expect(enrolled!.lastSignInAt).not.toBeNull();

    const out = await call('POST', TEAM_AUTH_PATHS.signOut, { cookie });
    expect(out.statusCode).toBe(204);
    expect((await call('GET', TEAM_AUTH_PATHS.me, { cookie })).statusCode).toBe(401);

    const { response } = await signIn(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const again = await call('GET', TEAM_AUTH_PATHS.me, { cookie: cookieOf(response) });
    expect(again.json().email).toBe('owner@mvp24.example');

    const actions = (
      await app.database.rows<{ action: string; actor: string }>(
        sql`select action, actor from access_records order by seq`,
      )
    ).map((r) => `${r.actor}:${r.action}`);
    expect(actions).toEqual([
      'cli:invite_created',
      'member:passkey_registered',
      'member:sign_in',
      'member:sign_out',
      'member:sign_in',
    ]);
    expect((await verifyAccessChain(app.database)).ok).toBe(true);
  });

  it('refuses forged, expired and used invites with invite_invalid, changing nothing', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const forged = await register('A'.repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatchObject({ code: 'invite_invalid', message: expect.stringContaining('초대') });

    const expired = await createInvite(
      app.database,
      { email: 'late@mvp24.example', role: 'member' },
      { actor: 'cli' },
      new Date(Date.now() - 25 * 3_600_000),
    );
    expect((await register(expired.token)).json().error.code).toBe('invite_invalid');

    const invite = await createInvite(app.database, { email: 'once@mvp24.example', role: 'member' }, { actor: 'cli' });
    // Two ceremonies started with one invite: the first finished uses it, the second is refused.
    const first = await call('POST', TEAM_AUTH_PATHS.inviteOptions, { body: { token: invite.token } });
    const second = await call('POST', TEAM_AUTH_PATHS.inviteOptions, { body: { token: invite.token } });
    const [a, b] = [new SoftAuthenticator(), new SoftAuthenticator()];
    const done = await call('POST', TEAM_AUTH_PATHS.inviteVerify, {
      body: { challengeId: first.json().challengeId, credential: a.register(first.json().options, ORIGIN) },
    });
    expect(done.statusCode).toBe(200);
    const before = {
      members: await count('team_members'),
      passkeys: await count('passkeys'),
      sessions: await count('team_sessions'),
    };
    const late = await call('POST', TEAM_AUTH_PATHS.inviteVerify, {
      body: { challengeId: second.json().challengeId, credential: b.register(second.json().options, ORIGIN) },
    });
    expect(late.json().error.code).toBe('invite_invalid');
    expect((await register(invite.token)).json().error.code).toBe('invite_invalid');
    expect({
      members: await count('team_members'),
      passkeys: await count('passkeys'),
      sessions: await count('team_sessions'),
    }).toEqual(before);
    expect(late.cookies).toEqual([]);
  });

  it('refuses a replayed assertion, one made for another origin, and a removed member', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { authenticator, cookie, id } = await owner();
    const { response, challengeId, credential } = await signIn(authenticator);
    expect(response.statusCode).toBe(200);
    const sessions = await count('team_sessions');
    const replayed = await call('POST', TEAM_AUTH_PATHS.signInVerify, { body: { challengeId, credential } });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('passkey_invalid');
    // The same signed answer against a fresh challenge fails too (the challenge inside it is spent).
    const fresh = (await call('POST', TEAM_AUTH_PATHS.signInOptions)).json();
    const reused = await call('POST', TEAM_AUTH_PATHS.signInVerify, {
      body: { challengeId: fresh.challengeId, credential },
    });
    expect(reused.json().error.code).toBe('passkey_invalid');

    const phished = await signIn(authenticator, 'https://mvp24-login.example');
    expect(phished.response.json().error.code).toBe('passkey_invalid');
    expect(await count('team_sessions')).toBe(sessions);

    // A second owner removes the first: its sessions answer 401 and its passkey signs in no more.
    const other = await createInvite(app.database, { email: 'second@mvp24.example', role: 'owner' }, { actor: 'cli' });
    const second = cookieOf(await register(other.token));
    const removed = await call('DELETE', TEAM_AUTH_PATHS.member(id), { cookie: second });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', TEAM_AUTH_PATHS.me, { cookie })).statusCode).toBe(401);
    expect((await signIn(authenticator)).response.json().error.code).toBe('passkey_invalid');
  });

  it('a removed member cannot come back with an invite sent before the removal', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const first = await owner();
    // The member enrolls, then is sent another invite (a second device), which stays unused.
    const used = await createInvite(app.database, { email: 'gone@mvp24.example', role: 'member' }, { actor: 'cli' });
    const enrolled = await register(used.token);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const spare = await createInvite(app.database, { email: 'gone@mvp24.example', role: 'member' }, { actor: 'cli' });
    const removed = await call('DELETE', TEAM_AUTH_PATHS.member(enrolled.json().id), { cookie: first.cookie });
    expect(removed.statusCode).toBe(204);
    const back = await register(spare.token);
    expect(back.statusCode).toBe(400);
    expect(back.json().error.code).toBe('invite_invalid');
    const [member] = await app.database.rows<{ removed: boolean }>(
      sql`select removed_at is not null as removed from team_members where email = 'gone@mvp24.example'`,
    );
    expect(member!.removed).toBe(true);
  });

  it('uses one invite once when two ceremonies finish at the same moment', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const invite = await createInvite(app.database, { email: 'race@mvp24.example', role: 'member' }, { actor: 'cli' });
    const starts = await Promise.all(
      [0, 1].map(() => call('POST', TEAM_AUTH_PATHS.inviteOptions, { body: { token: invite.token } })),
    );
    const answers = await Promise.all(
      starts.map((start) =>
        call('POST', TEAM_AUTH_PATHS.inviteVerify, {
          body: {
            challengeId: start.json().challengeId,
            credential: new SoftAuthenticator().register(start.json().options, ORIGIN),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await count('passkeys')).toBe(1);
    expect(await count('team_sessions')).toBe(1);
  });

  it("a removed owner's pending invites stop working with the removal", async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const first = await owner();
    const other = await createInvite(app.database, { email: 'second@mvp24.example', role: 'owner' }, { actor: 'cli' });
    const second = await register(other.token);
    expect(second.statusCode, second.body).toBe(200);
    // The second owner invites an address of its own choosing, then is removed before that invite is used.
    const planted = await createInvite(
      app.database,
      { email: 'planted@mvp24.example', role: 'owner' },
      { actor: 'member', memberId: second.json().id },
    );
    expect((await call('DELETE', TEAM_AUTH_PATHS.member(second.json().id), { cookie: first.cookie })).statusCode).toBe(
      204,
    );
    expect((await register(planted.token)).json().error.code).toBe('invite_invalid');
  });

  it('does not count fetching options: a flood from the office address blocks neither the owner nor a new hire', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { authenticator } = await owner();
    const invite = await createInvite(app.database, { email: 'hire@mvp24.example', role: 'member' }, { actor: 'cli' });
    // Twice the old per-address limit of anonymous calls, from the same address as the team.
    for (let i = 0; i < 60; i += 1) expect((await call('POST', TEAM_AUTH_PATHS.signInOptions)).statusCode).toBe(200);
    expect((await signIn(authenticator)).response.statusCode).toBe(200);
    const hired = await register(invite.token);
    expect(hired.statusCode, hired.body).toBe(200);
  });

  it('limits failed verifications per address, credential and account, yet a valid passkey always signs in', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { authenticator } = await owner();
    // Answers from passkeys this site never enrolled (a new one each time): 400, then 429 past the address's limit.
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_FAILURES.perAddress; i += 1)
      statuses.push((await signIn(new SoftAuthenticator())).response.statusCode);
    expect(statuses.slice(0, SIGN_IN_FAILURES.perAddress).every((status) => status === 400)).toBe(true);
    const limited = await signIn(new SoftAuthenticator());
    expect(limited.response.statusCode).toBe(429);
    expect(limited.response.json().error.code).toBe('rate_limited');
    // The owner, from the same address, with the passkey: signed in.
    expect((await signIn(authenticator)).response.statusCode).toBe(200);

    // The owner's own credential answered wrongly (another origin) from elsewhere: 429 past the credential's limit …
    remoteAddress = `198.51.100.${(ip += 1)}`;
    let last = 0;
    for (let i = 0; i <= SIGN_IN_FAILURES.perCredential; i += 1)
      last = (await signIn(authenticator, 'https://mvp24-login.example')).response.statusCode;
    expect(last).toBe(429);
    // … and still the owner's valid assertion signs in, from that address too.
    const owners = await signIn(authenticator);
    expect(owners.response.statusCode, owners.response.body).toBe(200);
  });

  it('reports a proxy in front without TRUST_PROXY in /healthz (X-Forwarded-For from loopback)', async () => {
    const before = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.5' });
    expect(before.json().proxy).toMatchObject({ degraded: false, trustProxy: false });
    // From elsewhere, a header alone says nothing.
    await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json().proxy.degraded).toBe(false);
    await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    const after = await app.inject({ method: 'GET', url: '/healthz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'degraded', proxy: { degraded: true, forwardedFromLoopback: true } });
  });

  it('refuses a ceremony posted from another site before anything else', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const response = await app.inject({
      method: 'POST',
      url: TEAM_AUTH_PATHS.signInOptions,
      remoteAddress,
      headers: { host: HOST, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await count('webauthn_challenges')).toBe(0);
  });

  it('lets owners invite by mail, list and remove members, and read access records; members get 403', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { cookie, id: ownerId } = await owner();
    const invited = await call('POST', TEAM_AUTH_PATHS.members, {
      cookie,
      body: { email: 'New@MVP24.example', role: 'member' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ email: 'new@mvp24.example', mailed: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('new@mvp24.example');
    const token = /\/team\/invite#([A-Za-z0-9_-]+)/.exec(sent[0]!.text)?.[1];
    expect(sent[0]!.text).toContain(`${ORIGIN}/team/invite#`);
    const memberCookie = cookieOf(await register(token!));

    const list = await call('GET', TEAM_AUTH_PATHS.members, { cookie });
    expect(list.json().members.map((m: { email: string; role: string }) => `${m.role}:${m.email}`)).toEqual([
      'owner:owner@mvp24.example',
      'member:new@mvp24.example',
    ]);
    for (const [method, url] of [
      ['GET', TEAM_AUTH_PATHS.members],
      ['POST', TEAM_AUTH_PATHS.members],
      ['DELETE', TEAM_AUTH_PATHS.member(ownerId)],
      ['GET', TEAM_AUTH_PATHS.accessRecords],
    ] as const) {
      const response = await call(method, url, {
        cookie: memberCookie,
        body: method === 'POST' ? { email: 'x@y.example' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }

    expect((await call('DELETE', TEAM_AUTH_PATHS.member(ownerId), { cookie })).statusCode).toBe(409);
    expect((await call('DELETE', TEAM_AUTH_PATHS.member('not-a-uuid'), { cookie })).statusCode).toBe(404);
    expect(
      (await call('DELETE', TEAM_AUTH_PATHS.member('00000000-0000-4000-8000-000000000000'), { cookie })).statusCode,
    ).toBe(404);
    const memberId = list.json().members[1].id as string;
    expect((await call('DELETE', TEAM_AUTH_PATHS.member(memberId), { cookie })).statusCode).toBe(204);
    expect((await call('GET', TEAM_AUTH_PATHS.me, { cookie: memberCookie })).statusCode).toBe(401);

    const records = await call('GET', TEAM_AUTH_PATHS.accessRecords, { cookie });
    expect(records.statusCode).toBe(200);
    const body = records.json();
    expect(body.records[0]).toMatchObject({
      action: 'member_removed',
      memberEmail: 'owner@mvp24.example',
      ip: remoteAddress,
    });
    expect(body.next).toBeNull();
    expect((await call('GET', `${TEAM_AUTH_PATHS.accessRecords}?before=abc`, { cookie })).statusCode).toBe(400);
    const [last] = await app.database.rows<{ action: string }>(
      sql`select action from access_records order by seq desc limit 1`,
    );
    expect(last!.action).toBe('records_viewed');
  });

  it('filters the access records by member, actor, action, Korean days and lead, and the chain stays whole', async () => {
    remoteAddress = `198.51.100.${(ip += 1)}`;
    const { cookie, id: ownerId } = await owner();
    const lead = { a: 'aaaaaaaa-1111-4111-8111-111111111111', b: 'bbbbbbbb-2222-4222-8222-222222222222' };
    // 00:30 on 22 November in Korea is still the 21st in UTC: the days are Korean ones.
    await recordAccess(app.database, {
      actor: 'member',
      memberId: ownerId,
      action: 'lead_viewed',
      ideaId: lead.a,
      at: new Date('2026-11-20T10:00:00+09:00'),
    });
    await recordAccess(app.database, {
      actor: 'visitor',
      action: 'status_viewed',
      ideaId: lead.b,
      at: new Date('2026-11-22T00:30:00+09:00'),
    });
    await recordAccess(app.database, {
      actor: 'cli',
      action: 'invite_created',
      at: new Date('2026-11-23T09:00:00+09:00'),
    });
    // Lists name the leads they showed: the first showed lead a (who viewed it), the second only an id whose last
    // part holds a's reference (not a's).
    const lookalike = 'cccccccc-3333-4333-8333-aaaaaaaaaaaa';
    for (const leads of [`${lookalike},${lead.a}`, lookalike])
      await recordAccess(app.database, {
        actor: 'member',
        memberId: ownerId,
        action: 'lead_listed',
        details: { leads },
        at: new Date('2026-11-24T09:00:00+09:00'),
      });
    const seqs = async (query: string) => {
      const response = await call('GET', `${TEAM_AUTH_PATHS.accessRecords}${query}`, { cookie });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return (response.json() as AccessRecordsAnswer).records.map(
        (record) => `${record.action} ${record.ideaId ?? ''}`,
      );
    };
    expect(await seqs(accessRecordsSearch({ lead: 'AAAAAAAA' }))).toEqual(['lead_listed ', `lead_viewed ${lead.a}`]);
    expect(await seqs(accessRecordsSearch({ lead: lead.a }))).toEqual(['lead_listed ', `lead_viewed ${lead.a}`]);
    expect(await seqs(accessRecordsSearch({ lead: lead.b }))).toEqual([`status_viewed ${lead.b}`]);
    expect(await seqs(accessRecordsSearch({ lead: 'cccccccc' }))).toEqual(['lead_listed ', 'lead_listed ']);
    expect(await seqs(accessRecordsSearch({ member: ownerId, action: 'lead_viewed' }))).toEqual([
      `lead_viewed ${lead.a}`,
    ]);
    expect(await seqs(accessRecordsSearch({ actor: 'visitor' }))).toEqual([`status_viewed ${lead.b}`]);
    expect(await seqs(accessRecordsSearch({ from: '2026-11-22', to: '2026-11-22' }))).toEqual([
      `status_viewed ${lead.b}`,
    ]);
    expect(await seqs(accessRecordsSearch({ from: '2026-11-20', to: '2026-11-21' }))).toEqual([
      `lead_viewed ${lead.a}`,
    ]);
    // The views above are records too, each with what it was narrowed to; the member filter offers every member.
    const all = await call('GET', TEAM_AUTH_PATHS.accessRecords, { cookie });
    const answer = all.json() as AccessRecordsAnswer;
    expect(answer.members).toEqual([{ id: ownerId, email: 'owner@mvp24.example' }]);
    expect(
      answer.records.filter((record) => record.action === 'records_viewed').map((record) => record.details),
    ).toContainEqual({
      count: 2,
      lead: 'aaaaaaaa',
    });

    // Refused with the Korean message, and not recorded.
    const before = await app.database.rows(sql`select seq from access_records`);
    for (const query of [
      '?action=nope',
      '?actor=robot',
      '?member=not-a-uuid',
      '?lead=xyz',
      '?lead=aaaaaaa',
      '?from=2026-02-30',
      '?from=26-11-20',
      '?from=2026-11-23&to=2026-11-22',
    ]) {
      const response = await call('GET', `${TEAM_AUTH_PATHS.accessRecords}${query}`, { cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toEqual({ code: 'invalid', message: teamErrorMessages.invalid });
    }
    expect(await app.database.rows(sql`select seq from access_records`)).toHaveLength(before.length);
    // Filtering only reads: the whole chain, filtered views included, still verifies.
    expect(await verifyAccessChain(app.database)).toMatchObject({ ok: true });
  });
});
