/**
 * The HTML answers to a form posted without the page's script (decision 063): a receipt page and error pages in
 * Korean, self-contained (inline styles, no script), every value escaped. Copy from src/content/intake-pages.ts.
 */
import { intakePages as copy } from '../../content/intake-pages';
import { ideaFormAnchor } from '../../content/site';
import { formatKst } from '../../domain/kst';
import { escapeHtml } from '../../domain/escape-html';
import { leadReference } from '../../domain/lead-reference';

const STYLE = `
  body { margin: 0; font-family: 'Pretendard Variable', 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif;
    color: #0f172a; background: #f8fafc; line-height: 1.6; word-break: keep-all; overflow-wrap: anywhere; }
  main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.25rem; }
  .brand { font-weight: 700; color: #4338ca; text-decoration: none; }
  h1 { font-size: 1.6rem; line-height: 1.3; margin: 1.5rem 0 0.75rem; }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: 1rem; padding: 1.25rem 1.5rem; margin: 1.5rem 0; }
  dt { font-size: 0.875rem; color: #475569; } dd { margin: 0 0 0.75rem; font-weight: 600; }
  ul { padding-left: 1.25rem; } li { margin: 0.25rem 0; }
  .actions a { display: inline-block; margin: 0.5rem 0.75rem 0 0; padding: 0.75rem 1.25rem; border-radius: 0.75rem;
    background: #4f46e5; color: #fff; font-weight: 600; text-decoration: none; }
  .actions a.secondary { background: #fff; color: #3730a3; border: 1px solid #c7d2fe; }
  .muted { color: #475569; font-size: 0.95rem; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(copy.siteName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<a class="brand" href="/">${escapeHtml(copy.siteName)}</a>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export interface ReceiptPageIdea {
  id: string;
  receivedAt: Date;
  promisedBy: Date;
  /** The founder's status page (decision 084), when the request carried its token. */
  statusUrl?: string | undefined;
}

/** The receipt: reference number and times in KST; nothing the visitor typed. */
export function receiptPage({ id, receivedAt, promisedBy, statusUrl }: ReceiptPageIdea): string {
  const row = (term: string, detail: string) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(detail)}</dd>`;
  return page(
    copy.received.title,
    `<p>${escapeHtml(copy.received.lead)}</p>
<dl class="card">
${row(copy.received.reference, leadReference(id))}
${row(copy.received.receivedAt, `${formatKst(receivedAt)} (${copy.kst})`)}
${row(copy.received.promisedBy, `${formatKst(promisedBy)} (${copy.kst})`)}
</dl>
<p class="muted">${escapeHtml(copy.received.next)}</p>
${statusUrl ? `<p>${escapeHtml(copy.received.statusHint)}</p>` : ''}
<p class="actions">${statusUrl ? `<a href="${escapeHtml(statusUrl)}" rel="noreferrer">${escapeHtml(copy.received.statusLink)}</a>` : ''}<a${statusUrl ? ' class="secondary"' : ''} href="/">${escapeHtml(copy.home)}</a></p>`,
  );
}

/** A refusal: the message, each field's problem when there are any, and the way back to what was typed. */
export function problemPage(message: string, fieldMessages: string[] = []): string {
  const title = fieldMessages.length > 0 ? copy.invalid.title : copy.failed.title;
  const details =
    fieldMessages.length > 0
      ? `<p>${escapeHtml(copy.invalid.lead)}</p>\n<ul class="card">${fieldMessages.map((text) => `<li>${escapeHtml(text)}</li>`).join('')}</ul>`
      : `<p class="card">${escapeHtml(message)}</p>`;
  return page(
    title,
    `${details}
<p class="muted">${escapeHtml(copy.back)}</p>
<p class="actions"><a href="/#${ideaFormAnchor}">${escapeHtml(copy.backToForm)}</a><a class="secondary" href="/">${escapeHtml(copy.home)}</a></p>`,
  );
}
