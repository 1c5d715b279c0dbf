/**
 * A form token is used once (decision 076): the first idea sent with it uses it up, on every instance (the table
 * is in the shared database). Without this, a site could fetch tokens server-side and make its visitors submit
 * with them for a whole day. A retry of the same submission (the same Idempotency-Key: the page's retry after a
 * network failure, a voice memo sent again) is that first use, not a replay, and goes on to the idempotency replay.
 * A script's submission records its token's use in the group commit that stores its idea (the database's
 * `store_ideas`, called by ideas/idea-store.ts, decision 112): one statement, so the token is used exactly when the
 * idea is stored (a failed commit leaves the token unused, nothing to give back), and no transaction of its own: a
 * separate group commit for the uses cost PostgreSQL a WAL flush and PGlite a third of its round trips per batch
 * (decision 087). Within a group, the first use of a token is its candidate; the others are judged against it.
 */
import crypto from 'node:crypto';

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

const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** The use of `use.token` as the group commit records it. */
export const tokenUse = (use: FormTokenUse): TokenUse => ({
  hash: tokenHash(use.token),
  key: use.idempotencyKey ?? null,
  expiresAt: use.expiresAt,
});
