/**
 * What the team CLI reads and does, as plain queries over the database: list (all, or the spam folder), show,
 * retry (re-queue a mail), release (send a spam-flagged idea to the team, once), close (the consultation ended:
 * retention counts from then), delete (erase on request) and export. Used directly by the CLI (PostgreSQL, or
 * PGlite when no server holds the data dir) and through the loopback admin API (PGlite while the server runs).
 */
import type { Channel, LeadSource } from '../../domain/lead-source';
import { openMemoBase64 } from '../storage/memo-cipher';
import { sql, type SQL } from 'drizzle-orm';
import type { Stage } from '../../domain/stages';
import type { Database, RowsFn } from '../db/client';
import { eraseIdeas, type Erased } from './erase-ideas';
import { isIdeaId } from '../db/idea-ids';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'spam' | 'digest';

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
  releasedAt: string | null;
  closedAt: string | null;
  /** Kept for abuse checks for IP_RETENTION_DAYS, then null. */
  clientIp: string | null;
  /** The voice memo's length, when the idea came with one. */
  memo: { mimeType: string; durationMs: number; byteSize: number } | null;
  /** Where the team has it (domain/stages.ts), who owns it, and the prototype sent. */
  stage: Stage;
  ownerId: string | null;
  prototypeUrl: string | null;
  prototypeDeliveredAt: string | null;
  /** The privacy notice's version the visitor was shown, and when they sent the idea with it (decision 085). */
  consent: { version: string; at: string } | null;
  /** Where the visit began (decision 134). */
  source: LeadSource;
}

/** Who changed something, for the timeline (`idea_events.member_id`) and the caller's access record. */
export interface ChangeOptions {
  /** null: the CLI or a job. */
  memberId?: string | null;
  /** Runs inside the change's transaction (e.g. appendAccessRecord), only when something changed. */
  record?: (rows: RowsFn, ideaId: string) => Promise<void>;
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
  digest: boolean | null;
  released_at: Date | string | null;
  closed_at: Date | string | null;
  client_ip: string | null;
  memo_type: string | null;
  memo_duration_ms: number | null;
  memo_size: number | null;
  stage: Stage;
  owner_id: string | null;
  prototype_url: string | null;
  prototype_delivered_at: Date | string | null;
  consent_version: string | null;
  consented_at: Date | string | null;
  source_channel: Channel;
  source_name: string;
  source_medium: string;
  source_campaign: string;
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
    // No outbox row: spam (until released), or an idea whose follow-up has not yet queued its mail (follow-up.ts).
    status:
      row.status === null
        ? row.spam_reason === null
          ? 'pending'
          : 'spam'
        : row.status === 'pending' && row.digest
          ? 'digest'
          : (row.status as DeliveryStatus),
    spamReason: row.spam_reason,
    attempts: Number(row.attempts ?? 0),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
    deliveredTo: row.delivered_to,
    releasedAt: iso(row.released_at),
    closedAt: iso(row.closed_at),
    clientIp: row.client_ip,
    memo:
      row.memo_type === null
        ? null
        : { mimeType: row.memo_type, durationMs: Number(row.memo_duration_ms), byteSize: Number(row.memo_size) },
    stage: row.stage,
    ownerId: row.owner_id,
    prototypeUrl: row.prototype_url,
    prototypeDeliveredAt: iso(row.prototype_delivered_at),
    consent:
      row.consent_version === null || row.consented_at === null
        ? null
        : { version: row.consent_version, at: iso(row.consented_at)! },
    source: {
      channel: row.source_channel,
      source: row.source_name,
      medium: row.source_medium,
      campaign: row.source_campaign,
    },
  };
}

const SELECT = sql`select i.id, i.received_at, i.name, i.email, i.phone, i.idea, i.spam_reason,
  i.released_at, i.closed_at, i.client_ip, i.stage, i.owner_id, i.prototype_url, i.prototype_delivered_at,
  i.consent_version, i.consented_at, i.source_channel, i.source_name, i.source_medium, i.source_campaign,
  o.status, o.attempts, o.last_error, o.sent_at, o.delivered_to, o.digest,
  m.mime_type as memo_type, m.duration_ms as memo_duration_ms, m.byte_size as memo_size
  from ideas i left join outbox o on o.idea_id = i.id left join voice_memos m on m.idea_id = i.id`;

/** Newest first; with `spam`, only the spam folder (flagged and not released). */
export async function listIdeas(database: Database, limit = 50, options: { spam?: boolean } = {}): Promise<TeamIdea[]> {
  const where = options.spam ? sql`where i.spam_reason is not null and i.released_at is null` : sql``;
  const rows = await database.rows<Row>(sql`${SELECT} ${where} order by i.received_at desc limit ${limit}`);
  return rows.map(toTeamIdea);
}

/** Every idea, oldest first (for export); with `where` (over `i`), those it holds for. */
export async function allIdeas(database: Database, where?: SQL): Promise<TeamIdea[]> {
  const rows = await database.rows<Row>(
    sql`${SELECT} ${where ? sql`where ${where}` : sql``} order by i.received_at asc`,
  );
  return rows.map(toTeamIdea);
}

/** Looks an idea up by its full id or a unique prefix of at least 6 characters (as `list` shows). */
export async function findIdea(database: Database, idOrPrefix: string): Promise<TeamIdea | undefined> {
  const needle = idOrPrefix.trim().toLowerCase();
  if (isIdeaId(needle)) {
    const [row] = await database.rows<Row>(sql`${SELECT} where i.id = ${needle}::uuid`);
    return row ? toTeamIdea(row) : undefined;
  }
  if (!/^[0-9a-f-]{6,35}$/.test(needle)) return undefined;
  const rows = await database.rows<Row>(sql`${SELECT} where i.id::text like ${`${needle}%`} limit 2`);
  return rows.length === 1 ? toTeamIdea(rows[0]!) : undefined;
}

