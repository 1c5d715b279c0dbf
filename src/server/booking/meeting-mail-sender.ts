/**
 * Sends the meeting's mails (meeting_mails) from the outbox worker's loop, after the founder's mails, with the same
 * guarantees as mail/founder-mail-worker.ts: due rows claimed with `FOR UPDATE SKIP LOCKED` and leased in one
 * statement, marked sent the moment the server accepted the mail, every update fenced by the attempt number,
 * temporary failures retried with backoff, a 5xx or the max age marks the row failed. The recipients and the
 * meeting are read at send time: an invitation or reminder whose meeting has since moved or been cancelled is
 * `skipped` (a newer row says it), and an erased idea leaves nothing to send (the rows went with it).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MeetingMode } from '../../domain/booking';
import type { Database } from '../db/client';
import { founderStatusUrl, skipBounced } from '../mail/founder-mail-worker';
import { recordOutboxFailure } from '../mail/outbox-failure';
import { inThread, replyTokenOf } from '../mail/reply-address';
import { leadPageUrl } from '../mail/team-mail';
import { PermanentMailError, type MailTransport } from '../mail/transport';
import { renderMeetingMail } from './meeting-mail';
import type { MeetingMailKind, MeetingMailRecipient } from './meeting-mail-queue';

export interface MeetingMailOptions {
  from: string;
  /** TEAM_EMAIL: the team's copy when the lead has no owner, and the invitation's organizer then. */
  teamEmail: string;
  /** REPLY_TO_EMAIL: the founder's copy answers to the lead's plus address (mail/reply-address.ts, decision 126). */
  replyToBase?: string | undefined;
  linkSecret: string;
  siteUrl: string;
  leaseMs: number;
  maxAgeMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize?: number;
}

interface ClaimedMeetingMail extends Record<string, unknown> {
  key: string;
  kind: MeetingMailKind;
  recipient: MeetingMailRecipient;
  sequence: number;
  attempts: number;
  created_at: Date | string;
  meeting_id: string;
  idea_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'booked' | 'cancelled';
  meeting_sequence: number;
  mode: MeetingMode;
  video_url: string | null;
  cancelled_by: 'founder' | 'team' | null;
  email: string;
  owner_email: string | null;
  /** An invitation to this meeting reached this recipient (a cancellation of one they never had is not sent). */
  invited: boolean;
  /** The founder's copy, and the founder's address bounced (decision 140). */
  bounced: boolean;
}

export class MeetingMailSender {
  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly options: MeetingMailOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async round(running: () => boolean): Promise<number> {
    const claimed = await this.database.rows<ClaimedMeetingMail>(sql`
      with due as (
        select key from meeting_mails
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at
        limit ${this.options.batchSize ?? 10}
        for update skip locked
      ), claimed as (
        update meeting_mails m set status = 'sending', attempts = m.attempts + 1,
          next_attempt_at = now() + ${this.options.leaseMs}::int * interval '1 millisecond'
        from due where m.key = due.key
        returning m.key, m.kind, m.recipient, m.sequence, m.attempts, m.created_at, m.meeting_id
      )
      select c.key, c.kind, c.recipient, c.sequence, c.attempts, c.created_at, c.meeting_id::text as meeting_id,
        mt.idea_id::text as idea_id, mt.starts_at, mt.ends_at, mt.status, mt.sequence as meeting_sequence, mt.mode,
        mt.video_url, mt.cancelled_by, i.email, o.email as owner_email,
        exists (select 1 from meeting_mails r where r.meeting_id = c.meeting_id and r.recipient = c.recipient
          and r.kind = 'request' and r.status = 'sent') as invited,
        c.recipient = 'founder' and exists (select 1 from reply_addresses ra
          where ra.idea_id = mt.idea_id and ra.bounced_at is not null) as bounced
      from claimed c join meetings mt on mt.id = c.meeting_id join ideas i on i.id = mt.idea_id
        left join team_members o on o.id = i.owner_id and o.removed_at is null`);
    let index = 0;
    for (; index < claimed.length && running(); index += 1) await this.deliver(claimed[index]!);
    for (const row of claimed.slice(index))
      await this.database.rows(sql`
        update meeting_mails set status = 'pending', attempts = attempts - 1, next_attempt_at = now()
        where ${this.fence(row)} and status = 'sending'`);
    return claimed.length;
  }

