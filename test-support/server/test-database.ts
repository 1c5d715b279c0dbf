/** Opens a fresh database for a test suite: PGlite in a temp DATA_DIR, or a new database on the test cluster. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { openDatabase, PGLITE_SUBDIR, type Database } from '../../src/server/db/client';
import { createDatabase } from './postgres-cluster';
import { copyPgliteTemplate } from './prepared-database';
import { makeScratchDir } from './scratch-dir';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

/** For a test that boots an app (PGlite applies its migrations) and floods it: generous, since the machine is shared. */
export const APP_TEST_TIMEOUT_MS = 120_000;

export interface TestDatabase {
  driver: Driver;
  dataDir: string;
  /** Set for PostgreSQL: the suite's own database. */
  databaseUrl: string | undefined;
  /** Opens (another) connection to the same data; PGlite allows only one at a time. */
  open(): Promise<Database>;
  /** An app's storage settings for this database (DATA_DIR, DATABASE_URL) and no site to serve. */
  appEnv: Record<string, string>;
  /**
   * Empties every table, on `database` or on a connection of its own; PGlite with no `database` gets a new copy of
   * the prepared cluster instead (only while no app holds it).
   */
  empty(database?: Database): Promise<void>;
  cleanup(): void;
}

/**
 * A suite's own database on `driver`, for the suite's whole run: opened before its tests, emptied before each one
 * (before the suite's own beforeEach hooks registered after this call), closed and removed after all. `store` and
 * `database` are set once the suite's beforeAll has run.
 */
export function suiteDatabase(driver: Driver): { readonly store: TestDatabase; readonly database: Database } {
  const suite = {} as { store: TestDatabase; database: Database };
  beforeAll(async () => {
    suite.store = await testDatabase(driver);
    suite.database = await suite.store.open();
  });
  afterAll(async () => {
    await suite.database?.close();
    suite.store?.cleanup();
  });
  beforeEach(() => suite.store.empty(suite.database));
  return suite;
}

/**
 * A new database on `driver`, already migrated: a copy of the run's prepared one (decision 123). `{ migrated: false }`
 * gives an empty one instead, for a test of the migrations themselves.
 */
export async function testDatabase(driver: Driver, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const dataDir = makeScratchDir(`mvp24-${driver}-`);
  const databaseUrl =
    driver === 'postgres'
      ? await createDatabase(inject('postgresUrl'), 'test', migrated ? inject('postgresTemplate') : undefined)
      : undefined;
  if (driver === 'pglite' && migrated) copyPgliteTemplate(inject('pgliteTemplateDir'), dataDir);
  const open = () => openDatabase({ databaseUrl, dataDir, poolSize: 5 });
  return {
    driver,
    dataDir,
    databaseUrl,
    open,
    appEnv: {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SITE_DIR: path.join(dataDir, 'no-site'),
    },
    async empty(database) {
      // With no connection open, PGlite gets its prepared copy again: a file copy costs a fraction of the third of a
      // CPU-second its start takes just to truncate (decision 123).
      if (!database && driver === 'pglite' && migrated) {
        fs.rmSync(path.join(dataDir, PGLITE_SUBDIR), { recursive: true, force: true });
        copyPgliteTemplate(inject('pgliteTemplateDir'), dataDir);
        return;
      }
      const connection = database ?? (await open());
      // A running app's background work (the outbox, the clock, live events) may hold a share lock on one table and
      // wait for another the truncate already holds: PostgreSQL then cancels one side (40P01). Ours just tries again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await connection.rows(
            sql`truncate ideas, outbox, founder_mails, idempotency_keys, rate_limits, scheduled_jobs, used_form_tokens, idea_follow_ups, team_members, team_invites, team_sessions, webauthn_challenges, access_records, access_record_anchors, erasure_purges, lead_source_days, contract_records cascade`,
          );
          break;
        } catch (error) {
          if (attempt >= 5 || !isDeadlock(error)) throw error;
        }
      }
      if (!database) await connection.close();
    },
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** PostgreSQL's "deadlock detected", however the driver wraps it. */
export function isDeadlock(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}
