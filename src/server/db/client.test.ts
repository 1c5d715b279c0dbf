/**
 * The facade's raw SQL gives the rows drizzle's own `execute` gives, on both databases, in and out of a transaction
 * (on PGlite it runs on the client directly, with drizzle's parsers set once: db/client.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVERS, suiteDatabase, testDatabase } from '../../../test-support/server/test-database';
import { migrationsFolder } from './client';
import { MAX_WAIT_MS } from './pglite-turns';

const at = new Date('2026-11-27T01:02:03.456Z');
const everyKind = sql`
  select ${at}::timestamptz as at, ${at.toISOString()}::timestamp as local_at, date '2026-11-27' as day,
    interval '1 day 2 hours' as span, array[${at}::timestamptz, ${at}::timestamptz + interval '1 hour'] as ats,
    array[date '2026-11-27'] as days, array[1.5, 2.25]::numeric[] as amounts, 12.50::numeric as amount,
    9007199254740993::bigint as big, 7::int as small, '{"a": [1, "둘"]}'::jsonb as doc, array['가', null] as texts,
    true as yes, null::text as nothing, ${'김민지'} as name, decode('00ff', 'hex') as bytes`;

describe.each(DRIVERS)('raw SQL on %s', (driver) => {
  const suite = suiteDatabase(driver);

  it('reads every kind of value as drizzle does', async () => {
    const { database } = suite;
    const drizzled = ((await database.db.execute(everyKind)) as unknown as { rows: unknown[] }).rows;
    expect(await database.rows(everyKind)).toEqual(drizzled);
    expect(await database.transaction((rows) => rows(everyKind))).toEqual(drizzled);
    const [row] = drizzled as Record<string, unknown>[];
    expect(typeof row!.at).toBe('string'); // drizzle's text, not a Date
    expect(row!.name).toBe('김민지');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const { database } = suite;
    await database.rows(sql`create table if not exists facade_probe (n int)`);
    await database.transaction((rows) => rows(sql`insert into facade_probe values (1)`));
    await expect(
      database.transaction(async (rows) => {
        await rows(sql`insert into facade_probe values (2)`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await database.rows(sql`select n from facade_probe order by n`)).toEqual([{ n: 1 }]);
  });

  it('gives background work the same data, values and refusals (decision 121)', async () => {
    const { database } = suite;
    const { background } = database;
    expect(background.background).toBe(background);
    expect(background.kind).toBe(database.kind);
    await database.rows(sql`create table if not exists background_probe (n int)`);
    await background.transaction((rows) => rows(sql`insert into background_probe values (7)`));
    expect(await database.rows(sql`select n from background_probe`)).toEqual([{ n: 7 }]);
    expect(await background.rows(everyKind)).toEqual(await database.rows(everyKind));
    await expect(background.rows(sql`select 1 / ${0}::int as n`)).rejects.toMatchObject({ cause: { code: '22012' } });
  });

  it("finds a quiet moment while background work queries all the time: it waits for the requests' queries only", async () => {
    const { database } = suite;
    // On PGlite a facade of its own, whose queries the quiet moment does not count; on PostgreSQL the same one.
    expect(database.background === database).toBe(driver === 'postgres');
    let stop = false;
    let queries = 0;
    const backlog = (async () => {
      while (!stop) {
        await database.background.rows(sql`select pg_sleep(0.002)`);
        queries += 1;
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await database.background.quietMoment();
    const waited = performance.now() - started;
    stop = true;
    await backlog;
    expect(queries).toBeGreaterThan(0);
    expect(waited).toBeLessThan(MAX_WAIT_MS / 2);
  });

  it("throws the database's refusal as drizzle does: its code on the cause", async () => {
    const { database } = suite;
    const refusal = (run: () => Promise<unknown>) =>
      run().then(
        () => undefined,
        (error: Error & { cause?: { code?: string } }) => ({ kind: error.constructor.name, code: error.cause?.code }),
      );
    const divide = sql`select 1 / ${0}::int as n`;
    const expected = await refusal(() => database.db.execute(divide));
    expect(expected).toEqual({ kind: 'DrizzleQueryError', code: '22012' });
    expect(await refusal(() => database.rows(divide))).toEqual(expected);
    expect(await refusal(() => database.transaction((rows) => rows(divide)))).toEqual(expected);
  });
});

describe.each(DRIVERS)('migrations on %s', (driver) => {
  // Every other suite copies a database migrated once for the run (decision 123); this one starts from nothing.
  it('bring an empty database to the schema the suites copy, each applied once (two instances at once on PostgreSQL)', async () => {
    const empty = await testDatabase(driver, { migrated: false });
    const prepared = await testDatabase(driver);
    try {
      // PGlite holds one connection at a time; PostgreSQL's instances take turns on an advisory lock.
      const opened = driver === 'postgres' ? await Promise.all([empty.open(), empty.open()]) : [await empty.open()];
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const shape = sql`
        select 'column' as kind, table_name || '.' || column_name as name, data_type as detail
          from information_schema.columns where table_schema = 'public'
        union all
        select 'function', p.proname, md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
        union all
        select 'index', indexname, md5(indexdef) from pg_indexes where schemaname = 'public'
        order by 1, 2, 3`;
      expect(await opened[0]!.rows(applied)).toEqual([{ n: journal.entries.length }]);
      const fresh = await opened[0]!.rows(shape);
      for (const database of opened) await database.close();
      const copy = await prepared.open();
      expect(await copy.rows(applied)).toEqual([{ n: journal.entries.length }]);
      expect(await copy.rows(shape)).toEqual(fresh);
      expect(fresh.length).toBeGreaterThan(100);
      await copy.close();
    } finally {
      empty.cleanup();
      prepared.cleanup();
    }
  });
});
