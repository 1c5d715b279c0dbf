/**
 * The thread on the founder's status page (decisions 101, 102), rendered by the server like the rest of the page
 * (founder/status-page-html.ts puts this section in): the messages, each quote with its sums (domain/quote.ts) and
 * 「견적 확인」, and the answer form — a plain multipart form post (text, and a voice memo from the phone's recorder
 * or a sound file), so everything works without JavaScript; with it, the status page's own script puts the idea
 * form's recorder in `[data-answer-memo]` (web/site/features/status-answer), filling the same file field. The quote's own page prints as a clean A4 sheet. Every
 * value is escaped. Copy: content/thread.ts, content/quote.ts.
 */
import { quoteCopy } from '../../content/quote';
import { threadStatusCopy as copy } from '../../content/thread';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst, formatKstDay } from '../../domain/kst';
import {
  formatWon,
  QUOTE_ACCEPT_FIELDS,
  QUOTE_SIGNATURE_MAX,
  quoteState,
  VAT_PERCENT,
  type QuoteView,
} from '../../domain/quote';
import { ANSWER_FIELDS, THREAD_ANCHOR, THREAD_LIMITS, threadSubpaths, type ThreadView } from '../../domain/thread';
import { VOICE_MEMO_FIELD, VOICE_MEMO_MAX_BYTES, formatMemoDuration } from '../../domain/voice-memo';
import type { StatusShell } from '../founder/status-page-html';
import { quoteMark, quoteParties, type QuoteOperator } from './quote-sheet';

export type { QuoteOperator };

/** What the answer form shows after a refusal: the message and the text as typed. */
export interface AnswerFormState {
  error?: string;
  body?: string;
  /** The answer was sent (the 303 lands with ?answered=1). */
  sent?: boolean;
  /**
   * A refused acceptance: the quote, the Korean message, the name as typed, the box as it was, and the field at fault
   * (none when the quote itself can no longer be accepted: expired, withdrawn, replaced).
   */
  quote?: { id: string; error: string; name?: string; agreed?: boolean; field?: 'name' | 'agree' };
}

export const THREAD_STYLE = `
.st .msg{border:1px solid #e2e8f0;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 .75rem;background:#f8fafc}
.st .msg.founder{background:#fff;border-color:#c7d2fe;margin-left:1.5rem}
.st .msg header{display:flex;flex-wrap:wrap;gap:.25rem .75rem;font-size:.875rem;color:#475569;margin:0 0 .25rem}
.st .msg header strong{color:#0f172a}
.st .msg .body{white-space:pre-wrap;margin:0}
.st .quote{border:1px solid #a5b4fc;border-radius:.75rem;background:#fff;padding:.75rem 1rem;margin:.75rem 0 0}
.st table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
.st th,.st td{text-align:left;padding:.35rem .4rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
.st td.n,.st th.n{text-align:right;white-space:nowrap}
.st tfoot th{font-weight:600}.st tfoot tr.total th,.st tfoot tr.total td{font-weight:800;font-size:1.05rem;border-bottom:0}
.st label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.st textarea{width:100%;min-height:7rem;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit}
.st input[type=file]:not([hidden]){display:block;max-width:100%}
.st .hint{color:#475569;font-size:.875rem;margin:.25rem 0 0}
.st .err{color:#b91c1c;font-weight:600;margin:.5rem 0 0}
.st .ok{color:#166534;font-weight:600;margin:0 0 .75rem}
.st textarea:focus-visible,.st input:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
.st .quote{overflow-wrap:anywhere}
.st .quote input[type=text]{width:100%;max-width:20rem;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit}
.st .quote .agree{display:flex;gap:.5rem;align-items:flex-start;font-weight:600;margin:.75rem 0}
.st .quote .agree input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}
.st details.earlier>summary{cursor:pointer;font-weight:600;color:#475569}
.st .fingerprint{font-family:ui-monospace,monospace;font-size:.8rem;word-break:break-all}
@media (max-width:36rem){
  .st [data-quote-table] thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
  .st [data-quote-table] tbody tr{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:0 .5rem;border-bottom:1px solid #e2e8f0;padding:.35rem 0}
  .st [data-quote-table] tbody td{border:0;padding:.15rem .2rem}
  .st [data-quote-table] tbody td:first-child{grid-column:1/-1;font-weight:600}
  .st [data-quote-table] tbody td.n::before{content:attr(data-label);display:block;font-size:.75rem;font-weight:400;color:#475569}
  .st [data-quote-table] tfoot tr{display:flex;justify-content:space-between}
}`;

