/**
 * What one mail of the team's mailbox becomes (decision 127), decided and stored before the reader moves it to the
 * handled folder. A reply from the founder lands in the thread exactly like an answer on the status page: the same
 * `storeAnswer` (thread/thread-store.ts: the answers-per-hour bound, the `answer` event the unread markers read),
 * the owner's alerts (`storeAnsweredAlerts`), an access record, then the live event. Its key (mail-key: the
 * Message-ID) is stored in the same transaction (`mailbox_messages`), so a mail seen again — after a restart between
 * storing and moving, or by a second instance — is stored once. What does not land:
 * - a bounce: the founder's address marked failing (`reply_addresses.bounced_at`) and the team alerted;
 * - an auto-reply: dropped;
 * - a reply from another address: kept aside (`mailbox_messages`, outcome `aside`, never in the thread) and alerted;
 * - a mail that names no token but comes from an address we mailed or answers the reply address: kept for the
 *   team's review (`mailbox_unmatched`, decision 142), attached to a thread or dismissed by a member;
 * - any other mail that names no token is not ours (the mailbox may be the team's own inbox): left where it is;
 * - a mail for a token of no lead (an erased one): dropped, nothing stored;
 * - more than the answers' hourly bound from one lead's address (landed or aside): dropped;
 * - an unreadable or oversized mail: alerted (the reader does not fetch an oversized one).
 */
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import type { MailboxProblem } from '../../content/team-mail';
import { storable } from '../../domain/idea';
import { leadReference } from '../../domain/lead-reference';
import { THREAD_LIMITS } from '../../domain/thread';
import { visibleOrEmpty } from '../../domain/visible-text';
import type { Database, RowsFn } from '../db/client';
import { messageIdDomain } from '../mail/team-mail';
import { appendAccessRecord } from '../team/access-records';
import { storeAnsweredAlerts } from '../thread/thread-alerts';
import { storeAnswer } from '../thread/thread-store';
import crypto from 'node:crypto';
import {
  answersReplyAddress,
  isAutoReply,
  isBounce,
  mailKey,
  memoAttachment,
  replyText,
  senderOf,
  tokenOf,
} from './mailbox-mail';

export type MailOutcome =
  /** Names no lead's token at all: another mail of a shared mailbox, left where it is (mailbox-reader.ts). */
  | 'not_ours'
  /** Names no lead, but is a reply to us: kept for the team's review (decision 142). */
  | 'unmatched'
  | 'landed'
  | 'duplicate'
  | 'aside'
  | 'bounced'
  | 'auto_reply'
  | 'no_lead'
  | 'flood'
  | 'empty'
  | 'oversized'
  | 'malformed';

export interface MailboxStoreOptions {
  /** REPLY_TO_EMAIL: the base of the plus addresses. */
  replyToBase: string;
  /** MAIL_FROM: the domain of our Message-IDs. */
  from: string;
  /** Where the mails go once handled (named in the alerts). */
  handledFolder: string;
  teamEmail: string;
  webhook: boolean;
  burstMs: number;
}

class AlreadyStored extends Error {}

/** Stores the team's alert about a mail that did not land (once per mail and channel: the key holds the mail's). */
export async function storeMailboxAlert(
  rows: RowsFn,
  options: MailboxStoreOptions,
  alert: {
    key: string;
    problem: MailboxProblem;
    ideaId?: string | undefined;
    /** An erased lead's reference (decision 141): named, with no idea to point at. */
    reference?: string;
    megabytes?: number;
  },
): Promise<void> {
  const reference = alert.ideaId ? leadReference(alert.ideaId) : alert.reference;
  const details = {
    problem: alert.problem,
    folder: options.handledFolder,
    to: options.teamEmail,
    ...(reference ? { reference } : {}),
    ...(alert.megabytes ? { megabytes: alert.megabytes } : {}),
  };
  for (const channel of options.webhook ? ['mail', 'webhook'] : ['mail'])
    await rows(sql`insert into alerts (key, kind, channel, idea_id, details)
      values (${`mailbox:${alert.key.slice(0, 32)}:${channel}`}, 'mailbox_problem', ${channel}, ${alert.ideaId ?? null}::uuid,
        ${JSON.stringify(details)}::jsonb)
      on conflict (key) do nothing`);
}

