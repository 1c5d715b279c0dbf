/**
 * The 24-hour clock's alerts (decision 083). Every turn, as of the turn's `now`: each open lead (before 프로토타입
 * 전달, consultation not closed, not in the spam folder) received ALERT_REMINDER_HOURS ago gets a `lead_due_soon`
 * alert — by mail to its owner, or to TEAM_EMAIL when it has none — and one received PROMISE_HOURS ago a
 * `lead_overdue` alert by mail to TEAM_EMAIL; both also to the chat webhook when ALERT_WEBHOOK_URL is set. One row
 * per channel, keyed `<kind>:<idea id>:<channel>` and inserted with `on conflict do nothing`, so two instances, a
 * second turn or a restart store each once; alerts/alert-sender.ts claims, retries and sends each row once.
 * Leads older than LOOK_BACK_HOURS are left alone (no flood of old leads when this starts on an existing database).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROMISE_HOURS } from '../../domain/idea';
import type { AlertSender } from '../alerts/alert-sender';
import type { AlertKind } from '../alerts/alert-store';
import type { Database } from '../db/client';
import { inSpamFolder, isOpen } from '../ideas/lead-promise-sql';
import type { ScheduledJob } from './scheduler';

export const LEAD_CLOCK_EVERY_MS = 60_000;
/** A lead is alerted about only this long after receipt: past it, the alert would tell the team nothing new. */
export const LOOK_BACK_HOURS = PROMISE_HOURS * 3;

const HOUR_MS = 3_600_000;

export interface LeadClockOptions {
  reminderHours: number;
  teamEmail: string;
  /** Whether the chat webhook is configured (ALERT_WEBHOOK_URL): then each alert gets a webhook row too. */
  webhook: boolean;
}

/** Stores the alerts of `kind` due as of `now`; returns how many rows were new. */
async function storeDue(
  database: Database,
  kind: AlertKind,
  hours: number,
  until: number,
  recipient: SQL,
  channels: string[],
  now: Date,
): Promise<number> {
  const from = new Date(now.getTime() - until * HOUR_MS).toISOString();
  const to = new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const channelRows = sql.join(
    channels.map((channel) => sql`(${channel})`),
    sql`, `,
  );
  const stored = await database.rows(sql`
    insert into alerts (key, kind, channel, idea_id, details)
    select ${kind} || ':' || i.id || ':' || c.channel, ${kind}, c.channel, i.id,
      jsonb_build_object('reference', left(i.id::text, 8), 'hours', ${hours}::int, 'to', ${recipient})
    from ideas i left join team_members tm on tm.id = i.owner_id and tm.removed_at is null
      cross join (values ${channelRows}) as c(channel)
    where ${isOpen} and not ${inSpamFolder}
      and i.received_at <= ${to}::timestamptz and i.received_at > ${from}::timestamptz
    on conflict (key) do nothing
    returning key`);
  return stored.length;
}

export function leadClockJob(database: Database, sender: AlertSender, options: LeadClockOptions): ScheduledJob {
  const channels = options.webhook ? ['mail', 'webhook'] : ['mail'];
  return {
    name: 'lead-clock',
    everyMs: LEAD_CLOCK_EVERY_MS,
    async run(now) {
      const team = sql`${options.teamEmail}::text`;
      // The reminder: only while the promise still stands (a lead first seen past 24 h gets the overdue alert only).
      const reminders = await storeDue(
        database,
        'lead_due_soon',
        options.reminderHours,
        PROMISE_HOURS,
        sql`coalesce(tm.email, ${team})`,
        channels,
        now,
      );
      const overdue = await storeDue(database, 'lead_overdue', PROMISE_HOURS, LOOK_BACK_HOURS, team, channels, now);
      const sent = reminders + overdue > 0 ? await sender.sendDue() : 0;
      // Leads, not rows: each alert is one row per channel.
      return `${reminders / channels.length} reminders and ${overdue / channels.length} overdue alerts stored, ${sent} alerts sent`;
    },
  };
}
