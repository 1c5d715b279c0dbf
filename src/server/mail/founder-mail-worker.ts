/**
 * Sends the founder's mails (founder_mails, decision 084) from the outbox worker's loop (outbox-worker.ts calls
 * `round` after the team's mails), with the same guarantees: due rows claimed with `FOR UPDATE SKIP LOCKED` and
 * leased in one statement, marked sent the moment the server accepted the mail, every update fenced by the attempt
 * number, temporary failures retried with backoff, a 5xx or the max age marks the row failed. A stopping worker
 * hands unsent claims back. The status link is derived from the idea id (founder/status-token.ts), so no token is
 * stored; the recipient is read from the idea at send time, so an erased idea leaves nothing to send. An address
 * marked failing by a bounce (`reply_addresses.bounced_at`, decision 140) is not mailed again until the team clears
 * the mark: the row is skipped with the reason `bounced` (the KakaoTalk update its insert queued still goes).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_SECTION_ID } from '../../domain/booking';
import type { Database } from '../db/client';
import { statusPath, statusToken } from '../founder/status-token';
import { renderThreadMail } from './thread-mail';
import { founderMailCopy } from '../../content/founder-mail';
import { renderFounderMail, type FounderMailKind } from './founder-mail';
import { inThread, replyTokenOf } from './reply-address';
import { recordOutboxFailure } from './outbox-failure';
import { PermanentMailError, type MailTransport } from './transport';

export interface FounderMailOptions {
  from: string;
  /** The founder mails' Reply-To without REPLY_TO_EMAIL: the team (TEAM_EMAIL). */
  replyTo?: string;
  /** REPLY_TO_EMAIL: the base of each lead's plus address (mail/reply-address.ts, decision 126). */
  replyToBase?: string | undefined;
  /** The status link's HMAC key and the origin links start with. */
  linkSecret: string;
  siteUrl: string;
  leaseMs: number;
  maxAgeMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize?: number;
  /** The PDF of a quote a message carries, attached to its mail (thread/quote-pdf.ts; passed in: mail is below thread). */
  quoteAttachment?: (
    ideaId: string,
    quoteId: string,
  ) => Promise<{ filename: string; content: Buffer; contentType: string } | undefined>;
  /** The PDF of the agreement a message carries (thread/contract-pdf.ts, decision 150): sent, or signed by both. */
  contractAttachment?: (
    ideaId: string,
    contractId: string,
  ) => Promise<{ filename: string; content: Buffer; contentType: string } | undefined>;
}

interface ClaimedFounderMail extends Record<string, unknown> {
  idea_id: string;
  kind: FounderMailKind | 'message';
  /** '' for the idea's own mails; a thread message's id (decision 101). */
  ref: string;
  attempts: number;
  created_at: Date | string;
  received_at: Date | string;
  email: string;
  prototype_url: string | null;
  /** A message mail: the team's text, and the quote it carries (its lines and validity day), if any. */
  message_body: string | null;
  quote_items: unknown;
  quote_valid_until: string | null;
  quote_id: string | null;
  contract_id: string | null;
  /** The founder's address bounced (decision 140): skipped, not sent. */
  bounced: boolean;
}

export const founderStatusUrl = (options: Pick<FounderMailOptions, 'linkSecret' | 'siteUrl'>, ideaId: string) =>
  `${options.siteUrl}${statusPath(statusToken(options.linkSecret, ideaId))}`;

/** The reason a mail to a bounced address was not sent, kept in the outbox row's `last_error` (decision 140). */
export const BOUNCED_REASON = 'bounced';

/** Marks a claimed founder mail skipped because the address bounced (fenced by its attempt, as every update). */
export async function skipBounced(
  database: Database,
  table: 'founder_mails' | 'meeting_mails',
  fence: SQL,
): Promise<void> {
  await database.rows(sql`update ${sql.identifier(table)} set status = 'skipped', last_error = ${BOUNCED_REASON},
    next_attempt_at = now() where ${fence}`);
}

export class FounderMailSender {
  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly options: FounderMailOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Claims due founder mails and sends them while `running()` holds; returns how many were claimed. */
  async round(running: () => boolean): Promise<number> {
    const claimed = await this.database.rows<ClaimedFounderMail>(sql`
      with due as (
        select idea_id, kind, ref from founder_mails
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at
        limit ${this.options.batchSize ?? 10}
        for update skip locked
      ), claimed as (
        update founder_mails f set status = 'sending', attempts = f.attempts + 1,
          next_attempt_at = now() + ${this.options.leaseMs}::int * interval '1 millisecond'
        from due where f.idea_id = due.idea_id and f.kind = due.kind and f.ref = due.ref
        returning f.idea_id, f.kind, f.ref, f.attempts, f.created_at
      )
      select c.idea_id, c.kind, c.ref, c.attempts, c.created_at, i.received_at, i.email, i.prototype_url,
        tm.body as message_body, q.items as quote_items, q.valid_until::text as quote_valid_until,
        q.id::text as quote_id, tm.contract_id::text as contract_id,
        exists (select 1 from reply_addresses ra where ra.idea_id = c.idea_id and ra.bounced_at is not null) as bounced
      from claimed c join ideas i on i.id = c.idea_id
        left join thread_messages tm on c.kind = 'message' and tm.id::text = c.ref
        left join quotes q on q.id = tm.quote_id`);
    let index = 0;
    for (; index < claimed.length && running(); index += 1) await this.deliver(claimed[index]!);
    await this.release(claimed.slice(index));
    return claimed.length;
  }

