/**
 * The team CLI. Its behaviour (commands, formatting, exit codes) is tested in-process through `main(args, io)`:
 * against a server holding a PGlite data dir (the app and its loopback admin API started in this process, as
 * main.ts starts them), against the same files once that server has stopped, and against PostgreSQL. One test
 * runs the real command as the team does, in child processes (see the end of the file).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminFile } from '../server/admin/admin-endpoint';
import { startAdminApi } from '../server/admin/admin-api';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
import { storeIdea } from '../server/ideas/idea-store';
import { testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { formatErased, main } from './ideas';
import { nothingErased } from '../server/ideas/erase-ideas';
import { retentionPromise } from '../content/privacy';
import { runCaptured } from './captured-cli';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the CLI in this process with `env` as its whole environment; returns what it wrote and its exit code. */
const cli = (env: Record<string, string>, ...args: string[]) => runCaptured(main, env, args);

const MEMO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 9)]);

const IDS = {
  lead: '11111111-1111-4111-8111-111111111111',
  spam: '22222222-2222-4222-8222-222222222222',
};

async function seed(store: TestDatabase): Promise<void> {
  const database = await store.open();
  await storeIdea(database, {
    id: IDS.lead,
    receivedAt: new Date('2026-11-20T01:00:00Z'),
    fields: {
      idea: '=SUM(A1) 같은 글자로 시작하는, 쉼표가 있는 아이디어',
      name: '정하늘',
      email: 'haneul@example.com',
      phone: '+82 10',
    },
    spamReason: null,
    voiceMemo: { mimeType: 'audio/webm', durationMs: 3400, bytes: MEMO },
  });
  await storeIdea(database, {
    id: IDS.spam,
    receivedAt: new Date('2026-11-21T01:00:00Z'),
    fields: { idea: '토큰 없이 들어온 진짜 사람', name: '오해받은 분', email: 'real@example.com', phone: '' },
    spamReason: 'token_missing',
  });
  await database.close();
}

async function checkCommands(env: Record<string, string>, viaPattern: RegExp): Promise<void> {
  const list = await cli(env, 'list');
  expect(list.code, list.stderr).toBe(0);
  expect(list.stderr).toMatch(viaPattern);
  const lines = list.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^22222222 .*오해받은 분 .*\[스팸 의심\(미발송\): token_missing\]/);
  // The running server's worker may be sending it right now.
  expect(lines[1]).toMatch(/^11111111 .*정하늘 .*\[발송 (대기|중|완료)\]/);

  const show = await cli(env, 'show', '222222');
  expect(show.stdout).toContain(`접수 번호: ${IDS.spam}`);
  expect(show.stdout).toContain('이메일: real@example.com');
  expect(show.stdout).toContain('토큰 없이 들어온 진짜 사람');

  const memoFile = path.join(env.DATA_DIR!, 'saved-memo.webm');
  const withMemo = await cli(env, 'show', '111111', '--save-memo', memoFile);
  expect(withMemo.code, withMemo.stderr).toBe(0);
  expect(withMemo.stdout).toContain('음성 메모: 0:03 (audio/webm, 3 KB)');
  expect(withMemo.stderr).toContain(`음성 메모를 ${memoFile}에 저장했습니다`);
  expect(fs.readFileSync(memoFile).equals(MEMO)).toBe(true);
  const noMemo = await cli(env, 'show', '222222', '--save-memo', memoFile);
  expect(noMemo.code).toBe(1);
  expect(noMemo.stderr).toContain('음성 메모가 없습니다');

  const missing = await cli(env, 'show', 'abcdef12');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('해당하는 아이디어가 없습니다');

  const spamFolder = await cli(env, 'list', '--spam');
  expect(spamFolder.stdout.trim().split('\n')).toHaveLength(1);
  expect(spamFolder.stdout).toMatch(/^22222222 .*token_missing/);

  const retrySpam = await cli(env, 'retry', IDS.spam);
  expect(retrySpam.code).toBe(1);
  expect(retrySpam.stderr).toContain('release 명령');

  const release = await cli(env, 'release', IDS.spam);
  expect(release.code, release.stderr).toBe(0);
  expect(release.stdout).toContain('스팸 보관함에서 꺼내 팀에 보내도록 대기열에 넣었습니다');
  const again = await cli(env, 'release', IDS.spam);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('이미 스팸 보관함에서 꺼내 팀에 보낸 아이디어입니다');
  expect((await cli(env, 'list', '--spam')).stdout).toContain('스팸 보관함이 비어 있습니다');

  const csv = await cli(env, 'export', '--csv');
  expect(csv.stdout.startsWith('\uFEFF접수 번호,접수 시각(KST)')).toBe(true);
  expect(csv.stdout.split('\r\n')[0]).toContain(',아이디어,음성 메모 길이(초),');
  expect(csv.stdout).toContain(`쉼표가 있는 아이디어",3.4,`);
  expect(csv.stdout).toContain(`"'=SUM(A1) 같은 글자로 시작하는, 쉼표가 있는 아이디어"`);
  expect(csv.stdout).toContain("'+82 10");
  expect(csv.stdout.split('\r\n').filter(Boolean)).toHaveLength(3);

  const closed = await cli(env, 'close', '111111');
  expect(closed.code, closed.stderr).toBe(0);
  expect(closed.stdout).toContain('상담 종료로 표시했습니다');
  expect((await cli(env, 'show', '111111')).stdout).toContain('상담 종료: ');

  const byPrefix = await cli(env, 'delete', '111111');
  expect(byPrefix.code).toBe(1);
  expect(byPrefix.stderr).toContain('전체 접수 번호');
}

