/**
 * /healthz's fields for the outboxes beside the team mail's (mail/mail-backlog.ts): the push notifications
 * (`push_deliveries`, decision 130) and the founder's KakaoTalk messages (`kakao_messages`, decision 131). Counts and
 * an age only, never an idea, a device or a number: how many rows wait to be sent, how many of them have waited
 * past ALERT_UNSENT_MINUTES (the mail's threshold), and the oldest one's age. Degraded while one is overdue: no
 * instance is sending (MAIL_WORKER off everywhere, a stuck sender) or the service keeps answering "later". A
 * failure for good is not counted here: each one is already an alert to the chat (`push_failed`, `kakao_failed`).
 * Both counts read the rows through the outbox's partial index of the waiting rows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { HealthCheck } from './health-check';

export type OutboxTable = 'push_deliveries' | 'kakao_messages';

export interface OutboxBacklog {
  unsent: number;
  overdue: number;
  /** Age of the oldest row waiting, in seconds (0 when none waits). */
  oldestUnsentSeconds: number;
}

export async function outboxBacklog(
  database: Database,
  table: OutboxTable,
  unsentAfterMs: number,
): Promise<OutboxBacklog> {
  const [row] = await database.rows<{ unsent: number; overdue: number; oldest_seconds: number | null }>(sql`
    select count(*)::int as unsent,
      count(*) filter (where created_at + ${unsentAfterMs}::int * interval '1 millisecond' <= now())::int as overdue,
      floor(extract(epoch from now() - min(created_at)))::int as oldest_seconds
    from ${sql.raw(table)} where status in ('pending', 'sending')`);
  return {
    unsent: Number(row?.unsent ?? 0),
    overdue: Number(row?.overdue ?? 0),
    oldestUnsentSeconds: Number(row?.oldest_seconds ?? 0),
  };
}

/** The check reported under `name`, degraded while a row is overdue. */
export function outboxHealthCheck(
  name: string,
  database: Database,
  table: OutboxTable,
  unsentAfterMs: number,
): HealthCheck {
  return {
    name,
    async check() {
      const backlog = await outboxBacklog(database, table, unsentAfterMs);
      return { degraded: backlog.overdue > 0, ...backlog };
    },
  };
}
