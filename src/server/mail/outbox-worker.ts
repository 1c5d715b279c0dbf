/**
 * Delivers outbox rows. Each round claims due rows with `FOR UPDATE SKIP LOCKED` and leases them (status
 * 'sending', next_attempt_at = lease end) in one statement, so concurrent workers and instances never claim the
 * same row; no transaction stays open while mail is sent (PGlite has a single connection). Before a mail the
 * worker renews the leases it still holds unless it just did (a lease outlives one send: send-deadlines.ts),
 * and each mail is marked 'sent' as soon as the server accepted it, so a slow server never lets another worker take
 * a row back mid-batch. A permanent refusal (5xx) marks the row 'failed' at once and stores an alert (alerts/); a temporary
 * failure reschedules with exponential backoff and jitter, or marks 'failed' (and alerts) past the max age. Updates
 * are fenced by the attempt number, so a worker whose lease ran out cannot overwrite a newer claim. A stopping
 * worker finishes the mail in flight and hands the rest of its claim back (pending, due now, attempt not counted).
 * A crashed worker's lease simply expires and the row is claimed again; the stable Message-ID lets mail systems
 * drop a duplicate. Rows held for a digest are left to jobs/digest-mail.ts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { MAILED_IDEA_COLUMNS, MAILED_MEMO_BYTES, mailedIdeaOf, type MailedIdeaRow } from './mailed-idea-row';
import { mailFailedAlert } from './outbox-failure';
import { renderTeamMail, type TeamMailOptions } from './team-mail';
import { retryDelayMs } from './retry-delay';
import { PermanentMailError, type MailTransport } from './transport';
import type { FounderMailSender } from './founder-mail-worker';

export { retryDelayMs };

export interface OutboxWorkerOptions extends TeamMailOptions {
  pollMs: number;
  maxAgeMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim is exclusive: longer than one whole send (config.mail.leaseMs, from send-deadlines.ts). */
  leaseMs: number;
  /** Renew the held leases before a mail once this long passed since the claim or the last renewal. */
  leaseRenewAfterMs: number;
  batchSize?: number;
  /** Called after a mail failed for good and its alert was stored. */
  onAlert?: () => void;
  /** The founder's mails (founder_mails, decision 084), sent in the same loop after the team's. */
  founderMails?: FounderMailSender | undefined;
  /** The meeting's mails (booking/meeting-mail-sender.ts), sent in the same loop after the founder's. */
  meetingMails?: { round(running: () => boolean): Promise<number> } | undefined;
}

interface ClaimedRow extends MailedIdeaRow {
  attempts: number;
  created_at: Date | string;
}

/** A claimed row as the fences see it: its id and the attempt number this claim gave it. */
type Claim = Pick<ClaimedRow, 'idea_id' | 'attempts'>;

const claimValues = (rows: Claim[]) =>
  sql.join(
    rows.map((row) => sql`(${row.idea_id}::uuid, ${Number(row.attempts)}::int)`),
    sql`, `,
  );

/**
 * While ideas keep arriving (one stored within INTAKE_BUSY_MS of the end of a round), the worker rests MAIL_YIELD_MS
 * between rounds, deaf to the nudges, instead of going straight on: building and writing one mail costs several times
 * the CPU of storing one idea (3–5 ms against well under 1 ms, measured), and on PGlite it shares the intake's thread,
 * so during a burst the founders' confirmations took most of the intake's time (decision 087). A burst is now taken at
 * the intake's speed while its mails go out at up to one round per rest; the backlog goes at full speed once the
 * burst ends. A lone visitor's mail still goes as soon as it is queued: the follow-up's nudge wakes an idle worker.
 */
