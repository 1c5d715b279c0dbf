/**
 * Opens the database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, a node-postgres Pool otherwise.
 * Both get the same drizzle schema and the same migrations, applied here before anything else touches the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tightenDataDir } from '../storage/data-dir-access';
import { requestTurns, type PgliteQueries } from './pglite-turns';
import { applyRepeatable } from './repeatable';
import * as schema from './schema';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type RowsFn = <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL (one round trip) and returns its rows. */
  rows: RowsFn;
  /** Runs `work` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(work: (rows: RowsFn) => Promise<T>): Promise<T>;
  /**
   * Rewrites `tables` so the bytes of rows deleted from them leave the data files, and on PGlite retires the WAL
   * that held them (decision 077): VACUUM FULL writes each table, its TOAST and its indexes to new files and drops
   * the old ones; a checkpoint, a WAL switch and a second checkpoint then unlink every segment written before (PGlite
   * runs with wal_recycle=off, so they are removed, not renamed for reuse). On PostgreSQL the same VACUUM FULL runs,
   * and CHECKPOINT / pg_switch_wal() when the role may (superuser or pg_checkpoint); see docs/deploy.md for the WAL.
   * Takes each table's exclusive lock for its own rewrite, one table at a time (on PGlite, other queries run between
   * them). `vacuumOnly` tables get a plain VACUUM (no exclusive lock, no rewrite): their dead rows' space is reused,
   * for tables whose erased bytes are unreadable anyway (the sealed voice memos, decision 105).
   */
  purgeDeleted(tables: readonly string[], vacuumOnly?: readonly string[]): Promise<void>;
  /**
   * For background work before each of its statements: on PGlite, which runs one statement at a time on the server's
   * thread, resolves once no request's query ran for a moment (at most `MAX_WAIT_MS`, db/pglite-turns.ts, decisions
   * 114 and 121), so the work never lands between two queries of one request; on PostgreSQL at once.
   */
  quietMoment(): Promise<void>;
  /**
   * The same database for background work (the mail workers, the follow-up, the scheduled jobs): on PGlite its
   * queries are not counted as a request's, so `quietMoment` waits for the requests only and one background job never
   * holds back another (decision 121); on PostgreSQL, where each query has its own connection, the same facade.
   * Its `rows`, `transaction` and `purgeDeleted` are uncounted; `db` (drizzle's typed queries) is shared and counted,
   * so background work uses raw SQL.
   */
  background: Database;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The folder under DATA_DIR where PGlite keeps its cluster. */
export const PGLITE_SUBDIR = 'pglite';

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite stores its files in `dataDir`/pglite. */
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}

/**
 * PGlite's start parameters beyond its defaults:
 * - a WAL segment that a checkpoint no longer needs is deleted rather than recycled (a recycled one keeps its old bytes
 *   until overwritten) and none is kept back for replicas;
 * - a buffer pool of 32 MB instead of PostgreSQL's 128 MB. The embedded database holds one agency's leads (megabytes;
 *   the memos are files), and its pool lives in the server's own memory: each start zeroed all of it (decision 123).
 */
const PGLITE_SETTINGS = ['-c', 'wal_recycle=off', '-c', 'wal_keep_size=0', '-c', 'shared_buffers=32MB'];

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One statement per table, so a rewrite holds one table's lock at a time. */
const vacuumStatements = (tables: readonly string[], vacuumOnly: readonly string[]) => [
  ...tables.map((table) => `vacuum full ${quoteIdent(table)}`),
  ...vacuumOnly.filter((table) => !tables.includes(table)).map((table) => `vacuum ${quoteIdent(table)}`),
];

/** Session-level advisory lock id so concurrent instances run migrations one at a time. */
const MIGRATION_LOCK_ID = 2_417_240_001;

