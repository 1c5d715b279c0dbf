/**
 * The workspace's live updates as server-sent events at WORKSPACE_EVENTS_PATH, inside the workspace API's scope (so
 * a request without a live session is 401 before this runs, and EventSource stops on it). The stream:
 * - sends each workspace event (ids and a kind; domain/workspace-events.ts) with its id, so a reconnect's
 *   `Last-Event-ID` is answered with what was missed from the table, or `resync` when that is gone;
 * - starts with the current last id (a page that never saw an event still catches up after a drop);
 * - writes a comment every heartbeat (through proxies and the server's idle timeout) and checks the session then
 *   without restarting its idle clock: when it ended (idle, logout, removal, its 12 hours) the stream sends `ended`
 *   and closes;
 * - is unbuffered (`X-Accel-Buffering: no` for nginx; never compressed) and ends as the server closes.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEAM_API_PATH } from '../../domain/team-paths';
import { STREAM_CONTROL_EVENTS, WORKSPACE_EVENTS_PATH, type WorkspaceEvent } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { sessionAlive } from './sessions';
import type { EventBus } from '../events/event-bus';
import { eventsAfter, lastEventId } from '../events/event-store';

/** The longest wait between two writes on a stream (less when the server's idle timeout is shorter). */
export const HEARTBEAT_MS = 15_000;
/** How long EventSource waits before reconnecting after a drop (the `retry:` field). */
export const RECONNECT_MS = 3_000;

export interface EventStreamOptions {
  database: Database;
  events: EventBus;
  /** TEAM_IDLE_MINUTES, as the session check reads it. */
  idleMs: number;
  /** The server's socket idle timeout (IDLE_TIMEOUT_MS): heartbeats come at most half that apart. */
  socketIdleMs: number;
  /** The session token of a request (the scope's cookie rule). */
  tokenOf: (request: FastifyRequest) => string | undefined;
}

const message = (event: WorkspaceEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
const control = (name: string) => `event: ${name}\ndata: ${name}\n\n`;

/** `Last-Event-ID` as a number, or undefined when absent or not one. */
function lastIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

export async function eventStreamRoute(scope: FastifyInstance, options: EventStreamOptions) {
  const { database, events } = options;
  const heartbeatMs = Math.min(HEARTBEAT_MS, Math.floor(options.socketIdleMs / 2));
  const open = new Set<ServerResponse>();
  scope.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  scope.get(WORKSPACE_EVENTS_PATH.slice(TEAM_API_PATH.length), async (request, reply) => {
    const token = options.tokenOf(request);
    const lastId = lastIdOf(request.headers['last-event-id']);
    reply.hijack();
    const response = reply.raw;
    // The headers the app's hooks set (security headers, no-store, noindex), which hijacking would otherwise drop.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) response.setHeader(name, value as string | number | string[]);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    open.add(response);

    const sent = new Set<number>();
    let pending: WorkspaceEvent[] | undefined = [];
    const send = (event: WorkspaceEvent) => {
      if (sent.has(event.id)) return;
      sent.add(event.id);
      // Only the recent ids matter for de-duplication (live events racing the catch-up).
      if (sent.size > 1000) sent.delete(sent.values().next().value!);
      response.write(message(event));
    };
    const unsubscribe = events.subscribe((event) => (pending ? pending.push(event) : send(event)));
    // eslint-disable-next-line prefer-const -- set once the catch-up is sent; `finish` may run before that
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      unsubscribe();
      open.delete(response);
    };
    response.on('close', finish);

    try {
      response.write(`retry: ${RECONNECT_MS}\n\n`);
      if (lastId === undefined) response.write(`id: ${await lastEventId(database)}\n\n`);
      else {
        const missed = await eventsAfter(database, lastId);
        if (missed.complete) missed.events.forEach(send);
        else response.write(control(STREAM_CONTROL_EVENTS.resync));
      }
      const live = pending;
      pending = undefined;
      live.forEach(send);
    } catch (error) {
      request.log.warn({ err: error }, 'workspace event stream failed to start');
      response.end();
      return;
    }

    const beat = async () => {
      if (!(await sessionAlive(database, token, { idleMs: options.idleMs }).catch(() => true))) {
        response.end(control(STREAM_CONTROL_EVENTS.ended));
        return;
      }
      response.write(': ping\n\n');
    };
    timer = setInterval(() => void beat(), heartbeatMs);
  });
}
