/**
 * The team's summary mails, in Korean: the digest (ideas accepted past MAIL_DIGEST_THRESHOLD, one mail per period
 * listing each with its reference and contact) and the daily spam-folder count. Same escaping rules as the
 * single idea's mail (team-mail.ts): every user value escaped in HTML, nothing user-written in a header.
 */
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
  const intro = `아이디어가 한꺼번에 많이 들어와 ${ideas.length}건을 한 통으로 묶어 보냅니다. 각 건은 npm run ideas -- show <접수 번호> 로 전체를 볼 수 있습니다.`;
  const entry = (idea: TeamMailIdea) => [
    `접수 번호: ${idea.id}`,
    `접수 시각: ${formatKst(idea.receivedAt)} (KST)`,
    `이름: ${singleLine(idea.name)} / 이메일: ${idea.email} / 연락처: ${idea.phone.trim() === '' ? '(없음)' : singleLine(idea.phone)}` +
      (idea.voiceMemo ? ` / 음성 메모: ${voiceMemoLine(idea.id, idea.voiceMemo, false)}` : ''),
    excerpt(idea.idea),
  ];
  const text = [intro, '', ...ideas.flatMap((idea, index) => [`[${index + 1}]`, ...entry(idea), ''])].join('\n');
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>아이디어 묶음</title></head>
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
    subject: `[아이디어 묶음] ${ideas.length}건: ${singleLine(ideas[0]?.name ?? '')}님 외 (${formatKst(sentAt)})`,
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
    `지난 하루 동안 아이디어 ${count}건을 스팸 의심으로 따로 보관했습니다.`,
    '사람이 보낸 것이 섞여 있는지 npm run ideas -- list --spam 으로 확인하고, 진짜 신청이면 npm run ideas -- release <접수 번호> 로 받아보세요.',
    '',
    ...newest.map((idea) => `- ${idea.id}  ${singleLine(idea.name).slice(0, 20)}: ${firstWords(idea.idea, 30)}`),
  ].join('\n');
  return {
    from: options.from,
    to: options.to,
    subject: `[스팸 보관함] 아이디어 ${count}건을 따로 보관했습니다`,
    text,
    html: `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>스팸 보관함</title></head>
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
