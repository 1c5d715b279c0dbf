/**
 * Stores accepted ideas: the form token's use, the idea row, its voice memo, its follow-up entry (which queues its
 * team mail and founder confirmation unless flagged as spam) and its Idempotency-Key row are written in ONE
 * transaction, so they commit together. Concurrent requests are grouped (see db/batcher.ts): one
 * transaction stores every idea that arrived while the previous one was in flight. The 202 is sent only after the
 * transaction holding the request's idea has committed.
 */
import { sql } from 'drizzle-orm';
import { sealMemo } from '../storage/memo-cipher';
import { Batcher } from '../db/batcher';
import type { Database } from '../db/client';
import type { IdeaFields } from '../../domain/idea';
import type { LeadSource } from '../../domain/lead-source';
import type { StoredIdempotencyKey } from '../intake/idempotency';
import type { SpamReason } from '../intake/bot-check';
import type { TokenUse } from '../intake/used-form-tokens';

export interface NewIdea {
  id: string;
  receivedAt: Date;
  /** The fields; `kakaoUpdates` (issue 49) absent: no KakaoTalk updates. */
  fields: Omit<IdeaFields, 'kakaoUpdates'> & Partial<Pick<IdeaFields, 'kakaoUpdates'>>;
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
  /** Where the visit began (decision 134); undefined: unknown (stored as the channel `unknown`). */
  source?: LeadSource | undefined;
  /** The client's rate-limit key (intake/rate-limit.ts), counted in the group commit; undefined: not limited. */
  rateKey?: string | undefined;
}

/**
 * How a group is stored. The team is told: one mail per idea, until too many were queued one by one within
 * `digestPeriodMs`; the rest wait for the digest. Queued with the idea, inserted by its follow-up (follow-up.ts,
 * decision 119). Ideas from the page's script (with a valid fill-time token: the others are spam) and the
 * browser's own form posts (no token, so a flood of them cannot be told from people) are counted apart, each
 * against its own threshold: a flood of form posts fills only the form posts' allowance, never the script's
 * (decision 075).
 */
export interface StorePolicy {
  digestThreshold: number;
  /** The same for form posts (without the page's script); lower, since nothing but the honeypot vets them. */
  formDigestThreshold: number;
  digestPeriodMs: number;
  /**
   * The founder's confirmation mail (decision 084): undefined when FOUNDER_MAIL is off; otherwise at most `perDay`
   * per address (by its hash) in 24 hours, the rest stored as `skipped`. Queued with the idea, inserted by its
   * follow-up (follow-up.ts, decision 118).
   */
  founderConfirmations?: { perDay: number } | undefined;
  /**
   * The per-client limit (decision 113): each idea with a `rateKey` counts one hit in its client's fixed window,
   * in the group commit; an idea over `perClient` stores nothing. Undefined: no limit.
   */
  rateLimit?: { perClient: number; windowMs: number } | undefined;
  /**
   * PostgreSQL: the event bus's channel (EventBus.transactionChannel), NOTIFYed with the group's `lead_received`
   * events in its own transaction (decision 116). Undefined: the server announces them after the commit.
   */
  notifyChannel?: string | undefined;
}

const ONE_MAIL_EACH: StorePolicy = {
  digestThreshold: Number.MAX_SAFE_INTEGER,
  formDigestThreshold: Number.MAX_SAFE_INTEGER,
  digestPeriodMs: 60_000,
};

/** A client's count in its rate-limit window after this idea's hit, and the window's time left. */
export interface RateCount {
  current: number;
  ttlMs: number;
}

/** Per idea of a batch: stored or not (its Idempotency-Key was used already, or its client is over the limit). */
export interface Stored {
  created: boolean;
  /** The reason it went to the spam folder: its own, or `token_reused` found in the transaction. */
  spamReason: SpamReason | null;
  /** Over its client's limit: nothing was stored. */
  rateLimited: boolean;
  /** Its client's count, when it has a `rateKey` and the policy a limit. */
  rate: RateCount | undefined;
  /** The `lead_received` event stored with a created idea that is not spam, for the server to announce. */
  eventId: number | undefined;
}

export type StoreResult =
  | { created: true; spamReason: SpamReason | null; rate: RateCount | undefined; eventId: number | undefined }
  | { created: false; rateLimited: true; rate: RateCount }
  | { created: false; rateLimited: false; existing: StoredIdempotencyKey; rate: RateCount | undefined };

