/**
 * Tells the team in the chat that the founder booked, moved or cancelled the lead's meeting on the status page
 * (issue 35), inside the change's transaction: a `founder_meeting` alert on the webhook channel (decision 074: sent
 * once, retried, across instances and restarts), naming the reference, what changed and the meeting's time, with the
 * lead's owner and link (alert-sender.ts), never the founder's name, address or words. The owner's (or the team's)
 * mail is the meeting's own invitation (meeting-mail.ts), queued in the same transaction. One alert per change: the
 * key holds the meeting and its sequence, which every change raises.
 */
import { sql } from 'drizzle-orm';
import { leadReference } from '../../domain/lead-reference';
import type { AlertDetails } from '../alerts/alert-store';
import type { RowsFn } from '../db/client';
import type { Meeting, MeetingChange } from './meetings';

export async function storeMeetingAlert(rows: RowsFn, meeting: Meeting, change: MeetingChange): Promise<void> {
  const details: AlertDetails = {
    reference: leadReference(meeting.ideaId),
    change,
    meetingAt: meeting.startsAt.toISOString(),
  };
  await rows(sql`
    insert into alerts (key, kind, channel, idea_id, details)
    values (${`founder_meeting:${meeting.id}:${meeting.sequence}`}, 'founder_meeting', 'webhook',
      ${meeting.ideaId}::uuid, ${JSON.stringify(details)}::jsonb)
    on conflict (key) do nothing`);
}
