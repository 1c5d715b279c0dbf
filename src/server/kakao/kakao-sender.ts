/**
 * Sends the 알림톡 outbox (`kakao_messages`, issue 49 part 2) like the push and alert outboxes: up to a batch of due
 * rows claimed with `FOR UPDATE SKIP LOCKED` and a lease that outlives one request to the provider, sent in one
 * request (SOLAPI's send-many), each row marked by its own outcome, fenced by its attempt number. Accepted: `sent`
 * with the provider's message id (sent as 알림톡, or by the provider's SMS/LMS fallback). Refused (a template Kakao
 * does not match, a bad key): `failed` with a `kakao_failed` alert to the team in the same statement; the founder has
 * the same news by e-mail anyway (the messages follow the founder's mail queue). Temporary (429, 5xx, the network):
 * backoff with the mail's settings until MAIL_MAX_AGE_HOURS, then failed and alerted. A founder who stopped the
 * updates meanwhile: `skipped`. The number and the variables are read from the idea as it is sent, so the rows hold
 * neither, and the logs carry ids, templates and codes only — never the number or the text.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { kakaoTemplates, templateVariables, type KakaoTemplateKey } from '../../content/kakao-templates';
import { PROMISE_HOURS } from '../../domain/idea';
import { formatKst } from '../../domain/kst';
import { normalizeKoreanMobile } from '../../domain/korean-mobile';
import { leadReference } from '../../domain/lead-reference';
import type { Database } from '../db/client';
import { NUDGE_GAP_MS, RoundRunner } from '../db/round-runner';
import { statusPath, statusToken } from '../founder/status-token';
import { retryDelayMs } from '../mail/retry-delay';
import { KAKAO_TIMEOUT_MS, type KakaoMessage, type KakaoOutcome, type KakaoProvider } from './solapi-client';

export const KAKAO_LEASE_MS = KAKAO_TIMEOUT_MS + 5_000;
export const KAKAO_BATCH = 10;

export interface KakaoSenderOptions {
  linkSecret: string;
  /** The status link's origin (SITE_URL, else this server). */
  siteUrl: string;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAgeMs: number;
  pollMs: number;
  onAlert?: () => void;
}

interface ClaimedMessage extends Record<string, unknown> {
  id: string | number;
  template: KakaoTemplateKey;
  idea_id: string;
  attempts: number;
  age_ms: number | string;
  phone: string;
  kakao_updates: boolean;
  received_at: Date | string;
  meeting_at: Date | string | null;
}

export class KakaoSender {
  private readonly runner: RoundRunner;

  constructor(
    private readonly database: Database,
    private readonly provider: KakaoProvider,
    private readonly options: KakaoSenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.runner = new RoundRunner(
      () => this.pass(),
      (error: unknown) => this.log.error({ err: error }, 'KakaoTalk messages not sent'),
      NUDGE_GAP_MS,
    );
  }

  start(): void {
    this.runner.start(this.options.pollMs);
  }

  nudge(): void {
    this.runner.nudge();
  }

  sendDue(): Promise<number> {
    return this.runner.run();
  }

