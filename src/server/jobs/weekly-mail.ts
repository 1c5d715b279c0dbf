/**
 * The week's figures by mail (decision 136): at WEEKLY_MAIL_AT (a weekday and a KST time, `mon 09:00` by default),
 * one mail to each owner and each member who asked for it, read from the per-day × source summaries (decision 135)
 * and the inbox's overdue count. The scheduler gives the turn to one instance (scheduler.ts); a quiet week (no idea,
 * none overdue) sends nothing. The same figures go as a push to every device whose member chose 「주간 요약」
 * (decision 156): one push outbox row per device, keyed by the week, so a second turn of the same week queues none.
 */
import { sql } from 'drizzle-orm';
import { KST_OFFSET_MS } from '../../domain/kst';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/transport';
import { quietWeek, renderWeeklyMail } from '../mail/weekly-mail';
import { weeklyFigures } from '../vitals/source-funnel';
import type { WeeklyFigures } from '../../domain/source-funnel';
import type { ScheduledJob } from './scheduler';

const DAY_MS = 86_400_000;

/** The first weekly time strictly after `now` (KST, no daylight saving time). */
export function nextWeeklyTime(now: Date, at: NonNullable<Config['weeklyMail']>): Date {
  const kst = new Date(now.getTime() + KST_OFFSET_MS);
  const today = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate(), at.hour, at.minute) - KST_OFFSET_MS;
  let next = today + ((at.weekday - kst.getUTCDay() + 7) % 7) * DAY_MS;
  if (next <= now.getTime()) next += 7 * DAY_MS;
  return new Date(next);
}

/** Who gets it: every owner, and the members who asked for it (`team_members.weekly_mail`). */
export async function weeklyMailRecipients(database: Database): Promise<string[]> {
  const rows = await database.rows<{ email: string }>(sql`
    select email from team_members where removed_at is null and (role = 'owner' or weekly_mail) order by email`);
  return rows.map((row) => row.email);
}

/**
 * Queues the weekly summary's push for every device that chose it (an active member's), its figures as counts
 * (nothing of a person); returns how many were queued. `source` names the week, so a week is queued once per device.
 */
export async function queueWeeklyPush(database: Database, figures: WeeklyFigures): Promise<number> {
  const details = {
    ideas: figures.lastWeek.counts.idea,
    contracted: figures.lastWeek.counts.contracted,
    overdue: figures.overdueNow,
  };
  const queued = await database.rows(sql`
    insert into push_deliveries (source, subscription_id, idea_id, kind, details)
    select ${`weekly_summary:${figures.lastWeek.to}`}, s.id, null, 'weekly_summary', ${JSON.stringify(details)}::jsonb
    from push_subscriptions s join team_members m on m.id = s.member_id and m.removed_at is null
    where 'weekly_summary' = any (s.choices)
    order by s.id
    on conflict (source, subscription_id) do nothing
    returning id`);
  return queued.length;
}

/** Sends the week's mail as of `now`; returns how many went (0: a quiet week, or nobody to send it to). */
export async function sendWeeklyMail(
  database: Database,
  transport: MailTransport,
  options: { from: string; siteUrl: string | undefined; onPushQueued?: (() => void) | undefined },
  now: Date,
): Promise<number> {
  const figures = await weeklyFigures(database, now);
  if (quietWeek(figures)) return 0;
  // The push first: one statement, stored once per device and week whatever happens to the mails after it.
  if ((await queueWeeklyPush(database, figures)) > 0) options.onPushQueued?.();
  const recipients = await weeklyMailRecipients(database);
  for (const to of recipients)
    await transport.send(renderWeeklyMail(figures, { ...options, to }, now), `weekly-${figures.lastWeek.to}`);
  return recipients.length;
}

export function weeklyMailJob(
  database: Database,
  transport: MailTransport,
  options: {
    from: string;
    siteUrl: string | undefined;
    at: NonNullable<Config['weeklyMail']>;
    /** The push sender's nudge: the summary goes now rather than at its next poll. */
    onPushQueued?: (() => void) | undefined;
  },
): ScheduledJob {
  return {
    name: 'weekly-mail',
    everyMs: 7 * DAY_MS,
    nextRun: (now) => nextWeeklyTime(now, options.at),
    async run(now) {
      const sent = await sendWeeklyMail(database, transport, options, now);
      return sent === 0 ? 'a quiet week, or no one to tell: nothing sent' : `the week's figures sent to ${sent}`;
    },
  };
}
