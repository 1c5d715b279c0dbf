/**
 * Serves the prerendered site from SITE_DIR: each page's index.html with and without the trailing slash,
 * hashed assets cached for a year (immutable), HTML revalidated on every visit, precompressed copies preferred. Unknown paths fall through to the
 * not-found handler, which answers 404 with the site's 404.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { NotFoundPage } from './error-handlers';

const FALLBACK_404 =
  '<!doctype html><html lang="ko"><meta charset="utf-8"><title>페이지를 찾을 수 없습니다</title><h1>페이지를 찾을 수 없습니다</h1><p><a href="/">홈으로 가기</a></p></html>';

/**
 * Hashed assets are immutable; HTML is revalidated on every visit (the ETag @fastify/static sends makes that a
 * 304), so a deploy reaches every visitor at once and no page names assets a new build removed; other public files
 * (icons, demos, robots.txt) may be reused for an hour. `filePath` is the file sent, which for a precompressed answer
 * is its `.br` or `.gz` copy: the type is the original's.
 */
export function cacheControlFor(filePath: string): string {
  const normalized = filePath
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (normalized.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (normalized.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Reads SITE_DIR/404.html once; a built-in page stands in when the site is not built. */
export function loadNotFoundPage(siteDir: string): NotFoundPage {
  const file = path.join(siteDir, '404.html');
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_404;
  return { html: () => html };
}

/** Directories below SITE_DIR that hold an index.html, as URL paths without trailing slash (e.g. "/about"). */
function pageDirectories(siteDir: string): string[] {
  return fs
    .readdirSync(siteDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html' && entry.parentPath !== siteDir)
    .map((entry) => '/' + path.relative(siteDir, entry.parentPath).split(path.sep).join('/'));
}

export async function siteRoutes(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
  const { siteDir } = options;
  if (!fs.existsSync(siteDir)) {
    app.log.warn({ siteDir }, 'site not built: only the API and the 404 page are served (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root: siteDir,
    index: ['index.html'],
    redirect: false,
    // The build writes .br/.gz next to each text file (build/precompress.ts): sent as they are, smaller than
    // compressing on the fly and no CPU per request. Files without them fall back to @fastify/compress.
    preCompressed: true,
    cacheControl: false,
    // The ETag alone revalidates (a page is `no-cache`, an asset immutable): no Last-Modified, whose 46 bytes would
    // count against the home page's first round trip (tests/budgets/cache-headers.test.ts).
    lastModified: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  for (const dir of pageDirectories(siteDir)) {
    app.get(dir, (_request, reply) => reply.sendFile(`${dir.slice(1)}/index.html`));
  }
}
