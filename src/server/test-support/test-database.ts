/** Opens a fresh database for a test suite: PGlite in a temp DATA_DIR, or a new database on the test cluster. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createDatabase } from './postgres-cluster';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export interface TestDatabase {
  driver: Driver;
  dataDir: string;
  /** Set for PostgreSQL: the suite's own database. */
  databaseUrl: string | undefined;
  /** Opens (another) connection to the same data; PGlite allows only one at a time. */
  open(): Promise<Database>;
  cleanup(): void;
}

export async function testDatabase(driver: Driver): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mvp24-${driver}-`));
  const databaseUrl = driver === 'postgres' ? await createDatabase(inject('postgresUrl')) : undefined;
  return {
    driver,
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir, poolSize: 5 }),
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
