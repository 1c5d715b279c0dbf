/**
 * Stores accepted ideas: the form token's use, the idea row, its voice memo, its outbox row and founder confirmation
 * (unless flagged as spam) and its Idempotency-Key row are written in ONE transaction, so they commit together. Concurrent requests are grouped (see db/batcher.ts): one
 * transaction stores every idea that arrived while the previous one was in flight. The 202 is sent only after the
 * transaction holding the request's idea has committed.
 */
import { sql } from 'drizzle-orm';
import { sealMemo } from './memo-cipher';
import { Batcher } from '../db/batcher';
import type { Database } from '../db/client';
import type { IdeaFields } from '../../domain/idea';
import type { StoredIdempotencyKey } from '../intake/idempotency';
import type { SpamReason } from '../intake/bot-check';
import { recordUsesIn, type TokenUse } from '../intake/used-form-tokens';
import { queueConfirmations } from '../founder/founder-mail-queue';

export interface NewIdea {
  id: string;
  receivedAt: Date;
  fields: IdeaFields;
  spamReason: SpamReason | null;
  /**
   * The form token's use (decision 076), recorded in the same transaction: when another submission used the token
   * first, the idea is stored as `token_reused` instead of `spamReason`.
   */
  tokenUse?: TokenUse | undefined;
  /** Posted by the browser's own form, without the page's script. */
  withoutScript?: boolean;
  /** The client's address for abuse checks; cleared after IP_RETENTION_DAYS (jobs/retention.ts). */
  clientIp?: string | undefined;
  /** The visitor's recording, already checked to be audio (intake/voice-memo-upload.ts). */
  voiceMemo?: { mimeType: string; durationMs: number; bytes: Buffer } | undefined;
  idempotency?: { key: string; requestHash: string } | undefined;
  /** SHA-256 of the founder's status link token (founder/status-token.ts). */
  statusTokenHash?: string | undefined;
  /** The privacy notice's version the form showed (content/privacy-version.ts); null when the page sent none. */
  consentVersion?: string | null | undefined;
}

/**
 * How the team is told: one mail per idea, until too many were queued one by one within `digestPeriodMs`; the rest
 * wait for the digest. Ideas from the page's script (with a valid fill-time token: the others are spam) and the
 * browser's own form posts (no token, so a flood of them cannot be told from people) are counted apart, each
 * against its own threshold: a flood of form posts fills only the form posts' allowance, never the script's
 * (decision 075).
 */
export interface MailPolicy {
  digestThreshold: number;
  /** The same for form posts (without the page's script); lower, since nothing but the honeypot vets them. */
  formDigestThreshold: number;
  digestPeriodMs: number;
  /**
   * The founder's confirmation mail (decision 084): undefined when FOUNDER_MAIL is off; otherwise at most `perDay`
   * per address (by its hash) in 24 hours, the rest stored as `skipped`.
   */
  founderConfirmations?: { perDay: number } | undefined;
}

const ONE_MAIL_EACH: MailPolicy = {
  digestThreshold: Number.MAX_SAFE_INTEGER,
  formDigestThreshold: Number.MAX_SAFE_INTEGER,
  digestPeriodMs: 60_000,
};

/** Per idea of a batch: stored or not (its Idempotency-Key was used already), and as what. */
export interface Stored {
  created: boolean;
  /** The reason it went to the spam folder: its own, or `token_reused` found in the transaction. */
  spamReason: SpamReason | null;
}

export type StoreResult =
  { created: true; spamReason: SpamReason | null } | { created: false; existing: StoredIdempotencyKey };

/**
 * Inserts a batch of ideas in one transaction of multi-row statements (token uses, keys, ideas, memos, outbox,
 * founder confirmations); returns, per idea, whether it was created (false: its Idempotency-Key was already used,
 * here or earlier in the batch) and its spam reason. Simple multi-row inserts plan far faster than one statement of
 * data-modifying CTEs (measured ~5x on PGlite). Every statement touches only the batch's own rows and index ranges
 * bounded by a threshold, never the day's or the table's volume (decision 087).
 */
