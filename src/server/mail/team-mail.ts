/**
 * The team's notification mail for one idea, in Korean: subject with the sender's name and the idea's first
 * words (control characters removed, so nothing can inject a header), plain-text and HTML parts with every user
 * value escaped, Reply-To the visitor, received time in KST, the reference id and a stable Message-ID.
 */
import { teamMailCopy as copy } from '../../content/team-mail';
import { channelLabels } from '../../content/lead-source';
import type { Channel } from '../../domain/lead-source';
import { escapeHtml } from '../../domain/escape-html';
import { PROMISE_HOURS } from '../../domain/idea';
import { formatKst } from '../../domain/kst';
import { TEAM_PATH } from '../../domain/team-paths';
import { leadReference } from '../../domain/lead-reference';
import { AUDIO_CONTAINERS, formatMemoDuration, sniffAudioContainer } from '../../domain/voice-memo';

export interface TeamMailIdea {
  id: string;
  receivedAt: Date;
  idea: string;
  name: string;
  email: string;
  phone: string;
  /** Posted by the browser's own form (no JavaScript): the page's bot check (fill time) did not apply. */
  withoutScript?: boolean;
  /** Where the visit began (decision 134): the channel, and the source and campaign when known. */
  source?: { channel: Channel; source: string; campaign: string } | undefined;
  /** The visitor's recording; the mail attaches `bytes` when given (a digest only says that there is one). */
  voiceMemo?: { mimeType: string; durationMs: number; byteSize: number; bytes?: Buffer } | undefined;
}

/** "소셜 · instagram · autumn": the channel's name, then the source and campaign when the link named them. */
export function sourceLine(source: NonNullable<TeamMailIdea['source']>): string {
  return [channelLabels[source.channel], singleLine(source.source), singleLine(source.campaign)]
    .filter((part) => part !== '')
    .join(' · ');
}

/** The memo's file name in the mail and on disk: `음성메모-<first 8 of the id>.<ext>`. */
export function voiceMemoFileName(ideaId: string, mimeType: string): string {
  const container =
    Object.values(AUDIO_CONTAINERS).find((candidate) => candidate.mimeType === mimeType) ?? AUDIO_CONTAINERS.webm;
  return copy.memoFileName(leadReference(ideaId), container.extension);
}

/** "음성 메모: 0:03 (첨부 파일 음성메모-1234abcd.webm, 48 KB)" */
export function voiceMemoLine(ideaId: string, memo: NonNullable<TeamMailIdea['voiceMemo']>, attached: boolean): string {
  const size = `${Math.max(1, Math.round(memo.byteSize / 1024)).toLocaleString('ko-KR')} KB`;
  const duration = formatMemoDuration(memo.durationMs);
  return attached
    ? copy.memoAttached(duration, voiceMemoFileName(ideaId, memo.mimeType), size)
    : copy.memoToSave(duration, size, ideaId);
}

export interface TeamMailOptions {
  from: string;
  to: string;
  /** The public origin (SITE_URL, else this server): the mail links to the lead's page in the workspace. */
  siteUrl?: string | undefined;
}

/** The lead's page in the workspace (`SITE_URL/team/leads/<id>`), absolute when the origin is known. */
export const leadPageUrl = (ideaId: string, siteUrl: string | undefined) =>
  `${(siteUrl ?? '').replace(/\/$/, '')}${TEAM_PATH}/leads/${ideaId}`;

export interface TeamMail {
  from: string;
  to: string;
  /** The visitor, for a single idea's mail; digests and reports have none. */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** A founder's mail in the lead's thread (mail/reply-address.ts): the mail it follows and the thread's root. */
  inReplyTo?: string;
  references?: string;
  /** The SMTP envelope, when it differs from the headers: a founder's mail bounces to the lead's reply address. */
  envelope?: { from: string; to: string };
  date: Date;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Removes CR, LF and every other control or line/paragraph separator; collapses whitespace. */
export function singleLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The idea's first words, at most `max` characters, cut at a word boundary when possible. */
export function firstWords(text: string, max = 40): string {
  const line = singleLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Domain for Message-IDs, taken from MAIL_FROM ("Name <a@b.example>" → "b.example"). */
export function messageIdDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

export function teamMessageId(ideaId: string, from: string): string {
  return `<idea-${ideaId}@${messageIdDomain(from)}>`;
}

export function renderTeamMail(idea: TeamMailIdea, options: TeamMailOptions): TeamMail {
  const name = singleLine(idea.name);
  const receivedKst = formatKst(idea.receivedAt.toISOString());
  const promisedKst = formatKst(new Date(idea.receivedAt.getTime() + PROMISE_HOURS * 3_600_000).toISOString());
  const phone = idea.phone.trim() === '' ? copy.noPhone : singleLine(idea.phone);
  const memo = idea.voiceMemo;
  const attached = Boolean(memo?.bytes);
  const rows: [string, string][] = [
    [copy.labels.name, name],
    [copy.labels.email, idea.email],
    [copy.labels.phone, phone],
    [copy.labels.receivedAt, copy.kst(receivedKst)],
    [copy.labels.promisedBy, copy.kst(promisedKst)],
    [copy.labels.id, idea.id],
    [copy.labels.lead, leadPageUrl(idea.id, options.siteUrl)],
    ...(idea.source ? [[copy.labels.source, sourceLine(idea.source)] as [string, string]] : []),
    ...(memo ? [[copy.labels.memo, voiceMemoLine(idea.id, memo, attached)] as [string, string]] : []),
  ];
  const notes = idea.withoutScript ? [copy.withoutScript] : [];
  const ideaText = idea.idea.trim() === '' && memo ? copy.memoOnly : idea.idea;

  const text = [
    copy.intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...notes,
    '',
    `[${copy.ideaHeading}]`,
    ideaText,
    '',
    copy.replyHint,
  ].join('\n');

  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(copy.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
<p>${escapeHtml(copy.intro)}</p>
<table cellpadding="4" style="border-collapse: collapse;">
${rows
  .map(([label, value]) => {
    const cell =
      label === copy.labels.lead ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
    return `<tr><th align="left">${escapeHtml(label)}</th><td>${cell}</td></tr>`;
  })
  .join('\n')}
</table>
${notes.map((note) => `<p style="color: #92400e;">${escapeHtml(note)}</p>`).join('\n')}
<h2 style="font-size: 16px;">${escapeHtml(copy.ideaHeading)}</h2>
<div style="white-space: pre-wrap; border-left: 3px solid #4f46e5; padding-left: 12px;">${escapeHtml(ideaText)}</div>
<p style="color: #555;">${escapeHtml(copy.replyHint)}</p>
</body></html>`;

  return {
    from: options.from,
    to: options.to,
    replyTo: { name, address: idea.email },
    subject: singleLine(
      copy.subject(
        leadReference(idea.id),
        name,
        idea.idea.trim() === '' && memo ? copy.memoSummary(formatMemoDuration(memo.durationMs)) : firstWords(idea.idea),
      ),
    ),
    text,
    html,
    messageId: teamMessageId(idea.id, options.from),
    date: idea.receivedAt,
    ...(memo?.bytes
      ? {
          attachments: [
            {
              filename: voiceMemoFileName(idea.id, memo.mimeType),
              content: memo.bytes,
              contentType: memoContentType(memo.bytes, memo.mimeType),
            },
          ],
        }
      : {}),
  };
}

/** The attachment's type from its bytes (as stored they were checked to be one of the containers). */
function memoContentType(bytes: Buffer, stored: string): string {
  const container = sniffAudioContainer(bytes);
  return container ? AUDIO_CONTAINERS[container].mimeType : stored;
}