export type ReleaseResult =
  { ok: true; idea: TeamIdea } | { ok: false; reason: 'not_found' | 'not_spam' | 'already_released' };

/**
 * Sends an idea from the spam folder to the team as a normal idea (its own mail, not a digest), once: it keeps its
 * spam reason for the record and gets `released_at` and an outbox row in one statement, so two releases at once
 * queue one mail.
 */
export async function releaseIdea(database: Database, id: string, options: ChangeOptions = {}): Promise<ReleaseResult> {
  const idea = await findIdea(database, id);
  if (!idea) return { ok: false, reason: 'not_found' };
  if (!idea.spamReason) return { ok: false, reason: 'not_spam' };
  const released = await database.transaction(async (rows) => {
    const queued = await rows(sql`
      with released as (
        update ideas set released_at = now() where id = ${idea.id}::uuid and released_at is null returning id
      )
      insert into outbox (idea_id, status, attempts, created_at, next_attempt_at)
      select id, 'pending', 0, now(), now() from released
      on conflict (idea_id) do nothing
      returning idea_id`);
    if (queued.length === 0) return false;
    await rows(sql`insert into idea_events (idea_id, at, member_id, kind)
      values (${idea.id}::uuid, now(), ${options.memberId ?? null}::uuid, 'released')`);
    await options.record?.(rows, idea.id);
    return true;
  });
  if (!released) return { ok: false, reason: 'already_released' };
  return { ok: true, idea: (await findIdea(database, idea.id))! };
}

/**
 * Marks the consultation closed now: the retention period (IDEA_RETENTION_DAYS) counts from here, and the lead is at
 * 종료 (one "closed", decision 092: the stage and the consultation's end are the same fact). Closing a closed one
 * changes nothing (`changed: false`); the first close is a timeline event.
 */
export async function closeIdea(
  database: Database,
  id: string,
  options: ChangeOptions = {},
): Promise<(TeamIdea & { changed: boolean }) | undefined> {
  const idea = await findIdea(database, id);
  if (!idea) return undefined;
  const changed = await database.transaction(async (rows) => {
    const closed = await rows(
      sql`update ideas set closed_at = now(), stage = 'closed', stage_changed_at = now()
        where id = ${idea.id}::uuid and closed_at is null returning id`,
    );
    if (closed.length === 0) return false;
    await rows(sql`insert into idea_events (idea_id, at, member_id, kind)
      values (${idea.id}::uuid, now(), ${options.memberId ?? null}::uuid, 'closed')`);
    await options.record?.(rows, idea.id);
    return true;
  });
  const now = await findIdea(database, idea.id);
  return now && { ...now, changed };
}

/** Erases one idea (full id only: erasure is not done on a guess) with everything that holds its personal data. */
export async function deleteIdea(
  database: Database,
  id: string,
  dataDir: string,
  options: Pick<ChangeOptions, 'record'> = {},
): Promise<Erased | undefined> {
  const needle = id.trim().toLowerCase();
  if (!isIdeaId(needle)) return undefined;
  const erased = await eraseIdeas(database, [needle], dataDir, {
    inTransaction: async (rows, counts) => {
      if (counts.ideas > 0) await options.record?.(rows, needle);
    },
  });
  return erased.ideas === 0 ? undefined : erased;
}

/**
 * Queues the team mail again now, as its own mail: a failed, pending or digest-held mail restarts with a fresh
 * max-age window. A mail already sent is sent again only with `force`. An idea in the spam folder is released
 * with `releaseIdea`, not here.
 */
export type RetryResult =
  { ok: true; idea: TeamIdea } | { ok: false; reason: 'not_found' | 'already_sent' | 'in_flight' | 'spam' };

export async function retryIdea(
  database: Database,
  id: string,
  options: { force?: boolean } = {},
): Promise<RetryResult> {
  const idea = await findIdea(database, id);
  if (!idea) return { ok: false, reason: 'not_found' };
  if (idea.status === 'spam') return { ok: false, reason: 'spam' };
  if (idea.status === 'sent' && !options.force) return { ok: false, reason: 'already_sent' };
  if (idea.status === 'sending') return { ok: false, reason: 'in_flight' };
  await database.rows(sql`
    insert into outbox (idea_id, status, attempts, created_at, next_attempt_at)
    values (${idea.id}::uuid, 'pending', 0, now(), now())
    on conflict (idea_id) do update set status = 'pending', digest = false, created_at = now(), next_attempt_at = now(), last_error = null
    where outbox.status <> 'sending'`);
  return { ok: true, idea: (await findIdea(database, idea.id))! };
}

/** The idea's voice memo (full id or unique prefix), for `ideas show <id> --save-memo <file>`. */
export async function findVoiceMemo(
  database: Database,
  id: string,
): Promise<{ mimeType: string; bytes: Buffer } | undefined> {
  const idea = await findIdea(database, id);
  if (!idea?.memo) return undefined;
  const [row] = await database.rows<{ mime_type: string; base64: string; key: string | null }>(
    sql`select m.mime_type, encode(m.bytes, 'base64') as base64, encode(i.memo_key, 'base64') as key
      from voice_memos m join ideas i on i.id = m.idea_id where m.idea_id = ${idea.id}::uuid`,
  );
  return row ? { mimeType: row.mime_type, bytes: openMemoBase64(row.base64, row.key) } : undefined;
}
