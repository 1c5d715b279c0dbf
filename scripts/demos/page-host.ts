/**
 * The single page every frame is drawn in: fonts, the shared stylesheet, a root for the frame's markup and a
 * pointer. `window.setFrame(frame)` swaps in one frame's markup and places the pointer; it returns an error string
 * when the frame names a pointer target that is not on screen (an authoring mistake the generator reports).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HOST_ORIGIN = 'http://demos.invalid';
export const FONT_PATH = fileURLToPath(
  new URL('../../node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2', import.meta.url),
);
const STYLES_PATH = fileURLToPath(new URL('./screens/demo.css', import.meta.url));

/**
 * Runs in the page. A plain string (not a serialised TS function) so no compiler helper leaks into the page.
 * The pointer travels from wherever it was when a new movement began to the centre of the target element; once
 * it has arrived it stays put even if the target leaves the screen.
 */
const FRAME_HOOK = `
(() => {
  const root = document.getElementById('root');
  const pointer = document.getElementById('pointer');
  let pos = { x: 700, y: 520 };
  let from = pos;
  let lastMove = -1;
  window.setFrame = ({ html, cursor }) => {
    root.innerHTML = html;
    if (cursor.move !== lastMove) { from = pos; lastMove = cursor.move; }
    const el = cursor.target ? root.querySelector('[data-cursor="' + cursor.target + '"]') : null;
    if (cursor.target && !el && cursor.p < 1) return 'pointer target "' + cursor.target + '" is not on screen';
    if (el) {
      const r = el.getBoundingClientRect();
      const to = { x: r.left + Math.min(r.width / 2, 60), y: r.top + r.height / 2 };
      pos = { x: from.x + (to.x - from.x) * cursor.p, y: from.y + (to.y - from.y) * cursor.p };
    }
    pointer.style.transform = 'translate(' + pos.x.toFixed(1) + 'px, ' + pos.y.toFixed(1) + 'px)';
    pointer.classList.toggle('is-down', cursor.down);
    return null;
  };
})();
`;

export function hostHtml(theme: Record<string, string>): string {
  const vars = Object.entries(theme)
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<style>
@font-face { font-family: 'Pretendard Variable'; font-weight: 45 920; font-style: normal; src: url('${HOST_ORIGIN}/font.woff2') format('woff2'); }
:root { ${vars} }
${readFileSync(STYLES_PATH, 'utf8')}
</style>
</head>
<body>
<div id="root"></div>
<div id="pointer" aria-hidden="true">
  <span class="pointer-ring"></span>
  <svg width="22" height="26" viewBox="0 0 22 26"><path d="M2 1.5 L2 20.5 L7 15.8 L10.6 23.6 L14 22.1 L10.5 14.5 L17.4 14.5 Z" fill="#111827" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg>
</div>
<script>${FRAME_HOOK}</script>
</body>
</html>`;
}
