/** A tiny built site (what `npm run build` emits, in miniature) in a temp dir, for the static-serving tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const INLINE_SCRIPT = "document.documentElement.dataset.js='1'";
/** Stands in for the build's `.br` copy of the fixture's script; its bytes are checked to arrive unchanged. */
export const PRECOMPRESSED_BROTLI = zlib.brotliCompressSync(
  Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`),
);

export function siteFixture(): { siteDir: string; cleanup(): void } {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-site-'));
  const page = (title: string, extra = '') =>
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>${title}</title>${extra}` +
    `<script type="module" src="/assets/index-abc123.js"></script></head><body><h1>${title}</h1>${'<p>내용</p>'.repeat(200)}</body></html>`;
  fs.mkdirSync(path.join(siteDir, 'about'), { recursive: true });
  fs.mkdirSync(path.join(siteDir, 'privacy'), { recursive: true });
  fs.mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(siteDir, 'index.html'),
    page('홈', `<script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script>`),
  );
  fs.writeFileSync(path.join(siteDir, 'about', 'index.html'), page('팀 소개'));
  fs.writeFileSync(path.join(siteDir, 'privacy', 'index.html'), page('개인정보처리방침'));
  fs.writeFileSync(path.join(siteDir, '404.html'), page('페이지를 찾을 수 없습니다'));
  fs.writeFileSync(
    path.join(siteDir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // What the build's precompression writes: a Brotli copy the server must send as it is.
  fs.writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js.br'), PRECOMPRESSED_BROTLI);
  return { siteDir, cleanup: () => fs.rmSync(siteDir, { recursive: true, force: true }) };
}
