/**
 * The mailbox reader when the IMAP server's network fails (decision 127): Dovecot behind a TCP proxy that can go
 * quiet mid-connection or refuse connections. A server that stops answering must not hold the app's stop (a
 * restart, a deploy) or leave /healthz saying all is well; the mail is read once the server answers again.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type DovecotServer } from '../../../test-support/server/dovecot-server';
import { startTcpProxy, type TcpProxy } from '../../../test-support/server/tcp-proxy';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS } from '../../../test-support/server/test-database';

let dovecot: DovecotServer;
let proxy: TcpProxy;
beforeAll(async () => {
  dovecot = await startDovecot();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: dovecot.port });
});
afterAll(async () => {
  await proxy?.stop();
  await dovecot?.stop();
});

/** IMAP_URL of a fresh account, through the proxy. */
function proxiedUrl(): string {
  const url = new URL(dovecot.url(`team${crypto.randomBytes(4).toString('hex')}`));
  url.port = String(proxy.port);
  return url.toString();
}

describe('the mailbox reader behind a failing network', () => {
  const suite = intakeSuite('pglite');

  it(
    'stops at once when the server has gone quiet mid-connection, however long the socket would wait',
    async () => {
      const app = await suite.start({
        ...DELIVERY_TEST_ENV,
        REPLY_TO_EMAIL: 'reply@mvp24.example',
        IMAP_URL: proxiedUrl(),
        IMAP_POLL_MS: '60000',
      });
      await new Promise((resolve) => app.mailbox!.events.once('swept', resolve));
      // The reader waits for news in IDLE; the server goes quiet: no answer to anything it sends from now on.
      proxy.freeze();
      try {
        // A stop (a restart, a deploy) ends: the reader gives up on the quiet connection instead of waiting for it.
        await app.close();
      } finally {
        proxy.thaw();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'says on /healthz that the mailbox is not read once the server went quiet, and reads again once it answers',
    async () => {
      const app = await suite.start({
        ...DELIVERY_TEST_ENV,
        REPLY_TO_EMAIL: 'reply@mvp24.example',
        IMAP_URL: proxiedUrl(),
        IMAP_POLL_MS: '1000',
      });
      await new Promise((resolve) => app.mailbox!.events.once('swept', resolve));
      const health = async () => (await app.inject({ method: 'GET', url: '/healthz' })).json<Record<string, unknown>>();
      expect(await health()).toMatchObject({ mailbox: { degraded: false, reading: true } });
      proxy.freeze();
      // The quiet connection is given up on after mailboxSocketTimeoutMs (not imapflow's five minutes).
      await new Promise((resolve) => app.mailbox!.events.once('failed', resolve));
      expect(await health()).toMatchObject({ status: 'degraded', mailbox: { degraded: true, reading: false } });
      const connections = proxy.connections;
      proxy.thaw();
      await new Promise((resolve) => app.mailbox!.events.once('swept', resolve));
      expect(proxy.connections).toBeGreaterThan(connections);
      expect(await health()).toMatchObject({ mailbox: { degraded: false, reading: true } });
    },
    APP_TEST_TIMEOUT_MS,
  );
});
