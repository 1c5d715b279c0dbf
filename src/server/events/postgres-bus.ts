/**
 * The event bus on PostgreSQL: every instance LISTENs on one channel over a connection of its own (outside the
 * pool, which would hand a listening connection to other queries), and `publish` NOTIFYs it after storing the rows (a burst as JSON arrays), so
 * a change made on one instance reaches the streams of all. The listening connection is opened again when it
 * drops (a database restart, a lost network), and the events stored meanwhile are read back from the table and
 * delivered, so a stream on this instance misses nothing it would have heard.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { announcer, Listeners, publisher, type EventBus } from './event-bus';
import { eventsAfter, lastEventId } from './event-store';

export const EVENT_CHANNEL = 'workspace_events';
/** The wait before listening again after the connection dropped, doubled up to RELISTEN_MAX_MS. */
export const RELISTEN_BASE_MS = 500;
export const RELISTEN_MAX_MS = 15_000;

export async function postgresEventBus(
  database: Database,
  databaseUrl: string,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let lastDelivered = await lastEventId(database);
  let retryMs = RELISTEN_BASE_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const deliver = (event: WorkspaceEvent) => {
    if (event.id > lastDelivered) lastDelivered = event.id;
    listeners.deliver(event);
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    next.on('error', () => relisten(next));
    next.on('end', () => relisten(next));
    next.on('notification', (message) => {
      if (message.channel !== EVENT_CHANNEL || !message.payload) return;
      try {
        for (const event of JSON.parse(message.payload) as WorkspaceEvent[]) deliver(event);
      } catch {
        // Not ours: only publish() notifies this channel.
      }
    });
    await next.connect();
    await next.query(`listen ${EVENT_CHANNEL}`);
    client = next;
  }

  function relisten(dropped: pg.Client) {
    if (closed || client !== dropped) return;
    client = undefined;
    dropped.end().catch(() => {});
    log.warn({ retryInMs: retryMs }, 'workspace events: listening connection lost');
    scheduleListen();
  }

  function scheduleListen() {
    if (closed) return;
    const again = async () => {
      const since = lastDelivered;
      try {
        await listen();
      } catch {
        retryMs = Math.min(retryMs * 2, RELISTEN_MAX_MS);
        scheduleListen();
        return;
      }
      retryMs = RELISTEN_BASE_MS;
      // What was published while nobody here listened (more than the catch-up holds: the streams' reconnect resyncs).
      const missed = await eventsAfter(database, since).catch(() => ({ events: [] }));
      for (const event of missed.events) if (event.id > lastDelivered) deliver(event);
    };
    retryTimer = setTimeout(() => void again(), retryMs);
    retryTimer.unref();
  }

  await listen();
  const notify = async (events: WorkspaceEvent[]) => {
    for (const payload of notifyPayloads(events))
      await database.rows(sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`);
  };
  return {
    publish: publisher(database, notify, log),
    announce: announcer(notify, log),
    transactionChannel: EVENT_CHANNEL,
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}

/** NOTIFY's payload must stay under 8,000 bytes: a burst's events as JSON arrays of at most that size. */
export const NOTIFY_PAYLOAD_MAX = 7_900;

export function notifyPayloads(events: WorkspaceEvent[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let length = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (current.length > 0 && length + json.length + 1 > NOTIFY_PAYLOAD_MAX) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      length = 2;
    }
    current.push(json);
    length += json.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}
