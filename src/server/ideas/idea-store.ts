/**
 * Stores an accepted idea: the idea row, its outbox row (unless flagged as spam) and the Idempotency-Key row are
 * written by ONE SQL statement (data-modifying CTEs), so they commit together in one transaction and one round
 * trip. The 202 is sent only after this resolves, i.e. after commit.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { IdeaFields } from '../../domain/idea';
import type { StoredIdempotencyKey } from '../intake/idempotency';
import type { SpamReason } from '../intake/bot-check';

export interface NewIdea {
  id: string;
  receivedAt: Date;
  fields: IdeaFields;
  spamReason: SpamReason | null;
  idempotency?: { key: string; requestHash: string } | undefined;
}

export type StoreResult = { created: true } | { created: false; existing: StoredIdempotencyKey };

export async function storeIdea(database: Database, idea: NewIdea): Promise<StoreResult> {
  const { id, fields, spamReason } = idea;
  const receivedAt = idea.receivedAt.toISOString();
  const insertIdea = sql`insert into ideas (id, received_at, idea, name, email, phone, spam_reason)`;
  const values = sql`select ${id}::uuid, ${receivedAt}::timestamptz, ${fields.idea}::text, ${fields.name}::text,
    ${fields.email}::text, ${fields.phone}::text, ${spamReason}::text`;
  const insertOutbox = sql`insert into outbox (idea_id, status, attempts, created_at, next_attempt_at)
    select id, 'pending', 0, ${receivedAt}::timestamptz, ${receivedAt}::timestamptz from new_idea where ${spamReason}::text is null`;

  if (!idea.idempotency) {
    const rows = await database.rows<{ created: number }>(sql`
      with new_idea as (${insertIdea} ${values} returning id),
           new_outbox as (${insertOutbox} returning idea_id)
      select count(*)::int as created from new_idea`);
    if (Number(rows[0]?.created) !== 1) throw new Error('idea was not stored');
    return { created: true };
  }

  const { key, requestHash } = idea.idempotency;
  const rows = await database.rows<{ created: number }>(sql`
    with idem as (
           insert into idempotency_keys (key, request_hash, idea_id, created_at)
           values (${key}, ${requestHash}, ${id}::uuid, ${receivedAt}::timestamptz)
           on conflict (key) do nothing returning idea_id),
         new_idea as (${insertIdea} ${values} where exists (select 1 from idem) returning id),
         new_outbox as (${insertOutbox} returning idea_id)
    select count(*)::int as created from new_idea`);
  if (Number(rows[0]?.created) === 1) return { created: true };

  const existing = await findIdempotencyKey(database, key);
  if (!existing) throw new Error('idempotency key vanished');
  return { created: false, existing };
}

export async function findIdempotencyKey(database: Database, key: string): Promise<StoredIdempotencyKey | undefined> {
  const [row] = await database.rows<{ request_hash: string; idea_id: string; received_at: Date | string }>(sql`
    select k.request_hash, k.idea_id, i.received_at
    from idempotency_keys k join ideas i on i.id = k.idea_id
    where k.key = ${key}`);
  return row ? { requestHash: row.request_hash, ideaId: row.idea_id, receivedAt: new Date(row.received_at) } : undefined;
}