export const INTAKE_BUSY_MS = 250;
export const MAIL_YIELD_MS = 1000;

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastNudgeAt = 0;
  private resting = false;
  private roundsStarted = 0;
  private settledWaiters: { after: number; resolve: () => void }[] = [];

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

  /** Wakes the loop now (mail was queued) instead of waiting for the next poll. */
  nudge(): void {
    this.lastNudgeAt = Date.now();
    if (!this.resting) this.wake?.();
  }

  /**
   * An idea was stored: its mail is queued later, by its follow-up (ideas/follow-up.ts, which nudges), so nothing
   * is woken, but while ideas keep arriving the worker yields to them.
   */
  ideaStored(): void {
    this.lastNudgeAt = Date.now();
  }

  /**
   * Resolves once a round that began after this call found no mail due (the team's, the founders' or a meeting's):
   * every mail due by then has been sent, or failed and waits for a later attempt. Wakes the worker for it. Tests wait
   * on it for "nothing more is sent" instead of a fixed time (decision 123).
   */
  settled(): Promise<void> {
    if (!this.running) return Promise.reject(new Error('the mail worker is not running'));
    return new Promise((resolve) => {
      this.settledWaiters.push({ after: this.roundsStarted, resolve });
      this.wake?.();
    });
  }

  /**
   * Stops after the mail being sent (if any) is finished and recorded; the rest of the claimed rows go back to
   * pending. Takes at most one send (SMTP_TIMEOUT_MS) plus a few writes. The caller closes the transport.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let delivered = 0;
      const round = (this.roundsStarted += 1);
      try {
        delivered = await this.runOnce();
        if (delivered === 0) this.announceSettled(round);
      } catch (error) {
        this.log.error({ err: error }, 'outbox round failed');
      }
      if (!this.running) break;
      this.resting = Date.now() - this.lastNudgeAt < INTAKE_BUSY_MS;
      // A full batch, or someone waiting for a round with nothing to send: straight on to the next round.
      if (!this.resting && (delivered >= (this.options.batchSize ?? 10) || this.settledWaiters.length > 0)) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.resting ? MAIL_YIELD_MS : this.options.pollMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
      this.resting = false;
    }
  }

  private announceSettled(round: number): void {
    const waiting = this.settledWaiters;
    this.settledWaiters = waiting.filter((waiter) => waiter.after >= round);
    for (const waiter of waiting) if (waiter.after < round) waiter.resolve();
  }

  /** One round: claim due rows, send each, record each outcome at once. Returns how many rows were claimed. */
  private async runOnce(): Promise<number> {
    let leasedAt = Date.now();
    const claimed = await this.database.rows<ClaimedRow>(sql`
      with due as (
        select idea_id from outbox
        where status in ('pending', 'sending') and not digest and next_attempt_at <= now()
        order by next_attempt_at
        limit ${this.options.batchSize ?? 10}
        for update skip locked
      ), claimed as (
        update outbox o set status = 'sending', attempts = o.attempts + 1,
          next_attempt_at = now() + ${this.options.leaseMs}::int * interval '1 millisecond'
        from due where o.idea_id = due.idea_id
        returning o.idea_id, o.attempts, o.created_at
      )
      select c.idea_id, c.attempts, c.created_at, ${MAILED_IDEA_COLUMNS}, ${MAILED_MEMO_BYTES}
      from claimed c join ideas i on i.id = c.idea_id left join voice_memos m on m.idea_id = c.idea_id`);
    let held: ClaimedRow[] = claimed;
    while (held.length > 0 && this.running) {
      if (Date.now() - leasedAt > this.options.leaseRenewAfterMs) {
        leasedAt = Date.now();
        held = await this.renew(held);
      }
      const [row, ...rest] = held;
      if (!row) break;
      await this.deliver(row);
      held = rest;
    }
    await this.release(held);
    const founder =
      this.running && this.options.founderMails ? await this.options.founderMails.round(() => this.running) : 0;
    const meeting =
      this.running && this.options.meetingMails ? await this.options.meetingMails.round(() => this.running) : 0;
    return claimed.length + founder + meeting;
  }

  /**
   * Moves the lease end of every row still held to a whole lease from now, so the next mail (and the ones after
   * it) stays ours however long the mails before it took. Called before a mail once leaseRenewAfterMs has passed
   * since the claim or the last renewal (the lease left then still covers one whole send and its recording). Returns the rows still ours (a row whose lease ran out
   * and was claimed again by another worker is dropped: that worker sends it).
   */
  private async renew(held: ClaimedRow[]): Promise<ClaimedRow[]> {
    const renewed = await this.database.rows<{ idea_id: string }>(sql`
      update outbox o set next_attempt_at = now() + ${this.options.leaseMs}::int * interval '1 millisecond'
      from (values ${claimValues(held)}) as v(idea_id, attempts)
      where o.idea_id = v.idea_id and o.attempts = v.attempts and o.status = 'sending'
      returning o.idea_id`);
    const ours = new Set(renewed.map((row) => row.idea_id));
    for (const row of held) {
      if (!ours.has(row.idea_id))
        this.log.warn(
          { ideaId: row.idea_id, outcome: 'mail_lease_lost' },
          'team mail claimed elsewhere; not sent here',
        );
    }
    return held.filter((row) => ours.has(row.idea_id));
  }

  /** Hands claimed rows that were not sent (the worker is stopping) back: pending, due now, attempt not counted. */
  private async release(held: Claim[]): Promise<void> {
    if (held.length === 0) return;
    const released = await this.database.rows(sql`
      update outbox o set status = 'pending', attempts = o.attempts - 1, next_attempt_at = now()
      from (values ${claimValues(held)}) as v(idea_id, attempts)
      where o.idea_id = v.idea_id and o.attempts = v.attempts and o.status = 'sending'
      returning o.idea_id`);
    if (released.length > 0)
      this.log.info(
        { released: released.length, outcome: 'mail_released' },
        'stopping: claimed team mails handed back',
      );
  }

  /** Sends one claimed mail and records the outcome at once (fenced by the attempt number). */
  private async deliver(row: ClaimedRow): Promise<void> {
    const ideaId = row.idea_id;
    const attempts = Number(row.attempts);
    let deliveredTo: string;
    try {
      deliveredTo = await this.transport.send(renderTeamMail(mailedIdeaOf(row), this.options), ideaId);
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    await this.database.rows(sql`
      update outbox set status = 'sent', sent_at = now(), delivered_to = ${deliveredTo}, last_error = null
      where idea_id = ${ideaId}::uuid and attempts = ${attempts}`);
    if (this.transport.kind === 'eml')
      this.log.info({ ideaId, outcome: 'mail_written', file: deliveredTo }, 'team mail written as .eml');
    else this.log.info({ ideaId, outcome: 'mail_sent', attempts }, 'team mail sent');
  }

  /**
   * A permanent refusal, or a temporary one past the max age, marks the row failed and stores an alert in the same
   * statement; otherwise the row waits for its backoff. The team's `ideas retry` queues a failed row again.
   */
  private async recordFailure(row: ClaimedRow, error: unknown): Promise<void> {
    const ideaId = row.idea_id;
    const attempts = Number(row.attempts);
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = error instanceof PermanentMailError;
    const expired = Date.now() - new Date(row.created_at).getTime() >= this.options.maxAgeMs;
    if (permanent || expired) {
      const responseCode = permanent ? error.responseCode : null;
      await this.database.rows(sql`
        with failed as (
          update outbox set status = 'failed', next_attempt_at = now(), last_error = ${message}
          where idea_id = ${ideaId}::uuid and attempts = ${attempts}
          returning idea_id, attempts
        )
        ${mailFailedAlert(sql`failed`, { responseCode, expired: !permanent })}`);
      this.log.error(
        { ideaId, outcome: 'mail_failed', attempts, permanent, responseCode, err: message },
        'team mail failed; alert stored',
      );
      this.options.onAlert?.();
      return;
    }
    const delay = retryDelayMs(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
    await this.database.rows(sql`
      update outbox set status = 'pending', next_attempt_at = now() + ${delay}::int * interval '1 millisecond', last_error = ${message}
      where idea_id = ${ideaId}::uuid and attempts = ${attempts}`);
    this.log.warn(
      { ideaId, outcome: 'mail_retry', attempts, retryInMs: delay, err: message },
      'team mail not delivered',
    );
  }
}
