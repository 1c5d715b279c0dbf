/**
 * Erased means gone from the team's mailbox too (decision 141, PIPA): the originals of an erased lead's mails. The
 * erasure's own statement stores a `mailbox_erasures` row (ideas/erase-ideas.ts: the lead's reply token, the
 * Message-IDs of the mails kept for it, its reference); the mailbox reader holding the turn (mailbox-reader.ts) works
 * the due rows after each sweep, like an outbox: in the handled folder and the folder it reads, every mail that names
 * the token anywhere (its plus address, the thread's Message-IDs in References, a bounce's returned headers: IMAP
 * `TEXT`) or carries one of the Message-IDs is flagged \Deleted and expunged, and the row deleted. A failure is kept
 * on the row and retried with backoff, across restarts and on whichever instance reads next; the team is alerted
 * once, after ALERT_AFTER_ATTEMPTS failures, and only then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow, SearchObject } from 'imapflow';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storeMailboxAlert, type MailboxStoreOptions } from './mailbox-store';

/** Failures before the team is told (the retries go on). */
export const ALERT_AFTER_ATTEMPTS = 3;
/** Rows worked per sweep: an erasure of many leads is spread over a few sweeps. */
const BATCH = 20;

export interface ErasureOptions extends MailboxStoreOptions {
  /** The folder the reader reads (IMAP_URL's path): a lead's mail may still wait there. */
  readFolder: string;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface OriginalsErased {
  reference: string;
  /** How many mails were expunged; 0 when none was left. */
  expunged: number;
}

interface DueErasure extends Record<string, unknown> {
  id: number | string;
  reference: string;
  token: string | null;
  mail_ids: string[];
  attempts: number;
  alerted: boolean;
}

/** What names the lead's mails: its token anywhere in the mail, or one of its kept mails' Message-IDs. */
function criteriaOf(row: DueErasure): SearchObject | undefined {
  const each: SearchObject[] = [
    ...(row.token ? [{ text: row.token }] : []),
    ...row.mail_ids.map((id) => ({ header: { 'message-id': id } })),
  ];
  if (each.length === 0) return undefined;
  return each.length === 1 ? each[0] : { or: each };
}

/**
 * Works the due erasures on the reader's connection; leaves `readFolder` open again. Throws only when the
 * connection broke (the reader reconnects); each row's own failure is recorded on it.
 */
export async function eraseOriginals(
  client: ImapFlow,
  database: Database,
  options: ErasureOptions,
  log: FastifyBaseLogger,
  onFailed: () => void = () => {},
): Promise<OriginalsErased[]> {
  const due = await database.rows<DueErasure>(sql`
    select id, reference, token, mail_ids, attempts, alerted_at is not null as alerted from mailbox_erasures
    where next_attempt_at <= now() order by id limit ${BATCH}`);
  if (due.length === 0) return [];
  const done: OriginalsErased[] = [];
  try {
    for (const row of due) {
      try {
        let expunged = 0;
        const criteria = criteriaOf(row);
        for (const folder of criteria ? [options.handledFolder, options.readFolder] : []) {
          await client.mailboxOpen(folder);
          const uids = (await client.search(criteria!, { uid: true })) || [];
          if (uids.length === 0) continue;
          await client.messageDelete(uids.join(','), { uid: true });
          expunged += uids.length;
        }
        await database.rows(sql`delete from mailbox_erasures where id = ${row.id}`);
        log.info({ outcome: 'mailbox_originals_erased', expunged }, 'mail originals of an erased lead expunged');
        done.push({ reference: row.reference, expunged });
      } catch (error) {
        await recordFailure(database, options, row);
        log.warn({ err: error, outcome: 'mailbox_originals_not_erased' }, 'mail originals not expunged');
        onFailed();
        if (!client.usable) throw error;
      }
    }
  } finally {
    if (client.usable) await client.mailboxOpen(options.readFolder);
  }
  return done;
}

async function recordFailure(database: Database, options: ErasureOptions, row: DueErasure): Promise<void> {
  const attempts = Number(row.attempts) + 1;
  const retryMs = Math.min(options.retryBaseMs * 2 ** (attempts - 1), options.retryMaxMs);
  await database.transaction(async (rows) => {
    await rows(sql`update mailbox_erasures set attempts = ${attempts},
      next_attempt_at = now() + ${retryMs}::int * interval '1 millisecond',
      alerted_at = case when ${attempts} >= ${ALERT_AFTER_ATTEMPTS} then coalesce(alerted_at, now()) else alerted_at end
      where id = ${row.id}`);
    if (attempts >= ALERT_AFTER_ATTEMPTS && !row.alerted)
      await storeMailboxAlert(rows, options, {
        key: `erasure:${row.id}`,
        problem: 'erase_failed',
        reference: row.reference,
      });
  });
}
