/**
 * `npm run og-image`: renders the share image and the favicon set into public/ with headless Chromium.
 *
 * - public/og-image.png (1200×600): the Korean headline, kept inside the central 800×400 so Kakao's centre crop
 *   keeps all of it; Pretendard from node_modules, so the render does not depend on the machine's fonts.
 * - public/favicon.ico (16/32/48 via /usr/bin/convert), apple-touch-icon.png (180),
 *   icon-192.png, icon-512.png (full-bleed, maskable) and site.webmanifest.
 * The outputs are committed; run again after changing the brand, the tagline or the mark.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config';
import { site } from '../src/content/site';
import { escapeHtml } from '../src/domain/escape-html';
import { icons, manifestPath, markSvg, webManifest } from '../src/web/site/seo/icons';

const publicDir = process.argv[2] ?? 'public';
const convert = '/usr/bin/convert';
const require = createRequire(import.meta.url);

/** Pretendard variable font as a data URL (the page is rendered from a string, with no file server). */
function pretendardDataUrl(): string {
  const file = require.resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2');
  return `data:font/woff2;base64,${readFileSync(file).toString('base64')}`;
}

/** The share card. Everything that matters sits in the centre 800×400 (Kakao crops 2:1 images to that). */
function ogImageHtml(): string {
  const headline = escapeHtml(site.tagline).replace('24시간', '<em>24시간</em>');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><style>
  @font-face { font-family: Pretendard; src: url(${pretendardDataUrl()}) format('woff2'); font-weight: 45 920; }
  * { margin: 0; box-sizing: border-box; }
  html, body { width: ${site.ogImage.width}px; height: ${site.ogImage.height}px; }
  body {
    font-family: Pretendard, sans-serif; color: #fff; overflow: hidden;
    background:
      radial-gradient(circle at 12% 8%, rgb(255 255 255 / .16), transparent 38%),
      radial-gradient(circle at 92% 96%, rgb(129 140 248 / .55), transparent 45%),
      linear-gradient(135deg, #4338ca 0%, ${site.themeColor} 55%, #6366f1 100%);
    display: grid; place-items: center;
  }
  .safe { width: 800px; height: 400px; display: flex; flex-direction: column; align-items: center;
    justify-content: center; gap: 34px; text-align: center; }
  .brand { display: inline-flex; align-items: center; gap: 14px; font-size: 30px; font-weight: 700;
    letter-spacing: -0.01em; padding: 10px 26px 10px 12px; border-radius: 999px; background: #fff; color: #312e81;
    box-shadow: 0 10px 30px rgb(30 27 75 / .25); }
  .brand svg { width: 44px; height: 44px; display: block; }
  h1 { font-size: 68px; line-height: 1.22; font-weight: 800; letter-spacing: -0.035em;
    word-break: keep-all; text-wrap: balance; max-width: 800px; }
  em { font-style: normal; color: #fde68a; }
</style></head><body><div class="safe">
  <div class="brand">${markSvg({ rounded: true })}<span>${escapeHtml(site.name)}</span></div>
  <h1>${headline}</h1>
</div></body></html>`;
}

async function screenshotHtml(
  browser: Browser,
  html: string,
  width: number,
  height: number,
  path: string,
  transparent = false,
) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path, type: 'png', clip: { x: 0, y: 0, width, height }, omitBackground: transparent });
  await page.close();
}

const iconPage = (svg: string, size: number) =>
  `<!doctype html><html><head><style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style></head><body>${svg}</body></html>`;

/**
 * Re-encodes a PNG at the highest zlib level without metadata; `palette` quantises to 256 dithered colours
 * (halves the share image's bytes with no visible change to its gradient and text).
 */
function optimizePng(path: string, palette = false) {
  const quantise = palette ? ['-dither', 'FloydSteinberg', '-colors', '256'] : [];
  execFileSync(convert, [path, '-strip', ...quantise, '-define', 'png:compression-level=9', path]);
}

async function main() {
  mkdirSync(publicDir, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'og-image-'));
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    const ogPath = join(publicDir, site.ogImage.path);
    await screenshotHtml(browser, ogImageHtml(), site.ogImage.width, site.ogImage.height, ogPath);
    optimizePng(ogPath, true);

    const fullBleed = markSvg({ rounded: false });
    for (const icon of [icons.appleTouch, icons.pwa192, icons.pwa512]) {
      const path = join(publicDir, icon.path);
      await screenshotHtml(browser, iconPage(fullBleed, icon.size), icon.size, icon.size, path);
      optimizePng(path);
    }

    const icoLayers: string[] = [];
    for (const size of icons.ico.sizes) {
      const path = join(scratch, `favicon-${size}.png`);
      await screenshotHtml(browser, iconPage(markSvg({ rounded: true }), size), size, size, path, true);
      icoLayers.push(path);
    }
    execFileSync(convert, [...icoLayers, join(publicDir, icons.ico.path)]);

    writeFileSync(join(publicDir, manifestPath), `${JSON.stringify(webManifest(), null, 2)}\n`);
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`share image, favicons and manifest written to ${publicDir}/`);
}

await main();
