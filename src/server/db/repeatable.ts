/**
 * Repeatable migrations (decision 124): each database function (with its trigger) lives in one file of its own under
 * db/functions/, the whole definition as it is now, so its history is `git log` of that file rather than a search
 * through every migration that once replaced it. After the numbered migrations, each file whose text changed since
 * it was last applied (its SHA-256 in `drizzle.repeatable_migrations`) is run, in name order, in one transaction
 * with its new hash; an unchanged file costs one read. A file must be safe to run again: CREATE OR REPLACE for a
 * function, DROP … IF EXISTS before CREATE for a trigger, and a DROP of the old signature when parameters change.
 * On PostgreSQL it runs under the migrations' advisory lock, so instances starting together apply it once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

/** The few things this needs of a connection: run statements (several at once, no parameters), and one query. */
export interface RepeatableConnection {
  exec(statements: string): Promise<void>;
  query<T>(text: string, values: unknown[]): Promise<T[]>;
}

export interface RepeatableFile {
  name: string;
  text: string;
  sha256: string;
}

/** The folder's .sql files in name order, each with its hash. */
export function repeatableFiles(folder = functionsFolder): RepeatableFile[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(folder, name), 'utf8');
      return { name, text, sha256: crypto.createHash('sha256').update(text).digest('hex') };
    });
}

/** Applies each file whose text changed; returns the names applied. */
export async function applyRepeatable(connection: RepeatableConnection, folder = functionsFolder): Promise<string[]> {
  await connection.exec(`create schema if not exists drizzle;
    create table if not exists drizzle.repeatable_migrations (
      name text primary key, sha256 text not null, applied_at timestamptz not null default now())`);
  const applied = new Map(
    (
      await connection.query<{ name: string; sha256: string }>(
        'select name, sha256 from drizzle.repeatable_migrations',
        [],
      )
    ).map((row) => [row.name, row.sha256]),
  );
  const changed = repeatableFiles(folder).filter((file) => applied.get(file.name) !== file.sha256);
  for (const file of changed) {
    const name = file.name.replaceAll("'", "''");
    try {
      await connection.exec(`begin;
${file.text}
;
insert into drizzle.repeatable_migrations (name, sha256) values ('${name}', '${file.sha256}')
  on conflict (name) do update set sha256 = excluded.sha256, applied_at = now();
commit;`);
    } catch (error) {
      await connection.exec('rollback').catch(() => {});
      throw new Error(`db/functions/${file.name} failed to apply`, { cause: error });
    }
  }
  return changed.map((file) => file.name);
}
