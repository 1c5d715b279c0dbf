/**
 * The founder's status link (decision 084): `/status/<token>`, token = base64url(HMAC-SHA256(secret, idea id)),
 * 256 bits. Derived, not random, so a replayed intake answer gives the same link without the token being stored;
 * the database keeps only SHA-256(token) (ideas.status_token_hash), looked up by that hash. Erasing the idea deletes
 * the hash: the link then finds nothing, whatever the secret.
 *
 * The secret: STATUS_LINK_SECRET when set, else generated on first boot and kept in `settings` (every instance and
 * restart agree), as the form secret is.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { STATUS_PATH } from '../../domain/status-link';

const KEY = 'status_link_secret';

export async function resolveStatusSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = crypto.randomBytes(32).toString('base64url');
  await database.rows(
    sql`insert into settings (key, value) values (${KEY}, ${candidate}) on conflict (key) do nothing`,
  );
  const [row] = await database.rows<{ value: string }>(sql`select value from settings where key = ${KEY}`);
  if (!row) throw new Error('status link secret could not be stored');
  return row.value;
}

export function statusToken(secret: string, ideaId: string): string {
  return crypto.createHmac('sha256', secret).update(`status:${ideaId.toLowerCase()}`).digest('base64url');
}

/** What the database keeps of a token: its SHA-256 in hex. */
export function statusTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A token as the link carries it: 43 base64url characters (256 bits); anything else is not looked up. */
export function isStatusToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export const statusPath = (token: string) => `${STATUS_PATH}/${token}`;
