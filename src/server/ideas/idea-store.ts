/**
 * Stores accepted ideas: the idea row, its outbox row (unless flagged as spam) and its Idempotency-Key row are
 * written by ONE SQL statement (data-modifying CTEs), so they commit together in one transaction. Concurrent
 * requests are grouped (see db/batcher.ts): one statement stores every idea that arrived while the previous one
 * was in flight. The 202 is sent only after the statement holding the request's idea has committed.
 */
import { sql } from 'drizzle-orm';
import { Batcher } from '../db/batcher';
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

/** Inserts a batch of ideas in one statement; returns, per idea, whether it was created (false: key already used). */
export async function insertIdeas(database: Database, batch: NewIdea[]): Promise<boolean[]> {
  const values = sql.join(
    batch.map(
      (idea) => sql`(${idea.idempotency?.key ?? null}::text, ${idea.idempotency?.requestHash ?? null}::text, ${idea.id}::uuid,
        ${idea.receivedAt.toISOString()}::timestamptz, ${idea.fields.idea}::text, ${idea.fields.name}::text,
        ${idea.fields.email}::text, ${idea.fields.phone}::text, ${idea.spamReason}::text)`,
    ),
    sql`, `,
  );
  const rows = await database.rows<{ id: string }>(sql`
    with input (key, hash, id, received_at, idea, name, email, phone, spam) as (values ${values}),
    idem as (
      insert into idempotency_keys (key, request_hash, idea_id, created_at)
      select key, hash, id, received_at from input where key is not null
      on conflict (key) do nothing
      returning idea_id),
    new_idea as (
      insert into ideas (id, received_at, idea, name, email, phone, spam_reason)
      select id, received_at, idea, name, email, phone, spam from input
      where key is null or id in (select idea_id from idem)
      returning id),
    new_outbox as (
      insert into outbox (idea_id, status, attempts, created_at, next_attempt_at)
      select i.id, 'pending', 0, i.received_at, i.received_at
      from input i join new_idea n on n.id = i.id
      where i.spam is null
      returning idea_id)
    select id::text as id from new_idea`);
  const created = new Set(rows.map((row) => String(row.id)));
  return batch.map((idea) => created.has(idea.id));
}

const batchers = new WeakMap<Database, Batcher<NewIdea, boolean>>();

export async function storeIdea(database: Database, idea: NewIdea): Promise<StoreResult> {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new Batcher((batch) => insertIdeas(database, batch));
    batchers.set(database, batcher);
  }
  if (await batcher.add(idea)) return { created: true };
  if (!idea.idempotency) throw new Error('idea was not stored');
  const existing = await findIdempotencyKey(database, idea.idempotency.key);
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