/**
 * Stores a batch of ideas with one call of the database's `store_ideas` (db/functions/store_ideas.sql,
 * decisions 112, 113, 116, 118, 119 and 124): the clients' rate-limit hits, the token uses, keys, ideas, memos,
 * live events and the ideas' follow-up entries (their search text, team mail and founder's confirmation, written
 * after: follow-up.ts) in one statement, so they commit together, in one round trip and with plans the session keeps; on
 * PostgreSQL the events are NOTIFYed in the same transaction (`policy.notifyChannel`).
 * Returns, per idea, whether it was created (false: its client is over the limit, or its Idempotency-Key was
 * already used, here or earlier in the batch), its spam reason (its own, or `token_reused` when another submission
 * used its form token first), its client's count and its event's id. Every statement in it touches only the batch's own rows and
 * index ranges bounded by a threshold, never the day's or the table's volume (decision 087).
 */
export async function insertIdeas(
  database: Database,
  batch: NewIdea[],
  policy: StorePolicy = ONE_MAIL_EACH,
): Promise<Stored[]> {
  const rows = batch.map((idea, index) => {
    // Each memo sealed under its own key, kept in the idea's row (memo-cipher.ts, decision 105); sent as base64
    // text the database decodes (PGlite encodes a Buffer parameter ~6x slower). memo_size stays the recording's
    // size (what the team and the founder are shown), not the ciphertext's.
    const memo = idea.voiceMemo;
    const sealed = memo ? sealMemo(memo.bytes) : undefined;
    return {
      i: index,
      id: idea.id,
      at: idea.receivedAt.toISOString(),
      idea: idea.fields.idea,
      name: idea.fields.name,
      email: idea.fields.email,
      phone: idea.fields.phone,
      spam_reason: idea.spamReason,
      via_form: idea.withoutScript ?? false,
      client_ip: idea.clientIp ?? null,
      status_token_hash: idea.statusTokenHash ?? null,
      consent_version: idea.consentVersion ?? null,
      memo_key: sealed?.key.toString('base64') ?? null,
      memo_mime: memo?.mimeType ?? null,
      memo_duration_ms: memo?.durationMs ?? null,
      memo_size: memo?.bytes.length ?? null,
      memo_bytes: sealed?.sealed.toString('base64') ?? null,
      key: idea.idempotency?.key ?? null,
      request_hash: idea.idempotency?.requestHash ?? null,
      token_hash: idea.tokenUse?.hash ?? null,
      token_key: idea.tokenUse?.key ?? null,
      token_expires: idea.tokenUse?.expiresAt.toISOString() ?? null,
      rate_key: idea.rateKey ?? null,
      source_channel: idea.source?.channel ?? 'unknown',
      source_name: idea.source?.source ?? '',
      source_medium: idea.source?.medium ?? '',
      source_campaign: idea.source?.campaign ?? '',
      kakao_updates: idea.fields.kakaoUpdates ?? false,
    };
  });
  const stored = await database.rows<StoredRow>(sql`
    select i, created, spam_reason, rate_limited, rate_count, rate_ttl_ms, event_id
    from store_ideas(${JSON.stringify(rows)}::jsonb,
      ${policy.digestThreshold}::bigint, ${policy.formDigestThreshold}::bigint, ${policy.digestPeriodMs}::bigint,
      ${policy.founderConfirmations?.perDay ?? null}::bigint,
      ${policy.rateLimit?.perClient ?? null}::bigint, ${policy.rateLimit?.windowMs ?? null}::bigint,
      ${policy.notifyChannel ?? null}::text)`);
  const byIndex = new Map(stored.map((row) => [Number(row.i), row]));
  return batch.map((_, index) => {
    const row = byIndex.get(index);
    if (!row) throw new Error('store_ideas answered no row for an idea');
    return {
      created: row.created,
      spamReason: row.spam_reason as SpamReason | null,
      rateLimited: row.rate_limited,
      rate: row.rate_count === null ? undefined : { current: Number(row.rate_count), ttlMs: Number(row.rate_ttl_ms) },
      eventId: row.event_id === null ? undefined : Number(row.event_id),
    };
  });
}

interface StoredRow extends Record<string, unknown> {
  i: number;
  created: boolean;
  spam_reason: string | null;
  rate_limited: boolean;
  rate_count: string | number | null;
  rate_ttl_ms: string | number | null;
  event_id: string | number | null;
}

const batchers = new WeakMap<Database, Batcher<NewIdea, Stored>>();

export async function storeIdea(
  database: Database,
  idea: NewIdea,
  policy: StorePolicy = ONE_MAIL_EACH,
): Promise<StoreResult> {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new Batcher((batch) => insertIdeas(database, batch, policy));
    batchers.set(database, batcher);
  }
  const stored = await batcher.add(idea);
  const { rate } = stored;
  if (stored.created) return { created: true, spamReason: stored.spamReason, rate, eventId: stored.eventId };
  if (stored.rateLimited && rate) return { created: false, rateLimited: true, rate };
  if (!idea.idempotency) throw new Error('idea was not stored');
  const existing = await findIdempotencyKey(database, idea.idempotency.key);
  if (!existing) throw new Error('idempotency key vanished');
  return { created: false, rateLimited: false, existing, rate };
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
