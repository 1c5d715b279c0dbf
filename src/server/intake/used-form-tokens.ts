/**
 * A form token is used once (decision 076): the first idea sent with it uses it up, on every instance (the table
 * is in the shared database). Without this, a site could fetch tokens server-side and make its visitors submit
 * with them for a whole day. A retry of the same submission (the same Idempotency-Key: the page's retry after a
 * network failure, a voice memo sent again) is that first use, not a replay, and goes on to the idempotency replay.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface FormTokenUse {
  token: string;
  /** The submission's Idempotency-Key, when it sent one. */
  idempotencyKey: string | undefined;
  /** When the token expires anyway: the row is needed until then (jobs/housekeeping.ts drops it after). */
  expiresAt: Date;
}

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Records the token's use; false when another submission (another or no Idempotency-Key) already used it. */
export async function useFormToken(database: Database, use: FormTokenUse): Promise<boolean> {
  const hash = tokenHash(use.token);
  const key = use.idempotencyKey ?? null;
  const inserted = await database.rows(sql`
    insert into used_form_tokens (token_hash, idempotency_key, expires_at)
    values (${hash}, ${key}::text, ${use.expiresAt.toISOString()}::timestamptz)
    on conflict (token_hash) do nothing
    returning token_hash`);
  if (inserted.length > 0) return true;
  if (key === null) return false;
  const [first] = await database.rows<{ idempotency_key: string | null }>(sql`
    select idempotency_key from used_form_tokens where token_hash = ${hash}`);
  return first?.idempotency_key === key;
}
