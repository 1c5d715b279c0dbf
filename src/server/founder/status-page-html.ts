/**
 * The founder's status pages (decision 084), rendered by the server at prerender quality: the site's own built
 * page (SITE_DIR/404.html: head, inline stylesheet, font, header and footer) is the shell, its <main> replaced
 * with the status content and its scripts removed (the server may not import src/web, and a hydrating page would
 * put its own content back). The only inline script is the count-down, allowed by its hash in the page's own CSP;
 * the only other is the page's own file (the answer's voice memo recorder, from 'self', named by the build in
 * STATUS_PAGE_CODE_FILE). Every value is escaped. Copy: content/status-page.ts. Without a built site a plain shell stands in (tests, dev).
 */
import { channelLabels } from '../../content/lead-source';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { statusPageCopy as copy } from '../../content/status-page';
import { retentionPromise } from '../../content/privacy';
import { stageLabels } from '../../content/stages';
import { threadTimelineCopy } from '../../content/thread';
import { escapeHtml } from '../../domain/escape-html';
import { promiseOf, promisedByOf } from '../../domain/promise';
import { formatKst } from '../../domain/kst';
import type { Stage } from '../../domain/stages';
import { STATUS_PAGE_CODE_FILE, statusSubpaths } from '../../domain/status-link';
import { formatMemoDuration } from '../../domain/voice-memo';
import { contentSecurityDirectives } from '../security/security-headers';
import type { StatusIdea } from './status-lookup';
import { leadReference } from '../../domain/lead-reference';

/** The stage labels held to the domain's stages (content may not import domain types). */
const STAGE_LABELS: Record<Stage, string> = stageLabels;

/**
 * The count-down: fills `[data-countdown]` with the time left until its `data-deadline`, every second; the HTML
 * already says the promised time, so without it nothing is missing.
 */
export const COUNTDOWN_SCRIPT = `(function(){var e=document.querySelector('[data-countdown]');if(!e)return;var d=Date.parse(e.getAttribute('data-deadline')||''),u=(e.getAttribute('data-units')||'').split('|'),o=e.getAttribute('data-overdue')||'';function p(n){return n<10?'0'+n:''+n}function t(){var s=Math.floor((d-Date.now())/1000);if(!(s>=0)){e.textContent=o;return}var h=Math.floor(s/3600),m=Math.floor(s%3600/60);e.textContent=h+u[0]+' '+p(m)+u[1]+' '+p(s%60)+u[2];setTimeout(t,1000-Date.now()%1000)}t()})();`;

const COUNTDOWN_HASH = `'sha256-${crypto.createHash('sha256').update(COUNTDOWN_SCRIPT).digest('base64')}'`;