const INSUFFICIENT_PRIVILEGE = '42501';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, PGLITE_SUBDIR);
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    // The inbox's search index (decision 093); the migration creates the extension.
    extensions: { pg_trgm },
  });
  // PGlite lays out a new cluster with modes of its own (0666), whatever the umask: close them (decision 077).
  tightenDataDir(dir);
  const turns = requestTurns(client);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  await applyRepeatable({
    exec: async (statements) => void (await client.exec(statements)),
    query: async <T>(text: string, values: unknown[]) => (await client.query<T>(text, values)).rows,
  });
  Object.assign(client.parsers, DRIZZLE_RAW_PARSERS);
  const purgeDeleted = async (tables: readonly string[], vacuumOnly: readonly string[] = []) => {
    if (tables.length === 0 && vacuumOnly.length === 0) return;
    // PGlite runs each statement on the event loop's thread: before each one the purge waits for a quiet moment, so
    // a request's queries run back to back, never with a rewrite between them (decision 114).
    for (const statement of [
      ...vacuumStatements(tables, vacuumOnly),
      'checkpoint',
      'select pg_switch_wal()',
      'checkpoint',
    ]) {
      await turns.quietMoment();
      await turns.background.exec(statement);
    }
  };
  return databaseOver(
    'pglite',
    db,
    rawSqlOver(client),
    purgeDeleted,
    () => turns.quietMoment(),
    () => client.query('select 1'),
    () => client.close(),
    rawSqlOver(turns.background),
  );
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
    await applyRepeatable({
      exec: async (statements) => void (await lockClient.query(statements)),
      query: async <T>(text: string, values: unknown[]) => (await lockClient.query(text, values)).rows as T[],
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  const purgeDeleted = async (tables: readonly string[], vacuumOnly: readonly string[] = []) => {
    if (tables.length === 0 && vacuumOnly.length === 0) return;
    for (const statement of vacuumStatements(tables, vacuumOnly)) await pool.query(statement);
    // Only a superuser or a pg_checkpoint member may; without them the server's own checkpoints follow within
    // checkpoint_timeout (docs/deploy.md says what the WAL and backups keep, and for how long).
    for (const statement of ['checkpoint', 'select pg_switch_wal()', 'checkpoint']) {
      await pool.query(statement).catch((error: { code?: string }) => {
        if (error.code !== INSUFFICIENT_PRIVILEGE) throw error;
      });
    }
  };
  return databaseOver(
    'postgres',
    db,
    db,
    purgeDeleted,
    () => Promise.resolve(),
    () => pool.query('select 1'),
    () => pool.end(),
  );
}

/** What both drizzle drivers offer that the facade needs: raw SQL with rows, and transactions of it. */
interface RawSqlDriver {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
  transaction<T>(work: (tx: { execute(query: SQL): Promise<{ rows: unknown[] }> }) => Promise<T>): Promise<T>;
}

/** The types drizzle's PGlite driver reads as the text PostgreSQL sent: timestamps, dates, intervals, their arrays. */
const DRIZZLE_RAW_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(
  // With the arrays of numeric (1231), timestamp (1115), timestamptz (1185), interval (1187) and date (1182).
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [
    type,
    (value: string) => value,
  ]),
);

const dialect = new PgDialect();

/**
 * Raw SQL on PGlite straight on its client, with the parsers above set on it once (after its array types were read,
 * which would replace them). drizzle's `execute` passes those parsers with every query, and PGlite merges them into
 * its table of several hundred each time, on the server's one thread (decision 120 has the measurement). The SQL is
 * drizzle's own (`sqlToQuery`), so the text, the parameters, the rows and the errors are what drizzle gave.
 */
function rawSqlOver(client: Pick<PgliteQueries, 'query' | 'transaction'>): RawSqlDriver {
  const execute = async (on: Pick<PgliteTransaction, 'query'>, query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    try {
      return { rows: (await on.query(text, params)).rows };
    } catch (error) {
      // As drizzle throws it: the database's error (its code) is the cause (logger.ts, storage/storage-errors.ts).
      throw new DrizzleQueryError(text, params, error as Error);
    }
  };
  return {
    execute: (query) => execute(client, query),
    transaction: (work) => client.transaction((tx) => work({ execute: (query) => execute(tx, query) })),
  };
}

/**
 * The one `Database` facade over either driver; only the raw SQL, the ping query and the way to close differ. With
 * a `backgroundRaw` driver (PGlite's uncounted queries), `background` is a second facade over it, sharing the rest.
 */
function databaseOver(
  kind: Database['kind'],
  db: unknown,
  raw: RawSqlDriver,
  purgeDeleted: Database['purgeDeleted'],
  quietMoment: Database['quietMoment'],
  pingQuery: () => Promise<unknown>,
  end: () => Promise<void>,
  backgroundRaw?: RawSqlDriver,
): Database {
  let closed = false;
  const facade = (driver: RawSqlDriver): Omit<Database, 'background'> => ({
    kind,
    db: db as Db,
    rows: async <T extends Record<string, unknown>>(query: SQL) => (await driver.execute(query)).rows as T[],
    transaction: (work) => driver.transaction((tx) => work(async (query) => (await tx.execute(query)).rows as never)),
    purgeDeleted,
    quietMoment,
    ping: (timeoutMs = 2000) => (closed ? Promise.resolve(false) : pingWith(pingQuery, timeoutMs)),
    async close() {
      if (closed) return;
      closed = true;
      await end();
    },
  });
  const requests = facade(raw) as Database;
  const background = (backgroundRaw ? facade(backgroundRaw) : requests) as Database;
  requests.background = background;
  background.background = background;
  return requests;
}

async function pingWith(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