  idle(): Promise<void> {
    return this.runner.idle();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Claims and sends batches until none is due; returns how many went out. */
  private async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      sent += await this.send(batch);
    }
  }

  private claim(): Promise<ClaimedMessage[]> {
    return this.database.rows<ClaimedMessage>(sql`
      with due as (
        select id from kakao_messages where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at limit ${KAKAO_BATCH} for update skip locked
      )
      update kakao_messages k set status = 'sending', attempts = k.attempts + 1,
        next_attempt_at = now() + ${KAKAO_LEASE_MS}::int * interval '1 millisecond'
      from due, ideas i
      where k.id = due.id and i.id = k.idea_id
      returning k.id, k.template, k.idea_id::text as idea_id, k.attempts,
        (extract(epoch from now() - k.created_at) * 1000)::bigint as age_ms, i.phone, i.kakao_updates,
        i.received_at, (select m.starts_at from meetings m where m.id = k.meeting_id) as meeting_at`);
  }

  /** The variables every template may use (each takes what it names). */
  private variablesOf(row: ClaimedMessage): Record<string, string> {
    const receivedAt = new Date(row.received_at);
    return {
      접수번호: leadReference(row.idea_id),
      약속시각: formatKst(new Date(receivedAt.getTime() + PROMISE_HOURS * 3_600_000)),
      미팅일시: row.meeting_at ? formatKst(new Date(row.meeting_at)) : '',
      진행상황링크: `${this.options.siteUrl}${statusPath(statusToken(this.options.linkSecret, row.idea_id))}`,
    };
  }

  private async send(batch: ClaimedMessage[]): Promise<number> {
    const sendable: { row: ClaimedMessage; message: KakaoMessage }[] = [];
    for (const row of batch) {
      const to = normalizeKoreanMobile(row.phone ?? '');
      if (!row.kakao_updates) await this.settle(row, 'skipped', null);
      else if (!to) await this.fail(row, 'no mobile number');
      else {
        const all = this.variablesOf(row);
        const message: KakaoMessage = { to, template: row.template, variables: all };
        sendable.push({ row, message: { ...message, variables: usedBy(row.template, all) } });
      }
    }
    if (sendable.length === 0) return 0;
    const outcomes = await this.provider.send(sendable.map((entry) => entry.message));
    let sent = 0;
    for (const [index, { row }] of sendable.entries()) {
      const outcome: KakaoOutcome = outcomes[index] ?? { status: 'retry', code: 'no answer' };
      const fields = {
        kakao: String(row.id),
        template: row.template,
        ideaId: row.idea_id,
        attempts: Number(row.attempts),
      };
      if (outcome.status === 'accepted') {
        await this.settle(row, 'sent', outcome.messageId ?? null);
        this.log.info({ ...fields, outcome: 'kakao_sent' }, 'KakaoTalk message sent');
        sent += 1;
      } else if (outcome.status === 'refused') await this.fail(row, outcome.code);
      else {
        const delay = retryDelayMs(Number(row.attempts), this.options.retryBaseMs, this.options.retryMaxMs);
        if (Number(row.age_ms) + delay > this.options.maxAgeMs) await this.fail(row, outcome.code);
        else {
          await this.database.rows(sql`
            update kakao_messages set status = 'pending', last_error = ${outcome.code.slice(0, 200)},
              next_attempt_at = now() + ${delay}::int * interval '1 millisecond'
            where id = ${row.id} and attempts = ${row.attempts}`);
          this.log.warn({ ...fields, outcome: 'kakao_retry', code: outcome.code, retryInMs: delay }, 'KakaoTalk retry');
        }
      }
    }
    return sent;
  }

  private async settle(row: ClaimedMessage, status: 'sent' | 'skipped', messageId: string | null): Promise<void> {
    await this.database.rows(sql`
      update kakao_messages set status = ${status}, sent_at = case when ${status} = 'sent' then now() end,
        provider_message_id = ${messageId}, last_error = null
      where id = ${row.id} and attempts = ${row.attempts}`);
  }

  /** Fails the row for good and stores its `kakao_failed` alert, in one statement. */
  private async fail(row: ClaimedMessage, code: string): Promise<void> {
    await this.database.rows(sql`
      with failed as (
        update kakao_messages set status = 'failed', last_error = ${code.slice(0, 200)}
        where id = ${row.id} and attempts = ${row.attempts} returning id, idea_id, template
      )
      insert into alerts (key, kind, channel, idea_id, details)
      select 'kakao_failed:' || failed.id, 'kakao_failed', 'webhook', failed.idea_id,
        jsonb_build_object('reference', left(failed.idea_id::text, 8), 'providerCode', ${code.slice(0, 50)}::text)
      from failed
      on conflict (key) do nothing`);
    this.log.warn(
      { kakao: String(row.id), template: row.template, ideaId: row.idea_id, outcome: 'kakao_failed', code },
      'KakaoTalk message failed',
    );
    this.options.onAlert?.();
  }
}

/** Only the variables the template uses (SOLAPI and Kakao refuse others). */
function usedBy(template: KakaoTemplateKey, all: Record<string, string>): Record<string, string> {
  return Object.fromEntries(templateVariables(kakaoTemplates[template]).map((name) => [name, all[name] ?? '']));
}