  private fence(row: ClaimedMeetingMail) {
    return sql`key = ${row.key} and attempts = ${Number(row.attempts)}`;
  }

  /**
   * An invitation or reminder for a version of the meeting that no longer holds, or the cancellation of a meeting
   * whose invitation this recipient never got (a burst booked and cancelled it before the team's copy was due).
   */
  private superseded(row: ClaimedMeetingMail): boolean {
    if (row.kind === 'cancel') return !row.invited;
    if (row.status !== 'booked' || Number(row.meeting_sequence) !== Number(row.sequence)) return true;
    return row.kind !== 'request' && new Date(row.starts_at).getTime() <= Date.now();
  }

  private async deliver(row: ClaimedMeetingMail): Promise<void> {
    // The founder's address bounced (decision 140): not mailed until the team clears the mark.
    if (row.bounced) {
      await skipBounced(this.database, 'meeting_mails', this.fence(row));
      this.log.info({ ideaId: row.idea_id, kind: row.kind, outcome: 'meeting_mail_skipped_bounced' }, 'skipped');
      return;
    }
    if (this.superseded(row)) {
      await this.database.rows(sql`
        update meeting_mails set status = 'skipped', next_attempt_at = now() where ${this.fence(row)}`);
      return;
    }
    let mail: ReturnType<typeof renderMeetingMail>;
    try {
      mail = renderMeetingMail({
        kind: row.kind,
        recipient: row.recipient,
        meeting: {
          id: row.meeting_id,
          ideaId: row.idea_id,
          startsAt: new Date(row.starts_at),
          endsAt: new Date(row.ends_at),
          sequence: Number(row.sequence),
          mode: row.mode,
          videoUrl: row.video_url,
          cancelledBy: row.cancelled_by,
        },
        founderEmail: row.email,
        teamEmail: row.owner_email ?? this.options.teamEmail,
        from: this.options.from,
        link:
          row.recipient === 'founder'
            ? founderStatusUrl(this.options, row.idea_id)
            : leadPageUrl(row.idea_id, this.options.siteUrl),
        now: new Date(),
      });
    } catch {
      await this.recordFailure(row, new PermanentMailError('unsafe recipient', 0));
      return;
    }
    // The founder's copy joins the lead's thread (decision 126), like the founder's other mails.
    const token = row.recipient === 'founder' ? await replyTokenOf(this.database.rows, row.idea_id) : undefined;
    if (token)
      mail = {
        ...mail,
        ...inThread(mail, {
          token,
          kind: 'meeting',
          ref: `${row.kind}-${Number(row.sequence)}-${row.meeting_id}`,
          replyToBase: this.options.replyToBase,
          replyToName: mail.replyTo?.name ?? '',
        }),
      };
    let deliveredTo: string;
    try {
      deliveredTo = await this.transport.send(
        mail,
        `${row.idea_id}-meeting-${row.kind}-${row.recipient}-${Number(row.sequence)}`,
      );
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.database.rows(sql`
      update meeting_mails set status = 'sent', sent_at = now(), delivered_to = ${deliveredTo}, last_error = null
      where ${this.fence(row)}`);
    this.log.info(
      { ideaId: row.idea_id, kind: row.kind, recipient: row.recipient, outcome: 'meeting_mail_sent' },
      'meeting mail sent',
    );
  }

  private async recordFailure(row: ClaimedMeetingMail, error: unknown): Promise<void> {
    const attempts = Number(row.attempts);
    const outcome = await recordOutboxFailure(
      this.database,
      {
        table: 'meeting_mails',
        fence: this.fence(row),
        attempts,
        createdAt: row.created_at,
        maxAgeMs: this.options.maxAgeMs,
        retryBaseMs: this.options.retryBaseMs,
        retryMaxMs: this.options.retryMaxMs,
      },
      error,
    );
    if (outcome.failed)
      this.log.warn(
        { ideaId: row.idea_id, kind: row.kind, outcome: 'meeting_mail_failed', attempts },
        'meeting mail failed',
      );
    else
      this.log.warn(
        { ideaId: row.idea_id, kind: row.kind, outcome: 'meeting_mail_retry', attempts, retryInMs: outcome.retryInMs },
        'meeting mail not delivered',
      );
  }
}