const PRINT_STYLE = `
.st .sheet{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1.5rem}
.st .sheet h1{text-align:center;letter-spacing:.5em}
.st .parties{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin:0 0 1rem}
@page{size:A4;margin:15mm}
@media print{
  header,footer,.no-print,a[href="#main"]{display:none!important}
  body{background:#fff!important}
  .st{max-width:none;padding:0;color:#000}
  .st .sheet{border:0;padding:0}
  .st th,.st td{border-color:#999}
}`;

const kst = (iso: string) => `${formatKst(iso)} (한국 시간)`;

function quoteTable(quote: QuoteView): string {
  const c = quoteCopy.columns;
  return `<table data-quote-table>
<thead><tr><th>${escapeHtml(c.description)}</th><th class="n">${escapeHtml(c.quantity)}</th><th class="n">${escapeHtml(c.unitPrice)}</th><th class="n">${escapeHtml(c.amount)}</th></tr></thead>
<tbody>${quote.items
    .map(
      (item, index) =>
        `<tr><td>${escapeHtml(item.description)}</td><td class="n" data-label="${escapeHtml(c.quantity)}">${item.quantity.toLocaleString('ko-KR')}</td><td class="n" data-label="${escapeHtml(c.unitPrice)}">${escapeHtml(formatWon(item.unitPrice))}</td><td class="n" data-label="${escapeHtml(c.amount)}">${escapeHtml(formatWon(quote.totals.lines[index]!))}</td></tr>`,
    )
    .join('')}</tbody>
<tfoot>
<tr><th colspan="3">${escapeHtml(quoteCopy.supply)}</th><td class="n" data-quote-supply>${escapeHtml(formatWon(quote.totals.supply))}</td></tr>
<tr><th colspan="3">${escapeHtml(quoteCopy.vat(VAT_PERCENT))}</th><td class="n" data-quote-vat>${escapeHtml(formatWon(quote.totals.vat))}</td></tr>
<tr class="total"><th colspan="3">${escapeHtml(quoteCopy.total)}</th><td class="n" data-quote-total>${escapeHtml(formatWon(quote.totals.total))}</td></tr>
</tfoot></table>
<p class="hint">${escapeHtml(quoteCopy.currencyNote)}</p>
${quote.notes ? `<p><strong>${escapeHtml(quoteCopy.notes)}</strong></p><p class="body">${escapeHtml(quote.notes)}</p>` : ''}`;
}

/**
 * The acceptance record of an accepted quote: by whom, when, the full quote id and the fingerprint of what was
 * accepted (recomputable from the sheet's values), and whether the quote as stored still matches it.
 */
function acceptanceBlock(quote: QuoteView): string {
  if (!quote.acceptedAt || !quote.acceptedSha256) return '';
  const check =
    quote.acceptanceIntact === false
      ? `<p class="err" data-quote-intact="false">${escapeHtml(quoteCopy.fingerprintDiffers)}</p>`
      : `<p class="ok" data-quote-intact="true">${escapeHtml(quoteCopy.fingerprintMatches)}</p>`;
  return `<section data-quote-acceptance><h3>${escapeHtml(quoteCopy.acceptedBlock)}</h3><dl>
${quote.acceptedName ? `<dt>${escapeHtml(quoteCopy.acceptedName)}</dt><dd>${escapeHtml(quote.acceptedName)}</dd>` : ''}
<dt>${escapeHtml(quoteCopy.acceptedAt)}</dt><dd>${escapeHtml(kst(quote.acceptedAt))}</dd>
<dt>${escapeHtml(quoteCopy.quoteId)}</dt><dd class="fingerprint">${escapeHtml(quote.id)}</dd>
<dt>${escapeHtml(quoteCopy.fingerprint)}</dt><dd class="fingerprint" data-quote-sha256>${escapeHtml(quote.acceptedSha256)}</dd>
</dl>${check}<p class="hint">${escapeHtml(quoteCopy.fingerprintHint)}</p></section>`;
}

