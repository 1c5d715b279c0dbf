/**
 * Erasure: removes ideas with everything that holds their personal data — the idea row, its outbox row, its
 * idempotency records, its voice memo, and the .eml files the mail fallback wrote for it (its own mail, and any
 * digest mail that listed it). Used by `npm run ideas -- delete` (a visitor's request) and by the retention job.
 * Mail already delivered to the team's mailbox is outside the product: the CLI reminds the team to delete it there.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface Erased {
  ideas: number;
  outboxRows: number;
  idempotencyKeys: number;
  voiceMemos: number;
  mailFiles: number;
}

export const nothingErased = (): Erased => ({ ideas: 0, outboxRows: 0, idempotencyKeys: 0, voiceMemos: 0, mailFiles: 0 });

const count = async (rows: Promise<unknown[]>) => (await rows).length;

/** The .eml directory of the mail fallback (mail/transport.ts). */
export const mailFileDir = (dataDir: string) => path.join(dataDir, 'outbox');

export async function eraseIdeas(database: Database, ids: string[], dataDir: string): Promise<Erased> {
  const erased = nothingErased();
  if (ids.length === 0) return erased;
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  await database.transaction(async (rows) => {
    erased.idempotencyKeys = await count(rows(sql`delete from idempotency_keys where idea_id in (${list}) returning key`));
    erased.outboxRows = await count(rows(sql`delete from outbox where idea_id in (${list}) returning idea_id`));
    erased.voiceMemos = await count(rows(sql`delete from voice_memos where idea_id in (${list}) returning idea_id`));
    erased.ideas = await count(rows(sql`delete from ideas where id in (${list}) returning id`));
  });
  erased.mailFiles = await removeMailFiles(mailFileDir(dataDir), ids);
  return erased;
}

async function removeMailFiles(dir: string, ids: string[]): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const own = new Set(ids.map((id) => `${id}.eml`));
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    let remove = own.has(name);
    if (!remove && name.startsWith('digest-')) {
      const text = await fs.readFile(file, 'utf8').catch(() => '');
      remove = ids.some((id) => text.includes(id));
    }
    if (remove) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
