/**
 * The team's summary mails, in Korean: the digest (ideas accepted past MAIL_DIGEST_THRESHOLD, one mail per period
 * listing each with its reference and contact) and the daily spam-folder count. Same escaping rules as the
 * single idea's mail (team-mail.ts): every user value escaped in HTML, nothing user-written in a header.
 */
import { digestMailCopy, spamReportCopy, teamMailCopy } from '../../content/team-mail';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst } from '../../domain/kst';
import {
  firstWords,
  messageIdDomain,
  singleLine,
  voiceMemoLine,
  type TeamMail,
  type TeamMailIdea,
  type TeamMailOptions,
} from './team-mail';

/** How much of each idea a digest quotes; `npm run ideas -- show <id>` has the rest. */
export const DIGEST_EXCERPT_CHARS = 300;

function excerpt(text: string): string {
  return text.length > DIGEST_EXCERPT_CHARS ? `${text.slice(0, DIGEST_EXCERPT_CHARS)}…` : text;
}

export function renderDigestMail(ideas: TeamMailIdea[], options: TeamMailOptions, sentAt: Date): TeamMail {
  const intro = digestMailCopy.intro(ideas.length);
  const { labels } = teamMailCopy;
  const entry = (idea: TeamMailIdea) => [
    `${labels.id}: ${idea.id}`,
    `${labels.receivedAt}: ${teamMailCopy.kst(formatKst(idea.receivedAt))}`,
    digestMailCopy.contactLine(
      singleLine(idea.name),
      idea.email,
      idea.phone.trim() === '' ? teamMailCopy.noPhone : singleLine(idea.phone),
    ) + (idea.voiceMemo ? digestMailCopy.memoPart(voiceMemoLine(idea.id, idea.voiceMemo, false)) : ''),
    excerpt(idea.idea),
  ];
  const text = [intro, '', ...ideas.flatMap((idea, index) => [`[${index + 1}]`, ...entry(idea), ''])].join('\n');
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(digestMailCopy.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
<p>${escapeHtml(intro)}</p>
<ol>
${ideas
  .map((idea) => {
    const [reference, received, contact, body] = entry(idea);
    return `<li><p>${escapeHtml(reference!)}<br>${escapeHtml(received!)}<br>${escapeHtml(contact!)}</p><div style="white-space: pre-wrap; border-left: 3px solid #4f46e5; padding-left: 12px;">${escapeHtml(body!)}</div></li>`;
  })
  .join('\n')}
</ol>
</body></html>`;
  return {
    from: options.from,
    to: options.to,
    subject: digestMailCopy.subject(ideas.length, singleLine(ideas[0]?.name ?? ''), formatKst(sentAt)),
    text,
    html,
    messageId: `<digest-${sentAt.getTime()}@${messageIdDomain(options.from)}>`,
    date: sentAt,
  };
}

export function renderSpamReportMail(
  count: number,
  newest: TeamMailIdea[],
  options: TeamMailOptions,
  sentAt: Date,
): TeamMail {
  const text = [
    spamReportCopy.intro(count),
    spamReportCopy.howTo,
    '',
    ...newest.map((idea) => `- ${idea.id}  ${singleLine(idea.name).slice(0, 20)}: ${firstWords(idea.idea, 30)}`),
  ].join('\n');
  return {
    from: options.from,
    to: options.to,
    subject: spamReportCopy.subject(count),
    text,
    html: `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(spamReportCopy.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
${text
  .split('\n')
  .map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`))
  .join('\n')}
</body></html>`,
    messageId: `<spam-report-${sentAt.getTime()}@${messageIdDomain(options.from)}>`,
    date: sentAt,
  };
}
