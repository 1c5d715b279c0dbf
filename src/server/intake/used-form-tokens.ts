/**
 * A form token is used once (decision 076): the first idea sent with it uses it up, on every instance (the table
 * is in the shared database). Without this, a site could fetch tokens server-side and make its visitors submit
 * with them for a whole day. A retry of the same submission (the same Idempotency-Key: the page's retry after a
 * network failure, a voice memo sent again) is that first use, not a replay, and goes on to the idempotency replay.
 * A script's submission records its token's use in the group commit that stores its idea (ideas/idea-store.ts,
 * `recordUsesIn`): one transaction, so the token is used exactly when the idea is stored (a failed commit leaves the
 * token unused, nothing to give back), and no transaction of its own: a separate group commit for the uses cost
 * PostgreSQL a WAL flush and PGlite a third of its round trips per batch (decision 087).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Batcher } from '../db/batcher';
import type { Database, RowsFn } from '../db/client';

export interface FormTokenUse {
  token: string;
  /** The submission's Idempotency-Key, when it sent one. */
  idempotencyKey: string | undefined;
  /** When the token expires anyway: the row is needed until then (jobs/housekeeping.ts drops it after). */
  expiresAt: Date;
}

/** A use as it is recorded: the token's hash, never the token. */
export interface TokenUse {
  hash: string;
  key: string | null;
  expiresAt: Date;
}
type Use = TokenUse;

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** The same submission as the one that used the token: both sent the same Idempotency-Key. */
const sameSubmission = (key: string | null, first: string | null) => key !== null && key === first;

/** The use of `use.token` as `recordUsesIn` records it. */
export const tokenUse = (use: FormTokenUse): TokenUse => ({
  hash: tokenHash(use.token),
  key: use.idempotencyKey ?? null,
  expiresAt: use.expiresAt,
});

/**
 * Records a batch of uses with `rows` (inside the caller's transaction); per use, true when it is the token's first
 * (or a retry of that submission).
 */
export async function recordUsesIn(rows: RowsFn, batch: Use[]): Promise<boolean[]> {
  if (batch.length === 0) return [];
  // Within the batch, the first use of each token is the candidate; the others are judged against it.
  const candidates = new Map<string, Use>();
  for (const use of batch) if (!candidates.has(use.hash)) candidates.set(use.hash, use);
  const inserted = await rows<{ token_hash: string }>(sql`
    insert into used_form_tokens (token_hash, idempotency_key, expires_at)
    values ${sql.join(
      [...candidates.values()].map(
        (use) => sql`(${use.hash}, ${use.key}::text, ${use.expiresAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}
    on conflict (token_hash) do nothing
    returning token_hash`);
  const won = new Set(inserted.map((row) => row.token_hash));
  const earlier = [...candidates.keys()].filter((hash) => !won.has(hash));
  const firstKeys = new Map<string, string | null>();
  if (earlier.length > 0) {
    const found = await rows<{ token_hash: string; idempotency_key: string | null }>(sql`
      select token_hash, idempotency_key from used_form_tokens where token_hash in (${sql.join(
        earlier.map((hash) => sql`${hash}`),
        sql`, `,
      )})`);
    for (const row of found) firstKeys.set(row.token_hash, row.idempotency_key);
  }
  return batch.map((use) => {
    const candidate = candidates.get(use.hash)!;
    if (won.has(use.hash)) return use === candidate || sameSubmission(use.key, candidate.key);
    return sameSubmission(use.key, firstKeys.get(use.hash) ?? null);
  });
}

/** Records a batch of uses in a transaction of its own (one group commit's; all or nothing). */
export function recordUses(database: Database, batch: Use[]): Promise<boolean[]> {
  return database.transaction((rows) => recordUsesIn(rows, batch));
}

const batchers = new WeakMap<Database, Batcher<Use, boolean>>();

/**
 * Records the token's use on its own; false when another submission (another or no Idempotency-Key) already used it.
 * The intake records it with the idea instead (`recordUsesIn`).
 */
export function takeFormToken(database: Database, use: FormTokenUse): Promise<boolean> {
  let batcher = batchers.get(database);
  if (!batcher) {
    batcher = new Batcher((batch) => recordUses(database, batch));
    batchers.set(database, batcher);
  }
  return batcher.add(tokenUse(use));
}
