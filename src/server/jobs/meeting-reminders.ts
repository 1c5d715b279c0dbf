/**
 * The meeting reminders (decision 104), a scheduled job (jobs/scheduler.ts: one instance takes each turn). Every
 * turn, as of the turn's `now`: each booked meeting that starts within a day (and more than an hour from now) gets
 * its day-before reminder, each that starts within the hour its hour-before reminder, both sides, queued as
 * meeting_mails rows keyed (meeting, kind, recipient, sequence) with `on conflict do nothing`: a second turn, a
 * second instance or a restart queue nothing new, and the outbox worker sends each row once. A reminder only goes
 * when the meeting was booked (or last moved) before its moment: a meeting booked for three hours from now gets
 * no "tomorrow" mail. A moved meeting has a new sequence, so its reminders are its own.
 */
import { sql } from 'drizzle-orm';
import { MEETING_REMINDERS, type MeetingReminder } from '../../domain/booking';
import type { Database } from '../db/client';
import type { ScheduledJob } from './scheduler';

export const MEETING_REMINDERS_EVERY_MS = 60_000;

async function queueDue(database: Database, reminder: MeetingReminder, now: Date, founder: boolean) {
  const before = MEETING_REMINDERS[reminder];
  // The day-before reminder stops where the hour-before one begins.
  const after = reminder === 'day' ? MEETING_REMINDERS.hour : 0;
  const kind = `reminder_${reminder}`;
  const recipients = founder ? sql`values ('founder'), ('team')` : sql`values ('team')`;
  const queued = await database.rows(sql`
    insert into meeting_mails (key, meeting_id, kind, recipient, sequence, status, attempts, created_at, next_attempt_at)
    select m.id || ':' || ${kind} || ':' || r.recipient || ':' || m.sequence, m.id, ${kind}, r.recipient, m.sequence,
      'pending', 0, ${now.toISOString()}::timestamptz, now()
    from meetings m cross join (${recipients}) as r(recipient)
    where m.status = 'booked'
      and m.starts_at > ${new Date(now.getTime() + after).toISOString()}::timestamptz
      and m.starts_at <= ${new Date(now.getTime() + before).toISOString()}::timestamptz
      and m.updated_at <= m.starts_at - ${before}::int * interval '1 millisecond'
    on conflict (key) do nothing
    returning key`);
  return queued.length;
}

export function meetingRemindersJob(
  database: Database,
  options: { founderMail: boolean; onQueued?: () => void },
): ScheduledJob {
  return {
    name: 'meeting-reminders',
    everyMs: MEETING_REMINDERS_EVERY_MS,
    async run(now) {
      const day = await queueDue(database, 'day', now, options.founderMail);
      const hour = await queueDue(database, 'hour', now, options.founderMail);
      if (day + hour > 0) options.onQueued?.();
      return `${day} day-before and ${hour} hour-before reminders queued`;
    },
  };
}
