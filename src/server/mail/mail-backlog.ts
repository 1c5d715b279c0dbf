/**
 * How far behind the team mail is, as /healthz reports it and the alert job checks it: ideas not yet mailed (queued
 * in the outbox, or still waiting for the follow-up that queues their mail), the oldest one's age, mails that failed
 * for good, and the ideas overdue. An idea is overdue once it has waited
 * ALERT_UNSENT_MINUTES past the moment it should have gone out: when it was stored, or for an idea held for the
 * digest, when its digest was due (MAIL_DIGEST_MINUTES later).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { HealthCheck } from '../http/health-check';

export interface MailBacklog {
  unsent: number;
  failed: number;
  overdue: number;
  /** Age of the oldest idea not yet mailed, in seconds (0 when none waits). */
  oldestUnsentSeconds: number;
  /** The oldest overdue idea (the alert names it), or null. */
  oldestOverdueId: string | null;
}

export async function mailBacklog(
  database: Database,
  options: { unsentAfterMs: number; digestPeriodMs: number },
): Promise<MailBacklog> {
  const overdue = sql`status in ('pending', 'sending') and created_at
    + (case when digest then ${options.digestPeriodMs}::int else 0 end + ${options.unsentAfterMs}::int) * interval '1 millisecond' <= now()`;
  // An idea whose follow-up has not yet queued its mail (ideas/follow-up.ts) is unsent too, counted from its arrival
  // like a mail row (a stalled follow-up is overdue like a stalled worker).
  const [row] = await database.rows<{
    unsent: number;
    failed: number;
    overdue: number;
    oldest_seconds: number | null;
    oldest_overdue_id: string | null;
  }>(sql`
    with mails as (
      select idea_id, status, created_at, digest from outbox where status in ('pending', 'sending', 'failed')
      union all
      select i.id, 'pending', i.received_at, false
      from idea_follow_ups q join ideas i on i.id = q.idea_id
      where q.team_digest_after is not null
    )
    select
      count(*) filter (where status in ('pending', 'sending'))::int as unsent,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where ${overdue})::int as overdue,
      floor(extract(epoch from now() - min(created_at) filter (where status in ('pending', 'sending'))))::int as oldest_seconds,
      ((array_agg(idea_id::text order by created_at, idea_id) filter (where ${overdue}))[1]) as oldest_overdue_id
    from mails`);
  return {
    unsent: Number(row?.unsent ?? 0),
    failed: Number(row?.failed ?? 0),
    overdue: Number(row?.overdue ?? 0),
    oldestUnsentSeconds: Number(row?.oldest_seconds ?? 0),
    oldestOverdueId: row?.oldest_overdue_id ?? null,
  };
}

/** /healthz's `mail` field: the backlog, degraded while an idea is overdue or a mail failed for good. */
export function mailHealthCheck(
  database: Database,
  options: { unsentAfterMs: number; digestPeriodMs: number },
): HealthCheck {
  return {
    name: 'mail',
    async check() {
      const { oldestOverdueId: _id, ...backlog } = await mailBacklog(database, options);
      return { degraded: backlog.overdue > 0 || backlog.failed > 0, ...backlog };
    },
  };
}
