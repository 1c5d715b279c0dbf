/**
 * The team's push notifications (decision 130) against a local push service over HTTPS with a test CA, which checks
 * the VAPID JWT and decrypts every payload with the device's keys (test-support/server/fake-push-service.ts): the
 * devices' routes, who is told of what, the payload without personal data, 404/410, retries, failures alerted, the
 * weekly summary (decision 156) to the devices that chose it, and on PostgreSQL two instances sending each notification
 * (the weekly summary too) once.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUSH_SUBSCRIPTIONS_PATH,
  pushPayloadSchema,
  weeklySummaryPayloadSchema,
  type PushChoice,
  type PushDevicesAnswer,
} from '../../domain/push';
import { alertText } from '../alerts/alert-messages';
import { sendWeeklyMail } from '../jobs/weekly-mail';
import type { MailTransport } from '../mail/transport';
import { TEAM_AUTH_PATHS } from '../../domain/team-auth-api';
import { storeMeetingAlert } from '../booking/meeting-alerts';
import type { Meeting } from '../booking/meetings';
import { storeAnsweredAlerts } from '../thread/thread-alerts';
import { startFakePushService, type FakePushService } from '../../../test-support/server/fake-push-service';
import { submitIdea } from '../../../test-support/server/intake-client';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { asMember } from '../../../test-support/server/team-test-app';
import { buildTestApp, DELIVERY_TEST_ENV } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';

type Member = Awaited<ReturnType<typeof signedIn>>;

/** A member's browser turning notifications on: the service's subscription posted as the page does. */
async function turnOn(app: FastifyInstance, push: FakePushService, who: Member, choices: PushChoice[]) {
  const { publicKey } = (await asMember(app, who, 'GET', PUSH_SUBSCRIPTIONS_PATH)).json<PushDevicesAnswer>();
  const subscription = push.subscribe(publicKey);
  const stored = await asMember(app, who, 'POST', PUSH_SUBSCRIPTIONS_PATH, {
    subscription,
    choices,
    device: 'Chrome · Android',
  });
  expect(stored.statusCode).toBe(201);
  return subscription.endpoint;
}

const count = async (app: FastifyInstance, table: 'push_subscriptions' | 'push_deliveries', where = sql`true`) =>
  Number(
    (await app.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))[0]!
      .n,
  );

/** A mail transport that keeps what it is given (the weekly mail beside its push). */
const keptMail = (): MailTransport & { sent: string[] } => {
  const sent: string[] = [];
  return { kind: 'eml', sent, send: async (mail) => (sent.push(mail.to), 'written'), close: () => {} };
};
const weeklyOptions = (app: FastifyInstance) => ({
  from: 'MVP <no-reply@mvp24.example>',
  siteUrl: 'https://mvp24.example',
  onPushQueued: () => app.push.nudge(),
});