/** The status pages' CSP: the site's, with the count-down's hash as the only inline script. */
export function statusPageCsp(https: boolean): string {
  return Object.entries(contentSecurityDirectives([COUNTDOWN_HASH], https))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

const STYLE = `
.st{max-width:42rem;margin:0 auto;padding:2.5rem 1.25rem 4rem;color:#0f172a;line-height:1.65;word-break:keep-all;overflow-wrap:anywhere}
.st h1{font-size:1.75rem;line-height:1.3;font-weight:800;margin:0 0 .75rem}
.st h2{font-size:1.15rem;font-weight:700;margin:0 0 .75rem}
.st .lead{color:#334155;margin:0 0 1.5rem}
.st .card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem 1.5rem;margin:0 0 1.25rem}
.st .card.hi{border-color:#a5b4fc;background:#eef2ff}
.st dl{margin:0}.st dt{font-size:.875rem;color:#475569}.st dd{margin:0 0 .75rem;font-weight:600}
.st .count{font-size:1.5rem;font-weight:800;color:#3730a3;font-variant-numeric:tabular-nums}
.st ol{list-style:none;margin:0;padding:0;border-left:2px solid #c7d2fe}
.st li{position:relative;margin:0 0 .75rem;padding-left:1rem}
.st li::before{content:'';position:absolute;left:-.4rem;top:.55rem;width:.7rem;height:.7rem;border-radius:50%;background:#4f46e5}
.st li time{display:block;font-size:.875rem;color:#475569}
.st .idea{white-space:pre-wrap;border-left:3px solid #4f46e5;padding-left:.75rem;margin:0 0 1rem;font-weight:400}
.st audio{width:100%;margin:.25rem 0 1rem}
.st .btn{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.75rem;font-weight:600;text-decoration:none;border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;margin:.5rem .5rem 0 0}
.st .primary{background:#4f46e5;color:#fff}.st .primary:hover{background:#4338ca}
.st .secondary{background:#fff;color:#3730a3;border-color:#c7d2fe}
.st .danger{background:#fff;color:#b91c1c;border-color:#fecaca}
.st form{display:inline}
.st .muted{color:#475569;font-size:.95rem}
.st a:focus-visible,.st button:focus-visible{outline:3px solid #6366f1;outline-offset:2px}`;

const FALLBACK_SHELL = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>24시간 MVP 스튜디오</title></head>
<body><main id="main"></main></body></html>`;

export interface StatusShell {
  /**
   * `script`: the count-down (inline, by its hash); `recorder`: the status page's own script, the answer form's
   * voice memo recorder (a `<script type="module" src>` from 'self', when the build made one).
   */
  render(title: string, main: string, options?: { script?: boolean; recorder?: boolean }): string;
}

/** The status page's own script as the build recorded it (STATUS_PAGE_CODE_FILE beside the site), or undefined. */
export function loadStatusPageCode(siteDir: string): { entry: string; preload: string[] } | undefined {
  try {
    const code = JSON.parse(fs.readFileSync(path.join(siteDir, '..', STATUS_PAGE_CODE_FILE), 'utf8')) as {
      entry?: unknown;
      preload?: unknown;
    };
    const url = (value: unknown): value is string => typeof value === 'string' && /^\/assets\/[\w.-]+\.js$/.test(value);
    const preload = Array.isArray(code.preload) ? code.preload.filter(url) : [];
    return url(code.entry) && fs.existsSync(path.join(siteDir, code.entry))
      ? { entry: code.entry, preload }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the built 404 page once and keeps it as the shell: head and header and footer, without its scripts. */
export function loadStatusShell(siteDir: string): StatusShell {
  const file = path.join(siteDir, '404.html');
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_SHELL;
  const withoutScripts = source
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link rel="modulepreload"[^>]*>/gi, '')
    // Islands would hydrate nothing now: drop their markers so nothing reads them.
    .replace(/\sdata-island="[^"]*"\s+data-props="[^"]*"/g, '')
    // The phone menu's button needs the header's script, which this page does not load: no dead control.
    .replace(/<button\b[^>]*aria-controls="mobile-menu"[^>]*>[\s\S]*?<\/button>/, '')
    .replace(/<nav id="mobile-menu"[\s\S]*?<\/nav>/, '')
    .replace(/<meta (name|property)="(description|og:[a-z:]+|twitter:[a-z:]+)"[^>]*>/g, '');
  const mainStart = withoutScripts.search(/<main\b/);
  const mainOpenEnd = withoutScripts.indexOf('>', mainStart) + 1;
  const mainEnd = withoutScripts.indexOf('</main>');
  const before = withoutScripts.slice(0, mainOpenEnd);
  const after = withoutScripts.slice(mainEnd);
  const code = loadStatusPageCode(siteDir);
  const recorderTags = code
    ? [
        ...code.preload.map((url) => `<link rel="modulepreload" href="${escapeHtml(url)}">`),
        `<script type="module" src="${escapeHtml(code.entry)}"></script>`,
      ].join('')
    : '';
  return {
    render(title, main, options = {}) {
      const head = before
        .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)} | 24시간 MVP 스튜디오</title>`)
        .replace(
          '</head>',
          `<meta name="robots" content="noindex, nofollow">\n<meta name="referrer" content="no-referrer">\n<style>${STYLE}</style>\n</head>`,
        );
      const script = `${options.script ? `<script>${COUNTDOWN_SCRIPT}</script>` : ''}${options.recorder ? recorderTags : ''}`;
      return `${head}<div class="st">${main}</div>${after.replace('</body>', `${script}</body>`)}`;
    },
  };
}