  private fence(row: ClaimedFounderMail) {
    return sql`idea_id = ${row.idea_id}::uuid and kind = ${row.kind} and ref = ${row.ref} and attempts = ${Number(row.attempts)}`;
  }

  private async release(held: ClaimedFounderMail[]): Promise<void> {
    for (const row of held)
      await this.database.rows(sql`
        update founder_mails set status = 'pending', attempts = attempts - 1, next_attempt_at = now()
        where ${this.fence(row)} and status = 'sending'`);
  }

  private async deliver(row: ClaimedFounderMail): Promise<void> {
    const ideaId = row.idea_id;
    if (row.bounced) {
      await skipBounced(this.database, 'founder_mails', this.fence(row));
      this.log.info({ ideaId, kind: row.kind, outcome: 'founder_mail_skipped_bounced' }, 'founder mail skipped');
      return;
    }
    let mail: ReturnType<typeof renderFounderMail>;
    const replyTo = this.options.replyTo ? { replyTo: this.options.replyTo } : {};
    try {
      mail =
        row.kind === 'message'
          ? renderThreadMail({
              ideaId,
              messageId: row.ref,
              email: row.email,
              statusUrl: founderStatusUrl(this.options, ideaId),
              from: this.options.from,
              ...replyTo,
              body: row.message_body ?? '',
              quote:
                row.quote_valid_until === null ? null : { items: row.quote_items, validUntil: row.quote_valid_until },
            })
          : renderFounderMail({
              kind: row.kind,
              ideaId,
              receivedAt: new Date(row.received_at),
              email: row.email,
              // The meeting offer opens the status page at its booking section.
              statusUrl: `${founderStatusUrl(this.options, ideaId)}${row.kind === 'meeting_offer' ? `#${BOOKING_SECTION_ID}` : ''}`,
              from: this.options.from,
              ...replyTo,
              prototypeUrl: row.prototype_url,
            });
    } catch {
      await this.recordFailure(row, new PermanentMailError('unsafe recipient', 0));
      return;
    }
    // The quote's PDF, made as the mail is sent (a retry after a newer quote attaches this one marked 이전 견적). A PDF
    // that cannot be made does not hold the mail: it goes without, and the status page offers the PDF.
    if (row.quote_id && this.options.quoteAttachment) {
      try {
        const pdf = await this.options.quoteAttachment(ideaId, row.quote_id);
        if (pdf) mail = { ...mail, attachments: [...(mail.attachments ?? []), pdf] };
      } catch (error) {
        this.log.warn({ err: error, ideaId }, 'quote PDF not attached');
      }
    }
    // The agreement's PDF likewise: as sent, or signed by both sides once the team countersigned (decision 150).
    if (row.contract_id && this.options.contractAttachment) {
      try {
        const pdf = await this.options.contractAttachment(ideaId, row.contract_id);
        if (pdf) mail = { ...mail, attachments: [...(mail.attachments ?? []), pdf] };
      } catch (error) {
        this.log.warn({ err: error, ideaId }, 'contract PDF not attached');
      }
    }
    // The lead's thread (decision 126): its reply address and the headers that keep the founder's mails together.
    const token = await replyTokenOf(this.database.rows, ideaId);
    if (token)
      mail = inThread(mail, {
        token,
        kind: row.kind,
        ref: row.ref,
        replyToBase: this.options.replyToBase,
        replyToName: founderMailCopy.replyToName,
      });
    let deliveredTo: string;
    try {
      deliveredTo = await this.transport.send(mail, `${ideaId}-founder-${row.kind}${row.ref ? `-${row.ref}` : ''}`);
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.database.rows(sql`
      update founder_mails set status = 'sent', sent_at = now(), delivered_to = ${deliveredTo}, last_error = null
      where ${this.fence(row)}`);
    this.log.info({ ideaId, kind: row.kind, outcome: 'founder_mail_sent' }, 'founder mail sent');
  }

  private async recordFailure(row: ClaimedFounderMail, error: unknown): Promise<void> {
    const attempts = Number(row.attempts);
    const outcome = await recordOutboxFailure(
      this.database,
      {
        table: 'founder_mails',
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
        { ideaId: row.idea_id, kind: row.kind, outcome: 'founder_mail_failed', attempts },
        'founder mail failed',
      );
    else
      this.log.warn(
        { ideaId: row.idea_id, kind: row.kind, outcome: 'founder_mail_retry', attempts, retryInMs: outcome.retryInMs },
        'founder mail not delivered',
      );
  }
}
