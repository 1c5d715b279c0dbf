/**
 * Paint-first loading (docs/decisions/007): the prerendered page paints with HTML and CSS alone, the page code and
 * font follow, and a visitor who clicks before the code has arrived still gets what they clicked.
 */
import { expect, test, type Page } from '@playwright/test';
import { portfolio } from '../../src/content/portfolio';
import { waitForHydration } from './fixtures/hydration';

/** Holds every page-code request (the mount chunk and what it imports) until `release()` is called. */
async function holdPageCode(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/.*-mount-.*\.js$/, async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue();
  });
  return { release, held };
}

test('the first view needs only HTML, CSS and a small loader; the page code is not preloaded', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).not.toMatch(/<script(?![^>]*(?:src=|type="application\/ld\+json"))[^>]*>/);
  expect(html).not.toMatch(/rel="modulepreload"[^>]*-mount-/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  expect(scripts.some((path) => /-mount-/.test(path))).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px Pretendard'))).toBe(true);
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
    await page.route('**/demos/**', (route) => route.fulfill({ path: new URL('./fixtures/demo-animation.webp', import.meta.url).pathname }));
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
