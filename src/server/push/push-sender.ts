/**
 * Sends the push outbox (`push_deliveries`, decision 130), each notification once per device across instances and
 * restarts as far as a push service allows, like the alerts (alerts/alert-sender.ts): a row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease that outlives one request to the push service (status 'sending'), then marked
 * 'sent' fenced by its attempt number. The payload is the kind, the lead's reference and stage and its page, or the
 * weekly summary's counts and the 현황 screen (domain/push.ts, decision 156), encrypted for the device (aes128gcm) and signed with the VAPID key (web-push).
 * - 201 (or any 2xx): sent; the device's last success is noted.
 * - 404/410: the subscription is gone (the browser unsubscribed, the app was removed): the device's row is deleted,
 *   and its queued notifications with it.
 * - 429, 5xx, a network error or the timeout: retried with the mail backoff (MAIL_RETRY_BASE_MS/MAX_MS) while the
 *   notification is younger than PUSH_TTL_HOURS; past it, failed and alerted.
 * - any other answer (400, 401, 403: a key the service does not accept, 413): failed at once and alerted.
 * A failure's alert is a `push_failed` row stored in the same statement (sent to the chat, alerts/).
 * The one way to a duplicate is a crash between the push service's 201 and the `sent` write.
 */
import type https from 'node:https';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import { leadReference } from '../../domain/lead-reference';
import { WEEKLY_SUMMARY_URL, type PushKind, type PushPayload, type WeeklySummaryPayload } from '../../domain/push';
import type { Stage } from '../../domain/stages';
import type { Database } from '../db/client';
import { NUDGE_GAP_MS, RoundRunner } from '../db/round-runner';
import { retryDelayMs } from '../mail/retry-delay';
import type { VapidKeys } from './vapid-keys';

/** One request to a push service is cut off after this long. */
export const PUSH_TIMEOUT_MS = 10_000;
/** A claim outlives one request by this much (recording the outcome). */
export const PUSH_LEASE_MS = PUSH_TIMEOUT_MS + 5_000;
/** Sent and failed rows are kept this long (what `sent` means to a row stored again), then dropped. */
export const PUSH_KEEP_MS = 7 * 24 * 3_600_000;

export interface PushSenderOptions {
  vapidKeys: VapidKeys;
  subject: string;
  ttlMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often due rows are looked for besides the nudges (MAIL_POLL_MS). */
  pollMs: number;
  /** The TLS agent for the push services (tests: one that trusts the test CA); default: Node's. */
  agent?: https.Agent | undefined;
  /** A failure stored an alert: send it now. */
  onAlert?: () => void;
}

interface ClaimedPush extends Record<string, unknown> {
  id: string | number;
  kind: PushKind;
  /** Null for the weekly summary, which names no lead. */
  idea_id: string | null;
  /** The weekly summary's figures. */
  details: { ideas?: number; contracted?: number; overdue?: number } | null;
  attempts: number;
  age_ms: number | string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  stage: Stage | null;
}

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

/** The page a notification's click opens: the lead's, in the workspace. */
export const leadPagePath = (ideaId: string) => `/team/leads/${ideaId}`;

export class PushSender {
  private readonly runner: RoundRunner;
  private lastPrune = 0;

  constructor(
    private readonly database: Database,
    private readonly options: PushSenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.runner = new RoundRunner(
      async () => {
        const sent = await this.round();
        await this.prune();
        return sent;
      },
      (error: unknown) => this.log.error({ err: error }, 'push notifications not sent'),
      NUDGE_GAP_MS,
    );
  }

  start(): void {
    this.runner.start(this.options.pollMs);
  }

  /** Sends what is due now (a new row was stored); a round already under way runs once more after it. */
  nudge(): void {
    this.runner.nudge();
  }

  /** Sends every due notification, one claim at a time; returns how many went out. */
  sendDue(): Promise<number> {
    return this.runner.run();
  }

