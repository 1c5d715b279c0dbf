/**
 * Erasure: removes ideas with everything that holds their personal data — the idea row, its outbox row, its
 * idempotency records, its voice memo, its thread with the team (messages, memos, quotes), the founder's mails (and with the idea row its status link hash and consent
 * record), and the .eml files the mail fallback wrote for it (its own mail, and any
 * digest or spam report that listed it). Used by `npm run ideas -- delete` (a visitor's request) and by the retention job.
 * Mail already delivered to the team's mailbox is outside the product: the CLI reminds the team to delete it there.
 *
 * Erased means gone from the disk too (decision 077): a DELETE only marks rows dead, and their bytes stay in the
 * table, TOAST and index files and in the write-ahead log. So when erasure returns, the tables that held the idea
 * have been rewritten and, on PGlite, the WAL that held it retired (`Database.purgeDeleted`). A batch of erasures
 * (retention) passes `purge: false` to each and purges once at the end with `purgeErasedData`.
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
 * Every table that holds a person's data or a copy of it (the idea, its memo, its mail records, its request keys,
 * its timeline, whose notes may name the person).
 */
export const PERSONAL_DATA_TABLES = [
  'ideas',
  'voice_memos',
  'outbox',
  'founder_mails',
  'idempotency_keys',
  'idea_events',
  // The meeting booking (decision 104): erased with the idea by its foreign keys' cascades.
  'meetings',
  'meeting_cells',
  'meeting_mails',
  'meeting_offers',
  'thread_messages',
  'thread_memos',
  'quotes',
] as const;

/** Rewrites the personal-data tables so erased rows leave the data directory (see the header). */
export const purgeErasedData = (database: Database) => database.purgeDeleted(PERSONAL_DATA_TABLES);

const count = async (rows: Promise<unknown[]>) => (await rows).length;

export async function eraseIdeas(
  database: Database,
  ids: string[],
  dataDir: string,
  options: { purge?: boolean; inTransaction?: (rows: RowsFn, erased: Erased) => Promise<void> } = {},
): Promise<Erased> {
  const erased = nothingErased();
  if (ids.length === 0) return erased;
  const list = ideaIdList(ids);
  await database.transaction(async (rows) => {
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
    erased.ideas = await count(rows(sql`delete from ideas where id in (${list}) returning id`));
    // The caller's own record of the erasure (an access record) commits or rolls back with it.
    await options.inTransaction?.(rows, erased);
  });
  // After the commit: a failed transaction leaves the team's copy. Should this step not finish, retention's sweep
  // (mail/mail-files.ts) removes the files of ideas that no longer exist.
  erased.mailFiles = await removeMailFilesOf(dataDir, ids);
  if (erased.ideas > 0 && options.purge !== false) await purgeErasedData(database);
  return erased;
}
