/**
 * The workspace's live updates on both databases, through a real socket: a stream without a session is 401 with
 * the Korean message; an idea sent through the intake, a stage change and an owner change reach an open stream
 * (ids and kinds only); a reconnect with Last-Event-ID is sent what it missed, or `resync` when that is gone; the
 * stream ends (`ended`) when its session ends; on PostgreSQL an event on one instance reaches a stream on another.
 * Also the unread markers and the new owner's mail, and a refused move that changes and announces nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teamErrorMessages } from '../../content/workspace';
import { leadActionPath, leadPath } from '../../domain/workspace-api';
import {
  STREAM_CONTROL_EVENTS,
  UNREAD_LEADS_PATH,
  WORKSPACE_EVENTS_PATH,
  type UnreadLeads,
  type WorkspaceEvent,
} from '../../domain/workspace-events';
import { ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { signedIn, storeLead, storeMember } from '../../../test-support/server/lead-fixtures';
import { buildTestApp } from '../../../test-support/server/test-app';
import {
  APP_TEST_TIMEOUT_MS,
  DRIVERS,
  testDatabase,
  type TestDatabase,
} from '../../../test-support/server/test-database';
import { EVENT_CATCH_UP_MAX } from './event-store';

interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** An open stream: its status, headers and the messages parsed so far; `next` waits for one that matches. */
interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: () => string;
  messages: SseMessage[];
  ended: Promise<void>;
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

