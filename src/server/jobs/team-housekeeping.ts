/**
 * The workspace's own clean-up: sessions past their idle or absolute limit, invites past their 24 hours (they hold
 * the invited address), WebAuthn challenges past their few minutes, and access records past their retention period
 * (ACCESS_RECORD_RETENTION_DAYS, two years by default; the chain goes on from the first kept record), and the
 * workspace's live events past their catch-up window (events/event-store.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dropOldEvents } from '../events/event-store';
import { dropOldAccessRecords } from '../team/access-records';
import { dropDeadSessions } from '../team/sessions';
import type { ScheduledJob } from './scheduler';

export function teamHousekeepingJob(
  database: Database,
  options: { idleMs: number; accessRecordRetentionDays: number },
): ScheduledJob {
  return {
    name: 'team-housekeeping',
    everyMs: 10 * 60_000,
    async run(now) {
      const at = now.toISOString();
      const sessions = await dropDeadSessions(database, options.idleMs, now);
      const invites = await database.rows(
        sql`delete from team_invites where expires_at < ${at}::timestamptz returning token_hash`,
      );
      const challenges = await database.rows(
        sql`delete from webauthn_challenges where expires_at < ${at}::timestamptz returning id`,
      );
      const records = await dropOldAccessRecords(database, options.accessRecordRetentionDays, now);
      const events = await dropOldEvents(database, now);
      return `${sessions} sessions, ${invites.length} invites, ${challenges.length} challenges, ${records} access records, ${events} workspace events removed`;
    },
  };
}
