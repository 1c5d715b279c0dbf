/**
 * The `workspace_events` rows (db/schema.ts): stored as a change is announced, read again by a stream that
 * reconnects with `Last-Event-ID`, and dropped after EVENT_CATCH_UP_MS by the team housekeeping job.
 */
import { sql } from 'drizzle-orm';
import type { WorkspaceEvent } from '../../domain/workspace-events';
import type { Database } from '../db/client';

/** How long a stream may be away and still be sent what it missed; longer, it is told to fetch everything again. */
export const EVENT_CATCH_UP_MS = 60 * 60_000;
/** At most this many missed events are replayed; more, and the stream is told to fetch everything again. */
export const EVENT_CATCH_UP_MAX = 200;

export type NewWorkspaceEvent = Omit<WorkspaceEvent, 'id' | 'memberId' | 'actorId'> &
  Partial<Pick<WorkspaceEvent, 'memberId' | 'actorId'>>;

interface EventRow extends Record<string, unknown> {
  id: string | number;
  kind: WorkspaceEvent['kind'];
  idea_id: string | null;
  member_id: string | null;
  actor_id: string | null;
}

const eventOf = (row: EventRow): WorkspaceEvent => ({
  id: Number(row.id),
  kind: row.kind,
  ideaId: row.idea_id,
  memberId: row.member_id,
  actorId: row.actor_id,
});

/** Stores events in one statement (a burst of new leads is one write, not one commit each), ids in order. */
export async function storeEvents(database: Database, events: NewWorkspaceEvent[]): Promise<WorkspaceEvent[]> {
  if (events.length === 0) return [];
  const rows = await database.rows<EventRow>(sql`
    insert into workspace_events (kind, idea_id, member_id, actor_id)
    values ${sql.join(
      events.map(
        (event) =>
          sql`(${event.kind}, ${event.ideaId}::uuid, ${event.memberId ?? null}::uuid, ${event.actorId ?? null}::uuid)`,
      ),
      sql`, `,
    )}
    returning id, kind, idea_id::text, member_id::text, actor_id::text`);
  return rows.map(eventOf).sort((a, b) => a.id - b.id);
}

/**
 * The events after `lastId`, oldest first; `complete` is false when some may be gone (older than the kept rows, or
 * more than EVENT_CATCH_UP_MAX): the stream then tells the page to fetch everything again.
 */
export async function eventsAfter(
  database: Database,
  lastId: number,
): Promise<{ events: WorkspaceEvent[]; complete: boolean }> {
  const rows = await database.rows<EventRow>(sql`
    select id, kind, idea_id::text, member_id::text, actor_id::text from workspace_events
    where id > ${lastId} order by id limit ${EVENT_CATCH_UP_MAX + 1}`);
  const [oldest] = await database.rows<{ id: string | number | null }>(sql`select min(id) as id from workspace_events`);
  // The row right after lastId must still be there (ids only grow; a gap at the start means pruned rows).
  const firstKept = oldest?.id === null || oldest?.id === undefined ? null : Number(oldest.id);
  const complete = rows.length <= EVENT_CATCH_UP_MAX && (firstKept === null || firstKept <= lastId + 1);
  return { events: rows.slice(0, EVENT_CATCH_UP_MAX).map(eventOf), complete };
}

/** The highest stored id, where a new stream starts (0 when none). */
export async function lastEventId(database: Database): Promise<number> {
  const [row] = await database.rows<{ id: string | number | null }>(sql`select max(id) as id from workspace_events`);
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/** Drops events older than EVENT_CATCH_UP_MS (the housekeeping job); returns how many. */
export async function dropOldEvents(database: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EVENT_CATCH_UP_MS).toISOString();
  return (await database.rows(sql`delete from workspace_events where at < ${before}::timestamptz returning id`)).length;
}
