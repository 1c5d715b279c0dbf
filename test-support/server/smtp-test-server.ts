/**
 * A real SMTP server on 127.0.0.1 (smtp-server package) that keeps and parses every message it accepts. It can be
 * slow or refuse: `answerDelayMs` holds the answer to the end of DATA (the mail counts as received when the answer
 * goes out, whether or not the client still waits, as a real server that committed it would deliver it), and
 * `refuseWith` answers the end of DATA with that code (e.g. 550 permanent, 451 temporary) instead of accepting.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres-cluster';

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  envelopeTo: string[];
  /** The envelope's sender (MAIL FROM): where a bounce would go. */
  envelopeFrom: string | undefined;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** How long the answer to the end of DATA is held (ms); changeable while running. */
  answerDelayMs: number;
  /** When set, the end of DATA is answered with this SMTP code instead of being accepted. */
  refuseWith: number | undefined;
  /** How many messages were fully transmitted (their answer may still be held). */
  dataEnded: number;
  /** Resolves when at least `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves with the received mails that `match`, once there are at least `count` (rejects after `timeoutMs`). */
  waitForMails(match: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves when at least `count` messages were transmitted, answered or not (rejects after `timeoutMs`). */
  waitForData(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpServer(port?: number): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  // The waits are checked when a message arrives or is transmitted: no polling (decision 123).
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const check of [...waiters]) check();
  };
  const waitUntil = (done: () => boolean, timeoutMs: number, failure: () => string): Promise<void> =>
    done()
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const check = () => {
            if (!done()) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(failure()));
          }, timeoutMs);
          waiters.add(check);
        });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        handle.dataEnded += 1;
        changed();
        const refuseWith = handle.refuseWith;
        setTimeout(() => {
          if (refuseWith !== undefined) {
            callback(Object.assign(new Error(`refused by the test server`), { responseCode: refuseWith }));
            return;
          }
          simpleParser(raw)
            .then((parsed) => {
              received.push({
                raw,
                parsed,
                envelopeTo: session.envelope.rcptTo.map((to) => to.address),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              });
              callback();
              changed();
            })
            .catch((error: Error) => callback(error));
        }, handle.answerDelayMs);
      });
    },
  });
  const listenPort = port ?? (await freePort());
  const handle: SmtpTestServer = {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    answerDelayMs: 0,
    refuseWith: undefined,
    dataEnded: 0,
    async waitFor(count, timeoutMs = 15_000) {
      await waitUntil(
        () => received.length >= count,
        timeoutMs,
        () => `expected ${count} mails, got ${received.length}`,
      );
      return received;
    },
    async waitForMails(match, count = 1, timeoutMs = 15_000) {
      await waitUntil(
        () => received.filter(match).length >= count,
        timeoutMs,
        () => `expected ${count} matching mails, got ${received.filter(match).length} of ${received.length}`,
      );
      return received.filter(match);
    },
    waitForData: (count, timeoutMs = 15_000) =>
      waitUntil(
        () => handle.dataEnded >= count,
        timeoutMs,
        () => `expected ${count} messages transmitted, got ${handle.dataEnded}`,
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return handle;
}
