/**
 * The server as started (`main.ts` in a child process) and its data directory (decision 077): everything it
 * writes is closed to other accounts (checked as `nobody`), an older loose directory is tightened, and a DATA_DIR
 * it cannot write stops it with one line naming it, no stack.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT } from '../domain/idea';
import { lockFile } from './db/data-dir-lock';
import { PGLITE_SUBDIR } from './db/client';
import { mailFileDir } from './mail/mail-files';
import { filesUnder } from '../../test-support/server/disk-bytes';
import { formToken, ideaBody, TEST_FORM_SECRET } from '../../test-support/server/intake-client';
import { freePort } from '../../test-support/server/postgres-cluster';
import { mountTmpfs } from '../../test-support/server/tmpfs';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-main-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const asRoot = process.getuid?.() === 0;
const hasNobody = asRoot && spawnSync('id', ['nobody']).status === 0;

const env = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_DIR: path.join(root, 'no-site'),
  FORM_SECRET: TEST_FORM_SECRET,
  MAIL_FROM: '24시간 MVP <no-reply@mvp24.example>',
  TEAM_EMAIL: 'team@mvp24.example',
  MAIL_POLL_MS: '50',
  JOBS: 'false',
  DATABASE_URL: '',
  SMTP_URL: '',
});

/** Runs main.ts until it exits by itself (a refused start); returns its exit code and what it printed. */
function startRefused(dataDir: string): { status: number | null; stderr: string } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    env: env(dataDir, 1),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: child.status, stderr: child.stderr };
}

/** Starts main.ts, waits until /healthz answers 200, and returns how to reach and stop it. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: env(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () =>
        await fetch(`${base}/healthz`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 60_000, interval: 200 },
    )
    .toBe(200);
  return {
    base,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** A file's mode, or undefined when it is gone (renamed or removed since it was listed). */
function modeIfPresent(file: string): number | undefined {
  try {
    return modeOf(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

describe('the data directory is closed to other accounts', () => {
  it('directory 0700, every file 0600 (PGlite files, WAL, lock, .eml); another account reads nothing', async () => {
    const dataDir = path.join(root, 'closed');
    const server = await startServer(dataDir);
    const body = ideaBody({ email: 'closed-dir@example.com', formToken: formToken() });
    const response = await fetch(`${server.base}${IDEA_ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const eml = path.join(mailFileDir(dataDir), `${id}.eml`);
    await expect.poll(() => fs.existsSync(eml), { timeout: 20_000 }).toBe(true);
    expect(fs.existsSync(lockFile(dataDir))).toBe(true);

    const entries = [
      dataDir,
      ...fs
        .readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .map((entry) => path.join(entry.parentPath, entry.name)),
    ];
    // The server still writes (the founder's confirmation goes to a temp file, then is renamed): an entry gone
    // between the listing and its stat is skipped, its final name is checked where it landed.
    const loose = entries
      .flatMap((entry) => {
        const mode = modeIfPresent(entry);
        return mode === undefined ? [] : [{ entry, mode }];
      })
      .filter(({ mode }) => (mode & 0o077) !== 0)
      .map(({ entry, mode }) => `${path.relative(dataDir, entry)} ${mode.toString(8)}`);
    expect(loose).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(eml)).toBe(0o600);
    expect(filesUnder(path.join(dataDir, PGLITE_SUBDIR, 'pg_wal')).map(modeOf)).toContain(0o600);

    if (hasNobody) {
      const asNobody = (...args: string[]) =>
        spawnSync('runuser', ['-u', 'nobody', '--', ...args], { encoding: 'utf8' });
      // The test's temp folder is world-traversable (/tmp), so only DATA_DIR's own modes stand in the way.
      for (const file of [eml, lockFile(dataDir), ...filesUnder(path.join(dataDir, PGLITE_SUBDIR, 'pg_wal'))]) {
        const read = asNobody('cat', file);
        expect(read.status, file).not.toBe(0);
        expect(read.stdout).toBe('');
      }
      const grep = asNobody('grep', '-r', '-l', 'closed-dir@example.com', dataDir);
      expect(grep.stdout).toBe('');
      expect(grep.status).toBe(2); // grep's "could not read", not "no match"
    }
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('tightens an existing directory made with looser modes, and says so once', async () => {
    const dataDir = path.join(root, 'loose');
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: old\r\n\r\nold mail\r\n', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o666);
    const server = await startServer(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'outbox', 'old.eml'))).toBe(0o600);
    await server.stop();
    expect(server.output().match(/closed \d+ files and folders to other accounts/g)).toHaveLength(1);
    expect(server.output()).not.toContain('old mail');
  }, 120_000);
});

describe('a DATA_DIR the server cannot write stops it with one line naming it', () => {
  const readOnly = mountTmpfs(128); // room for a PGlite cluster (its first WAL segment alone is 16 MB)
  const full = mountTmpfs(8);
  afterAll(() => {
    readOnly?.unmount();
    full?.unmount();
  });

  const expectOneLine = (result: { status: number | null; stderr: string }, dataDir: string, what: RegExp) => {
    expect(result.status).toBe(1);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR (${dataDir})`);
    expect(lines[0]).toMatch(what);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };

  it.skipIf(!readOnly)(
    'read-only',
    () => {
      readOnly!.remount('ro');
      expectOneLine(startRefused(readOnly!.dir), readOnly!.dir, /read-only file system/);
    },
    60_000,
  );

  it.skipIf(!readOnly)(
    'read-only with PGlite files already in it',
    async () => {
      readOnly!.remount('rw');
      const dataDir = path.join(readOnly!.dir, 'data');
      const server = await startServer(dataDir);
      expect(await server.stop()).toBe(0);
      readOnly!.remount('ro');
      expectOneLine(startRefused(dataDir), dataDir, /read-only file system/);
    },
    120_000,
  );

  it.skipIf(!full)(
    'full',
    () => {
      full!.fill();
      expectOneLine(startRefused(full!.dir), full!.dir, /is full/);
    },
    60_000,
  );

  it.skipIf(!asRoot)(
    'not a directory',
    () => {
      const file = path.join(root, 'a-file');
      fs.writeFileSync(file, '');
      expectOneLine(startRefused(file), file, /not a directory/);
    },
    60_000,
  );
});
