/**
 * What a failed send does to a row of a mail outbox that is claimed, leased and fenced the same way
 * (`founder_mails`, mail/founder-mail-worker.ts; `meeting_mails`, booking/meeting-mail-sender.ts): failed for good
 * on a permanent refusal or once the row is older than the age limit, else pending again after the backoff. The
 * stored error names the reply code only, never the address (a refusal's text may quote it). The caller logs.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { retryDelayMs } from './retry-delay';
import { PermanentMailError } from './transport';

export interface OutboxFailure {
  table: 'founder_mails' | 'meeting_mails';
  /** The claimed row's fence (its key and attempt): a row claimed again meanwhile is left alone. */
  fence: SQL;
  attempts: number;
  createdAt: Date | string;
  maxAgeMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export async function recordOutboxFailure(
  database: Database,
  row: OutboxFailure,
  error: unknown,
): Promise<{ failed: true } | { failed: false; retryInMs: number }> {
  const table = sql.identifier(row.table);
  const message = error instanceof PermanentMailError ? `refused (${error.responseCode})` : 'not delivered';
  const expired = Date.now() - new Date(row.createdAt).getTime() >= row.maxAgeMs;
  if (error instanceof PermanentMailError || expired) {
    await database.rows(sql`
      update ${table} set status = 'failed', next_attempt_at = now(), last_error = ${message}
      where ${row.fence}`);
    return { failed: true };
  }
  const delay = retryDelayMs(row.attempts, row.retryBaseMs, row.retryMaxMs);
  await database.rows(sql`
    update ${table} set status = 'pending', last_error = ${message},
      next_attempt_at = now() + ${delay}::int * interval '1 millisecond'
    where ${row.fence}`);
  return { failed: false, retryInMs: delay };
}

/**
 * An insert that stores a `mail_failed` alert for each row of `source` (a CTE with idea_id, attempts), so the
 * outbox row turns failed and its alert is stored in one statement. One alert per failed attempt. Here, with the
 * outbox, rather than in alerts/ (which sends and reads them): the mail folder does not reach up to the alerts'.
 */
export function mailFailedAlert(source: SQL, details: { responseCode: number | null; expired: boolean }): SQL {
  return sql`
    insert into alerts (key, kind, idea_id, details)
    select 'mail_failed:' || s.idea_id || ':' || s.attempts, 'mail_failed', s.idea_id, ${JSON.stringify(details)}::jsonb
    from ${source} s
    on conflict (key) do nothing`;
}
