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

export const mailFileDir = (dataDir: string) => path.join(dataDir, 'outbox');

const IDEA_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SINGLE_IDEA_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/;
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

/** The ideas whose personal data one .eml file holds. */
export async function ideasInMailFile(file: string): Promise<string[]> {
  const single = SINGLE_IDEA_FILE.exec(path.basename(file));
  if (single) return [single[1]!];
  const raw = await fs.readFile(file);
  let text: string;
  try {
    const mail = await simpleParser(raw);
    text = `${mail.subject ?? ''}\n${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  } catch {
    text = raw.toString('utf8');
  }
  return [...new Set(text.match(IDEA_ID) ?? [])];
}

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
export async function sweepMailFiles(database: Database, dataDir: string, now: Date, retentionDays: number): Promise<number> {
  const dir = mailFileDir(dataDir);
  const oldest = now.getTime() - retentionDays * 86_400_000;
  let removed = 0;
  for (const name of await fileNames(dir)) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) continue;
    let remove = false;
    if (name.endsWith('.tmp')) remove = stat.mtimeMs < now.getTime() - STALE_TEMPORARY_MS;
    else if (name.endsWith('.eml')) {
      if (stat.mtimeMs < oldest) remove = true;
      else {
        const held = await ideasInMailFile(file).catch(() => []); // gone meanwhile: nothing to sweep
        remove = held.length > 0 && (await existingIdeas(database, held)).size < held.length;
      }
    }
    if (remove) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function existingIdeas(database: Database, ids: string[]): Promise<Set<string>> {
  const list = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = await database.rows<{ id: string }>(sql`select id::text as id from ideas where id in (${list})`);
  return new Set(rows.map((row) => row.id));
}
