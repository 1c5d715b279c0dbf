/**
 * Repeatable migrations (decision 124, issue 47 item 17): each database function is one file under db/functions/,
 * and what runs in the database is that file's text, applied again when (and only when) the text changes (on
 * PostgreSQL under the migrations' advisory lock, which db/client.test.ts's two instances at once go through). No numbered migration after them declares a function or trigger.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVERS, suiteDatabase } from '../../../test-support/server/test-database';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder } from './client';
import { applyRepeatable, functionsFolder, repeatableFiles, type RepeatableConnection } from './repeatable';

/** The body between a file's `AS $$` and `$$`: what PostgreSQL keeps as the function's source (prosrc). */
const bodyOf = (text: string) => /AS \$\$([\s\S]*?)\$\$/.exec(text)![1]!;

/** A connection of the driver's own to an empty database of its kind (the runner is given one as db/client.ts does). */
async function rawConnection(
  driver: (typeof DRIVERS)[number],
  databaseUrl: string | undefined,
): Promise<RepeatableConnection & { close(): Promise<void> }> {
  if (driver === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      exec: async (statements) => void (await client.query(statements)),
      query: async <T>(text: string, values: unknown[]) => (await client.query(text, values)).rows as T[],
      close: () => client.end(),
    };
  }
  const client = await PGlite.create();
  return {
    exec: async (statements) => void (await client.exec(statements)),
    query: async <T>(text: string, values: unknown[]) => (await client.query<T>(text, values)).rows,
    close: () => client.close(),
  };
}

describe.each(DRIVERS)('repeatable migrations on %s', (driver) => {
  const suite = suiteDatabase(driver);

  it('runs each function as its file says it, and records the hash it applied', async () => {
    const files = repeatableFiles();
    expect(files.map((file) => file.name)).toEqual([
      'add_lead_marks.sql',
      'count_lead_event.sql',
      'count_new_ideas.sql',
      'lead_bucket_of_stay.sql',
      'lead_kst_day.sql',
      'lead_marks_now.sql',
      'lead_source_backfill.sql',
      'queue_idea_follow_up.sql',
      'queue_kakao_messages.sql',
      'queue_push_notifications.sql',
      'store_ideas.sql',
      'uncount_erased_lead.sql',
    ]);
    for (const file of files) {
      const name = file.name.replace(/\.sql$/, '');
      const [live] = await suite.database.rows<{ prosrc: string }>(
        sql`select p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname = ${name}`,
      );
      expect(live!.prosrc).toBe(bodyOf(file.text));
    }
    const recorded = await suite.database.rows<{ name: string; sha256: string }>(
      sql`select name, sha256 from drizzle.repeatable_migrations order by name`,
    );
    expect(recorded).toEqual(files.map((file) => ({ name: file.name, sha256: file.sha256 })));
    const [trigger] = await suite.database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger where tgname = 'ideas_follow_up'`,
    );
    expect(trigger!.n).toBe(1);
  });

  it('applies a changed file again and leaves an unchanged one alone', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-repeatable-'));
    const probe = (answer: number) =>
      fs.writeFileSync(
        path.join(folder, 'probe.sql'),
        `CREATE OR REPLACE FUNCTION "repeatable_probe"() RETURNS integer LANGUAGE sql AS $$ SELECT ${answer} $$;`,
      );
    const connection = await rawConnection(driver, suite.store.databaseUrl);
    const answer = async () => (await connection.query<{ n: number }>('select repeatable_probe() as n', []))[0]!.n;
    try {
      probe(1);
      expect(await applyRepeatable(connection, folder)).toEqual(['probe.sql']);
      expect(await answer()).toBe(1);
      expect(await applyRepeatable(connection, folder)).toEqual([]);
      probe(2);
      expect(await applyRepeatable(connection, folder)).toEqual(['probe.sql']);
      expect(await answer()).toBe(2);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await connection.exec(`drop function if exists repeatable_probe();
        delete from drizzle.repeatable_migrations where name = 'probe.sql'`);
      await connection.close();
    }
  });
});

describe('the migrations folder', () => {
  it('declares no function or trigger after the functions moved to db/functions/', () => {
    // 0026 was the last migration to replace a function; from then on a function changes in its own file.
    const LAST_WITH_FUNCTIONS = 26;
    const later = fs
      .readdirSync(migrationsFolder)
      .filter((name) => /^\d{4}_.*\.sql$/.test(name) && Number(name.slice(0, 4)) > LAST_WITH_FUNCTIONS);
    for (const name of later)
      expect(fs.readFileSync(path.join(migrationsFolder, name), 'utf8'), name).not.toMatch(
        /CREATE (OR REPLACE )?(FUNCTION|TRIGGER)/i,
      );
    expect(fs.readdirSync(functionsFolder).length).toBeGreaterThan(0);
  });
});
