/**
 * The lead's reply address and the headers that thread a founder's mails (issue 48, decision 126). Each lead gets
 * one random token (`reply_addresses`, made when its first founder mail is sent, erased with the idea): 160 bits in
 * base32, never derived from the idea's id, so nobody can make up another lead's address. Every mail to the founder
 * then carries:
 * - `Reply-To: <REPLY_TO_EMAIL with +token>` (when REPLY_TO_EMAIL is set): a reply reaches the team's mailbox, where
 *   the mailbox reader (mailbox/) finds the lead by the token;
 * - the SMTP envelope's sender set to the same address, so a bounce comes back there too and names the lead;
 * - `Message-ID: <kind.ref.token@domain>`, and, but for the confirmation that starts the thread,
 *   `In-Reply-To` and `References` naming the confirmation's id, so the founder's client shows one conversation,
 *   and a reply whose client dropped the plus address is still matched by the token in its `References`.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RowsFn } from '../db/client';
import { isSafeRecipient } from './founder-mail';
import { messageIdDomain, type TeamMail } from './team-mail';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 random bytes as 32 base32 letters (lower case: some servers lower the local part). */
export function newReplyToken(): string {
  const bytes = crypto.randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** A token as the mail carries it: 32 base32 letters. */
export const REPLY_TOKEN = /[a-z2-7]{32}/;

/** The lead's token, made on first use (two senders at once agree: the primary key keeps the first). */
export async function replyTokenOf(rows: RowsFn, ideaId: string): Promise<string | undefined> {
  await rows(sql`insert into reply_addresses (idea_id, token)
    select id, ${newReplyToken()} from ideas where id = ${ideaId}::uuid
    on conflict (idea_id) do nothing`);
  const [row] = await rows<{ token: string }>(sql`select token from reply_addresses where idea_id = ${ideaId}::uuid`);
  return row?.token;
}

/** `team@agency.kr` + token → `team+token@agency.kr` (an existing plus part is replaced). */
export function plusAddress(base: string, token: string): string {
  const address = (/<([^>]+)>/.exec(base)?.[1] ?? base).trim();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local}+${token}@${address.slice(at + 1)}`;
}

/** The token a recipient address or a Message-ID of ours carries, if any. */
export function tokenInAddress(address: string, base: string): string | undefined {
  const plain = (/<([^>]+)>/.exec(base)?.[1] ?? base).trim().toLowerCase();
  const at = plain.lastIndexOf('@');
  const local = plain.slice(0, at).replace(/\+.*$/, '');
  const match = new RegExp(
    `^${escapeRegExp(local)}\\+(${REPLY_TOKEN.source})@${escapeRegExp(plain.slice(at + 1))}$`,
  ).exec(address.trim().toLowerCase());
  return match?.[1];
}

/** The token of one of our Message-IDs (`<kind.ref.token@domain>`). */
export function tokenInMessageId(messageId: string, domain: string): string | undefined {
  const match = new RegExp(`^<?[a-z_-]+(?:\\.[a-z0-9-]+)?\\.(${REPLY_TOKEN.source})@${escapeRegExp(domain)}>?$`).exec(
    messageId.trim().toLowerCase(),
  );
  return match?.[1];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The confirmation's Message-ID: the thread's root that every later mail names. */
export const threadRootId = (token: string, from: string) => `<confirmation.${token}@${messageIdDomain(from)}>`;

/**
 * A rendered founder mail addressed to its lead's thread: Reply-To and envelope sender on the plus address (when
 * `replyToBase`, REPLY_TO_EMAIL, is set), its own Message-ID and the root it follows.
 */
export function inThread(
  mail: TeamMail,
  thread: { token: string; kind: string; ref?: string; replyToBase?: string | undefined; replyToName: string },
): TeamMail {
  const root = threadRootId(thread.token, mail.from);
  const own =
    thread.kind === 'confirmation'
      ? root
      : `<${thread.kind.replace(/[^a-z_-]/g, '-')}${thread.ref ? `.${thread.ref.toLowerCase()}` : ''}.${thread.token}@${messageIdDomain(mail.from)}>`;
  const reply = thread.replyToBase ? plusAddress(thread.replyToBase, thread.token) : undefined;
  const addressed = reply && isSafeRecipient(reply);
  return {
    ...mail,
    ...(addressed
      ? { replyTo: { name: thread.replyToName, address: reply }, envelope: { from: reply, to: mail.to } }
      : {}),
    messageId: own,
    ...(own === root ? {} : { inReplyTo: root, references: root }),
  };
}
