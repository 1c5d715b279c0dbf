/** Every scheduled job the server runs, and how often (each file says what its job does). */
import type { FastifyBaseLogger } from 'fastify';
import type { AlertSender } from '../alerts/alert-sender';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/transport';
import { digestMailJob } from './digest-mail';
import { erasurePurgeJob } from './erasure-purge';
import { fieldFiguresRetentionJob } from './field-figures-retention';
import { housekeepingJob, IDEMPOTENCY_KEY_MIN_MS } from './housekeeping';
import { leadClockJob } from './lead-clock';
import { mailAlertsJob } from './mail-alerts';
import { retentionJob } from './retention';
import { JobScheduler } from './scheduler';
import { meetingRemindersJob } from './meeting-reminders';
import { spamCapJob, spamReportJob } from './spam-folder';
import { teamHousekeepingJob } from './team-housekeeping';
import { weeklyMailJob } from './weekly-mail';

export function serverJobs(
  config: Config,
  database: Database,
  transport: MailTransport,
  alerts: AlertSender,
  log: FastifyBaseLogger,
  /** Sends queued mails now (the meeting reminders) rather than at the worker's next poll. */
  onMailQueued?: () => void,
  /** Sends queued push notifications now (the weekly summary) rather than at the sender's next poll. */
  onPushQueued?: () => void,
): JobScheduler {
  const mail = { from: config.mail.from, to: config.mail.teamEmail };
  return new JobScheduler(
    database,
    [
      // First in each tick: an erasure's purge is what the privacy page promises within minutes (decision 105).
      erasurePurgeJob(database),
      // A retry with a token's first Idempotency-Key replays it for as long as the token could be used (decision 076).
      housekeepingJob(database, { idempotencyKeyMs: Math.max(IDEMPOTENCY_KEY_MIN_MS, config.form.tokenMaxAgeMs) }),
      digestMailJob(database, transport, {
        ...mail,
        periodMs: config.mail.digestPeriodMs,
        leaseMs: config.mail.leaseMs,
      }),
      spamCapJob(database, { maxKept: config.retention.spamMaxKept, dataDir: config.dataDir }),
      spamReportJob(database, transport, mail),
      mailAlertsJob(database, alerts, {
        unsentAfterMs: config.alerts.unsentAfterMs,
        digestPeriodMs: config.mail.digestPeriodMs,
      }),
      leadClockJob(database, alerts, {
        reminderHours: config.alerts.reminderHours,
        teamEmail: config.mail.teamEmail,
        webhook: Boolean(config.alerts.webhookUrl),
      }),
      teamHousekeepingJob(database, {
        idleMs: config.team.idleMs,
        accessRecordRetentionDays: config.team.accessRecordRetentionDays,
      }),
      retentionJob(database, {
        ideaDays: config.retention.ideaDays,
        ipDays: config.retention.ipDays,
        dataDir: config.dataDir,
        unmatchedDays: config.mailbox.unmatchedDays,
      }),
      fieldFiguresRetentionJob(database, { retentionDays: config.vitals.retentionDays }),
      meetingRemindersJob(database, { founderMail: config.founder.mail, onQueued: onMailQueued }),
      ...(config.weeklyMail
        ? [
            weeklyMailJob(database, transport, {
              from: config.mail.from,
              siteUrl: config.siteUrl,
              at: config.weeklyMail,
              onPushQueued,
            }),
          ]
        : []),
    ],
    log,
  );
}
