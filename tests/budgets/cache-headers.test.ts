/**
 * Caching as a deploy needs it, checked on the production build through the real server: every built file, under
 * every encoding a browser may accept, says how long it may be reused. HTML (each page by every URL that reaches it,
 * and the 404 page) is revalidated every time; hashed assets are immutable. And each page's whole response fits TCP's
 * first congestion window, its headers as this server sends them counted with its body.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/content/site';
import { budgets, ports } from './budgets';
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

/** The bytes of a response's status line and header block as sent (HTTP/1.1), and of its body. */
function responseBytes(url: string, encoding: string): Promise<{ headers: number; body: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server().origin}${url}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      let headers = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
      for (let index = 0; index < response.rawHeaders.length; index += 2)
        headers += Buffer.byteLength(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`);
      let body = 0;
      response.on('data', (chunk: Buffer) => (body += chunk.length));
      response.on('end', () => resolve({ headers, body }));
    });
    request.on('error', reject);
  });
}

describe('each page in one round trip', () => {
  it("sends every page's response, headers and Brotli body, within TCP's first congestion window", async () => {
    for (const route of routes.filter((entry) => entry.path)) {
      const sent = await responseBytes(route.path!, 'br');
      expect(sent.headers).toBeGreaterThan(300);
      expect(
        sent.headers + sent.body,
        `${route.path}: ${sent.headers} B of headers + ${sent.body} B of HTML`,
      ).toBeLessThanOrEqual(budgets.firstWindow);
    }
  });
});

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
        expect(response.headers.get('last-modified'), 'the ETag alone validates').toBeNull();
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
