/**
 * Reads the team's mailbox (IMAP_URL) for founders' replies (decision 127), on imapflow. One reader at a time across
 * instances: the turn is a lease in `scheduled_jobs` taken with the scheduler's own conditional upsert
 * (jobs/scheduler.ts `takeTurn`), renewed while reading and handed back on stop; an instance that dies leaves it to
 * expire (three sweeps' time). The holder opens the folder, sweeps it — each mail judged and stored first
 * (mailbox-store.ts), then moved to the handled folder (IMAP_HANDLED_FOLDER, created when missing; deleted only with its lead, decision 141);
 * a mail that names no lead at all (the folder may be the team's own inbox) is left in place, marked with
 * NOT_OURS_KEYWORD so no sweep fetches it again — and waits in IDLE (imapflow polls with NOOP where the server has none), woken by the server's `exists`; a sweep
 * every IMAP_POLL_MS is the fallback. Exactly once: the stored key makes a mail seen again (moved by nobody after a
 * crash, or swept by a second reader in a lease's overlap) a duplicate, which is only moved. A mail whose token
 * names no lead (an erased one) is expunged, not moved; and after each sweep the holder expunges the originals of
 * leads erased since (mailbox-erasure.ts, decision 141).
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { HealthCheck } from '../http/health-check';
import { takeTurn } from '../jobs/scheduler';
import { tokenInAddress } from '../mail/reply-address';
import { mailKey } from './mailbox-mail';
import { eraseOriginals } from './mailbox-erasure';
import { leadOfToken, storeMail, storeMailboxAlert, type MailboxStoreOptions, type MailOutcome } from './mailbox-store';

export interface MailboxReaderOptions extends MailboxStoreOptions {
  imapUrl: string;
  pollMs: number;
  maxBytes: number;
  /** The backoff of an erasure's expunge that failed (MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS). */
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface HandledMail {
  outcome: MailOutcome;
  key: string;
  ideaId?: string | undefined;
}

const LEASE = 'mailbox-reader';
/**
 * The keyword that marks a mail of the folder that names no lead (the mailbox may be the team's own inbox): it is
 * left where it is, unread as it was (fetched with PEEK), and not looked at again.
 */
export const NOT_OURS_KEYWORD = 'Mvp24NotOurs';

/** The lease outlives three sweeps: a live holder renews it every sweep, a dead one loses it that long after. */
export const mailboxLeaseMs = (pollMs: number) => 3 * pollMs;

/**
 * A connection that passed no byte for this long is dead (imapflow's own limit is five minutes): a live one never is
 * quiet that long, its IDLE being renewed every poll period, so a server that stopped answering is given up on,
 * /healthz says so and the reader connects again.
 */
export const mailboxSocketTimeoutMs = (pollMs: number) => Math.max(2 * pollMs, 10_000);

/** How long a stop waits for the mail in hand before it drops the connection, which a quiet server would hold. */
export const MAILBOX_STOP_GRACE_MS = 2000;

function connectionOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    folder: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

export class MailboxReader {
  /**
   * `stored` for each mail judged (before the move), `handled` once moved, `swept` after each sweep of the folder,
   * `lease` when this reader took the turn, `erased` with the erased leads whose originals were expunged (an
   * OriginalsErased[]), `erase_failed` when an expunge failed (recorded, retried; alerted after a few).
   */
  readonly events = new EventEmitter();
  private running = false;
  private loop: Promise<void> | undefined;
  private stamp: Date | undefined;
  private client: ImapFlow | undefined;
  private wake: (() => void) | undefined;
  private dirty = true;

