/**
 * The founder's own mails (decision 084), beside the team's (team-mail.ts): the confirmation (reference, received
 * time, promised time in KST, the status link), the ready note (the prototype's link and the status link) and the
 * team's meeting offer (decision 104: the status link opened at the booking section), all
 * with Reply-To the team (TEAM_EMAIL), so a founder's reply reaches someone. Nothing the visitor typed goes
 * in: not the idea, not the name; the address is only the recipient, and it was validated as an e-mail address by
 * the idea schema (domain/idea.ts), which admits no CR or LF, so it cannot inject a header (checked again here).
 * Copy: content/founder-mail.ts.
 */
import { founderMailCopy as copy } from '../../content/founder-mail';
import { escapeHtml } from '../../domain/escape-html';
import { PROMISE_HOURS } from '../../domain/idea';
import { formatKst } from '../../domain/kst';
import { messageIdDomain, type TeamMail } from './team-mail';
import { leadReference } from '../../domain/lead-reference';

export type FounderMailKind = 'confirmation' | 'ready' | 'meeting_offer';

export interface FounderMailInput {
  kind: FounderMailKind;
  ideaId: string;
  receivedAt: Date;
  /** The recipient: the address the visitor gave. */
  email: string;
  /** The absolute status link. */
  statusUrl: string;
  from: string;
  /** Where a founder's reply goes: the team's address (TEAM_EMAIL), not the no-reply sender. */
  replyTo?: string;
  /** The ready mail: the prototype's link the team stored with 프로토타입 전달 (never visitor text). */
  prototypeUrl?: string | null;
}

/** The bare address of `Name <a@b>` or `a@b`. */
const addressOf = (mailbox: string) => (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();

/** A recipient the mail may go to: one address, no whitespace, control characters, commas or angle brackets. */
export function isSafeRecipient(address: string): boolean {
  return /^[^\s\p{Cc}\p{Cf},;<>"()]+@[^\s\p{Cc}\p{Cf},;<>"()@]+$/u.test(address) && address.length <= 320;
}

export function renderFounderMail(input: FounderMailInput): TeamMail {
  if (!isSafeRecipient(input.email)) throw new Error('unsafe recipient address');
  const part =
    input.kind === 'confirmation' ? copy.confirmation : input.kind === 'ready' ? copy.ready : copy.meetingOffer;
  const statusLabel = 'statusLabel' in part ? part.statusLabel : copy.labels.status;
  const received = copy.kst(formatKst(input.receivedAt));
  const promised = copy.kst(formatKst(new Date(input.receivedAt.getTime() + PROMISE_HOURS * 3_600_000)));
  const prototype = input.kind === 'ready' && input.prototypeUrl ? input.prototypeUrl : undefined;
  const rows: [string, string][] = [
    [copy.labels.reference, leadReference(input.ideaId)],
    ...(prototype ? ([[copy.labels.prototype, prototype]] as [string, string][]) : []),
    ...(input.kind === 'confirmation'
      ? ([
          [copy.labels.receivedAt, received],
          [copy.labels.promisedBy, promised],
        ] as [string, string][])
      : []),
  ];
  const text = [
    part.intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    part.statusHint,
    `${statusLabel}: ${input.statusUrl}`,
    '',
    copy.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(part.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
<p>${escapeHtml(part.intro)}</p>
<table cellpadding="4" style="border-collapse: collapse;">
${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${prototype ? `<p><a href="${escapeHtml(prototype)}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #fff; border-radius: 8px; text-decoration: none;">${escapeHtml(copy.labels.openPrototype)}</a></p>` : ''}
<p>${escapeHtml(part.statusHint)}</p>
<p><a href="${escapeHtml(input.statusUrl)}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #fff; border-radius: 8px; text-decoration: none;">${escapeHtml(statusLabel)}</a></p>
<p style="color: #555; font-size: 13px;">${escapeHtml(copy.footer)}</p>
</body></html>`;
  return {
    from: input.from,
    to: input.email,
    subject: part.subject,
    ...(input.replyTo && isSafeRecipient(addressOf(input.replyTo))
      ? { replyTo: { name: copy.replyToName, address: addressOf(input.replyTo) } }
      : {}),
    text,
    html,
    messageId: `<founder-${input.kind}-${input.ideaId}@${messageIdDomain(input.from)}>`,
    date: new Date(),
  };
}
