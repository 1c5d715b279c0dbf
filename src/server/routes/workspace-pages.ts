/**
 * Serves the team's workspace (its own build, dist/team beside SITE_DIR: build/build-workspace.ts): its hashed
 * assets under /team/assets/, and its one page for /team and every /team/* path that is not the API (the client
 * routes it). The page is `no-store` and noindex; it carries no inline script, so the site's CSP holds as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TEAM_PATH } from '../../domain/team-paths';

/** Where the workspace's build sits: `team` beside the public site's folder. */
export const workspaceDirOf = (siteDir: string) => path.join(path.dirname(path.resolve(siteDir)), 'team');

export async function workspacePages(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
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
  app.get(TEAM_PATH, page);
  app.get(`${TEAM_PATH}/*`, page);
}
