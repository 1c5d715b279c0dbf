/**
 * Paint-first loading (docs/decisions/060): the prerendered page paints with its HTML alone (styles inline), the
 * inline boot script then loads the page code and font, and a visitor who taps before the code has arrived still
 * gets what they tapped.
 */
import { expect, test } from '@playwright/test';
import { portfolio } from '../../src/content/portfolio';
import { holdPageCode, waitForHydration } from './fixtures/hydration';

test('the first view needs only the HTML, styles inline; the boot script loads the page code after first paint', async ({
  page,
}) => {
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
  expect(html).toMatch(/<style>[^<]*word-break:keep-all/);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).toMatch(/<script data-entry="\/assets\/client-[\w-]+\.js" data-preload="[^"]*">/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  // One clock for both: the browser's own paint and resource timing.
  const { firstPaint, stylesheets, scripts } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    stylesheets: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.css'))
      .map((entry) => entry.name),
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(firstPaint).toBeGreaterThan(0);
  expect(stylesheets).toEqual([]);
  expect(scripts.some(({ path }) => /\/client-/.test(path))).toBe(true);
  for (const { path, startTime } of scripts) expect(startTime, path).toBeGreaterThanOrEqual(firstPaint);
  // The site font arrives after first paint and is then in use (docs/decisions/065).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Pretendard Variable' && f.status === 'loaded'),
      ),
    )
    .toBe(true);
  expect(await page.evaluate(() => document.fonts.check('700 16px "Pretendard Variable"', '아이디어'))).toBe(true);
});

test.describe('a click before the page code has loaded', () => {
  test.skip(({ isMobile }) => !isMobile, 'the menu button exists on phones only');

  test('opens the mobile menu once the code arrives', async ({ page }) => {
    const code = await holdPageCode(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: '메뉴 열기' });
    await toggle.click();
    await expect.poll(() => code.held.length).toBeGreaterThan(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    code.release();
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#mobile-menu')).toBeVisible();
  });

  test('opens the demo of the portfolio card that was tapped', async ({ page }) => {
    await page.route('**/demos/**', (route) =>
      route.fulfill({ path: new URL('./fixtures/demo-animation.webp', import.meta.url).pathname }),
    );
    const code = await holdPageCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(portfolio[0]!.title) }).click();
    await expect.poll(() => code.held.length).toBeGreaterThan(0);
    code.release();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText(portfolio[0]!.title);
  });
});

test('the menu opens when clicked as soon as the page has painted', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu button exists on phones only');
  await page.goto('/', { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: '메뉴 열기' });
  await toggle.click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await expect(page.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute('aria-expanded', 'true');
});

test('sections below the first screen wait for the page code and the site font, then all render', async ({ page }) => {
  const { release } = await holdPageCode(page);
  let releaseFont!: () => void;
  const fontGate = new Promise<void>((resolve) => (releaseFont = resolve));
  await page.route(/\/assets\/PretendardSite-.*\.woff2$/, async (route) => {
    await fontGate;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const deferred = () => page.locator('[data-render-later]').count();
  // Before the page code: the four sections below the hero are skipped by the first layout (docs/decisions/060).
  expect(await deferred()).toBe(4);
  expect(
    await page
      .locator('[data-render-later]')
      .first()
      .evaluate((e) => getComputedStyle(e).contentVisibility),
  ).toBe('auto');
  release();
  await waitForHydration(page);
  // Two frames painted with the page live: had hydration let the sections go, these frames would show it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await deferred(), 'page live, font still loading').toBe(4);
  releaseFont();
  await expect.poll(deferred).toBe(0);
});

test('a page opened at a fragment, or a fragment link tapped before the code, scrolls with real heights', async ({
  page,
  isMobile,
}) => {
  // Font and page code held: the page code could not have rendered the deferred sections (docs/decisions/060).
  await page.route(/\/assets\/PretendardSite-.*\.woff2$/, () => {});
  const { release } = await holdPageCode(page);
  await page.goto('/about');
  await page.goto('/#idea-form');
  await expect(page.locator('#idea-form')).toBeInViewport();
  expect(await page.locator('[data-render-later]').count()).toBe(0);

  if (!isMobile) return release(); // the tall placeholders matter on a phone
  await page.goto('/about');
  await page.goto('/');
  expect(await page.locator('[data-render-later]').count()).toBe(4);
  await page.getByRole('link', { name: '포트폴리오 보기' }).click();
  await expect(page.locator('#portfolio')).toBeInViewport();
  await expect
    .poll(() => page.evaluate(() => document.getElementById('portfolio')!.getBoundingClientRect().top))
    .toBeLessThan(100);
  release();
});
