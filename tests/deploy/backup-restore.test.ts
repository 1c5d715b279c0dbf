/**
 * docs/deploy.md's backups, restored: the commands the guide gives, run as it says, on PGlite (the data directory
 * archived while the server is stopped) and on PostgreSQL (pg_dump / pg_restore). An idea stored before the backup
 * and lost after it is back, and an idea stored after the backup is gone, as a restore should leave it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { ideaBody, submitIdea, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import {
  createDatabase,
  findPostgresBin,
  startPostgresCluster,
  type PostgresCluster,
} from '../../test-support/server/postgres-cluster';

const run = promisify(execFile);

/** Starts the app on the given storage, stores one idea with `text`, and stops it; returns the idea's id. */
async function storeIdea(env: Record<string, string>, text: string): Promise<string> {
  const app = await buildApp(testConfig({ ...env, FORM_SECRET: TEST_FORM_SECRET, MAIL_WORKER: 'false' }));
  try {
    const response = await submitIdea(app, ideaBody({ idea: text }));
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  } finally {
    await app.close();
  }
}

async function storedIdeas(env: Record<string, string>): Promise<string[]> {
  const app = await buildApp(testConfig({ ...env, FORM_SECRET: TEST_FORM_SECRET, MAIL_WORKER: 'false' }));
  try {
    const rows = await app.database.rows<{ idea: string }>(sql`select idea from ideas order by received_at`);
    return rows.map((row) => row.idea);
  } finally {
    await app.close();
  }
}

describe('backup and restore (docs/deploy.md)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mvp24-backup-'));
  let cluster: PostgresCluster | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });

  afterAll(async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('PGlite: the data directory archived with the server stopped, restored in its place', async () => {
    const dataDir = join(dir, 'data');
    const env = { DATA_DIR: dataDir };
    await storeIdea(env, '백업 전에 받은 아이디어');
    // systemctl stop mvp24 (the app above has closed), then the guide's backup command:
    await run('tar', ['-C', dataDir, '-czf', join(dir, 'pglite.tgz'), 'pglite']);
    await storeIdea(env, '백업 뒤에 받은 아이디어');
    // The restore: the directory replaced by the archive's, the server started again.
    rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
    await run('tar', ['-C', dataDir, '-xzf', join(dir, 'pglite.tgz')]);
    expect(await storedIdeas(env)).toEqual(['백업 전에 받은 아이디어']);
  });

  it('PostgreSQL: pg_dump while the instances run, pg_restore --clean into the database', async () => {
    const databaseUrl = await createDatabase(cluster!.url, 'backup');
    const env = { DATA_DIR: join(dir, 'pg-data'), DATABASE_URL: databaseUrl };
    await storeIdea(env, '백업 전에 받은 아이디어');
    const bin = findPostgresBin();
    const dump = join(dir, 'mvp24.dump');
    await run(join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, databaseUrl]);
    await storeIdea(env, '백업 뒤에 받은 아이디어');
    await run(join(bin, 'pg_restore'), ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, dump]);
    expect(await storedIdeas(env)).toEqual(['백업 전에 받은 아이디어']);
  });
});
