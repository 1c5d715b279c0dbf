/**
 * A migrated database made once per test run and copied for each suite (decision 123): laying out a new PGlite
 * cluster and replaying every migration costs seconds of CPU, a copy of the files a fraction of one; on PostgreSQL a
 * database is made from a migrated template (`CREATE DATABASE … TEMPLATE`). The tests that prove the migrations
 * themselves (a new data directory, two instances migrating at once) still start from nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, PGLITE_SUBDIR } from '../../src/server/db/client';
import { makeScratchDir } from './scratch-dir';

/**
 * What `npm test`'s runner prepared once for the phases it names (scripts/suite/prepared.ts): a migrated PGlite
 * cluster's DATA_DIR. Unset when a phase runs on its own; its global setup then makes its own, as before.
 */
export const SUITE_PREPARED_ENV = { pgliteTemplate: 'TEST_PGLITE_TEMPLATE' } as const;

/** The PGlite template the runner prepared, if any (the phase leaves it to the runner to remove). */
export const givenPgliteTemplate = (): string | undefined =>
  process.env[SUITE_PREPARED_ENV.pgliteTemplate] || undefined;

/** Makes a migrated PGlite cluster in a new temp folder and returns that folder (a DATA_DIR to copy from). */
export async function preparePgliteTemplate(): Promise<string> {
  const dataDir = makeScratchDir('mvp24-pglite-template-');
  const database = await openDatabase({ dataDir });
  await database.close();
  return dataDir;
}

/** Copies the prepared cluster of `templateDataDir` into `dataDir`, as a migrated database of its own. */
export function copyPgliteTemplate(templateDataDir: string, dataDir: string): void {
  fs.cpSync(path.join(templateDataDir, PGLITE_SUBDIR), path.join(dataDir, PGLITE_SUBDIR), { recursive: true });
}

/**
 * Makes a migrated database on the server at `adminUrl` to be copied by `createDatabase(…, template)`; its name is
 * the run's own, so runs sharing one server (TEST_DATABASE_URL) never take each other's. `dropPostgresTemplate` ends it.
 */
export async function preparePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `mvp24_template_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Every connection to it is closed here: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 1 });
  await database.close();
  return name;
}

/** Drops a template `preparePostgresTemplate` made (a throwaway cluster goes whole; a shared server keeps nothing). */
export async function dropPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
  } finally {
    await admin.end();
  }
}
