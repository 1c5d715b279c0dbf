/**
 * The workspace's page and assets as the server serves them: /team and every /team/* page path answer its one
 * page (no-store, noindex, the site's CSP), its assets are immutable, and the API's paths stay the API's (401).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceManifestCopy } from '../../content/push-notifications';
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE, WORKSPACE_MANIFEST_PATH } from '../../domain/push';
import { buildTestApp } from '../../../test-support/server/test-app';
import { testDatabase, type TestDatabase } from '../../../test-support/server/test-database';

const PAGE =
  '<!doctype html><html lang="ko"><meta name="robots" content="noindex, nofollow"><div id="workspace"></div>';

describe('the workspace pages', () => {
  let store: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    store = await testDatabase('pglite');
    const dist = path.join(store.dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'site'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'team', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'team', 'index.html'), PAGE);
    fs.writeFileSync(path.join(dist, 'team', 'assets', 'index-AbCd1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'team', 'sw.js'), 'self.addEventListener("push", () => {})');
    app = await buildTestApp(store, { SITE_DIR: path.join(dist, 'site') });
  });
  afterAll(async () => {
    await app?.close();
    store?.cleanup();
  });

  it('answers every page path with the one page: no-store, noindex, under the CSP', async () => {
    for (const url of ['/team', '/team/', '/team/sign-in', '/team/invite', '/team/members', '/team/leads/abc']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(PAGE);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const asset = await app.inject({ url: '/team/assets/index-AbCd1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/team/assets/none.js' })).statusCode).toBe(404);
  });

  it('serves the service worker at the scope it controls, never cached long, and the installable manifest', async () => {
    const worker = await app.inject({ url: SERVICE_WORKER_PATH });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('push');
    const manifest = await app.inject({ url: WORKSPACE_MANIFEST_PATH });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    // What Chromium and iOS need to install it: a name, a start URL in its scope, standalone, 192 and 512 px icons.
    expect(manifest.json()).toMatchObject({
      name: workspaceManifestCopy.name,
      start_url: SERVICE_WORKER_SCOPE,
      scope: SERVICE_WORKER_SCOPE,
      display: 'standalone',
      icons: [expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512' })],
    });
  });

  it('leaves the API its own: 401 without a session, never the page', async () => {
    for (const url of ['/team/api', '/team/api/', '/team/api/me', '/team/api/anything/else']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    expect((await app.inject({ method: 'POST', url: '/team/members' })).statusCode).toBe(404);
  });
});