/** 「동의합니다」 and the name: a plain form post, refused at its fields with the name kept. */
function acceptForm(quote: QuoteView, page: string, form: AnswerFormState): string {
  const refused = form.quote?.id === quote.id ? form.quote : undefined;
  const field = `quote-${quote.id}-signature`;
  return `<form method="post" action="${escapeHtml(`${page}/${threadSubpaths.confirm}`)}" data-quote-accept>
<p class="hint">${escapeHtml(quoteCopy.confirmHint)}</p>
<label for="${field}">${escapeHtml(quoteCopy.signature)}</label>
<input type="text" id="${field}" name="${QUOTE_ACCEPT_FIELDS.name}" required maxlength="${QUOTE_SIGNATURE_MAX}" autocomplete="name" value="${escapeHtml(refused?.name ?? '')}" aria-describedby="${field}-hint${refused?.field === 'name' ? ` ${field}-error` : ''}"${refused?.field === 'name' ? ' aria-invalid="true" autofocus' : ''}>
<p class="hint" id="${field}-hint">${escapeHtml(quoteCopy.signatureHint)}</p>
<label class="agree"><input type="checkbox" name="${QUOTE_ACCEPT_FIELDS.agree}" required${refused?.agreed ? ' checked' : ''}${refused?.field === 'agree' ? ` aria-invalid="true" aria-describedby="${field}-error" autofocus` : ''}> <span>${escapeHtml(quoteCopy.agree)}</span></label>
${refused ? `<p class="err" role="alert" id="${field}-error">${escapeHtml(refused.error)}</p>` : ''}
<button type="submit" class="btn primary">${escapeHtml(quoteCopy.confirm)}</button>
</form>`;
}

function quoteCard(quote: QuoteView, base: string, form: AnswerFormState, now: Date): string {
  const page = `${base}/${threadSubpaths.quote}/${quote.id}`;
  const state = quoteState(quote, now);
  const refusal =
    form.quote?.id === quote.id && state !== 'open'
      ? `<p class="err" role="alert">${escapeHtml(form.quote.error)}</p>`
      : '';
  const action =
    state === 'open'
      ? acceptForm(quote, page, form)
      : state === 'accepted'
        ? `<p class="ok" data-quote-accepted>${escapeHtml(quoteCopy.accepted(kst(quote.acceptedAt!), quote.acceptedName))}</p>`
        : state === 'expired'
          ? `<p class="hint" data-quote-expired>${escapeHtml(quoteCopy.expired(formatKstDay(quote.validUntil)))}</p>
<form method="post" action="${escapeHtml(`${base}/${threadSubpaths.answer}`)}"><input type="hidden" name="${ANSWER_FIELDS.body}" value="${escapeHtml(quoteCopy.askNewMessage(quote.version))}"><button type="submit" class="btn secondary" data-quote-ask-new>${escapeHtml(quoteCopy.askNew)}</button></form>`
          : state === 'withdrawn'
            ? `<p class="hint" data-quote-withdrawn>${escapeHtml(quoteCopy.withdrawnNote)}</p>`
            : '';
  const card = `<div class="quote" id="quote-${escapeHtml(quote.id)}" data-quote data-quote-state="${state}">
<h3>${escapeHtml(`${quoteCopy.title} ${quoteCopy.version(quote.version)}`)}</h3>
<p class="hint">${escapeHtml(quoteCopy.validUntil)}: ${escapeHtml(formatKstDay(quote.validUntil))}</p>
${quoteTable(quote)}
${refusal}${action}${acceptanceBlock(quote)}
<a class="btn secondary" href="${escapeHtml(page)}">${escapeHtml(quoteCopy.print)}</a>
<a class="btn secondary" href="${escapeHtml(`${page}/${threadSubpaths.pdf}`)}" download data-quote-pdf>${escapeHtml(quoteCopy.pdf)}</a>
</div>`;
  if (state !== 'superseded' && state !== 'withdrawn') return card;
  // An earlier or withdrawn quote stays readable, folded and marked (issue 50).
  const label = state === 'superseded' ? quoteCopy.superseded : quoteCopy.withdrawn;
  // Opened when the founder's press on it was refused, so the message is seen.
  const open = form.quote?.id === quote.id ? ' open' : '';
  return `<details class="earlier" data-quote-earlier${open}><summary>${escapeHtml(`${label}: ${quoteCopy.title} ${quoteCopy.version(quote.version)}`)}</summary>
${state === 'superseded' ? `<p class="hint">${escapeHtml(quoteCopy.supersededNote(quote.version + 1))}</p>` : ''}${card}</details>`;
}