const kst = (instant: Date) => `${formatKst(instant)} (${copy.kst})`;
const row = (term: string, detail: string) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(detail)}</dd>`;

/**
 * `sections`: further sections' HTML (already escaped), shown after the prototype (the meeting booking); `thread`:
 * the conversation's section (thread/thread-html.ts, decision 101), already rendered and escaped.
 */
export function statusPageHtml(
  shell: StatusShell,
  idea: StatusIdea,
  base: string,
  now = new Date(),
  sections = '',
  thread = '',
): string {
  // The promise (domain/promise.ts): a count-down only while the clock runs; a closed request says so instead.
  const promise = promiseOf(
    { receivedAt: idea.receivedAt, deliveredAt: idea.prototypeDeliveredAt, closedAt: idea.closedAt },
    now,
  );
  const promisedBy = promise.promisedBy;
  const delivered = idea.prototypeUrl !== null && idea.prototypeDeliveredAt !== null;
  const units = [copy.receipt.units.hours, copy.receipt.units.minutes, copy.receipt.units.seconds].join('|');
  const countdown =
    promise.state === 'closed'
      ? row(copy.receipt.remaining, copy.receipt.closed)
      : promise.state !== 'open'
        ? ''
        : `<dt>${escapeHtml(copy.receipt.remaining)}</dt>
<dd><span class="count" data-countdown data-deadline="${promisedBy.toISOString()}" data-units="${escapeHtml(units)}" data-overdue="${escapeHtml(copy.receipt.overdue)}" aria-live="off">${escapeHtml(
            promise.overdue ? copy.receipt.overdue : copy.receipt.remainingStatic(formatKst(promisedBy)),
          )}</span></dd>`;
  const prototype = delivered
    ? `<section class="card hi" aria-labelledby="st-prototype"><h2 id="st-prototype">${escapeHtml(copy.prototype.heading)}</h2>
<p class="muted">${escapeHtml(copy.prototype.deliveredAt(kst(idea.prototypeDeliveredAt!)))}</p>
<p><a class="btn primary" href="${escapeHtml(idea.prototypeUrl!)}" rel="noreferrer noopener" target="_blank" data-prototype-link>${escapeHtml(copy.prototype.open)}</a></p></section>`
    : '';
  const timeline = [
    { label: copy.timeline.received, at: idea.receivedAt },
    ...idea.timeline.map((event) => ({
      label: 'stage' in event ? STAGE_LABELS[event.stage] : threadTimelineCopy.status[event.kind],
      at: event.at,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const memo = idea.memo
    ? `<dt>${escapeHtml(copy.sent.memo)} (${escapeHtml(formatMemoDuration(idea.memo.durationMs))})</dt>
<dd><audio controls preload="none" src="${escapeHtml(`${base}/${statusSubpaths.memo}`)}"></audio></dd>`
    : '';
  const ideaText = idea.idea.trim() === '' && idea.memo ? copy.sent.memoOnly : idea.idea;
  const main = `<h1>${escapeHtml(copy.title)}</h1>
<p class="lead">${escapeHtml(copy.lead)}</p>
${prototype}
${sections}
<section class="card" aria-labelledby="st-receipt"><h2 id="st-receipt">${escapeHtml(copy.receipt.heading)}</h2><dl>
${row(copy.receipt.reference, leadReference(idea.id))}
${row(copy.receipt.receivedAt, kst(idea.receivedAt))}
${row(copy.receipt.promisedBy, kst(promisedBy))}
${countdown}
</dl></section>
${thread}
<section class="card" aria-labelledby="st-timeline"><h2 id="st-timeline">${escapeHtml(copy.timeline.heading)}</h2>
<ol>${timeline.map((entry) => `<li><strong>${escapeHtml(entry.label)}</strong><time datetime="${entry.at.toISOString()}">${escapeHtml(kst(entry.at))}</time></li>`).join('')}</ol></section>
<section class="card" aria-labelledby="st-sent"><h2 id="st-sent">${escapeHtml(copy.sent.heading)}</h2><dl>
<dt>${escapeHtml(copy.sent.idea)}</dt><dd><p class="idea" data-idea-text>${escapeHtml(ideaText)}</p></dd>
${memo}
${row(copy.sent.name, idea.name)}
${row(copy.sent.email, idea.email)}
${row(copy.sent.phone, idea.phone.trim() === '' ? copy.sent.noPhone : idea.phone)}
</dl></section>
${
  idea.kakaoUpdates
    ? `<section class="card" aria-labelledby="st-kakao"><h2 id="st-kakao">${escapeHtml(copy.kakao.heading)}</h2>
<p class="muted">${escapeHtml(copy.kakao.lead)}</p>
<form method="post" action="${escapeHtml(`${base}/${statusSubpaths.stopKakao}`)}"><button type="submit" class="btn secondary">${escapeHtml(copy.kakao.stop)}</button></form>
</section>`
    : ''
}
<section class="card" aria-labelledby="st-data"><h2 id="st-data">${escapeHtml(copy.data.heading)}</h2>
<p class="muted">${escapeHtml(copy.data.lead)}</p>
<a class="btn secondary" href="${escapeHtml(`${base}/${statusSubpaths.data}`)}" download>${escapeHtml(copy.data.download)}</a>
<form method="post" action="${escapeHtml(`${base}/${statusSubpaths.confirmDelete}`)}"><button type="submit" class="btn danger">${escapeHtml(copy.data.delete)}</button></form>
</section>`;
  // The answer form's recorder loads only where the thread's section (and so the form) is on the page.
  return shell.render(copy.title, main, { script: !delivered, recorder: thread.includes('data-answer-form') });
}

/** The confirmation; `contractKept`: an agreement on it was concluded, whose records the erasure keeps apart. */
export function confirmDeletePageHtml(shell: StatusShell, base: string, contractKept = false): string {
  return shell.render(
    copy.confirmDelete.title,
    `<h1>${escapeHtml(copy.confirmDelete.title)}</h1>
