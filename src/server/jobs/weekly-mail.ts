/**
 * The week's figures by mail (decision 136): at WEEKLY_MAIL_AT (a weekday and a KST time, `mon 09:00` by default),
 * one mail to each owner and each member who asked for it, read from the per-day × source summaries (decision 135)
 * and the inbox's overdue count. The scheduler gives the turn to one instance (scheduler.ts); a quiet week (no idea,
 * none overdue) sends nothing. The push to a member's devices is left to the notifications' own change.
 */
import { sql } from 'drizzle-orm';
import { KST_OFFSET_MS } from '../../domain/kst';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MailTransport } from '../mail/transport';
import { quietWeek, renderWeeklyMail } from '../mail/weekly-mail';
import { weeklyFigures } from '../vitals/source-funnel';
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

/** Sends the week's mail as of `now`; returns how many went (0: a quiet week, or nobody to send it to). */
export async function sendWeeklyMail(
  database: Database,
  transport: MailTransport,
  options: { from: string; siteUrl: string | undefined },
  now: Date,
): Promise<number> {
  const figures = await weeklyFigures(database, now);
  if (quietWeek(figures)) return 0;
  const recipients = await weeklyMailRecipients(database);
  for (const to of recipients)
    await transport.send(renderWeeklyMail(figures, { ...options, to }, now), `weekly-${figures.lastWeek.to}`);
  return recipients.length;
}

export function weeklyMailJob(
  database: Database,
  transport: MailTransport,
  options: { from: string; siteUrl: string | undefined; at: NonNullable<Config['weeklyMail']> },
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