/** The status page's thread section with the answer form. */
export function threadSectionHtml(
  thread: ThreadView,
  base: string,
  form: AnswerFormState = {},
  now = new Date(),
): string {
  const messages = thread.messages
    .map((message) => {
      const who = message.side === 'team' ? copy.team : copy.founder;
      const memo = message.memo
        ? `<p class="hint">${escapeHtml(copy.memo)}${message.memo.durationMs > 0 ? ` (${escapeHtml(formatMemoDuration(message.memo.durationMs))})` : ''}</p>
<audio controls preload="none" src="${escapeHtml(`${base}/${threadSubpaths.memo}/${message.id}`)}"></audio>`
        : '';
      return `<article class="msg ${message.side}" data-thread-message data-side="${message.side}">
<header><strong>${escapeHtml(who)}</strong><time datetime="${message.at}">${escapeHtml(kst(message.at))}</time></header>
${message.body ? `<p class="body">${escapeHtml(message.body)}</p>` : ''}${memo}${message.quote ? quoteCard(message.quote, base, form, now) : ''}
</article>`;
    })
    .join('\n');
  const a = copy.answer;
  const megabytes = Math.round(VOICE_MEMO_MAX_BYTES / (1024 * 1024));
  return `<style>${THREAD_STYLE}</style>
<section class="card" id="${THREAD_ANCHOR}" aria-labelledby="st-thread"><h2 id="st-thread">${escapeHtml(copy.heading)}</h2>
<p class="muted">${escapeHtml(copy.lead)}</p>
${messages || `<p class="muted">${escapeHtml(copy.empty)}</p>`}
<h3>${escapeHtml(a.heading)}</h3>
${form.sent ? `<p class="ok" role="status" data-answer-sent>${escapeHtml(a.sent)}</p>` : ''}
<form method="post" enctype="multipart/form-data" action="${escapeHtml(`${base}/${threadSubpaths.answer}`)}" data-answer-form style="display:block">
<label for="answer-body">${escapeHtml(a.body)}</label>
<textarea id="answer-body" name="${ANSWER_FIELDS.body}" maxlength="${THREAD_LIMITS.answerMax}" aria-describedby="answer-body-hint${form.error ? ' answer-error' : ''}"${form.error ? ' aria-invalid="true"' : ''}>${escapeHtml(form.body ?? '')}</textarea>
<p class="hint" id="answer-body-hint">${escapeHtml(a.bodyHint(THREAD_LIMITS.answerMax))}</p>
<div data-answer-memo>
<label for="answer-memo">${escapeHtml(a.memo)}</label>
<input id="answer-memo" type="file" name="${VOICE_MEMO_FIELD}" accept="audio/*" capture aria-describedby="answer-memo-hint">
<p class="hint" id="answer-memo-hint">${escapeHtml(a.memoHint(megabytes))}</p>
</div>
${form.error ? `<p class="err" role="alert" id="answer-error">${escapeHtml(form.error)}</p>` : ''}
<button type="submit" class="btn primary">${escapeHtml(a.submit)}</button>
</form>
</section>`;
}

/** The quote's own page: the sheet as it prints on A4 (the site's header and footer and the buttons drop out). */
export function quotePageHtml(
  shell: StatusShell,
  quote: QuoteView,
  sheet: { ideaId: string; recipient: string; back: string; pdf: string; operator: QuoteOperator },
  now = new Date(),
): string {
  const row = ([term, detail]: [string, string]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(detail)}</dd>`;
  const mark = quoteMark(quote, now);
  const parties = quoteParties(quote, sheet);
  return shell.render(
    quoteCopy.title,
    `<style>${THREAD_STYLE}${PRINT_STYLE}</style>
<div class="sheet" data-quote-sheet>
<h1>${escapeHtml(quoteCopy.title)}</h1>
${mark ? `<p class="err" data-quote-mark>${escapeHtml(mark)}</p>` : ''}
<div class="parties"><dl>
${parties.quote.map(row).join('\n')}
</dl><dl>
${parties.supplier.map(row).join('\n')}
</dl></div>
${quoteTable(quote)}
${acceptanceBlock(quote)}
</div>
<div class="no-print">
<p class="hint">${escapeHtml(quoteCopy.printHint)}</p>
<a class="btn secondary" href="${escapeHtml(sheet.pdf)}" download>${escapeHtml(quoteCopy.pdf)}</a>
<a class="btn secondary" href="${escapeHtml(sheet.back)}">${escapeHtml(quoteCopy.back)}</a>
</div>`,
  );
}
