/**
 * Drops what only serves for a while: ended rate-limit windows (they hold client addresses), day-old idempotency keys
 * and used form tokens past their expiry (a replay of one is refused as expired by then).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ScheduledJob } from './scheduler';

/** How long a retry with the same Idempotency-Key replays the first answer. */
export const IDEMPOTENCY_KEY_DAYS = 1;

export function housekeepingJob(database: Database): ScheduledJob {
  return {
    name: 'housekeeping',
    everyMs: 60_000,
    async run(now) {
      const at = now.toISOString();
      const windows = await database.rows(
        sql`delete from rate_limits where reset_at < ${at}::timestamptz returning key`,
      );
      const keys = await database.rows(sql`
        delete from idempotency_keys where created_at < ${at}::timestamptz - ${IDEMPOTENCY_KEY_DAYS}::int * interval '1 day' returning key`);
      const tokens = await database.rows(
        sql`delete from used_form_tokens where expires_at < ${at}::timestamptz returning token_hash`,
      );
      return `${windows.length} rate-limit windows, ${keys.length} idempotency keys, ${tokens.length} used form tokens removed`;
    },
  };
}
