/** A real SMTP server on 127.0.0.1 (smtp-server package) that keeps and parses every message it receives. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres-cluster';

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  envelopeTo: string[];
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves when at least `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtpServer(port?: number): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ raw, parsed, envelopeTo: session.envelope.rcptTo.map((to) => to.address) });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
