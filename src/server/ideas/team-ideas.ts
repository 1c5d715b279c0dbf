/**
 * What the team CLI reads and does, as plain queries over the database: list, show, retry (re-queue a failed
 * mail or release an idea flagged as spam) and export. Used directly by the CLI (PostgreSQL, or PGlite when no
 * server holds the data dir) and through the loopback admin API (PGlite while the server runs).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'spam';

export interface TeamIdea {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  idea: string;
  status: DeliveryStatus;
  spamReason: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  deliveredTo: string | null;
}

interface Row extends Record<string, unknown> {
  id: string;
  received_at: Date | string;
  name: string;
  email: string;
  phone: string;
  idea: string;
  spam_reason: string | null;
  status: string | null;
  attempts: number | null;
  last_error: string | null;
  sent_at: Date | string | null;
  delivered_to: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toTeamIdea(row: Row): TeamIdea {
  return {
    id: row.id,
    receivedAt: iso(row.received_at)!,
    name: row.name,
    email: row.email,
    phone: row.phone,
    idea: row.idea,
    status: (row.status ?? 'spam') as DeliveryStatus,
    spamReason: row.spam_reason,
    attempts: Number(row.attempts ?? 0),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
    deliveredTo: row.delivered_to,
  };
}

const SELECT = sql`select i.id, i.received_at, i.name, i.email, i.phone, i.idea, i.spam_reason,
  o.status, o.attempts, o.last_error, o.sent_at, o.delivered_to
  from ideas i left join outbox o on o.idea_id = i.id`;

/** Newest first. */
export async function listIdeas(database: Database, limit = 50): Promise<TeamIdea[]> {
  const rows = await database.rows<Row>(sql`${SELECT} order by i.received_at desc limit ${limit}`);
  return rows.map(toTeamIdea);
}

/** Every idea, oldest first (for export). */
export async function allIdeas(database: Database): Promise<TeamIdea[]> {
  const rows = await database.rows<Row>(sql`${SELECT} order by i.received_at asc`);
  return rows.map(toTeamIdea);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Looks an idea up by its full id or a unique prefix of at least 6 characters (as `list` shows). */
export async function findIdea(database: Database, idOrPrefix: string): Promise<TeamIdea | undefined> {
  const needle = idOrPrefix.trim().toLowerCase();
  if (UUID.test(needle)) {
    const [row] = await database.rows<Row>(sql`${SELECT} where i.id = ${needle}::uuid`);
    return row ? toTeamIdea(row) : undefined;
  }
  if (!/^[0-9a-f-]{6,35}$/.test(needle)) return undefined;
  const rows = await database.rows<Row>(sql`${SELECT} where i.id::text like ${`${needle}%`} limit 2`);
  return rows.length === 1 ? toTeamIdea(rows[0]!) : undefined;
}

/**
 * Queues the team mail again now: a failed (or pending) mail restarts with a fresh max-age window; an idea
 * flagged as spam is released (it keeps its spam reason for the record) and gets its first outbox row.
 * A mail already sent is sent again only with `force`.
 */
export async function retryIdea(
  database: Database,
  id: string,
  options: { force?: boolean } = {},
): Promise<{ ok: true; idea: TeamIdea } | { ok: false; reason: 'not_found' | 'already_sent' | 'in_flight' }> {
  const idea = await findIdea(database, id);
  if (!idea) return { ok: false, reason: 'not_found' };
  if (idea.status === 'sent' && !options.force) return { ok: false, reason: 'already_sent' };
  if (idea.status === 'sending') return { ok: false, reason: 'in_flight' };
  await database.rows(sql`
    insert into outbox (idea_id, status, attempts, created_at, next_attempt_at)
    values (${idea.id}::uuid, 'pending', 0, now(), now())
    on conflict (idea_id) do update set status = 'pending', created_at = now(), next_attempt_at = now(), last_error = null
    where outbox.status <> 'sending'`);
  return { ok: true, idea: (await findIdea(database, idea.id))! };
}
