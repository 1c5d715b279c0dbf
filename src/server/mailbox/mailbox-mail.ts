/**
 * What the mailbox reader makes of one mail (decision 127), before it touches the database: its key (stored once),
 * the lead it names (the plus token of REPLY_TO_EMAIL in a recipient header, failing that one of our Message-IDs in
 * In-Reply-To/References, and for a bounce anywhere in the returned headers), whether it is an auto-reply or a
 * bounce, the founder's new words (reply-text.ts) and a voice memo attached (kept like a memo answer: an audio
 * container within the memo's limit, domain/voice-memo.ts).
 */
import crypto from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import { AUDIO_CONTAINERS, VOICE_MEMO_MAX_BYTES } from '../../domain/voice-memo';
import { audioContainerOf } from '../intake/audio-container';
import { REPLY_TOKEN, tokenInAddress, tokenInMessageId } from '../mail/reply-address';
import { newWords } from './reply-text';

/** A stable key for "this mail": its Message-ID, else its bytes (a copy delivered twice is still one mail). */
export function mailKey(parsed: ParsedMail, raw: Buffer): string {
  const id = parsed.messageId?.trim().toLowerCase();
  return crypto
    .createHash('sha256')
    .update(id ? `id:${id}` : raw)
    .digest('hex');
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.flatMap((entry) => [
      entry.address ?? '',
      ...(entry.group ?? []).map((member) => member.address ?? ''),
    ]),
  );

const headerText = (parsed: ParsedMail, name: string): string => {
  const value = parsed.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join(' ');
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  return String(value as unknown);
};

/** The sender's bare address, lower case. */
export const senderOf = (parsed: ParsedMail): string | undefined =>
  addressesOf(parsed.from)[0]?.trim().toLowerCase() || undefined;

/** Every address the mail was for: To, Cc and the delivery headers. */
function recipientsOf(parsed: ParsedMail): string[] {
  return [
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
    ...['delivered-to', 'x-original-to', 'envelope-to'].flatMap((name) =>
      headerText(parsed, name)
        .split(/[\s,<>]+/)
        .filter(Boolean),
    ),
  ];
}

/**
 * A mail that names no lead but answers the reply address (decision 142): sent to REPLY_TO_EMAIL (the base or any
 * plus form) and a reply (In-Reply-To, References, or a reply's subject: Re:, 답장, 회신).
 */
export function answersReplyAddress(parsed: ParsedMail, replyToBase: string): boolean {
  const plain = (/<([^>]+)>/.exec(replyToBase)?.[1] ?? replyToBase).trim().toLowerCase();
  const at = plain.lastIndexOf('@');
  const local = plain.slice(0, at).replace(/\+.*$/, '');
  const domain = plain.slice(at + 1);
  const ours = recipientsOf(parsed).some((address) => {
    const lower = address.trim().toLowerCase();
    return lower === `${local}@${domain}` || (lower.startsWith(`${local}+`) && lower.endsWith(`@${domain}`));
  });
  const reply =
    Boolean(parsed.inReplyTo) ||
    Boolean(parsed.references) ||
    /^\s*(re|aw|sv|답장|회신)\s*:/i.test(parsed.subject ?? '');
  return ours && reply;
}

/** The lead's token this mail names, if any. */
export function tokenOf(parsed: ParsedMail, raw: Buffer, replyToBase: string, idDomain: string): string | undefined {
  const recipients = recipientsOf(parsed);
  for (const address of recipients) {
    const token = tokenInAddress(address, replyToBase);
    if (token) return token;
  }
  const ids = [
    ...(parsed.inReplyTo ? [parsed.inReplyTo] : []),
    ...(Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : []),
  ].flatMap((value) => value.split(/\s+/));
  for (const id of ids) {
    const token = tokenInMessageId(id, idDomain);
    if (token) return token;
  }
  if (isBounce(parsed)) {
    // The returned headers (text/rfc822-headers or message/rfc822) name our Message-ID.
    const escaped = idDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = new RegExp(`\\.(${REPLY_TOKEN.source})@${escaped}>`, 'i').exec(raw.toString('latin1'));
    if (found) return found[1]!.toLowerCase();
  }
  return undefined;
}

/** A delivery status report or a mailer daemon's notice. */
export function isBounce(parsed: ParsedMail): boolean {
  const type = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() === 'multipart/report' && /delivery-status/i.test(type.params?.['report-type'] ?? ''))
    return true;
  const sender = senderOf(parsed) ?? '';
  return (
    /^(mailer-daemon|postmaster)@/i.test(sender) &&
    /undeliver|delivery|returned|반송|전송 실패/i.test(parsed.subject ?? '')
  );
}

/** An automatic answer (RFC 3834's Auto-Submitted, the common X- headers, Precedence, a vacation subject). */
export function isAutoReply(parsed: ParsedMail): boolean {
  const submitted = headerText(parsed, 'auto-submitted').trim().toLowerCase();
  if (submitted !== '' && submitted !== 'no') return true;
  if (parsed.headers.has('x-autoreply') || parsed.headers.has('x-autorespond')) return true;
  if (/^(auto_reply|bulk|junk|list)$/i.test(headerText(parsed, 'precedence').trim())) return true;
  return /^\s*(auto(matic)?[ -]?(reply|response)|out of (the )?office|부재중|자동\s?응답|휴가)/i.test(
    parsed.subject ?? '',
  );
}

/** The founder's new words: the plain part, or the HTML turned into text, without quotes or signature. */
export function replyText(parsed: ParsedMail): string {
  return newWords(parsed.text ?? '');
}

/** The first attachment that is a voice memo the status page would take: an audio container within the limit. */
export function memoAttachment(parsed: ParsedMail): { mimeType: string; bytes: Buffer } | undefined {
  for (const attachment of parsed.attachments) {
    if (attachment.size > VOICE_MEMO_MAX_BYTES) continue;
    const container = audioContainerOf(attachment.content);
    if (container) return { mimeType: AUDIO_CONTAINERS[container].mimeType, bytes: attachment.content };
  }
  return undefined;
}
