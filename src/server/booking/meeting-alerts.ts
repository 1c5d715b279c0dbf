/**
 * Tells the team in the chat that the founder booked, moved or cancelled the lead's meeting on the status page
 * (issue 35), inside the change's transaction: a `founder_meeting` alert on the webhook channel (decision 074: sent
 * once, retried, across instances and restarts), naming the reference, what changed and the meeting's time, with the
 * lead's owner and link (alert-sender.ts), never the founder's name, address or words. The owner's (or the team's)
 * mail is the meeting's own invitation (meeting-mail.ts), queued in the same transaction. The alert waits
 * `delayMs` (FOUNDER_BURST_MS) and replaces the meeting's alert still waiting unclaimed: a burst of changes tells the
 * chat how it ended, once (issue 47). The key holds the meeting and its sequence, which every change raises.
 */
import { sql } from 'drizzle-orm';
import { leadReference } from '../../domain/lead-reference';
import type { AlertDetails } from '../alerts/alert-store';
import type { RowsFn } from '../db/client';
import type { Meeting, MeetingChange } from './meetings';

export async function storeMeetingAlert(
  rows: RowsFn,
  meeting: Meeting,
  change: MeetingChange,
  delayMs: number,
): Promise<void> {
  // The sender's claim sets attempts and locks the row: one it holds is sent as it was, this one follows.
  await rows(sql`delete from alerts where kind = 'founder_meeting' and idea_id = ${meeting.ideaId}::uuid
    and status = 'pending' and attempts = 0`);
  const details: AlertDetails = {
    reference: leadReference(meeting.ideaId),
    change,
    meetingAt: meeting.startsAt.toISOString(),
  };
  await rows(sql`
    insert into alerts (key, kind, channel, idea_id, details, next_attempt_at)
    values (${`founder_meeting:${meeting.id}:${meeting.sequence}`}, 'founder_meeting', 'webhook',
      ${meeting.ideaId}::uuid, ${JSON.stringify(details)}::jsonb, now() + ${delayMs}::int * interval '1 millisecond')
    on conflict (key) do nothing`);
}