  /** Resolves once no round is running (tests wait on it, decision 123). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  private async round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const [claimed] = await this.database.rows<ClaimedPush>(sql`
        with due as (
          select id from push_deliveries where status in ('pending', 'sending') and next_attempt_at <= now()
          order by next_attempt_at limit 1 for update skip locked
        )
        update push_deliveries d set status = 'sending', attempts = d.attempts + 1,
          next_attempt_at = now() + ${PUSH_LEASE_MS}::int * interval '1 millisecond'
        from due, push_subscriptions s
        where d.id = due.id and s.id = d.subscription_id
        returning d.id, d.kind, d.idea_id::text as idea_id, d.attempts, d.details,
          (extract(epoch from now() - d.created_at) * 1000)::bigint as age_ms,
          s.id::text as subscription_id, s.endpoint, s.p256dh, s.auth,
          (select i.stage from ideas i where i.id = d.idea_id) as stage`);
      if (!claimed) return sent;
      if ((await this.send(claimed)) === 'sent') sent += 1;
    }
  }

  private async send(push: ClaimedPush): Promise<PushOutcome> {
    const attempts = Number(push.attempts);
    const ageMs = Number(push.age_ms);
    const fields = { push: String(push.id), kind: push.kind, ideaId: push.idea_id, attempts };
    const leftMs = this.options.ttlMs - ageMs;
    if (leftMs <= 0) return this.fail(push, null, 'expired before it could be sent');
    const payload: PushPayload | WeeklySummaryPayload =
      push.kind === 'weekly_summary' || push.idea_id === null || push.stage === null
        ? {
            kind: 'weekly_summary',
            ideas: Number(push.details?.ideas ?? 0),
            contracted: Number(push.details?.contracted ?? 0),
            overdue: Number(push.details?.overdue ?? 0),
            url: WEEKLY_SUMMARY_URL,
          }
        : {
            kind: push.kind,
            reference: leadReference(push.idea_id),
            stage: push.stage,
            url: leadPagePath(push.idea_id),
          };
    let status: number | undefined;
    try {
      const answer = await webPush.sendNotification(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.options.subject, ...this.options.vapidKeys },
          TTL: Math.max(1, Math.floor(leftMs / 1000)),
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          timeout: PUSH_TIMEOUT_MS,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      status = answer.statusCode;
    } catch (error) {
      status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        // The device's subscription ended: it goes, with whatever was queued for it.
        await this.database.rows(sql`delete from push_subscriptions where id = ${push.subscription_id}::uuid`);
        this.log.info({ ...fields, outcome: 'push_gone', status }, 'push subscription gone: removed');
        return 'gone';
      }
      const temporary = status === undefined || status === 429 || status >= 500;
      const why = status === undefined ? (error instanceof Error ? error.message : String(error)) : `HTTP ${status}`;
      if (!temporary) return this.fail(push, status ?? null, why);
      const delay = retryDelayMs(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      if (delay >= leftMs) return this.fail(push, null, why);
      await this.database.rows(sql`
        update push_deliveries set status = 'pending', last_error = ${why.slice(0, 500)},
          next_attempt_at = now() + ${delay}::int * interval '1 millisecond'
        where id = ${push.id} and attempts = ${attempts}`);
      this.log.warn({ ...fields, outcome: 'push_retry', status, retryInMs: delay }, 'push notification not delivered');
      return 'retry';
    }
    await this.database.rows(sql`
      with sent as (
        update push_deliveries set status = 'sent', sent_at = now(), last_error = null
        where id = ${push.id} and attempts = ${attempts} returning subscription_id
      )
      update push_subscriptions s set last_success_at = now() from sent where s.id = sent.subscription_id`);
    this.log.info({ ...fields, outcome: 'push_sent', status }, 'push notification sent');
    return 'sent';
  }

  /** Fails the row for good and stores its `push_failed` alert, in one statement. */
  private async fail(push: ClaimedPush, status: number | null, why: string): Promise<PushOutcome> {
    const attempts = Number(push.attempts);
    await this.database.rows(sql`
      with failed as (
        update push_deliveries set status = 'failed', last_error = ${why.slice(0, 500)}
        where id = ${push.id} and attempts = ${attempts} returning id, idea_id
      )
      insert into alerts (key, kind, channel, idea_id, details)
      select 'push_failed:' || failed.id, 'push_failed', 'webhook', failed.idea_id,
        jsonb_build_object('reference', left(failed.idea_id::text, 8), 'pushStatus', ${status}::int)
      from failed
      on conflict (key) do nothing`);
    this.log.warn(
      { push: String(push.id), kind: push.kind, ideaId: push.idea_id, attempts, outcome: 'push_failed', status },
      'push notification failed',
    );
    this.options.onAlert?.();
    return 'failed';
  }

  /** Drops sent and failed rows older than PUSH_KEEP_MS, at most once an hour. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < 3_600_000) return;
    this.lastPrune = Date.now();
    await this.database.rows(sql`delete from push_deliveries where status in ('sent', 'failed')
      and created_at < now() - ${PUSH_KEEP_MS}::bigint * interval '1 millisecond'`);
  }
}