/** Erasure as a visitor asks for it: delete confirms what went; show and export no longer know the idea. */
async function checkDelete(env: Record<string, string>, id: string, expected: { mailFiles: number }): Promise<void> {
  const erased = await cli(env, 'delete', id);
  expect(erased.code, erased.stderr).toBe(0);
  expect(erased.stdout).toContain(`${id}: 삭제했습니다.`);
  expect(erased.stdout).toContain('- 아이디어와 연락처 1건');
  expect(erased.stdout).toContain('- 메일 발송 기록 1건');
  expect(erased.stdout).toContain(`- 메일 파일(.eml) ${expected.mailFiles}개`);
  const show = await cli(env, 'show', id);
  expect(show.code).toBe(1);
  expect(show.stderr).toContain('해당하는 아이디어가 없습니다');
  const csv = await cli(env, 'export', '--csv');
  expect(csv.stdout).not.toContain(id);
  expect(csv.stdout).not.toContain('real@example.com');
  const twice = await cli(env, 'delete', id);
  expect(twice.code).toBe(1);
}

describe('ideas CLI on PGlite', () => {
  let store: TestDatabase;

  beforeAll(async () => {
    store = await testDatabase('pglite');
    await seed(store);
  });

  afterAll(() => store.cleanup());

  it('works through the running server, then on the files once it stopped', async () => {
    const env = { DATA_DIR: store.dataDir };
    // What main.ts does on PGlite: the lock, the app (its mail worker writes .eml files), the admin API.
    const lock = acquireDataDirLock(store.dataDir, 'server');
    let app: FastifyInstance | undefined;
    let admin: FastifyInstance | undefined;
    try {
      app = await buildApp(testConfig({ ...store.appEnv, JOBS: 'false', MAIL_POLL_MS: '50' }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const outbox = app.outbox;
      admin = await startAdminApi({ database: app.database, dataDir: store.dataDir, onQueued: () => outbox.nudge() });

      await checkCommands(env, /running server \(pid \d+, admin API on 127\.0\.0\.1:\d+\)/);
      // The server's worker delivered the released idea as an .eml file.
      const eml = path.join(store.dataDir, 'outbox', `${IDS.spam}.eml`);
      await expect.poll(() => fs.existsSync(eml), { timeout: 20_000 }).toBe(true);
      await checkDelete(env, IDS.spam, { mailFiles: 1 });
      expect(fs.existsSync(eml)).toBe(false);
    } finally {
      await admin?.close();
      await app?.close();
      lock.release();
    }
    expect(fs.existsSync(adminFile(store.dataDir))).toBe(false);
    const offline = await cli(env, 'list');
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('no server running');
    expect(offline.stdout).toContain('정하늘');
  });
});

describe('ideas CLI on PostgreSQL', () => {
  let store: TestDatabase;

  beforeAll(async () => {
    store = await testDatabase('postgres');
    await seed(store);
  });

  afterAll(() => store.cleanup());

  it('lists, shows, retries and exports straight from the database', async () => {
    const env = { DATABASE_URL: store.databaseUrl!, DATA_DIR: store.dataDir };
    await checkCommands(env, /PostgreSQL \(DATABASE_URL\)/);
    await checkDelete(env, IDS.spam, { mailFiles: 0 });
  });
});

/**
 * The real command, as the team runs it: `node --import tsx src/cli/ideas.ts` (what `npm run ideas` runs) beside the
 * real server (`src/server/main.ts`) holding a PGlite data dir, then on the files once the server stopped.
 * Timeouts come from measurement, not hope: on this 2-core machine one CLI call took 0.7–1.1 s idle (tsx start,
 * imports, PGlite open) and up to 8 s while other suites loaded both cores; the server takes 2–10 s to publish its
 * admin endpoint. Each wait below is several times the worst seen.
 */
describe('ideas CLI as a command', () => {
  const run = promisify(execFile);
  const command = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/ideas.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      timeout: 45_000,
    });
  let store: TestDatabase;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    store = await testDatabase('pglite');
    await seed(store);
  });

  afterEach(() => {
    server?.kill('SIGKILL');
  });

  afterAll(() => store.cleanup());

  it('answers through the running server and on the files after it stopped', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: store.dataDir };
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SITE_DIR: path.join(store.dataDir, 'none'),
      },
      stdio: 'inherit',
    });
    await expect.poll(() => fs.existsSync(adminFile(store.dataDir)), { timeout: 60_000, interval: 100 }).toBe(true);
    const online = await command(env, 'list');
    expect(online.stderr).toMatch(/running server \(pid \d+/);
    expect(online.stdout).toMatch(/^22222222 .*오해받은 분/m);

    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    const offline = await command(env, 'show', '111111');
    expect(offline.stderr).toContain('no server running');
    expect(offline.stdout).toContain('이메일: haneul@example.com');
    const failing = command(env, 'show', 'abcdef12');
    await expect(failing).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('해당하는 아이디어가 없습니다'),
    });
  });
});

describe('the erasure report', () => {
  it('says a concluded agreement was kept apart, and only then (decision 160)', () => {
    const kept = formatErased('id', { ...nothingErased(), ideas: 1, contractsKept: 1 });
    expect(kept).toContain(
      `체결된 계약의 기록 1건은 법령에 따라 신청과 분리해 계약일로부터 ${retentionPromise.contractYears}년`,
    );
    expect(formatErased('id', { ...nothingErased(), ideas: 1 })).not.toContain('체결된 계약');
  });
});
