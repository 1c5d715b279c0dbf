/**
 * Serves the team's workspace (its own build, dist/team beside SITE_DIR: build/build-workspace.ts): its hashed
 * assets under /team/assets/, and its one page for /team and every /team/* path that is not the API (the client
 * routes it). The page is `no-store` and noindex; it carries no inline script, so the site's CSP holds as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { workspaceManifestCopy } from '../../content/push-notifications';
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE, WORKSPACE_MANIFEST_PATH } from '../../domain/push';
import { TEAM_PATH } from '../../domain/team-paths';

/**
 * The workspace's web app manifest (decision 130): installable on a phone's home screen (iOS delivers push only to a
 * web app added there), opening the inbox standalone, with the site's icons.
 */
export const workspaceManifest = {
  name: workspaceManifestCopy.name,
  short_name: workspaceManifestCopy.shortName,
  lang: 'ko',
  id: SERVICE_WORKER_SCOPE,
  start_url: SERVICE_WORKER_SCOPE,
  scope: SERVICE_WORKER_SCOPE,
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#4338ca',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  ],
} as const;

/** Where the workspace's build sits: `team` beside the public site's folder. */
export const workspaceDirOf = (siteDir: string) => path.join(path.dirname(path.resolve(siteDir)), 'team');

export async function workspacePages(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
  const manifest = JSON.stringify(workspaceManifest);
  app.get(WORKSPACE_MANIFEST_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
  );
  const dir = workspaceDirOf(options.siteDir);
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dir }, 'workspace not built: /team answers 404 (run `npm run build`)');
    return;
  }
  const html = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: `${TEAM_PATH}/assets/`,
    decorateReply: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  // The service worker at the scope's top (its scope is where it is served), never cached long: a new build's
  // worker must reach the devices.
  const serviceWorkerFile = path.join(dir, 'sw.js');
  if (fs.existsSync(serviceWorkerFile)) {
    const serviceWorker = fs.readFileSync(serviceWorkerFile);
    app.get(SERVICE_WORKER_PATH, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(serviceWorker),
    );
  }
  app.get(TEAM_PATH, page);
  app.get(`${TEAM_PATH}/*`, page);
}
