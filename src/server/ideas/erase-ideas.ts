/**
 * Erasure: removes ideas with everything that holds their personal data — the idea row, its outbox row, its
 * idempotency records, its voice memo, and the .eml files the mail fallback wrote for it (its own mail, and any
 * digest or spam report that listed it). Used by `npm run ideas -- delete` (a visitor's request) and by the retention job.
 * Mail already delivered to the team's mailbox is outside the product: the CLI reminds the team to delete it there.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { removeMailFilesOf } from '../mail/mail-files';
import { ideaIdList } from './idea-ids';

export interface Erased {
  ideas: number;
  outboxRows: number;
  idempotencyKeys: number;
  voiceMemos: number;
  mailFiles: number;
}

export const nothingErased = (): Erased => ({ ideas: 0, outboxRows: 0, idempotencyKeys: 0, voiceMemos: 0, mailFiles: 0 });

const count = async (rows: Promise<unknown[]>) => (await rows).length;

export async function eraseIdeas(database: Database, ids: string[], dataDir: string): Promise<Erased> {
  const erased = nothingErased();
  if (ids.length === 0) return erased;
  const list = ideaIdList(ids);
  await database.transaction(async (rows) => {
    erased.idempotencyKeys = await count(rows(sql`delete from idempotency_keys where idea_id in (${list}) returning key`));
    erased.outboxRows = await count(rows(sql`delete from outbox where idea_id in (${list}) returning idea_id`));
    erased.voiceMemos = await count(rows(sql`delete from voice_memos where idea_id in (${list}) returning idea_id`));
    erased.ideas = await count(rows(sql`delete from ideas where id in (${list}) returning id`));
  });
  // After the commit: a failed transaction leaves the team's copy. Should this step not finish, retention's sweep
  // (mail/mail-files.ts) removes the files of ideas that no longer exist.
  erased.mailFiles = await removeMailFilesOf(dataDir, ids);
  return erased;
}
