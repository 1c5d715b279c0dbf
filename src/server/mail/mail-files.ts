/**
 * The mail fallback's folder (DATA_DIR/outbox/, written by mail/transport.ts when there is no SMTP): which ideas'
 * personal data each .eml file holds, so erasure and retention can remove it.
 *
 * A single idea's mail is `<idea id>.eml`. A summary mail (digest, spam report) lists full idea ids in its text; the
 * file is read decoded (mailparser), because nodemailer writes a mostly-Korean body in base64, where an id never
 * appears as such in the raw bytes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Database } from '../db/client';
import { ideaIdList, ideaIdsIn, isIdeaId } from '../db/idea-ids';

export const mailFileDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** A `.tmp` older than this is a write that was interrupted (the transport renames its file within milliseconds). */
const STALE_TEMPORARY_MS = 3_600_000;

async function fileNames(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The ideas whose personal data one .eml file holds: the idea its name starts with (every mail about one idea is
 * saved under a key that begins with its id; the founder's mails show only the reference, issue 47) and the ids in
 * its text (a digest lists several).
 */
export async function ideasInMailFile(file: string): Promise<string[]> {
  const own = path.basename(file, '.eml');
  if (isIdeaId(own)) return [own];
  const raw = await fs.readFile(file);
  const text = await simpleParser(raw).then(
    (mail) => mail.text ?? '',
    () => raw.toString('utf8'),
  );
  const leading = LEADING_IDEA_ID.exec(own)?.[1];
  return [...new Set([...(leading ? [leading] : []), ...ideaIdsIn(text)])];
}

/**
 * The idea id a file's key starts with (`<idea>-founder-…`, `<idea>-meeting-…`); a uuid later in the name is a
 * message's, a meeting's or an invite's, and says nothing of an idea.
 */
const LEADING_IDEA_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-|$)/;

/** Removes every .eml file that holds any of these ideas; returns how many. */
export async function removeMailFilesOf(dataDir: string, ids: string[]): Promise<number> {
  const dir = mailFileDir(dataDir);
  const erased = new Set(ids.map((id) => id.toLowerCase()));
  let removed = 0;
  for (const name of await fileNames(dir)) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    const held = await ideasInMailFile(file).catch(() => []);
    if (held.some((id) => erased.has(id))) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Retention's safety net for the folder: removes .eml files that hold an idea no longer in the database (erasure
 * interrupted between its commit and the files, or a mail written while its idea was being erased), .eml files older
 * than the retention period whatever they hold, and interrupted writes. Returns how many files went.
 */
export async function sweepMailFiles(
  database: Database,
  dataDir: string,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const dir = mailFileDir(dataDir);
  const oldest = now.getTime() - retentionDays * 86_400_000;
  const remove: string[] = [];
  const holding = new Map<string, string[]>(); // file → the ideas it holds, asked of the database together below
  for (const name of await fileNames(dir)) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) continue;
    if (name.endsWith('.tmp')) {
      if (stat.mtimeMs < now.getTime() - STALE_TEMPORARY_MS) remove.push(file);
    } else if (name.endsWith('.eml')) {
      if (stat.mtimeMs < oldest) remove.push(file);
      else holding.set(file, await ideasInMailFile(file).catch(() => [])); // gone meanwhile: nothing to sweep
    }
  }
  const existing = await existingIdeas(database, [...new Set([...holding.values()].flat())]);
  for (const [file, held] of holding) if (held.some((id) => !existing.has(id))) remove.push(file);
  for (const file of remove) await fs.rm(file, { force: true });
  return remove.length;
}

/** Which of these ideas are still in the database: one query per thousand ids, not one per file. */
async function existingIdeas(database: Database, ids: string[]): Promise<Set<string>> {
  const existing = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const rows = await database.rows<{ id: string }>(
      sql`select id::text as id from ideas where id in (${ideaIdList(chunk)})`,
    );
    for (const row of rows) existing.add(row.id);
  }
  return existing;
}