function openStream(app: FastifyInstance, headers: Record<string, string>): Promise<OpenStream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: WORKSPACE_EVENTS_PATH, headers }, (response) => {
      let text = '';
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      let endedResolve: () => void;
      const ended = new Promise<void>((done) => (endedResolve = done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const message: SseMessage = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'event') message.event = value;
            else if (field === 'id') message.id = value;
            else if (field === 'data') message.data = value;
          }
          if (!block.startsWith(':')) messages.push(message);
        }
        waiters.forEach((wake) => wake());
      });
      let raw = '';
      response.on('data', (chunk: string) => (raw += chunk));
      response.on('end', () => endedResolve());
      response.on('close', () => endedResolve());
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: () => raw,
        messages,
        ended,
        next(match, timeoutMs = 5_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const message = messages.find(match);
              if (!message) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(message);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(messages)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

const eventOf = (message: SseMessage) => JSON.parse(message.data) as WorkspaceEvent;
const isKind = (kind: WorkspaceEvent['kind'], ideaId?: string) => (message: SseMessage) =>
  message.event === 'message' &&
  message.data !== '' &&
  eventOf(message).kind === kind &&
  (!ideaId || eventOf(message).ideaId === ideaId);

describe.each(DRIVERS)('the workspace event stream on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let memberId: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    store = await testDatabase(driver);
    // A short socket idle timeout makes the heartbeat (and its session check) come every second.
    app = await buildTestApp(store, { JOBS: 'false', IDLE_TIMEOUT_MS: '2000', RATE_LIMIT_PER_IP: '100000' });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await app?.close();
    store?.cleanup();
  });
  beforeEach(async () => {
    streams.forEach((stream) => stream.close());
    streams.length = 0;
    await store.empty(app.database);
    const session = await signedIn(app.database);
    headers = session.headers;
    memberId = session.member.id;
  });
  const open = async (extra: Record<string, string> = {}) => {
    const stream = await openStream(app, { ...headers, ...extra });
    streams.push(stream);
    return stream;
  };
  const post = (url: string, payload: unknown, as = headers) =>
    app.inject({ method: 'POST', url, headers: as, payload: payload as object });

  it('answers 401 with the Korean message and no stream without a session', async () => {
    const stream = await open({ cookie: 'mvp24_team=not-a-session' });
    await stream.ended;
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.body())).toEqual({
      error: { code: 'unauthorized', message: teamErrorMessages.unauthorized },
    });
  });

  it('streams unbuffered, and sends an idea from the intake, a stage change and an owner change (ids only)', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['content-encoding']).toBeUndefined();

    const received = await submitIdea(app, ideaBody());
    expect(received.statusCode).toBe(202);
    const ideaId = (received.json() as { id: string }).id;
    const arrived = eventOf(await stream.next(isKind('lead_received', ideaId)));
    expect(arrived).toEqual({ id: arrived.id, kind: 'lead_received', ideaId, memberId: null, actorId: null });
    // Ids and a kind: nothing the visitor typed.
    expect(stream.body()).not.toContain((ideaBody() as { name: string }).name);

    expect((await post(leadActionPath(ideaId, 'stage'), { stage: 'reviewing' })).statusCode).toBe(200);
    const changed = eventOf(await stream.next(isKind('lead_changed', ideaId)));
    expect(changed.actorId).toBe(memberId);

    const colleague = await storeMember(app.database, 'member');
    expect((await post(leadActionPath(ideaId, 'owner'), { ownerId: colleague.id })).statusCode).toBe(200);
    expect(eventOf(await stream.next(isKind('lead_assigned', ideaId))).memberId).toBe(colleague.id);
    // …and the new owner is told by mail (stored with the change, to their address).
    const alerts = await app.database.rows<{ kind: string; channel: string; details: { to: string } }>(
      sql`select kind, channel, details from alerts where idea_id = ${ideaId}::uuid`,
    );
    expect(alerts).toEqual([
      { kind: 'lead_assigned', channel: 'mail', details: { reference: ideaId.slice(0, 8), to: colleague.email } },
    ]);
  });

  it('refuses a move the rules refuse (프로토타입 전달 without a link, an unknown stage): nothing changes or is announced', async () => {
    const id = await storeLead(app.database);
    const stream = await open();
    await stream.next((message) => message.id !== undefined && message.event === 'message');
    for (const body of [{ stage: 'delivered' }, { stage: 'closed' }, { stage: 'shipped' }]) {
      const refused = await post(leadActionPath(id, 'stage'), body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: { code: 'invalid', message: teamErrorMessages.invalid } });
    }
    const [lead] = await app.database.rows<{ stage: string }>(sql`select stage from ideas where id = ${id}::uuid`);
    expect(lead!.stage).toBe('new');
    // A marker published after them arrives in order: anything the refusals had published would be before it.
    const marker = await storeLead(app.database);
    await app.events.publish({ kind: 'lead_changed', ideaId: marker });
    await stream.next(isKind('lead_changed', marker));
    expect(
      stream.messages.filter((message) => message.data.startsWith('{') && eventOf(message).ideaId !== marker),
    ).toEqual([]);
  });

  it('sends a reconnect what it missed after Last-Event-ID, and `resync` when that is gone', async () => {
    const first = await open();
    const start = await first.next((message) => message.id !== undefined);
    first.close();
    const a = await storeLead(app.database);
    const b = await storeLead(app.database);
    await app.events.publish({ kind: 'lead_received', ideaId: a });
    await app.events.publish({ kind: 'lead_changed', ideaId: b });
    const again = await open({ 'last-event-id': start.id! });
    await again.next(isKind('lead_changed', b));
    expect(again.messages.filter((message) => message.data.startsWith('{')).map((m) => eventOf(m).ideaId)).toEqual([
      a,
      b,
    ]);

    // More than the catch-up holds: fetch everything again.
    for (let i = 0; i <= EVENT_CATCH_UP_MAX; i += 1) await app.events.publish({ kind: 'lead_changed', ideaId: a });
    const late = await open({ 'last-event-id': start.id! });
    await late.next((message) => message.event === STREAM_CONTROL_EVENTS.resync);
  });

  it('ends the stream when its session ends', async () => {
    const stream = await open();
    await stream.next((message) => message.id !== undefined);
    await app.database.rows(sql`delete from team_sessions`);
    await stream.next((message) => message.event === STREAM_CONTROL_EVENTS.ended, 5_000);
    await stream.ended;
  });

  it('marks a lead unread until the member opens it, and again after someone else changed it', async () => {
    const id = await storeLead(app.database);
    await storeLead(app.database, { stage: 'delivered', prototypeDeliveredAt: new Date() });
    const unread = async (as = headers) =>
      (await app.inject({ method: 'GET', url: UNREAD_LEADS_PATH, headers: as })).json() as UnreadLeads;
    expect(await unread()).toEqual({ count: 1, ids: [id] });
    expect((await app.inject({ method: 'GET', url: leadPath(id), headers })).statusCode).toBe(200);
    expect(await unread()).toEqual({ count: 0, ids: [] });
    // My own note leaves it read; a colleague's makes it unread again.
    expect((await post(leadActionPath(id, 'notes'), { text: '내 메모' })).statusCode).toBe(200);
    expect(await unread()).toEqual({ count: 0, ids: [] });
    const colleague = await signedIn(app.database, 'member');
    await new Promise((done) => setTimeout(done, 5));
    expect((await post(leadActionPath(id, 'notes'), { text: '동료 메모' }, colleague.headers)).statusCode).toBe(200);
    expect(await unread()).toEqual({ count: 1, ids: [id] });
    expect(await unread(colleague.headers)).toEqual({ count: 1, ids: [id] });
  });
});

describe('two instances on PostgreSQL', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  let store: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    store = await testDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    store?.cleanup();
  });

  it('an event on one instance reaches a stream on the other', async () => {
    for (let i = 0; i < 2; i += 1) {
      const app = await buildTestApp(store, { JOBS: 'false' });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const session = await signedIn(one.database);
    const stream = await openStream(two, session.headers);
    await stream.next((message) => message.id !== undefined);
    const received = await submitIdea(one, ideaBody());
    const ideaId = (received.json() as { id: string }).id;
    await stream.next(isKind('lead_received', ideaId));

    // The database drops the instances' listening connections (a restart, a lost network): they listen again, and
    // what was published meanwhile still reaches the stream.
    await one.database.rows(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`);
    const meanwhile = await storeLead(one.database);
    await one.events.publish({ kind: 'lead_changed', ideaId: meanwhile });
    await stream.next(isKind('lead_changed', meanwhile), 20_000);
    stream.close();
  });
});
