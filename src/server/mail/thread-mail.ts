/**
 * The mail that carries a team message to the founder (decision 101), sent by the founder mail worker
 * (mail/founder-mail-worker.ts) from a `founder_mails` row of kind `message`: the team's own words, the quote's
 * total when the message carries one, the status link, and that the page is the quickest way to answer. Nothing
 * the founder typed goes in. Reply-To is the team (TEAM_EMAIL), as on the founder's other mails. Copy:
 * content/thread.ts.
 */
import { founderMailCopy } from '../../content/founder-mail';
import { threadMailCopy as copy } from '../../content/thread';
import { escapeHtml } from '../../domain/escape-html';
import { formatWon, quoteItemSchema, quoteTotals } from '../../domain/quote';
import { isSafeRecipient } from './founder-mail';
import { messageIdDomain, type TeamMail } from './team-mail';
import { leadReference } from '../../domain/lead-reference';

export interface ThreadMailInput {
  ideaId: string;
  messageId: string;
  email: string;
  statusUrl: string;
  from: string;
  replyTo?: string;
  /** The team's text. */
  body: string;
  /** The quote the message carries: its stored lines (checked again here) and validity day. */
  quote: { items: unknown; validUntil: string } | null;
}

const addressOf = (mailbox: string) => (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();

function quoteLine(quote: ThreadMailInput['quote']): string | undefined {
  if (!quote) return undefined;
  const items = quoteItemSchema
    .array()
    .safeParse(typeof quote.items === 'string' ? JSON.parse(quote.items) : quote.items);
  if (!items.success) return undefined;
  return copy.quote(formatWon(quoteTotals(items.data).total), quote.validUntil);
}

export function renderThreadMail(input: ThreadMailInput): TeamMail {
  if (!isSafeRecipient(input.email)) throw new Error('unsafe recipient address');
  const reference = leadReference(input.ideaId);
  const quote = quoteLine(input.quote);
  const text = [
    copy.intro,
    '',
    input.body,
    ...(quote ? ['', quote] : []),
    '',
    copy.answerHint,
    input.statusUrl,
    '',
    `${copy.reference}: ${leadReference(input.ideaId)}`,
    copy.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(copy.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
<p>${escapeHtml(copy.intro)}</p>
<blockquote style="margin: 0 0 16px; padding: 8px 12px; border-left: 3px solid #4f46e5; white-space: pre-wrap;">${escapeHtml(input.body)}</blockquote>
${quote ? `<p><strong>${escapeHtml(quote)}</strong></p>` : ''}
<p>${escapeHtml(copy.answerHint)}</p>
<p><a href="${escapeHtml(input.statusUrl)}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #fff; border-radius: 8px; text-decoration: none;">${escapeHtml(copy.status)}</a></p>
<p style="color: #555; font-size: 13px;">${escapeHtml(copy.reference)}: ${escapeHtml(leadReference(input.ideaId))}<br>${escapeHtml(copy.footer)}</p>
</body></html>`;
  return {
    from: input.from,
    to: input.email,
    subject: copy.subject(reference),
    ...(input.replyTo && isSafeRecipient(addressOf(input.replyTo))
      ? { replyTo: { name: founderMailCopy.replyToName, address: addressOf(input.replyTo) } }
      : {}),
    text,
    html,
    messageId: `<founder-message-${input.messageId}@${messageIdDomain(input.from)}>`,
    date: new Date(),
  };
}
