/**
 * The spam folder's upkeep: it keeps at most SPAM_MAX_KEPT unreleased flagged ideas (the oldest beyond that are
 * erased, so a bot cannot fill the disk), and the team gets at most one short mail a day, at 9:00 KST, saying how
 * many ideas were set aside in the past day (none when there were none).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eraseIdeas } from '../ideas/erase-ideas';
import { renderSpamReportMail } from '../mail/summary-mails';
import type { TeamMailOptions } from '../mail/team-mail';
import type { MailTransport } from '../mail/transport';
import type { ScheduledJob } from './scheduler';
import { kstHourOfDay } from '../../domain/kst';

const DAY_MS = 24 * 3_600_000;
const REPORT_HOUR_KST = 9;

/** The next 9:00 KST strictly after `now`. */
export function nextReportTime(now: Date): Date {
  const today = kstHourOfDay(now, REPORT_HOUR_KST);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * Erases the oldest unreleased spam beyond `maxKept`; returns how many. The tables are not rewritten here: the
 * erasures queue one purge, which the background purge runs once for all of them (decision 105).
 */
export async function trimSpamFolder(database: Database, maxKept: number, dataDir: string): Promise<number> {
  let trimmed = 0;
  for (;;) {
    const surplus = await database.rows<{ id: string }>(sql`
      select id::text as id from ideas where spam_reason is not null and released_at is null
      order by received_at desc offset ${maxKept} limit 500`);
    if (surplus.length === 0) return trimmed;
    trimmed += (
      await eraseIdeas(
        database,
        surplus.map((row) => row.id),
        dataDir,
      )
    ).ideas;
  }
}

export function spamCapJob(database: Database, options: { maxKept: number; dataDir: string }): ScheduledJob {
  return {
    name: 'spam-cap',
    everyMs: 60_000,
    async run() {
      return `${await trimSpamFolder(database, options.maxKept, options.dataDir)} oldest spam ideas erased`;
    },
  };
}

/** Sends the daily count when the past day set any idea aside; returns the count. */
export async function sendSpamReport(
  database: Database,
  transport: MailTransport,
  options: TeamMailOptions,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const rows = await database.rows<{
    id: string;
    received_at: Date | string;
    idea: string;
    name: string;
    email: string;
    phone: string;
    total: number;
  }>(sql`
    select id::text as id, received_at, idea, name, email, phone, count(*) over ()::int as total from ideas
    where spam_reason is not null and released_at is null
      and received_at > ${since}::timestamptz and received_at <= ${now.toISOString()}::timestamptz
    order by received_at desc limit 5`);
  const total = Number(rows[0]?.total ?? 0);
  if (total === 0) return 0;
  const newest = rows.map((row) => ({ ...row, receivedAt: new Date(row.received_at) }));
  await transport.send(renderSpamReportMail(total, newest, options, now), `spam-report-${now.getTime()}`);
  return total;
}

export function spamReportJob(database: Database, transport: MailTransport, options: TeamMailOptions): ScheduledJob {
  return {
    name: 'spam-report',
    everyMs: DAY_MS,
    nextRun: nextReportTime,
    async run(now) {
      const count = await sendSpamReport(database, transport, options, now);
      return count === 0 ? 'nothing set aside in the past day' : `report of ${count} spam ideas sent`;
    },
  };
}