/** Whether the bytes name one of our reply addresses or Message-IDs anywhere: the mail is about a lead. */
export function namesAToken(raw: Buffer, options: Pick<MailboxStoreOptions, 'replyToBase' | 'from'>): boolean {
  const text = raw.toString('latin1').toLowerCase();
  const base = options.replyToBase.toLowerCase();
  const local = base.slice(0, base.lastIndexOf('@'));
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(local)}\\+[a-z2-7]{32}@|\\.[a-z2-7]{32}@${escape(messageIdDomain(options.from))}>`).test(
    text,
  );
}

/** The lead a token names, with the founder's address; undefined for no lead (never made, or erased). */
export async function leadOfToken(
  database: Database,
  token: string,
): Promise<{ ideaId: string; email: string } | undefined> {
  const [row] = await database.rows<{ idea_id: string; email: string }>(sql`
    select r.idea_id::text as idea_id, i.email from reply_addresses r join ideas i on i.id = r.idea_id
    where r.token = ${token}`);
  return row ? { ideaId: row.idea_id, email: row.email } : undefined;
}

/** The founder's new words as a thread message takes them (decision 128), cut to the answer's length. */
function wordsOf(parsed: ParsedMail): string {
  // A mail may carry control characters a form could not (the intake's rule, domain/idea.ts): they are dropped.
  /* eslint-disable-next-line no-control-regex -- finding control characters is what this is for */
  const body = visibleOrEmpty(replyText(parsed).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ''));
  return body.length > THREAD_LIMITS.answerMax ? `${body.slice(0, THREAD_LIMITS.answerMax - 1)}…` : body;
}

/**
 * A mail that names no lead (decision 142): kept for the team's review when it is a reply to us — from an address
 * we have mailed (a founder mail's `recipient_hash`) or answering the reply address — and alerted; otherwise not
 * ours. Automatic mail is not kept; more than the answers' hourly bound from one sender is dropped (`flood`).
 */
async function storeUnmatched(
  database: Database,
  parsed: ParsedMail,
  key: string,
  options: MailboxStoreOptions,
): Promise<{ outcome: MailOutcome; key: string }> {
  const sender = senderOf(parsed);
  if (!sender || isBounce(parsed) || isAutoReply(parsed)) return { outcome: 'not_ours', key };
  const hash = crypto.createHash('sha256').update(sender, 'utf8').digest('hex');
  const [mailed] = await database.rows(sql`select 1 from founder_mails where recipient_hash = ${hash} limit 1`);
  if (!mailed && !answersReplyAddress(parsed, options.replyToBase)) return { outcome: 'not_ours', key };
  const words = wordsOf(parsed);
  if (!storable(words, true)) return { outcome: 'malformed', key };
  return database.transaction(async (rows) => {
    const [recent] = await rows<{ n: number | string }>(sql`select count(*) as n from mailbox_unmatched
      where sender = ${sender.slice(0, 320)} and at > now() - interval '1 hour'`);
    if (Number(recent?.n ?? 0) >= THREAD_LIMITS.answersPerHour) return { outcome: 'flood' as const, key };
    const kept = await rows(sql`insert into mailbox_unmatched (key, sender, subject, body, mail_id)
      values (${key}, ${sender.slice(0, 320)}, ${(parsed.subject ?? '').slice(0, 500)}, ${words},
        ${parsed.messageId ? parsed.messageId.slice(0, 998) : null})
      on conflict (key) do nothing returning key`);
    if (kept.length === 0) return { outcome: 'duplicate' as const, key };
    await storeMailboxAlert(rows, options, { key, problem: 'unmatched' });
    return { outcome: 'unmatched' as const, key };
  });
}

/** Judges and stores one mail; `onLanded` runs after a reply landed (the live event, the alerts' nudge). */
export async function storeMail(
  database: Database,
  raw: Buffer,
  options: MailboxStoreOptions,
): Promise<{ outcome: MailOutcome; ideaId?: string; key: string }> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch {
    const key = mailKey({ messageId: undefined } as ParsedMail, raw);
    if (!namesAToken(raw, options)) return { outcome: 'not_ours', key };
    await database.transaction((rows) => storeMailboxAlert(rows, options, { key, problem: 'malformed' }));
    return { outcome: 'malformed', key };
  }
  const key = mailKey(parsed, raw);
  const token = tokenOf(parsed, raw, options.replyToBase, messageIdDomain(options.from));
  if (!token && !namesAToken(raw, options)) return storeUnmatched(database, parsed, key, options);
  const sender = senderOf(parsed);
  if (!sender) {
    await database.transaction((rows) => storeMailboxAlert(rows, options, { key, problem: 'malformed' }));
    return { outcome: 'malformed', key };
  }
  const lead = token ? await leadOfToken(database, token) : undefined;
  if (!lead) return { outcome: 'no_lead', key };
  const { ideaId } = lead;
  const [seen] = await database.rows(sql`select 1 from mailbox_messages where key = ${key}`);
  if (seen) return { outcome: 'duplicate', ideaId, key };

  /** Keeps the mail's key with its outcome, or throws AlreadyStored when another reader was first. */
  const keep = async (rows: RowsFn, outcome: 'landed' | 'aside' | 'bounced', extra: object = {}) => {
    const values = { messageId: null, sender: null, subject: null, body: null, ...extra } as Record<
      string,
      string | null
    >;
    // Its own Message-ID: what an erasure of the lead expunges the original by (decision 141).
    const mailId = parsed.messageId ? parsed.messageId.slice(0, 998) : null;
    const kept = await rows(sql`insert into mailbox_messages (key, idea_id, outcome, message_id, sender, subject, body,
        mail_id)
      values (${key}, ${ideaId}::uuid, ${outcome}, ${values.messageId}::uuid, ${values.sender}, ${values.subject},
        ${values.body}, ${mailId})
      on conflict (key) do nothing returning key`);
    if (kept.length === 0) throw new AlreadyStored();
  };
  const once = async (work: () => Promise<{ outcome: MailOutcome; ideaId?: string; key: string }>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AlreadyStored) return { outcome: 'duplicate' as const, ideaId, key };
      throw error;
    }
  };

  if (isBounce(parsed))
    return once(() =>
      database.transaction(async (rows) => {
        await keep(rows, 'bounced');
        await rows(sql`update reply_addresses set bounced_at = now() where idea_id = ${ideaId}::uuid`);
        await storeMailboxAlert(rows, options, { key, problem: 'bounced', ideaId });
        return { outcome: 'bounced' as const, ideaId, key };
      }),
    );
  if (isAutoReply(parsed)) return { outcome: 'auto_reply', ideaId, key };

  const words = wordsOf(parsed);
  if (!storable(words, true)) return { outcome: 'malformed', ideaId, key };

  if (sender !== lead.email.trim().toLowerCase())
    return once(() =>
      database.transaction(async (rows) => {
        const [recent] = await rows<{ n: number | string }>(sql`select count(*) as n from mailbox_messages
          where idea_id = ${ideaId}::uuid and outcome = 'aside' and at > now() - interval '1 hour'`);
        if (Number(recent?.n ?? 0) >= THREAD_LIMITS.answersPerHour) return { outcome: 'flood' as const, ideaId, key };
        await keep(rows, 'aside', {
          sender: sender.slice(0, 320),
          subject: (parsed.subject ?? '').slice(0, 500),
          body: words,
        });
        await storeMailboxAlert(rows, options, { key, problem: 'aside', ideaId });
        return { outcome: 'aside' as const, ideaId, key };
      }),
    );

  const memo = memoAttachment(parsed);
  if (words === '' && !memo) return { outcome: 'empty', ideaId, key };
  return once(async () => {
    const stored = await storeAnswer(
      database,
      {
        ideaId,
        body: words,
        memo: memo ? { ...memo, durationMs: 0 } : undefined,
        perHour: THREAD_LIMITS.answersPerHour,
      },
      async (rows, messageId) => {
        await keep(rows, 'landed', { messageId });
        await appendAccessRecord(rows, {
          actor: 'visitor',
          action: 'visitor_mailed',
          ideaId,
          details: { messageId, memo: Boolean(memo), attachments: parsed.attachments.length },
        });
        await storeAnsweredAlerts(rows, ideaId, messageId, {
          teamEmail: options.teamEmail,
          webhook: options.webhook,
          burstMs: options.burstMs,
          byMail: true,
        });
      },
    );
    if (!stored.ok)
      return { outcome: stored.reason === 'rate_limited' ? ('flood' as const) : ('no_lead' as const), ideaId, key };
    return { outcome: 'landed' as const, ideaId, key };
  });
}