<p class="lead">${escapeHtml(copy.confirmDelete.lead)}</p>
${contractKept ? `<p data-contract-kept>${escapeHtml(copy.confirmDelete.contractKept(retentionPromise.contractYears))}</p>` : ''}
<form method="post" action="${escapeHtml(`${base}/${statusSubpaths.delete}`)}"><button type="submit" class="btn danger">${escapeHtml(copy.confirmDelete.confirm)}</button></form>
<a class="btn secondary" href="${escapeHtml(base)}">${escapeHtml(copy.confirmDelete.cancel)}</a>`,
  );
}

export function deletedPageHtml(shell: StatusShell, contractKept = false): string {
  return shell.render(
    copy.deleted.title,
    `<h1>${escapeHtml(copy.deleted.title)}</h1>
<p class="lead">${escapeHtml(copy.deleted.lead)}</p>
${contractKept ? `<p data-contract-kept>${escapeHtml(copy.deleted.contractKept(retentionPromise.contractYears))}</p>` : ''}
<a class="btn primary" href="/">${escapeHtml(copy.home)}</a>`,
  );
}

export function statusNotFoundHtml(shell: StatusShell): string {
  return shell.render(
    copy.notFound.title,
    `<h1>${escapeHtml(copy.notFound.title)}</h1>
<p class="lead">${escapeHtml(copy.notFound.lead)}</p>
<a class="btn primary" href="/">${escapeHtml(copy.home)}</a>`,
  );
}

/** The "my data" file: what we hold, under Korean keys, times in KST. */
export function statusDownload(
  idea: StatusIdea,
  /** Further keys the file holds (the meetings, booking/; the thread, thread/thread-download.ts). */
  extra: Record<string, unknown> = {},
): { fileName: string; body: string } {
  const k = copy.download.keys;
  const promisedBy = promisedByOf(idea.receivedAt);
  const data = {
    [k.note]: copy.download.note,
    [k.reference]: idea.id,
    [k.receivedAt]: formatKst(idea.receivedAt),
    [k.promisedBy]: formatKst(promisedBy),
    [k.idea]: idea.idea,
    [k.name]: idea.name,
    [k.email]: idea.email,
    [k.phone]: idea.phone,
    [k.memo]: idea.memo
      ? {
          [k.memoDuration]: Math.round(idea.memo.durationMs / 100) / 10,
          [k.memoSize]: idea.memo.byteSize,
          [k.memoType]: idea.memo.mimeType,
        }
      : null,
    [k.stage]: STAGE_LABELS[idea.stage],
    [k.timeline]: idea.timeline.map((event) => ({
      [k.timelineStage]: 'stage' in event ? STAGE_LABELS[event.stage] : threadTimelineCopy.status[event.kind],
      [k.timelineAt]: formatKst(event.at),
    })),
    [k.prototypeUrl]: idea.prototypeUrl,
    [k.consent]: {
      [k.consentVersion]: idea.consentVersion ?? copy.download.unknownConsent,
      [k.consentedAt]: idea.consentedAt ? formatKst(idea.consentedAt) : copy.download.unknownConsent,
    },
    [k.source]: [channelLabels[idea.source.channel], idea.source.source, idea.source.campaign]
      .filter((part) => part !== '')
      .join(' · '),
    ...extra,
  };
  return { fileName: copy.download.fileName(leadReference(idea.id)), body: `${JSON.stringify(data, null, 2)}\n` };
}
