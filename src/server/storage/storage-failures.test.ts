/**
 * Storage failures while running (decision 077): a write refused for lack of space or permission answers the
 * visitor 503 with the Korean `unavailable` message (never a bare 500) and /healthz says what is wrong. The full
 * disk is a real one (a small tmpfs, filled) where this machine lets the test mount it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES } from '../http/api-error';
import { toApiError } from '../routes/error-handlers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { ideaBody, submitIdea, TEST_FORM_SECRET } from '../../../test-support/server/intake-client';
import { mountTmpfs } from '../../../test-support/server/tmpfs';
import { storageProblem } from './storage-errors';
import { STORAGE_FAILURE_WINDOW_MS, storageHealth } from './storage-health';

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
const sqlError = (code: string, message: string) =>
  Object.assign(new Error('Failed query: insert into ideas ...'), {
    cause: Object.assign(new Error(message), { code }),
  });

describe('storageProblem', () => {
  it("tells storage failures from other errors, through drizzle's cause", () => {
    expect(storageProblem(errno('ENOSPC'))).toBe('full');
    expect(storageProblem(errno('EROFS'))).toBe('read-only');
    expect(storageProblem(errno('EACCES'))).toBe('not-writable');
    expect(storageProblem(sqlError('53100', 'could not extend file "base/5/16384": No space left on device'))).toBe(
      'full',
    );
    expect(storageProblem(sqlError('42501', 'could not open file "base/5/16384": Read-only file system'))).toBe(
      'read-only',
    );
    expect(storageProblem(sqlError('42501', 'permission denied for table ideas'))).toBeUndefined();
    expect(storageProblem(sqlError('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(storageProblem(new Error('boom'))).toBeUndefined();
  });

  it('maps to 503 unavailable', () => {
    expect(toApiError(sqlError('53100', 'No space left on device'))).toMatchObject({
      statusCode: 503,
      code: 'unavailable',
    });
    expect(toApiError(new Error('boom'))).toMatchObject({ statusCode: 500, code: 'internal_error' });
  });
});

describe('storageHealth', () => {
  it('reports a failure a request met for STORAGE_FAILURE_WINDOW_MS, then ok again', () => {
    let now = 1_000_000;
    const health = storageHealth({ dataDir: '/nonexistent', usesDataDir: false, now: () => now });
    expect(health.check()).toBe('ok');
    health.note(new Error('unrelated'));
    expect(health.check()).toBe('ok');
    health.note(errno('ENOSPC'));
    expect(health.check()).toBe('full');
    now += STORAGE_FAILURE_WINDOW_MS;
    expect(health.check()).toBe('ok');
  });
});

describe('a full disk while the server runs (PGlite and .eml files on a small tmpfs)', () => {
  const disk = mountTmpfs(96);
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close().catch(() => {});
    disk?.unmount();
  });

  it.skipIf(!disk)(
    'answers 503 in Korean, never a bare 500, /healthz reports the full disk, and the log holds no visitor',
    async () => {
      const lines: string[] = [];
      app = await buildApp(
        testConfig({
          DATA_DIR: path.join(disk!.dir, 'data'),
          SITE_DIR: path.join(disk!.dir, 'no-site'),
          FORM_SECRET: TEST_FORM_SECRET,
          RATE_LIMIT_PER_IP: '1000000',
          MAIL_DIGEST_THRESHOLD: '1000000',
          JOBS: 'false',
          MAIL_WORKER: 'false',
          LOG_LEVEL: 'info',
        }),
        { logStream: { write: (line: string) => void lines.push(line) } },
      );
      await app.ready();
      expect((await submitIdea(app, ideaBody())).statusCode).toBe(202);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      const filler = disk!.fill();
      const statuses: number[] = [];
      let refused: { status: number; body: string } | undefined;
      // Ideas of a few KB each, until the tables need a page the disk cannot give (bounded).
      for (let i = 0; i < 2000 && !refused; i += 1) {
        const response = await submitIdea(
          app,
          ideaBody({ idea: `디스크가 가득 찬 뒤의 아이디어 ${i} ${'가'.repeat(1900)}` }),
        );
        statuses.push(response.statusCode);
        if (response.statusCode !== 202) refused = { status: response.statusCode, body: response.body };
      }
      expect(refused).toBeDefined();
      expect(refused!.status).toBe(503);
      expect(JSON.parse(refused!.body)).toEqual({
        error: { code: 'unavailable', message: API_ERROR_MESSAGES.unavailable },
      });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', storage: 'full' });
      // The failed writes were logged (decision 075), without the visitors' words or contact details.
      const log = lines.join('');
      expect(log).toContain('request failed');
      const visitor = ideaBody();
      for (const value of [visitor.name, visitor.email, visitor.phone, visitor.idea, '디스크가 가득 찬 뒤의 아이디어'])
        expect(log).not.toContain(String(value));

      fs.rmSync(filler);
    },
    180_000,
  );
});
