/**
 * Caching as a deploy needs it, checked on the production build through the real server: every built file, under
 * every encoding a browser may accept, says how long it may be reused. HTML (each page by every URL that reaches it,
 * and the 404 page) is revalidated every time; hashed assets are immutable.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/content/site';
import { ports } from './budgets';
import { requireBuiltSite, siteDir } from './support/built-site';
import { serveBuiltSiteForFile } from './support/serve-built-site';

const server = serveBuiltSiteForFile(ports.budgets, requireBuiltSite);

const encodings = ['identity', 'gzip', 'br', 'br, gzip'];

/** The URL of every file the build wrote that the server publishes (not the .br/.gz copies themselves). */
function builtUrls(): string[] {
  return readdirSync(siteDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `/${relative(siteDir, join(entry.parentPath, entry.name)).split('\\').join('/')}`);
}

async function get(url: string, encoding: string, headers: Record<string, string> = {}) {
  return fetch(`${server().origin}${url}`, { headers: { 'accept-encoding': encoding, ...headers } });
}

describe('cache headers on the production build', () => {
  it('revalidate every page by every URL that reaches it, under every encoding, with a validator that answers 304', async () => {
    const pageUrls = routes
      .filter((route) => route.path)
      .flatMap((route) => {
        const path = route.path as string;
        const file = `/${route.file}`;
        return path === '/' ? [path, file] : [path, `${path}/`, file];
      });
    expect(pageUrls.length).toBeGreaterThanOrEqual(routes.length);
    for (const url of pageUrls) {
      for (const encoding of encodings) {
        const response = await get(url, encoding);
        await response.arrayBuffer();
        expect(response.status, `${url} ${encoding}`).toBe(200);
        expect(response.headers.get('content-type'), `${url} ${encoding}`).toContain('text/html');
        expect(response.headers.get('cache-control'), `${url} ${encoding}`).toBe('no-cache');
        const etag = response.headers.get('etag');
        expect(etag, `${url} ${encoding}`).toBeTruthy();
        // As a browser revalidates (fetch() alone would add `cache-control: no-cache` to a conditional request).
        const again = await get(url, encoding, { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
        expect(again.status, `${url} ${encoding} revalidated`).toBe(304);
      }
    }
  });

  it('revalidate the 404 page too', async () => {
    for (const encoding of encodings) {
      const response = await get('/no-such-page', encoding);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    }
  });

  it('give every built file its rule: HTML no-cache, hashed assets immutable, the rest an hour', async () => {
    const urls = builtUrls();
    expect(urls.some((url) => url.startsWith('/assets/'))).toBe(true);
    for (const url of urls) {
      const expected = url.endsWith('.html')
        ? 'no-cache'
        : url.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
      for (const encoding of encodings) {
        const response = await get(url, encoding);
        expect(response.status, `${url} ${encoding}`).toBe(200);
        expect(response.headers.get('cache-control'), `${url} ${encoding}`).toBe(expected);
        await response.arrayBuffer();
      }
    }
  });
});
