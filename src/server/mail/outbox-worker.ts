/**
 * Delivers outbox rows. Each round claims due rows with `FOR UPDATE SKIP LOCKED` and leases them (status
 * 'sending', next_attempt_at = lease end) in one statement, so concurrent workers and instances never claim the
 * same row; no transaction stays open while mail is sent (PGlite has a single connection). Success marks 'sent';
 * failure reschedules with exponential backoff and jitter, or marks 'failed' past the max age. Updates are
 * fenced by the attempt number, so a worker whose lease ran out cannot overwrite a newer claim. A crashed worker's
 * lease simply expires and the row is claimed again; the stable Message-ID lets mail systems drop a duplicate.
 * Rows held for a digest are left to jobs/digest-mail.ts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { MAILED_IDEA_COLUMNS, MAILED_MEMO_BYTES, mailedIdeaOf, type MailedIdeaRow } from './mailed-idea-row';
import { renderTeamMail, type TeamMailOptions } from './team-mail';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions extends TeamMailOptions {
  pollMs: number;
  maxAgeMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim is exclusive; must exceed the transport's worst-case send time. */
  leaseMs?: number;
  batchSize?: number;
}

interface ClaimedRow extends MailedIdeaRow {
  attempts: number;
  created_at: Date | string;
}

interface Delivered {
  ideaId: string;
  attempts: number;
  deliveredTo: string;
}

/** Exponential backoff with "equal jitter": between half and all of base·2^(attempt-1), capped at max. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly options: OutboxWorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Wakes the loop now (a new idea was stored) instead of waiting for the next poll. */
  nudge(): void {
    this.wake?.();
  }

  /** Stops after the mail being sent (if any) is finished and recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
    this.transport.close();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let delivered = 0;
      try {
        delivered = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, 'outbox round failed');
      }
      if (!this.running) break;
      if (delivered >= (this.options.batchSize ?? 10)) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.options.pollMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }

  /** One round: claim due rows, send each, record the outcome. Returns how many rows were claimed. */
  async runOnce(): Promise<number> {
    const leaseMs = this.options.leaseMs ?? 5 * 60_000;
    const claimed = await this.database.rows<ClaimedRow>(sql`
      with due as (
        select idea_id from outbox
        where status in ('pending', 'sending') and not digest and next_attempt_at <= now()
        order by next_attempt_at
        limit ${this.options.batchSize ?? 10}
        for update skip locked
      ), claimed as (
        update outbox o set status = 'sending', attempts = o.attempts + 1,
          next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond'
        from due where o.idea_id = due.idea_id
        returning o.idea_id, o.attempts, o.created_at
      )
      select c.idea_id, c.attempts, c.created_at, ${MAILED_IDEA_COLUMNS}, ${MAILED_MEMO_BYTES}
      from claimed c join ideas i on i.id = c.idea_id left join voice_memos m on m.idea_id = c.idea_id`);
    const sent: Delivered[] = [];
    for (const row of claimed) {
      const delivered = await this.deliver(row);
      if (delivered) sent.push(delivered);
    }
    await this.recordSent(sent);
    return claimed.length;
  }

  /**
   * Marks a round's delivered mails 'sent' in one statement (one write instead of one per mail). Fenced by the
   * attempt number like every outcome. A crash before this runs leaves the rows leased: they are sent again after
   * the lease, with the same Message-ID.
   */
  private async recordSent(sent: Delivered[]): Promise<void> {
    if (sent.length === 0) return;
    const values = sql.join(
      sent.map((mail) => sql`(${mail.ideaId}::uuid, ${mail.attempts}::int, ${mail.deliveredTo}::text)`),
      sql`, `,
    );
    await this.database.rows(sql`
      update outbox o set status = 'sent', sent_at = now(), delivered_to = v.delivered_to, last_error = null
      from (values ${values}) as v(idea_id, attempts, delivered_to)
      where o.idea_id = v.idea_id and o.attempts = v.attempts`);
    for (const mail of sent) {
      if (this.transport.kind === 'eml') this.log.info({ ideaId: mail.ideaId, outcome: 'mail_written', file: mail.deliveredTo }, 'team mail written as .eml');
      else this.log.info({ ideaId: mail.ideaId, outcome: 'mail_sent', attempts: mail.attempts }, 'team mail sent');
    }
  }

  /** Sends one claimed mail; returns what to record on success, or records the failure and returns undefined. */
  private async deliver(row: ClaimedRow): Promise<Delivered | undefined> {
    const ideaId = row.idea_id;
    const attempts = Number(row.attempts);
    try {
      const mail = renderTeamMail(mailedIdeaOf(row), this.options);
      const deliveredTo = await this.transport.send(mail, ideaId);
      return { ideaId, attempts, deliveredTo };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const expired = Date.now() - new Date(row.created_at).getTime() >= this.options.maxAgeMs;
      const delay = retryDelayMs(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      await this.database.rows(sql`
        update outbox set
          status = ${expired ? 'failed' : 'pending'},
          next_attempt_at = now() + ${delay}::int * interval '1 millisecond',
          last_error = ${message.slice(0, 1000)}
        where idea_id = ${ideaId}::uuid and attempts = ${attempts}`);
      this.log.warn({ ideaId, outcome: expired ? 'mail_failed' : 'mail_retry', attempts, retryInMs: expired ? undefined : delay, err: message }, 'team mail not delivered');
      return undefined;
    }
  }
}
