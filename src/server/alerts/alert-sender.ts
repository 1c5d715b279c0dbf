/**
 * Sends stored alerts (alert-store.ts) to the webhook, each exactly once across instances and restarts as far as
 * a webhook allows: an alert is claimed with `FOR UPDATE SKIP LOCKED` and a lease that outlives one webhook call
 * (status 'sending'), then marked 'sent' fenced by its attempt number; a failure waits with the mail backoff
 * (MAIL_RETRY_BASE_MS/MAX_MS). The one way to a duplicate is a crash between the webhook's 2xx and that write.
 * Without ALERT_WEBHOOK_URL each alert is written to the log (error level, ids only) and marked sent.
 * Safe to call from anywhere at any time (the alert job, or the mail worker right after a permanent failure).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { RoundRunner } from '../db/round-runner';
import { retryDelayMs } from '../mail/retry-delay';
import type { MailTransport } from '../mail/transport';
import { alertText } from './alert-messages';
import type { AlertChannel, AlertDetails, AlertKind } from './alert-store';
import { leadAlertMail, leadPageUrl } from './lead-alert-mail';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type WebhookFormat } from './webhook';

/** An alert's claim outlives one webhook call by this much (recording the outcome). */
export const ALERT_LEASE_MS = WEBHOOK_TIMEOUT_MS + 5_000;

export interface AlertSenderOptions {
  webhookUrl: string | undefined;
  webhookFormat: WebhookFormat;
  retryBaseMs: number;
  retryMaxMs: number;
  /** For alerts on the mail channel (the 24-hour clock's): the transport and sender of the team mail. */
  mail?: { transport: MailTransport; from: string; siteUrl: string | undefined };
  /**
   * A file a mail alert carries (the concluded agreement's signed PDF, decision 150; passed in: alerts sit below the
   * thread). A file that cannot be made does not hold the mail.
   */
  attachment?: (
    kind: AlertKind,
    ideaId: string,
    details: AlertDetails,
  ) => Promise<{ filename: string; content: Buffer; contentType: string } | undefined>;
  /** The public origin the lead links in chat alerts start with (SITE_URL, else this server). */
  siteUrl?: string | undefined;
}

interface ClaimedAlert extends Record<string, unknown> {
  key: string;
  kind: AlertKind;
  channel: AlertChannel;
  idea_id: string | null;
  details: AlertDetails | string;
  attempts: number;
  /** The lead's owner as the alert is sent (a member's address), or null. */
  owner_email: string | null;
}

export class AlertSender {
  /** Its rounds (a nudge starts one while another may still run: `sendDue` starts one beside it). */
  private readonly runner: RoundRunner;

  constructor(
    private readonly database: Database,
    private readonly options: AlertSenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.runner = new RoundRunner(
      () => this.round(),
      (error: unknown) => this.log.error({ err: error }, 'alerts not sent'),
    );
  }

  /** Sends every due alert, one claim at a time; returns how many went out. */
  sendDue(): Promise<number> {
    return this.runner.run();
  }

  /**
   * Resolves once no round is running: every alert claimed by then was sent, or its failure recorded. Tests wait on
   * it rather than for a fixed time (decision 123).
   */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  private async round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const [alert] = await this.database.rows<ClaimedAlert>(sql`
        with due as (
          select key from alerts where status in ('pending', 'sending') and next_attempt_at <= now()
          order by next_attempt_at limit 1 for update skip locked
        )
        update alerts a set status = 'sending', attempts = a.attempts + 1,
          next_attempt_at = now() + ${ALERT_LEASE_MS}::int * interval '1 millisecond'
        from due where a.key = due.key
        returning a.key, a.kind, a.channel, a.idea_id::text as idea_id, a.details, a.attempts,
          (select tm.email from ideas i join team_members tm on tm.id = i.owner_id and tm.removed_at is null
            where i.id = a.idea_id) as owner_email`);
      if (!alert) return sent;
      if (await this.send(alert)) sent += 1;
    }
  }

  private async send(alert: ClaimedAlert): Promise<boolean> {
    const attempts = Number(alert.attempts);
    const details = (typeof alert.details === 'string' ? JSON.parse(alert.details) : alert.details) as AlertDetails;
    const siteUrl = this.options.siteUrl ?? this.options.mail?.siteUrl;
    const lead = alert.idea_id ? { owner: alert.owner_email, link: leadPageUrl(alert.idea_id, siteUrl) } : undefined;
    // The chat names the owner and links the lead; the mail has its own link (lead-alert-mail.ts).
    const text = alertText(alert.kind, alert.idea_id, details, alert.channel === 'mail' ? undefined : lead);
    const fields = { alert: alert.key, kind: alert.kind, ideaId: alert.idea_id ?? undefined };
    try {
      if (alert.channel === 'mail') {
        if (!this.options.mail || !details.to) throw new Error('no mail transport or recipient for a mail alert');
        const { transport, from, siteUrl } = this.options.mail;
        let mail = leadAlertMail(alert.kind, alert.idea_id, details, {
          from,
          to: details.to,
          siteUrl,
          key: alert.key,
          text,
        });
        if (alert.idea_id && this.options.attachment)
          try {
            const file = await this.options.attachment(alert.kind, alert.idea_id, details);
            if (file) mail = { ...mail, attachments: [...(mail.attachments ?? []), file] };
          } catch (error) {
            this.log.warn({ ...fields, err: error }, 'alert attachment not made');
          }
        // The file name (.eml fallback) is the alert's, not the idea's: the team mail's own file stays.
        await transport.send(mail, `alert-${alert.key.replaceAll(':', '-')}`);
      } else if (this.options.webhookUrl) await postWebhook(this.options.webhookUrl, this.options.webhookFormat, text);
      else this.log.error({ ...fields, outcome: 'alert_logged', text }, 'alert (no ALERT_WEBHOOK_URL: logged only)');
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = retryDelayMs(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      await this.database.rows(sql`
        update alerts set status = 'pending', last_error = ${message}, next_attempt_at = now() + ${delay}::int * interval '1 millisecond'
        where key = ${alert.key} and attempts = ${attempts}`);
      this.log.warn(
        { ...fields, outcome: 'alert_retry', attempts, retryInMs: delay, err: message },
        'alert not delivered',
      );
      // Not this turn again: the next turn (or nudge) retries once the delay has passed.
      return false;
    }
    await this.database.rows(sql`
      update alerts set status = 'sent', sent_at = now(), last_error = null where key = ${alert.key} and attempts = ${attempts}`);
    if (this.options.webhookUrl || alert.channel === 'mail')
      this.log.info({ ...fields, channel: alert.channel, outcome: 'alert_sent', attempts }, 'alert sent');
    return true;
  }
}
