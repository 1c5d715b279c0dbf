/**
 * Where team mail goes: SMTP when SMTP_URL is set, otherwise an .eml file per mail under DATA_DIR/outbox/
 * (nodemailer's stream transport builds the exact same MIME message), so the whole path works with no setup.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { mailFileDir } from './mail-files';
import type { TeamMail } from './team-mail';

export interface MailTransport {
  kind: 'smtp' | 'eml';
  /**
   * Sends one mail and says where it went (SMTP reply or file path). Rejects when it was not accepted; a refusal
   * that will not change by retrying rejects with a PermanentMailError.
   */
  send(mail: TeamMail, ideaId: string): Promise<string>;
  close(): void;
}

/** The server refused the mail with a 5xx reply: retrying the same mail cannot succeed until someone acts. */
export class PermanentMailError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
    this.name = 'PermanentMailError';
  }
}

/** Longest wait to open a connection or for the greeting (capped by the whole send's deadline). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * SMTP with one deadline for the whole conversation (`timeoutMs`, SMTP_TIMEOUT_MS): past it the send is aborted
 * and its connection closed, so a send never outlives the lease derived from the same value (send-deadlines.ts).
 * A 5xx reply (to MAIL FROM, RCPT TO or the end of DATA) rejects with PermanentMailError; a 4xx, a network error
 * or the deadline reject with the error as it is (temporary: retried with backoff).
 */
export function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    greetingTimeout: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail({ ...mail, signal: AbortSignal.timeout(timeoutMs) });
        return `smtp: ${String(info.response ?? 'accepted')}`.slice(0, 500);
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new PermanentMailError(error instanceof Error ? error.message : String(error), code);
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

export function emlTransport(dataDir: string): MailTransport {
  const dir = mailFileDir(dataDir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'eml',
    async send(mail, ideaId) {
      const info = await transporter.sendMail(mail);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${ideaId}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, file);
      return file;
    },
    close: () => transporter.close(),
  };
}

export function mailTransportFor(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  smtpTimeoutMs: number;
}): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.smtpTimeoutMs) : emlTransport(options.dataDir);
}
