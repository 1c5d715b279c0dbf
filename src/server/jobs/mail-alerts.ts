/**
 * Every turn: stores an alert when an idea has waited past ALERT_UNSENT_MINUTES unmailed (once per oldest overdue
 * idea, so an outage alerts once, not every turn), then sends every due alert (alerts/alert-sender.ts).
 */
import type { AlertSender } from '../alerts/alert-sender';
import { storeUnsentAlert } from '../alerts/alert-store';
import type { Database } from '../db/client';
import { mailBacklog } from '../mail/mail-backlog';
import type { ScheduledJob } from './scheduler';

export const MAIL_ALERTS_EVERY_MS = 30_000;

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
      return `${backlog.unsent} unsent (${backlog.overdue} overdue), ${backlog.failed} failed; ${stored ? 'backlog alert stored, ' : ''}${sent} alerts sent`;
    },
  };
}
