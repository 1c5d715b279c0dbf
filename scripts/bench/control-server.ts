/**
 * Serves the benchmark's control page (scripts/bench/control-page.html, docs/decisions/042): a plain static Korean
 * page with nothing to tune, measured by `npm run bench:web` in the same session as the site, so each report shows
 * what this machine's Lighthouse gives a page that cannot be made faster.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const html = readFileSync(new URL('./control-page.html', import.meta.url));

export async function startControlServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(html);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
