/**
 * The portfolio dialog with the real demo animations (public/demos/, built into dist/site and served by the real
 * server): no interception except where a failure is the point of the test.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './fixtures/hydration';
import { DEMO_SIZE, portfolio, type PortfolioItem } from '../../src/content/portfolio';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
/** A demo animation or its poster; the cards' stills (`-card.webp`) are part of the page. */
const isDemo = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/demos/') && !pathname.endsWith('-card.webp');
};
const stampOf = (src: string | null) => Number(new URL(src ?? '', 'http://x').searchParams.get('t'));

test.beforeEach(() => {
  // Real 300–450 KB animations and one-second screenshot waits: slower than the interception-based site specs.
  test.setTimeout(60_000);
});

async function openDemo(page: Page, item: PortfolioItem) {
  await page.getByRole('button', { name: new RegExp(item.title) }).click();
  const dialog = page.getByRole('dialog', { name: item.title });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: `${item.title} 데모 화면` });
  return { dialog, image };
}

/** Loaded: the loading text is gone and the browser decoded a frame of the demo's size. */
async function expectLoaded(dialog: Locator, image: Locator) {
  await expect(dialog.getByText('로딩 중...')).toBeHidden({ timeout: 15_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([DEMO_SIZE.width, DEMO_SIZE.height]);
}

/** The pixels of the demo area (the image, or the still painted over it). */
const shot = (page: Page, image: Locator) =>
  image.boundingBox().then((clip) => {
    if (!clip) throw new Error('demo image has no box');
    return page.screenshot({ clip });
  });

/**
 * An animated WebP plays on the browser's own image timeline, which announces nothing and which the page's clock
 * does not move: "the frame did not change" can only be seen by letting real time pass (decision 123).
 */
const wait = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Two painted frames: the page has drawn what the last input did. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test.describe('portfolio demo animations (real files)', () => {
  test('each card opens its own animation, served as WebP, and reaches the loaded state', async ({ page }) => {
    await gotoHydrated(page, '/');
    for (const item of portfolio) {
      const response = page.waitForResponse((r) => new URL(r.url()).pathname === item.gifUrl);
      const { dialog, image } = await openDemo(page, item);
      await expect(image).toHaveAttribute('src', new RegExp(`^${item.gifUrl.replace(/\./g, '\\.')}\\?t=\\d+$`));
      const served = await response;
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/webp');
      // The server sends the committed file, not a stand-in.
      expect((await served.body()).length).toBe(statSync(`${publicDir}${item.gifUrl}`).size);
      await expectLoaded(dialog, image);
      await expect(dialog.getByRole('button', { name: '일시정지' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the animation moves while playing, freezes while paused, and resume restarts it with a new ?t=', async ({
    page,
  }) => {
    const item = portfolio[0]!;
    await gotoHydrated(page, '/');
    const { dialog, image } = await openDemo(page, item);
    await expectLoaded(dialog, image);

    // Playing: within a few one-second steps the picture changes (a story holds no still longer than 2 s).
    const start = await shot(page, image);
    await expect
      .poll(async () => (await shot(page, image)).equals(start), { intervals: [1_000], timeout: 6_000 })
      .toBe(false);

    await dialog.getByRole('button', { name: '일시정지' }).click();
    await expect(dialog.getByRole('button', { name: '재생' })).toBeVisible();
    const pausedStamp = stampOf(await image.getAttribute('src'));
    const frozen = await shot(page, image);
    for (let i = 0; i < 3; i += 1) {
      await wait(page, 1_000);
      expect((await shot(page, image)).equals(frozen), `paused frame changed after ${i + 1} s`).toBe(true);
    }

    const restarted = page.waitForRequest((r) => new URL(r.url()).pathname === item.gifUrl);
    await dialog.getByRole('button', { name: '재생' }).click();
    const request = await restarted;
    await expect(dialog.getByRole('button', { name: '일시정지' })).toBeVisible();
    const resumedStamp = stampOf(await image.getAttribute('src'));
    expect(resumedStamp).toBeGreaterThan(pausedStamp);
    expect(stampOf(request.url())).toBe(resumedStamp);
    const resumed = await shot(page, image);
    await expect
      .poll(async () => (await shot(page, image)).equals(resumed), { intervals: [1_000], timeout: 6_000 })
      .toBe(false);
  });

  test('starts paused, as a still, when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    const item = portfolio[2]!;
    const { dialog, image } = await openDemo(page, item);
    await expect(dialog.getByRole('button', { name: '재생' })).toBeVisible();
    await expectLoaded(dialog, image);
    const first = await shot(page, image);
    await wait(page, 1_000);
    expect((await shot(page, image)).equals(first)).toBe(true);
    await wait(page, 1_000);
    expect((await shot(page, image)).equals(first)).toBe(true);
  });

  test('a failed request shows the placeholder and "다시 시도" loads the real animation', async ({ page }) => {
    const item = portfolio[3]!;
    let failures = 1;
    await page.route(
      (url) => url.pathname === item.gifUrl,
      async (route) => {
        if (failures > 0) {
          failures -= 1;
          await route.abort('failed');
        } else {
          await route.fallback();
        }
      },
    );
    await gotoHydrated(page, '/');
    const { dialog, image } = await openDemo(page, item);
    await expect(dialog.getByText('데모 준비 중입니다')).toBeVisible();
    await expect(image).toHaveCount(0);

    await dialog.getByRole('button', { name: '다시 시도' }).click();
    await expect(dialog.getByText('데모 준비 중입니다')).toBeHidden();
    await expectLoaded(dialog, image);
    await expect(dialog.getByRole('button', { name: '일시정지' })).toBeVisible();
  });

  test('no demo animation loads with the home page, even scrolled to the bottom; a dialog fetches only its own', async ({
    page,
  }) => {
    const demoRequests: string[] = [];
    page.on('request', (request) => {
      if (isDemo(request.url())) demoRequests.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/');
    for (let y = 0; y < 12; y += 1) {
      await page.mouse.wheel(0, 700);
      await twoFrames(page);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(demoRequests).toEqual([]);

    const item = portfolio[1]!;
    const { dialog, image } = await openDemo(page, item);
    await expectLoaded(dialog, image);
    await page.waitForLoadState('networkidle');
    expect(demoRequests).toEqual([item.gifUrl]);
  });
});
