/**
 * Queues the meeting's mails (meeting_mails) inside the transaction that causes them: an invitation or a
 * cancellation when a meeting is booked, moved or cancelled, a reminder when the reminders job finds one due. The
 * key (meeting, kind, recipient, sequence) makes each at most once, whoever queues it and however often. A row is
 * due at once (the database's clock, which the sender reads), whatever `now` the caller reasons with; the team's copy
 * of a founder's change waits a little (meetings.ts), so that the sender finds a burst already replaced.
 */
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';

export type MeetingMailKind = 'request' | 'cancel' | 'reminder_day' | 'reminder_hour';
export type MeetingMailRecipient = 'founder' | 'team';

export const meetingMailKey = (
  meetingId: string,
  kind: MeetingMailKind,
  recipient: MeetingMailRecipient,
  sequence: number,
) => `${meetingId}:${kind}:${recipient}:${sequence}`;

/** Queues `kind` for the team and (when founder mails are on) the founder; returns how many rows were new. */
export async function queueMeetingMails(
  rows: RowsFn,
  mail: {
    meetingId: string;
    kind: MeetingMailKind;
    sequence: number;
    founder: boolean;
    now: Date;
    /** The team's copy is due this much later (a founder's change: a burst tells the team once). */
    teamDelayMs?: number;
  },
): Promise<number> {
  const recipients: MeetingMailRecipient[] = mail.founder ? ['founder', 'team'] : ['team'];
  const at = mail.now.toISOString();
  const inserted = await rows(sql`
    insert into meeting_mails (key, meeting_id, kind, recipient, sequence, status, attempts, created_at, next_attempt_at)
    values ${sql.join(
      recipients.map(
        (recipient) =>
          sql`(${meetingMailKey(mail.meetingId, mail.kind, recipient, mail.sequence)}, ${mail.meetingId}::uuid,
            ${mail.kind}, ${recipient}, ${mail.sequence}, 'pending', 0, ${at}::timestamptz,
            now() + ${recipient === 'team' ? (mail.teamDelayMs ?? 0) : 0}::int * interval '1 millisecond')`,
      ),
      sql`, `,
    )}
    on conflict (key) do nothing
    returning key`);
  return inserted.length;
}
