/**
 * Drops what only serves for a while: ended rate-limit windows (they hold client addresses), idempotency keys past their time
 * and used form tokens past their expiry (a replay of one is refused as expired by then).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ScheduledJob } from './scheduler';

/**
 * How long, at the least, a retry with the same Idempotency-Key replays the first answer: a day. The server keeps
 * keys as long as a form token lasts when that is longer (server-jobs.ts), so a token's first use cannot be replayed
 * as a new idea once its key is gone.
 */
export const IDEMPOTENCY_KEY_MIN_MS = 24 * 3_600_000;

export function housekeepingJob(
  database: Database,
  options: { idempotencyKeyMs: number } = { idempotencyKeyMs: IDEMPOTENCY_KEY_MIN_MS },
): ScheduledJob {
  return {
    name: 'housekeeping',
    everyMs: 60_000,
    async run(now) {
      const at = now.toISOString();
      const windows = await database.rows(
        sql`delete from rate_limits where reset_at < ${at}::timestamptz returning key`,
      );
      const keys = await database.rows(sql`
        delete from idempotency_keys
        where created_at < ${at}::timestamptz - ${options.idempotencyKeyMs}::bigint * interval '1 millisecond' returning key`);
      const tokens = await database.rows(
        sql`delete from used_form_tokens where expires_at < ${at}::timestamptz returning token_hash`,
      );
      return `${windows.length} rate-limit windows, ${keys.length} idempotency keys, ${tokens.length} used form tokens removed`;
    },
  };
}
