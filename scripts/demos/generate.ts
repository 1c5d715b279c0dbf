/**
 * `npm run demos`: renders each portfolio item's story frame by frame in headless Debian Chromium and encodes
 * public/demos/<slug>.webp (looping animation), public/demos/<slug>-poster.webp (still) and
 * public/demos/<slug>-card.webp (the poster at card size, shown on the portfolio card).
 *
 *   npm run demos                         all four
 *   npm run demos -- badminton-log        only the named slugs
 *   npm run demos -- --keep-frames        also keep the PNG frames under $TMPDIR/demo-frames/<slug>/ to look at
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunch } from '../../playwright.config';
import { DEMO_SIZE, portfolio } from '../../src/content/portfolio';
import { DEMO_BUDGET } from './demo-budget';
import { FONT_PATH, HOST_ORIGIN, hostHtml } from './page-host';
import { stories } from './story-registry';
import { storyDuration, type Story } from './timeline';
import { parseWebp } from './webp-info';
import { assertWebpTools, encodeAnimation, encodeCardImage, encodeStill, type AnimationOptions } from './webp-tools';

const repo = fileURLToPath(new URL('../..', import.meta.url));
/** Lossless keeps every glyph crisp; measured 330–450 KB per 13 s demo, inside the 600 KB budget (docs/decisions/066). */
const ANIMATION: AnimationOptions = { mode: 'lossless', quality: 75, method: 4 };

async function main(): Promise<void> {
  assertWebpTools();
  const args = process.argv.slice(2);
  const keepFrames = args.includes('--keep-frames');
  const only = args.filter((a) => !a.startsWith('--'));
  const unknown = only.filter((slug) => !(slug in stories));
  if (unknown.length > 0) throw new Error(`unknown demo(s): ${unknown.join(', ')}`);
  const missing = portfolio.filter((item) => !(item.slug in stories));
  if (only.length === 0 && missing.length > 0)
    throw new Error(`no story for: ${missing.map((i) => i.slug).join(', ')}`);

  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  const failures: string[] = [];
  try {
    for (const [slug, build] of Object.entries(stories)) {
      if (only.length > 0 && !only.includes(slug)) continue;
      failures.push(...(await renderStory(browser, build(), keepFrames)));
    }
  } finally {
    await browser.close();
  }
  if (failures.length > 0) {
    console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

async function renderStory(browser: Browser, story: Story, keepFrames: boolean): Promise<string[]> {
  const item = portfolio.find((i) => i.slug === story.slug);
  if (!item) throw new Error(`story ${story.slug} has no portfolio item`);
  const page = await browser.newPage({ viewport: { ...DEMO_SIZE }, deviceScaleFactor: 1 });
  await page.route(`${HOST_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostHtml(story.theme) });
    if (path === '/font.woff2') return route.fulfill({ contentType: 'font/woff2', body: readFileSync(FONT_PATH) });
    return route.abort();
  });
  await page.goto(`${HOST_ORIGIN}/`);
  await page.evaluate(() => document.fonts.load('16px "Pretendard Variable"'));
  if (!(await page.evaluate(() => document.fonts.check('16px "Pretendard Variable"')))) {
    throw new Error('Pretendard did not load');
  }

  const dir = keepFrames
    ? join(tmpdir(), 'demo-frames', story.slug)
    : mkdtempSync(join(tmpdir(), `demo-${story.slug}-`));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const encoded: { png: string; ms: number }[] = [];
  for (const [i, frame] of story.frames.entries()) {
    const error = await page.evaluate(
      (f) => (window as unknown as { setFrame: (x: typeof f) => string | null }).setFrame(f),
      {
        html: frame.html,
        cursor: frame.cursor,
      },
    );
    if (error) throw new Error(`${story.slug} frame ${i}: ${error}`);
    const png = join(dir, `frame-${String(i).padStart(3, '0')}.png`);
    await page.screenshot({ path: png, type: 'png' });
    encoded.push({ png, ms: frame.ms });
  }
  await page.close();

  const outDir = join(repo, 'public', 'demos');
  mkdirSync(outDir, { recursive: true });
  const animation = join(outDir, `${story.slug}.webp`);
  const poster = join(outDir, `${story.slug}-poster.webp`);
  encodeAnimation(encoded, animation, ANIMATION);
  const posterFrame = encoded[story.posterIndex];
  if (!posterFrame) throw new Error(`${story.slug}: poster frame ${story.posterIndex} does not exist`);
  encodeStill(posterFrame.png, poster);
  encodeCardImage(posterFrame.png, join(outDir, `${story.slug}-card.webp`));
  if (!keepFrames) rmSync(dir, { recursive: true, force: true });

  const info = parseWebp(readFileSync(animation));
  const bytes = statSync(animation).size;
  const posterBytes = statSync(poster).size;
  const duration = info.frameDurations.reduce((a, b) => a + b, 0);
  console.log(
    `${story.slug}.webp  ${info.width}×${info.height}  ${bytes} B (${(bytes / 1000).toFixed(1)} kB)  ` +
      `${info.frameDurations.length} frames (${story.frames.length} rendered)  loop ${(duration / 1000).toFixed(2)} s ` +
      `(story ${(storyDuration(story) / 1000).toFixed(2)} s)  poster ${posterBytes} B (${(posterBytes / 1000).toFixed(1)} kB)`,
  );

  const failures: string[] = [];
  if (bytes > DEMO_BUDGET.animationBytes)
    failures.push(`${story.slug}.webp is ${bytes} B (max ${DEMO_BUDGET.animationBytes})`);
  if (posterBytes > DEMO_BUDGET.posterBytes)
    failures.push(`${story.slug}-poster.webp is ${posterBytes} B (max ${DEMO_BUDGET.posterBytes})`);
  if (duration < DEMO_BUDGET.minLoopMs || duration > DEMO_BUDGET.maxLoopMs)
    failures.push(`${story.slug} loop is ${duration} ms`);
  return failures;
}

await main();
