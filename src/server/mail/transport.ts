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
  /** Sends one mail and says where it went (SMTP reply or file path). Rejects when it was not accepted. */
  send(mail: TeamMail, ideaId: string): Promise<string>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return `smtp: ${String(info.response ?? 'accepted')}`.slice(0, 500);
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

export function mailTransportFor(options: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : emlTransport(options.dataDir);
}
