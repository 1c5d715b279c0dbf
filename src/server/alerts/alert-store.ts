/**
 * Storing alerts (table `alerts`, see db/schema.ts): each has a key that makes it once only, so the same event seen
 * by two instances, or again after a restart, stores one alert. Sending is alert-sender.ts's job.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, RowsFn } from '../db/client';
import type { MailBacklog } from '../mail/mail-backlog';
import { leadReference } from '../../domain/lead-reference';
import type { MailboxProblem } from '../../content/team-mail';

/**
 * lead_assigned: a member was made a lead's owner (a mail to them, stored with the change); founder_answered: the
 * founder answered in the lead's thread (thread/thread-alerts.ts, decision 101); founder_meeting: the founder booked,
 * moved or cancelled the lead's meeting on the status page (booking/meeting-alerts.ts; the chat only: the owner's
 * mail is the meeting's own invitation, booking/meeting-mail.ts); quote_accepted: the founder accepted a quote
 * (thread/thread-alerts.ts, issue 50), to the owner and the chat; contract_signed / contract_concluded: the founder
 * signed an agreement, both sides did (the mail carries the signed PDF; decision 150); mailbox_problem: a mail in the team's mailbox the
 * reader did not put in a thread (a bounce, a stranger's reply, too large, unreadable; mailbox/, decision 127); push_failed: a push notification a push service
 * refused for good or never took (push/push-sender.ts, decision 130).
 */
export type AlertKind =
  | 'mail_failed'
  | 'mail_unsent'
  | 'lead_due_soon'
  | 'lead_overdue'
  | 'lead_erased'
  | 'lead_assigned'
  | 'founder_answered'
  | 'founder_meeting'
  | 'quote_accepted'
  | 'contract_signed'
  | 'contract_concluded'
  | 'mailbox_problem'
  | 'push_failed'
  | 'kakao_failed';
/** Where an alert goes: the chat webhook, or a mail to `details.to` (the 24-hour clock's alerts go both ways). */
export type AlertChannel = 'webhook' | 'mail';

/** What an alert's message says besides the idea id (no personal data). */
export interface AlertDetails {
  /** mail_failed: the SMTP reply code of a permanent refusal, or null. */
  responseCode?: number | null;
  /** mail_failed: true when it failed by outliving MAIL_MAX_AGE_HOURS rather than by a refusal. */
  expired?: boolean;
  /** mail_unsent: the backlog when it was seen. */
  unsent?: number;
  overdue?: number;
  oldestMinutes?: number;
  /** founder_answered: the answers this alert tells of (a burst is one alert; absent: one). */
  answers?: number;
  /**
   * lead_*: the lead's reference (the id's first 8) and the hours since receipt the alert is about; null on a
   * push_failed of the weekly summary, which names no lead.
   */
  reference?: string | null;
  hours?: number;
  /** lead_* by mail: the owner's address, or the team's. */
  to?: string;
  /** founder_meeting: what the founder did, and the meeting's start (ISO). */
  change?: 'booked' | 'moved' | 'cancelled';
  meetingAt?: string;
  /** quote_accepted: the accepted quote's version. */
  version?: number;
  /** contract_*: the agreement's id (the concluded one's mail attaches its PDF). */
  contractId?: string;
  /** founder_answered: the answer came by mail (decision 127), not from the status page. */
  byMail?: boolean;
  /** mailbox_problem (decision 127): what happened to the mail, the folder it is in now, its size if too large. */
  problem?: MailboxProblem;
  folder?: string;
  /** lead_erased: the mailbox reader expunges the founder's replies itself (decision 141); the team need not. */
  repliesExpunged?: boolean;
  megabytes?: number;
  /** push_failed: the push service's status code of a refusal, or null when it could not be reached in time. */
  pushStatus?: number | null;
  /** kakao_failed: the provider's code of the refusal (or of the last temporary failure when it gave up). */
  providerCode?: string;
}

/** Stores a `mail_unsent` alert for the backlog's oldest overdue idea (once per such idea); true when new. */
export async function storeUnsentAlert(database: Database, backlog: MailBacklog): Promise<boolean> {
  if (!backlog.oldestOverdueId) return false;
  const details: AlertDetails = {
    unsent: backlog.unsent,
    overdue: backlog.overdue,
    oldestMinutes: Math.floor(backlog.oldestUnsentSeconds / 60),
  };
  const stored = await database.rows(sql`
    insert into alerts (key, kind, idea_id, details)
    values (${`mail_unsent:${backlog.oldestOverdueId}`}, 'mail_unsent', ${backlog.oldestOverdueId}::uuid, ${JSON.stringify(details)}::jsonb)
    on conflict (key) do nothing
    returning key`);
  return stored.length === 1;
}

/**
 * Inside the erasure's transaction of a founder's deletion (routes/status-page.ts): tells the team, by mail to
 * TEAM_EMAIL and by the chat webhook when there is one, that the request with this reference was erased and that
 * the team mail still holding it should be deleted too (decision 092). Only the reference: the erased data is
 * gone, and the alert has no idea id to point at it (the row is not tied to the idea; the key is the erasure's).
 */
export async function storeErasedAlerts(
  rows: RowsFn,
  ideaId: string,
  options: { teamEmail: string; webhook: boolean; repliesExpunged?: boolean },
): Promise<void> {
  const details: AlertDetails = {
    reference: leadReference(ideaId),
    to: options.teamEmail,
    ...(options.repliesExpunged ? { repliesExpunged: true } : {}),
  };
  for (const channel of options.webhook ? ['mail', 'webhook'] : ['mail'])
    await rows(sql`insert into alerts (key, kind, channel, details)
      values (${`lead_erased:${ideaId}:${channel}`}, 'lead_erased', ${channel}, ${JSON.stringify(details)}::jsonb)
      on conflict (key) do nothing`);
}

/**
 * Stores the mail that tells a member a lead was given to them (in the owner change's transaction): the lead's
 * reference and a link, to their address; none when the member was removed.
 */
export async function storeAssignedAlert(rows: RowsFn, ideaId: string, memberId: string): Promise<void> {
  await rows(sql`
    insert into alerts (key, kind, channel, idea_id, details)
    select ${`lead_assigned:${ideaId}:${crypto.randomUUID()}`}, 'lead_assigned', 'mail', ${ideaId}::uuid,
      jsonb_build_object('reference', left(${ideaId}, 8), 'to', m.email)
    from team_members m where m.id = ${memberId}::uuid and m.removed_at is null`);
}