  constructor(
    private readonly database: Database,
    private readonly options: MailboxReaderOptions,
    private readonly log: FastifyBaseLogger,
    private readonly onStored: (mail: HandledMail) => void = () => {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops reading: the mail in hand is finished and moved, the connection closed and the lease handed back. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    if (this.loop) {
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        this.loop.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), MAILBOX_STOP_GRACE_MS))),
      ]);
      clearTimeout(timer);
      // A server that stopped answering: the connection is dropped (what was stored and not yet moved is moved by the
      // next sweep, never stored twice), so a restart or a deploy is not held by it.
      if (!inTime) this.client?.close();
      await this.loop;
    }
    await this.release();
  }

  /** Hands the turn back: another instance (or this one, later) takes it at its next try. */
  private async release(): Promise<void> {
    if (this.stamp)
      await this.database
        .rows(
          sql`update scheduled_jobs set next_run_at = now() where name = ${LEASE} and last_run_at = ${this.stamp.toISOString()}::timestamptz`,
        )
        .catch(() => {});
    this.stamp = undefined;
  }

  /** As a crash would: the connection dropped at once, nothing more moved, the lease left to expire. For tests. */
  async crash(): Promise<void> {
    this.running = false;
    this.stamp = undefined;
    this.client?.close();
    this.wake?.();
    await this.loop?.catch(() => {});
  }

  /** What /healthz reports (mailboxHealthCheck): the holder's last read, or why it failed. */
  private async note(outcome: string): Promise<void> {
    if (!this.stamp) return;
    await this.database
      .rows(
        sql`update scheduled_jobs set last_outcome = ${outcome.slice(0, 500)}
        where name = ${LEASE} and last_run_at = ${this.stamp.toISOString()}::timestamptz`,
      )
      .catch(() => {});
  }

  private get leaseMs() {
    return mailboxLeaseMs(this.options.pollMs);
  }

  private async holdLease(): Promise<boolean> {
    const now = new Date();
    if (this.stamp) {
      const renewed = await this.database.rows(sql`update scheduled_jobs
        set next_run_at = ${new Date(now.getTime() + this.leaseMs).toISOString()}::timestamptz
        where name = ${LEASE} and last_run_at = ${this.stamp.toISOString()}::timestamptz returning name`);
      if (renewed.length === 1) return true;
      this.stamp = undefined;
      this.log.warn({ outcome: 'mailbox_lease_lost' }, 'mailbox reader lost its turn');
      return false;
    }
    if (!(await takeTurn(this.database, { name: LEASE, everyMs: this.leaseMs }, now))) return false;
    this.stamp = now;
    this.events.emit('lease');
    return true;
  }

  /** Waits `ms`, or less: news from the server (`exists`, see read) or a stop ends it; news already in ends it at once. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.dirty || !this.running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!(await this.holdLease())) {
          this.dirty = false;
          await this.pause(this.options.pollMs);
          continue;
        }
        await this.read();
      } catch (error) {
        if (!this.running) break;
        this.log.error({ err: error, outcome: 'mailbox_read_failed' }, 'mailbox not read');
        // The reason stays in the log: /healthz is public, and a server's answer may name hosts or accounts.
        await this.note('failed');
        // Another instance may fare better (its network, its moment): the turn is handed back.
        await this.release();
        this.events.emit('failed', error);
        this.dirty = false;
        await this.pause(this.options.pollMs);
      }
    }
  }

  /** One connection: sweep, wait for news, sweep again, while the lease holds. */
  private async read(): Promise<void> {
    const target = connectionOf(this.options.imapUrl);
    const client = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      auth: target.auth,
      logger: false,
      missingIdleCommand: 'NOOP',
      socketTimeout: mailboxSocketTimeoutMs(this.options.pollMs),
      maxIdleTime: this.options.pollMs,
      // IDLE as soon as a sweep ends (imapflow's own would start 15 s later); the next command ends it.
      disableAutoIdle: true,
    });
    this.client = client;
    client.on('error', (error: unknown) => this.log.warn({ err: error }, 'mailbox connection error'));
    // New mail while sweeping is swept again at once; while waiting, it ends the wait.
    client.on('exists', () => {
      this.dirty = true;
      this.wake?.();
    });
    await client.connect();
    try {
      const folders = await client.list();
      if (!folders.some((folder) => folder.path === this.options.handledFolder))
        await client.mailboxCreate(this.options.handledFolder).catch(() => {});
      await client.mailboxOpen(target.folder);
      while (this.running && client.usable) {
        this.dirty = false;
        await this.sweep(client);
        await this.eraseOriginals(client, target.folder);
        await this.note('read');
        this.events.emit('swept');
        if (!this.running || !(await this.holdLease())) break;
        if (this.dirty) continue;
        const waiting = this.pause(this.options.pollMs);
        void client.idle().catch(() => {});
        await waiting;
      }
      // A connection the server dropped: tried again after a pause (run), not at once in a loop.
      if (this.running && !client.usable) throw new Error('the IMAP connection closed');
    } finally {
      // Still `this.client` while logging out: a stop drops it when a quiet server never answers the logout.
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
      this.client = undefined;
    }
  }

  private async eraseOriginals(client: ImapFlow, readFolder: string): Promise<void> {
    const erased = await eraseOriginals(client, this.database, { ...this.options, readFolder }, this.log, () =>
      this.events.emit('erase_failed'),
    );
    if (erased.length > 0) this.events.emit('erased', erased);
  }

  private async sweep(client: ImapFlow): Promise<void> {
    const uids = (await client.search({ unKeyword: NOT_OURS_KEYWORD }, { uid: true })) || [];
    let renewed = Date.now();
    for (const uid of uids) {
      if (!this.running) return;
      // A long sweep keeps its lease: renewed once a poll period has passed.
      if (Date.now() - renewed > this.options.pollMs) {
        if (!(await this.holdLease())) return;
        renewed = Date.now();
      }
      const handled = await this.handle(client, uid);
      this.events.emit('stored', handled);
      if (!this.running) return;
      if (handled.outcome === 'not_ours') await client.messageFlagsAdd(String(uid), [NOT_OURS_KEYWORD], { uid: true });
      // Mail for a lead that is no more (erased, decision 141): nothing of it is kept, the original neither.
      else if (handled.outcome === 'no_lead') await client.messageDelete(String(uid), { uid: true });
      else await client.messageMove(String(uid), this.options.handledFolder, { uid: true });
      this.log.info({ outcome: `mailbox_${handled.outcome}`, ideaId: handled.ideaId }, 'mailbox mail handled');
      this.events.emit('handled', handled);
    }
  }

  private async handle(client: ImapFlow, uid: number): Promise<HandledMail> {
    const head = await client.fetchOne(String(uid), { uid: true, size: true, envelope: true }, { uid: true });
    if (head && (head.size ?? 0) > this.options.maxBytes) {
      const to = (head.envelope?.to ?? []).map((address) => address.address ?? '');
      const token = to.map((address) => tokenInAddress(address, this.options.replyToBase)).find(Boolean);
      const key = mailKey({ messageId: head.envelope?.messageId } as never, Buffer.from(`uid:${uid}`));
      // A large mail that names no lead is someone else's: left alone, no alert.
      if (!token) return { outcome: 'not_ours', key };
      const lead = await leadOfToken(this.database, token);
      await this.database.transaction((rows) =>
        storeMailboxAlert(rows, this.options, {
          key,
          problem: 'oversized',
          ideaId: lead?.ideaId,
          megabytes: Math.ceil((head.size ?? 0) / (1024 * 1024)),
        }),
      );
      this.onStored({ outcome: 'oversized', key, ideaId: lead?.ideaId });
      return { outcome: 'oversized', key, ideaId: lead?.ideaId };
    }
    const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    const raw = message && message.source ? message.source : Buffer.alloc(0);
    const handled = await storeMail(this.database, raw, this.options);
    if (!['duplicate', 'no_lead', 'auto_reply', 'not_ours'].includes(handled.outcome)) this.onStored(handled);
    return handled;
  }
}

/**
 * /healthz's `mailbox` (decision 127), from any instance: degraded when the reader's last turn failed (a wrong
 * password, the server down: the founders' replies are not landing) or when no reader has held the turn for a
 * lease's length past its end (every instance stopped reading).
 */
export function mailboxHealthCheck(database: Database, pollMs: number): HealthCheck {
  return {
    name: 'mailbox',
    async check() {
      const [row] = await database.rows<{ outcome: string | null; stale: boolean }>(sql`
        select last_outcome as outcome,
          next_run_at < now() - ${mailboxLeaseMs(pollMs)}::int * interval '1 millisecond' as stale
        from scheduled_jobs where name = ${LEASE}`);
      if (!row) return { degraded: false, reading: false };
      const failed = row.outcome === 'failed';
      return { degraded: failed || row.stale, reading: !row.stale && !failed };
    },
  };
}
