/**
 * Slow senders are cut off (decision 075): on a listening server, a client that sends a request's headers and one
 * byte of its body (JSON, or a voice memo's multipart stream), or half its headers, and then nothing more, sees a 408
 * and its connection closed once REQUEST_TIMEOUT_MS is over, instead of holding it as long as it likes.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_ENDPOINT } from '../domain/idea';
import { REQUEST_TIMEOUT_CHECK_MS } from './app';
import { DRIVERS, testDatabase, type TestDatabase } from '../../test-support/server/test-database';
import { buildTestApp } from '../../test-support/server/test-app';

const REQUEST_TIMEOUT_MS = 1000;

/** Sends `first`, then nothing; resolves with what the server answered once it closed the connection. */
function sendAndStall(port: number, first: string): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), elapsedMs: Date.now() - started }),
    );
    // Far beyond the setting: without the timeout the server would hold the connection for minutes.
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the stalled connection open'));
    }, 20_000);
  });
}

describe.each(DRIVERS)('a slow client, on %s', (driver) => {
  let store: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    store = await testDatabase(driver);
    app = await buildTestApp(store, {
      MAIL_WORKER: 'false',
      JOBS: 'false',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });

  afterEach(() => undefined);

  afterAll(async () => {
    await app.close();
    store.cleanup();
  });

  const head = (contentType: string, length: number) =>
    `POST ${IDEA_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

  it.each([
    ['a JSON body, one byte sent', head('application/json', 500) + '{'],
    ['a voice memo multipart body, one byte sent', head('multipart/form-data; boundary=xyz', 200_000) + '-'],
    ['a form post body, one byte sent', head('application/x-www-form-urlencoded', 500) + 'i'],
    ['headers never finished', `POST ${IDEA_ENDPOINT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty`],
  ])('%s: answered 408 (or closed) once REQUEST_TIMEOUT_MS is over', async (_name, first) => {
    const { answer, elapsedMs } = await sendAndStall(port, first);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    // Not before the setting: the limit is the setting, checked every REQUEST_TIMEOUT_CHECK_MS.
    expect(elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(REQUEST_TIMEOUT_CHECK_MS).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
  });

  it('still serves a client that sends its request at once', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
