/** A real HTTP server on 127.0.0.1 standing in for a Slack or Discord webhook: keeps each JSON body it accepted. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookTestServer {
  url: string;
  /** The bodies answered 2xx, in order. */
  received: Record<string, unknown>[];
  /** How many of the next posts to answer 500 (a webhook that is down). */
  failNext: number;
  /** How many posts arrived, answered 2xx or not. */
  posts: number;
  waitFor(count: number, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

export async function startWebhookServer(): Promise<WebhookTestServer> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle.posts += 1;
      if (handle.failNext > 0) {
        handle.failNext -= 1;
        response.writeHead(500).end('down');
        return;
      }
      handle.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle: WebhookTestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/test`,
    received: [],
    failNext: 0,
    posts: 0,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (handle.received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook posts, got ${handle.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return handle.received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return handle;
}
