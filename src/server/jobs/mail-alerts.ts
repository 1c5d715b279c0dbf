/**
 * Every turn: stores an alert when an idea has waited past ALERT_UNSENT_MINUTES unmailed (once per oldest overdue
 * idea, so an outage alerts once, not every turn), sends every due alert (alerts/alert-sender.ts), and drops alerts
 * sent more than ALERT_KEEP_DAYS ago.
 */
import { sql } from 'drizzle-orm';
import type { AlertSender } from '../alerts/alert-sender';
import { storeUnsentAlert } from '../alerts/alert-store';
import type { Database } from '../db/client';
import { mailBacklog } from '../mail/mail-backlog';
import type { ScheduledJob } from './scheduler';

export const MAIL_ALERTS_EVERY_MS = 30_000;

/** How long a sent alert is kept (the record of what the team was told). */
export const ALERT_KEEP_DAYS = 30;

export function mailAlertsJob(
  database: Database,
  sender: AlertSender,
  options: { unsentAfterMs: number; digestPeriodMs: number },
): ScheduledJob {
  return {
    name: 'mail-alerts',
    everyMs: MAIL_ALERTS_EVERY_MS,
    async run() {
      const backlog = await mailBacklog(database, options);
      const stored = await storeUnsentAlert(database, backlog);
      const sent = await sender.sendDue();
      const dropped = await database.rows(sql`
        delete from alerts where status = 'sent' and sent_at < now() - ${ALERT_KEEP_DAYS}::int * interval '1 day' returning key`);
      return (
        `${backlog.unsent} unsent (${backlog.overdue} overdue), ${backlog.failed} failed; ` +
        `${stored ? 'backlog alert stored, ' : ''}${sent} alerts sent${dropped.length > 0 ? `, ${dropped.length} old alerts dropped` : ''}`
      );
    },
  };
}