export async function insertIdeas(
  database: Database,
  batch: NewIdea[],
  policy: MailPolicy = ONE_MAIL_EACH,
): Promise<Stored[]> {
  return database.transaction(async (rows) => {
    // The form tokens' single use first: an idea whose token another submission used goes to the spam folder. Not
    // written into `batch` (a failed batch is retried one by one with the same items).
    const withToken = batch.filter((idea) => idea.tokenUse);
    const firstUses = await recordUsesIn(
      rows,
      withToken.map((idea) => idea.tokenUse!),
    );
    const reused = new Set(withToken.filter((_, index) => !firstUses[index]));
    const reasonOf = (idea: NewIdea): SpamReason | null => (reused.has(idea) ? 'token_reused' : idea.spamReason);
    const keyed = batch.filter((idea) => idea.idempotency);
    const won = new Set<string>();
    if (keyed.length > 0) {
      const inserted = await rows<{ idea_id: string }>(sql`
        insert into idempotency_keys (key, request_hash, idea_id, created_at)
        values ${sql.join(
          keyed.map(
            (idea) =>
              sql`(${idea.idempotency!.key}, ${idea.idempotency!.requestHash}, ${idea.id}::uuid, ${idea.receivedAt.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}
        on conflict (key) do nothing
        returning idea_id::text as idea_id`);
      for (const row of inserted) won.add(String(row.idea_id));
    }
    const created = batch.filter((idea) => !idea.idempotency || won.has(idea.id));
    if (created.length === 0) return batch.map((idea) => ({ created: false, spamReason: reasonOf(idea) }));
    // Each memo sealed under its own key, kept in the idea's row (memo-cipher.ts, decision 105).
    const sealed = new Map(created.flatMap((idea) => (idea.voiceMemo ? [[idea, sealMemo(idea.voiceMemo.bytes)]] : [])));
    await rows(sql`
      insert into ideas (id, received_at, idea, name, email, phone, spam_reason, without_script, client_ip,
        status_token_hash, consent_version, consented_at, memo_key)
      values ${sql.join(
        created.map(
          (
            idea,
          ) => sql`(${idea.id}::uuid, ${idea.receivedAt.toISOString()}::timestamptz, ${idea.fields.idea}, ${idea.fields.name},
            ${idea.fields.email}, ${idea.fields.phone}, ${reasonOf(idea)}::text, ${idea.withoutScript ?? false}, ${idea.clientIp ?? null}::text,
            ${idea.statusTokenHash ?? null}::text, ${idea.consentVersion ?? null}::text, ${idea.receivedAt.toISOString()}::timestamptz,
            decode(${sealed.get(idea)?.key.toString('base64') ?? null}::text, 'base64'))`,
        ),
        sql`, `,
      )}`);
    const withMemo = created.filter((idea) => idea.voiceMemo);
    if (withMemo.length > 0) {
      await rows(sql`
        insert into voice_memos (idea_id, mime_type, duration_ms, byte_size, bytes)
        values ${sql.join(
          withMemo.map((idea) => {
            const memo = idea.voiceMemo!;
            // As base64 text decoded by the database: PGlite encodes a Buffer parameter ~6x slower (25 vs 4 ms for 200 KB).
            // byte_size stays the recording's size (what the team and the founder are shown), not the ciphertext's.
            return sql`(${idea.id}::uuid, ${memo.mimeType}, ${memo.durationMs}::int, ${memo.bytes.length}::int, decode(${sealed.get(idea)!.sealed.toString('base64')}, 'base64'))`;
          }),
          sql`, `,
        )}`);
    }
    const mailed = created.filter((idea) => reasonOf(idea) === null);
    if (mailed.length > 0) {
      // Past the threshold of mails of its kind (script or form post) queued one by one within the period, the rest
      // of that kind in the batch waits for a digest. The period's mails are counted once per batch (from its
      // earliest idea), each row's kind read by primary key: a join let the planner scan every idea (~9x slower).
      const since = new Date(Math.min(...mailed.map((idea) => idea.receivedAt.getTime())) - policy.digestPeriodMs);
      await rows(sql`
        insert into outbox (idea_id, status, attempts, created_at, next_attempt_at, digest)
        select v.idea_id, 'pending', 0, v.at, v.at,
          coalesce(c.n, 0) + row_number() over (partition by v.via_form order by v.at, v.idea_id)
            > case when v.via_form then ${policy.formDigestThreshold}::bigint else ${policy.digestThreshold}::bigint end
        from (values ${sql.join(
          mailed.map(
            (idea) =>
              sql`(${idea.id}::uuid, ${idea.receivedAt.toISOString()}::timestamptz, ${idea.withoutScript ?? false}::boolean)`,
          ),
          sql`, `,
        )}) as v(idea_id, at, via_form)
        left join (
          select kind.via_form, count(*) as n
          from (
            select (select i.without_script from ideas i where i.id = o.idea_id) as via_form
            from outbox o where not o.digest and o.created_at > ${since.toISOString()}::timestamptz
          ) kind
          group by kind.via_form
        ) c on c.via_form = v.via_form`);
      if (policy.founderConfirmations) await queueConfirmations(rows, mailed, policy.founderConfirmations.perDay);
    }
    const createdIds = new Set(created.map((idea) => idea.id));
    return batch.map((idea) => ({ created: createdIds.has(idea.id), spamReason: reasonOf(idea) }));
  });
}

const batchers = new WeakMap<Database, Batcher<NewIdea, Stored>>();

export async function storeIdea(
  database: Database,
  idea: NewIdea,
  policy: MailPolicy = ONE_MAIL_EACH,
): Promise<StoreResult> {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new Batcher((batch) => insertIdeas(database, batch, policy));
    batchers.set(database, batcher);
  }
  const stored = await batcher.add(idea);
  if (stored.created) return { created: true, spamReason: stored.spamReason };
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
  return row
    ? { requestHash: row.request_hash, ideaId: row.idea_id, receivedAt: new Date(row.received_at) }
    : undefined;
}
