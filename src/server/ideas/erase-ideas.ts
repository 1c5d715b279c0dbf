/**
 * Erasure: removes ideas with everything that holds their personal data — the idea row, its outbox row, its
 * idempotency records, its voice memo, its thread with the team (messages, memos, quotes), the founder's mails (and with the idea row its status link hash and consent
 * record), and the .eml files the mail fallback wrote for it (its own mail, and any
 * digest or spam report that listed it). Used by `npm run ideas -- delete` (a visitor's request) and by the retention job.
 * Mail already delivered to the team's mailbox is outside the product: the CLI reminds the team to delete it there.
 *
 * Erased means gone from the disk too (decision 077): a DELETE only marks rows dead, and their bytes stay in the
 * table, TOAST and index files and in the write-ahead log. Rewriting them is costly (it held every request for
 * seconds with 150 MB of memos), so it is off the request path (decision 105): the erasure's transaction deletes the
 * rows and adds an `erasure_purges` row, and answers; `purgePendingErasures` (jobs/erasure-purge.ts, one instance
 * at a time, within `retentionPromise.purgeMinutes`) rewrites the tables once for every erasure queued since the last
 * purge and, on PGlite, retires the WAL (`Database.purgeDeleted`). A voice memo is sealed with a key kept in the
 * idea's row (memo-cipher.ts): the key goes with the row, so the memo is unreadable at once, and the memo table is
 * not rewritten (only vacuumed), unless a memo stored before encryption was erased.
 */
import { sql } from 'drizzle-orm';
import type { Database, RowsFn } from '../db/client';
import { removeMailFilesOf } from '../mail/mail-files';
import { ideaIdList } from './idea-ids';

export interface Erased {
  ideas: number;
  outboxRows: number;
  idempotencyKeys: number;
  voiceMemos: number;
  mailFiles: number;
  /** The founder's confirmation, ready and thread message mails, queued or sent (decisions 084, 101). */
  founderMails: number;
  /** The thread's messages (both sides), the founder's memos in it, and the quotes (decisions 101, 102). */
  messages: number;
  threadMemos: number;
  quotes: number;
}

export const nothingErased = (): Erased => ({
  ideas: 0,
  outboxRows: 0,
  idempotencyKeys: 0,
  voiceMemos: 0,
  mailFiles: 0,
  founderMails: 0,
  messages: 0,
  threadMemos: 0,
  quotes: 0,
});

/**
 * Every table that holds a person's data or a copy of it (the idea with its memo's key, its mail records, its request
 * keys, its timeline, whose notes may name the person), rewritten by each purge.
 */
export const PERSONAL_DATA_TABLES = [
  'ideas',
  'outbox',
  'founder_mails',
  'idempotency_keys',
  'idea_events',
  // The meeting booking (decision 104): erased with the idea by its foreign keys' cascades.
  'meetings',
  'meeting_cells',
  'meeting_mails',
  'meeting_offers',
  // The thread (decision 101): its messages, the answers' memos (stored as sent, not sealed) and the quotes.
  'thread_messages',
  'thread_memos',
  'quotes',
] as const;

/**
 * The sealed memos: never rewritten for a sealed memo's erasure (its key went with the idea's row); vacuumed by
 * retention's turn so their space is reused (the first vacuum of a large table reads it all: not on every erasure);
 * rewritten by the purge after a plain memo's erasure.
 */
export const MEMO_TABLE = 'voice_memos';

/** Queues a purge in the caller's transaction: the erasure (or cleared column) it covers commits with it. */
export async function queuePurge(rows: RowsFn, options: { plainMemo?: boolean } = {}): Promise<void> {
  await rows(sql`insert into erasure_purges (plain_memo) values (${options.plainMemo ?? false})`);
}

/**
 * Runs the purge queued erasures wait for: once for all of them (many erasures, one rewrite). Returns how many
 * erasures it covered (0: nothing was waiting, nothing ran). Only the queue rows it read are removed: one committed
 * during the rewrite waits for the next purge.
 */
export async function purgePendingErasures(
  database: Database,
  options: { vacuumMemos?: boolean } = {},
): Promise<number> {
  const pending = await database.rows<{ id: string; plain_memo: boolean }>(
    sql`select id::text as id, plain_memo from erasure_purges order by id`,
  );
  if (pending.length === 0) {
    if (options.vacuumMemos) await database.purgeDeleted([], [MEMO_TABLE]);
    return 0;
  }
  const plainMemo = pending.some((row) => row.plain_memo);
  await database.purgeDeleted(
    plainMemo ? [...PERSONAL_DATA_TABLES, MEMO_TABLE] : PERSONAL_DATA_TABLES,
    options.vacuumMemos ? [MEMO_TABLE] : [],
  );
  await database.rows(
    sql`delete from erasure_purges where id in (${sql.join(
      pending.map((row) => sql`${row.id}::bigint`),
      sql`, `,
    )})`,
  );
  return pending.length;
}

const count = async (rows: Promise<unknown[]>) => (await rows).length;

export async function eraseIdeas(
  database: Database,
  ids: string[],
  dataDir: string,
  options: { inTransaction?: (rows: RowsFn, erased: Erased) => Promise<void> } = {},
): Promise<Erased> {
  const erased = nothingErased();
  if (ids.length === 0) return erased;
  const list = ideaIdList(ids);
  await database.transaction(async (rows) => {
    // A memo without a key was stored before encryption: its plain bytes need the memo table rewritten.
    const plainMemos = await count(
      rows(sql`select m.idea_id from voice_memos m join ideas i on i.id = m.idea_id
        where m.idea_id in (${list}) and i.memo_key is null`),
    );
    erased.idempotencyKeys = await count(
      rows(sql`delete from idempotency_keys where idea_id in (${list}) returning key`),
    );
    erased.outboxRows = await count(rows(sql`delete from outbox where idea_id in (${list}) returning idea_id`));
    erased.founderMails = await count(
      rows(sql`delete from founder_mails where idea_id in (${list}) returning idea_id`),
    );
    erased.voiceMemos = await count(rows(sql`delete from voice_memos where idea_id in (${list}) returning idea_id`));
    erased.threadMemos = await count(
      rows(sql`delete from thread_memos where idea_id in (${list}) returning message_id`),
    );
    erased.messages = await count(rows(sql`delete from thread_messages where idea_id in (${list}) returning id`));
    erased.quotes = await count(rows(sql`delete from quotes where idea_id in (${list}) returning id`));
    await rows(sql`delete from idea_events where idea_id in (${list})`);
    // With the row goes the memo's key: from here the memo's bytes are unreadable, wherever they still lie.
    erased.ideas = await count(rows(sql`delete from ideas where id in (${list}) returning id`));
    if (erased.ideas > 0) await queuePurge(rows, { plainMemo: plainMemos > 0 });
    // The caller's own record of the erasure (an access record) commits or rolls back with it.
    await options.inTransaction?.(rows, erased);
  });
  // After the commit: a failed transaction leaves the team's copy. Should this step not finish, retention's sweep
  // (mail/mail-files.ts) removes the files of ideas that no longer exist.
  erased.mailFiles = await removeMailFilesOf(dataDir, ids);
  return erased;
}
