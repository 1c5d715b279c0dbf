/**
 * The benchmark's control page (docs/decisions/064): the home page's copy (src/content/home.ts: hero, value panel,
 * process, FAQ) as a plain static Korean page — inline CSS, `word-break: keep-all`, no script, no web font, no
 * request besides the HTML — served on its own port and measured by `npm run bench:web` in the same rounds as the
 * site, so each report shows what this machine's Lighthouse gives a page with nothing left to tune. It is several
 * phone screens long, like the site's pages: a page that fits one screen skips the scrollbar animation Chromium
 * runs after load, and with it the ~20 filmstrip screenshots and the compositing they cost (decision 067).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { faq, faqSection, hero, processSection, processSteps, valuePanel } from '../../src/content/home';
import { escapeHtml } from '../../src/domain/escape-html';

/** Title–text pairs as a heading of the given level and a paragraph each. */
const items = (level: 'h2' | 'h3', pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs
    .map(([head, text]) => `    <${level}>${escapeHtml(head)}</${level}>\n    <p>${escapeHtml(text)}</p>`)
    .join('\n');

export const controlPageHtml = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>대조군: 정적인 한국어 페이지</title>
    <meta name="description" content="npm run bench:web이 사이트와 같은 조건에서 함께 측정하는 대조군 페이지입니다.">
    <style>
      body { margin: 0; padding: 24px; font-family: sans-serif; line-height: 1.6; color: #0f172a; word-break: keep-all; }
      h1 { font-size: 34px; line-height: 1.25; }
    </style>
  </head>
  <body>
    <h1>${escapeHtml(hero.headline.join(' '))}</h1>
    <p>${escapeHtml(hero.lead)}</p>
    <p>${escapeHtml(hero.ideaFormats)}</p>
${items(
  'h2',
  valuePanel.map((point) => [point.title, point.description]),
)}
    <h2>${escapeHtml(processSection.title)}</h2>
${items(
  'h3',
  processSteps.map((step) => [`${step.step}. ${step.title}`, step.description]),
)}
    <h2>${escapeHtml(faqSection.title)}</h2>
${items(
  'h3',
  faq.map((item) => [item.question, item.answer]),
)}
  </body>
</html>
`;

export async function startControlServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
      .end(controlPageHtml);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