describe.each(DRIVERS)('push notifications on %s', (driver) => {
  let store: TestDatabase;
  let push: FakePushService;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await testDatabase(driver);
    push = await startFakePushService();
    app = await buildTestApp(store, { ...DELIVERY_TEST_ENV }, { pushAgent: push.agent });
  }, APP_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await push?.stop();
    store?.cleanup();
  });

  it.runIf(driver === 'pglite')(
    'tells each chosen device of a new lead from the intake: kind, reference, stage and page, encrypted, nothing personal',
    async () => {
      const owner = await signedIn(app.database);
      const other = await signedIn(app.database, 'member');
      const mine = await turnOn(app, push, owner, ['lead_received', 'lead_assigned']);
      await turnOn(app, push, other, ['lead_assigned']);
      const answer = await submitIdea(app);
      expect(answer.statusCode).toBe(202);
      const [received] = await push.waitFor(1);
      const ideaId = answer.json<{ id: string }>().id;
      expect(received!.endpoint).toBe(mine);
      expect(pushPayloadSchema.strict().parse(received!.payload)).toEqual({
        kind: 'lead_received',
        reference: ideaId.slice(0, 8),
        stage: 'new',
        url: `/team/leads/${ideaId}`,
      });
      expect(JSON.stringify(received!.payload)).not.toMatch(/김민지|minji|010-1234|반려동물/);
      expect(received!.urgency).toBe('high');
      expect(received!.ttl).toBeGreaterThan(23 * 3600);
      // Once: the row is sent and the device's last success shown in its list.
      await app.push.idle();
      expect(await count(app, 'push_deliveries', sql`status = 'sent'`)).toBe(1);
      const { devices } = (await asMember(app, owner, 'GET', PUSH_SUBSCRIPTIONS_PATH)).json<PushDevicesAnswer>();
      expect(devices).toEqual([
        expect.objectContaining({ device: 'Chrome · Android', choices: ['lead_received', 'lead_assigned'] }),
      ]);
      expect(devices[0]!.lastSuccessAt).not.toBeNull();
      expect(push.refused).toEqual([]);
      push.received.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'pglite')(
    "tells the owner of the founder's answer and the meeting, the assignee of the assignment, everyone of an unowned lead",
    async () => {
      await store.empty(app.database);
      const owner = await signedIn(app.database);
      const member = await signedIn(app.database, 'member');
      const all: PushChoice[] = ['founder_answered', 'meeting', 'lead_assigned', 'lead_due_soon'];
      const ownerDevice = await turnOn(app, push, owner, all);
      const memberDevice = await turnOn(app, push, member, all);
      const owned = await storeLead(app.database, { ownerId: owner.member.id, stage: 'reviewing' });
      const unowned = await storeLead(app.database);
      const by = (endpoint: string) => push.received.filter((received) => received.endpoint === endpoint);
      // The founder answers on both (the mail and the chat channel's rows are one notification).
      await app.database.transaction(async (rows) => {
        await storeAnsweredAlerts(rows, owned, crypto.randomUUID(), { teamEmail: 't@x', webhook: true, burstMs: 0 });
        await storeAnsweredAlerts(rows, unowned, crypto.randomUUID(), { teamEmail: 't@x', webhook: true, burstMs: 0 });
      });
      const meeting = { id: crypto.randomUUID(), ideaId: owned, startsAt: new Date(), sequence: 1 } as Meeting;
      await storeMeetingAlert(app.database.rows, meeting, 'moved', 0);
      // The owner gives the unowned lead to the member (the route stores the alert with the change).
      const given = await asMember(app, owner, 'POST', `/team/api/leads/${unowned}/owner`, {
        ownerId: member.member.id,
      });
      expect(given.statusCode).toBe(200);
      app.push.nudge();
      await push.waitFor(5);
      await app.push.idle();
      const kinds = (endpoint: string) =>
        by(endpoint)
          .map((received) => pushPayloadSchema.parse(received.payload))
          .map((payload) => `${payload.kind}:${payload.reference}:${payload.stage}`)
          .sort();
      const ref = (id: string) => id.slice(0, 8);
      expect(kinds(ownerDevice)).toEqual(
        [
          `founder_answered:${ref(owned)}:reviewing`,
          `founder_answered:${ref(unowned)}:new`,
          `meeting_moved:${ref(owned)}:reviewing`,
        ].sort(),
      );
      expect(kinds(memberDevice)).toEqual(
        [`founder_answered:${ref(unowned)}:new`, `lead_assigned:${ref(unowned)}:new`].sort(),
      );
      expect(push.received).toHaveLength(5);
      expect(push.refused).toEqual([]);
      push.received.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'pglite')(
    'removes a device on 404/410, retries 429 and 5xx, and fails and alerts on any other refusal',
    async () => {
      await store.empty(app.database);
      const owner = await signedIn(app.database);
      const gone = await turnOn(app, push, owner, ['lead_received']);
      const flaky = await turnOn(app, push, owner, ['lead_received']);
      const refusing = await turnOn(app, push, owner, ['lead_received']);
      push.script(gone, [410]);
      push.script(flaky, [503, 429]);
      push.script(refusing, [403]);
      const ideaId = await storeLead(app.database);
      await app.events.publish({ kind: 'lead_received', ideaId });
      await push.waitFor(1);
      await app.push.idle();
      expect(push.received.map((received) => received.endpoint)).toEqual([flaky]);
      // The gone device is removed with its row; the flaky one sent at its third attempt; the refused one alerted.
      const { devices } = (await asMember(app, owner, 'GET', PUSH_SUBSCRIPTIONS_PATH)).json<PushDevicesAnswer>();
      expect(devices.map((device) => device.endpoint).sort()).toEqual([flaky, refusing].sort());
      const rows = await app.database.rows<{ status: string; attempts: number }>(
        sql`select status, attempts from push_deliveries order by status`,
      );
      expect(rows).toEqual([
        { status: 'failed', attempts: 1 },
        { status: 'sent', attempts: 3 },
      ]);
      const alerts = await app.database.rows<{ kind: string; details: { reference: string; pushStatus: number } }>(
        sql`select kind, details from alerts where kind = 'push_failed'`,
      );
      expect(alerts).toEqual([{ kind: 'push_failed', details: { reference: ideaId.slice(0, 8), pushStatus: 403 } }]);
      push.received.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'pglite')(
    'reports the waiting notifications on /healthz: counts and an age, degraded once one waits past ALERT_UNSENT_MINUTES',
    async () => {
      await store.empty(app.database);
      const owner = await signedIn(app.database);
      const endpoint = await turnOn(app, push, owner, ['lead_received']);
      const health = async () =>
        (await app.inject({ url: '/healthz' })).json<{ status: string; push: Record<string, unknown> }>();
      expect((await health()).push).toEqual({ degraded: false, unsent: 0, overdue: 0, oldestUnsentSeconds: 0 });
      // A notification waiting an hour (its next attempt later still, so the sender leaves it): overdue.
      const ideaId = await storeLead(app.database, { name: '김비밀', phone: '010-9876-5432' });
      await app.database.rows(sql`insert into push_deliveries (source, subscription_id, idea_id, kind, created_at,
          next_attempt_at)
        select 'health', id, ${ideaId}::uuid, 'lead_received', now() - interval '1 hour', now() + interval '1 hour'
        from push_subscriptions`);
      const degraded = await health();
      expect(degraded.status).toBe('degraded');
      // No KakaoTalk field while SOLAPI is not configured.
      expect(degraded).not.toHaveProperty('kakao');
      expect(degraded.push).toEqual({ degraded: true, unsent: 1, overdue: 1, oldestUnsentSeconds: expect.any(Number) });
      expect(degraded.push.oldestUnsentSeconds).toBeGreaterThanOrEqual(3600);
      // Counts only: no lead, device or founder in the answer.
      const body = JSON.stringify(degraded);
      for (const secret of [ideaId, ideaId.slice(0, 8), endpoint, '김비밀', '010-9876-5432'])
        expect(body).not.toContain(secret);
      await app.database.rows(sql`update push_deliveries set status = 'failed' where source = 'health'`);
      expect((await health()).push).toMatchObject({ degraded: false, unsent: 0, overdue: 0 });
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'pglite')(
    'sends the weekly summary to the devices that chose 「주간 요약」: counts only, the 현황 screen, once a week',
    async () => {
      await store.empty(app.database);
      const owner = await signedIn(app.database);
      const member = await signedIn(app.database, 'member');
      const weekly = await turnOn(app, push, owner, ['weekly_summary']);
      const refusing = await turnOn(app, push, member, ['weekly_summary', 'lead_received']);
      await turnOn(app, push, member, ['lead_received']);
      push.script(refusing, [403]);
      const now = new Date();
      const lead = await storeLead(app.database, { receivedAt: new Date(now.getTime() - 3 * 86_400_000) });
      const mail = keptMail();
      expect(await sendWeeklyMail(app.database, mail, weeklyOptions(app), now)).toBe(1);
      const [received] = await push.waitFor(1);
      await app.push.idle();
      expect(received!.endpoint).toBe(weekly);
      expect(weeklySummaryPayloadSchema.strict().parse(received!.payload)).toEqual({
        kind: 'weekly_summary',
        ideas: 1,
        contracted: 0,
        // Three days without a prototype: past its 24 hours now.
        overdue: 1,
        url: '/team/field-figures',
      });
      expect(JSON.stringify(received!.payload)).not.toContain(lead.slice(0, 8));
      // The mail went as before; the refused device is alerted without a lead's reference.
      expect(mail.sent).toEqual([owner.member.email]);
      const [alert] = await app.database.rows<{ idea_id: string | null; details: { reference: string | null } }>(
        sql`select idea_id, details from alerts where kind = 'push_failed'`,
      );
      expect(alert).toEqual({ idea_id: null, details: { reference: null, pushStatus: 403 } });
      expect(alertText('push_failed', null, { ...alert!.details, pushStatus: 403 })).toContain('주간 요약');
      // The week's turn again (a second instance, a rerun): nothing more is queued or sent.
      await sendWeeklyMail(app.database, keptMail(), weeklyOptions(app), now);
      await app.push.idle();
      expect(await count(app, 'push_deliveries', sql`kind = 'weekly_summary'`)).toBe(2);
      expect(push.received).toHaveLength(1);
      push.received.length = 0;
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'pglite')(
    "keeps a member's devices to the member: another's DELETE is 404, their own 204, all gone with the member",
    async () => {
      await store.empty(app.database);
      const owner = await signedIn(app.database);
      const member = await signedIn(app.database, 'member');
      await turnOn(app, push, owner, ['lead_received']);
      await turnOn(app, push, member, ['lead_received']);
      await turnOn(app, push, member, ['meeting']);
      const [first] = (await asMember(app, member, 'GET', PUSH_SUBSCRIPTIONS_PATH)).json<PushDevicesAnswer>().devices;
      expect((await asMember(app, owner, 'DELETE', `${PUSH_SUBSCRIPTIONS_PATH}/${first!.id}`)).statusCode).toBe(404);
      expect((await asMember(app, member, 'DELETE', `${PUSH_SUBSCRIPTIONS_PATH}/${first!.id}`)).statusCode).toBe(204);
      expect(await count(app, 'push_subscriptions')).toBe(2);
      const bad = await asMember(app, member, 'POST', PUSH_SUBSCRIPTIONS_PATH, {
        subscription: { endpoint: 'http://push.example/x', keys: { p256dh: 'x', auth: 'y' } },
        choices: ['lead_received'],
        device: 'x',
      });
      expect(bad.statusCode).toBe(400);
      const removed = await asMember(app, owner, 'DELETE', TEAM_AUTH_PATHS.member(member.member.id));
      expect(removed.statusCode).toBe(204);
      expect(await count(app, 'push_subscriptions')).toBe(1);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it.runIf(driver === 'postgres')(
    'sends each notification once with two instances sending at once, with the one key pair both made',
    async () => {
      await store.empty(app.database);
      const second = await buildTestApp(store, { ...DELIVERY_TEST_ENV }, { pushAgent: push.agent });
      try {
        const owner = await signedIn(app.database);
        const keys = await Promise.all(
          [app, second].map(
            async (instance) =>
              (await asMember(instance, owner, 'GET', PUSH_SUBSCRIPTIONS_PATH)).json<PushDevicesAnswer>().publicKey,
          ),
        );
        expect(keys[0]).toBe(keys[1]);
        for (let device = 0; device < 3; device += 1) await turnOn(app, push, owner, ['lead_received']);
        const ideas = await Promise.all(Array.from({ length: 6 }, () => storeLead(app.database)));
        // Each instance publishes half; both hear every event (LISTEN/NOTIFY) and race for the rows.
        await Promise.all(
          ideas.map((ideaId, index) => (index % 2 ? second : app).events.publish({ kind: 'lead_received', ideaId })),
        );
        await push.waitFor(18);
        await Promise.all([app.push.idle(), second.push.idle()]);
        expect(push.received).toHaveLength(18);
        expect(
          new Set(push.received.map((received) => JSON.stringify([received.endpoint, received.payload]))).size,
        ).toBe(18);
        expect(push.requests).toBe(18);
        expect(await count(app, 'push_deliveries', sql`status = 'sent' and attempts = 1`)).toBe(18);

        // The weekly summary, should both instances take the week's turn at once: once per device.
        for (let device = 0; device < 2; device += 1) await turnOn(app, push, owner, ['weekly_summary']);
        const now = new Date(Date.now() + 86_400_000);
        await Promise.all(
          [app, second].map((instance) => sendWeeklyMail(instance.database, keptMail(), weeklyOptions(instance), now)),
        );
        await push.waitFor(20);
        await Promise.all([app.push.idle(), second.push.idle()]);
        expect(
          push.received.filter((received) => (received.payload as { kind: string }).kind === 'weekly_summary'),
        ).toHaveLength(2);
        expect(push.requests).toBe(20);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});
