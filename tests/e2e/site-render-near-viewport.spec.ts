/**
 * Sections below a phone's first screen skip rendering until they come near the viewport (docs/decisions/009).
 * Their placeholder must match the rendered height closely, or the page jumps as they render; in-page links must
 * still land on their target. Copy that grows a section fails here until its estimate is updated.
 */
import { expect, test, type Locator } from '@playwright/test';
import { hero, portfolioSection } from '../../src/content/home';
import { gotoHydrated } from './fixtures/hydration';

/** Whether the browser has rendered the content of a `content-visibility: auto` element. */
const contentRendered = (section: Locator) =>
  section.evaluate((el) => (el.firstElementChild ?? el).checkVisibility({ contentVisibilityAuto: true }));
const height = (section: Locator) =>
  section.evaluate(
    (el) => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.getBoundingClientRect().height)))),
  );

for (const path of ['/', '/about']) {
  test(`${path}: a deferred section keeps its height when it renders (within 10%)`, async ({ page, isMobile }) => {
    await gotoHydrated(page, path);
    const sections = await page.locator('.render-near-viewport').all();
    expect(sections.length).toBeGreaterThanOrEqual(2);
    let measured = 0;
    for (const section of sections) {
      expect(await section.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto');
      if (await contentRendered(section)) continue; // already near the viewport: no placeholder to compare
      const placeholder = await height(section);
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => contentRendered(section)).toBe(true);
      const rendered = await height(section);
      const label = `${await section.evaluate((el) => el.id || el.getAttribute('aria-labelledby') || el.tagName)}: placeholder ${Math.round(placeholder)}px, rendered ${Math.round(rendered)}px`;
      expect(Math.abs(rendered - placeholder) / rendered, label).toBeLessThanOrEqual(0.1);
      measured += 1;
    }
    if (isMobile) expect(measured).toBeGreaterThanOrEqual(1);
  });
}

test('the idea form, far below the first screen, renders only when the visitor comes to it', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'on a phone the idea form is several screens down');
  await gotoHydrated(page, '/');
  const form = page.locator('#idea-form');
  expect(await contentRendered(form)).toBe(false);
  await page.getByRole('link', { name: '아이디어 보내기' }).first().click();
  await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  expect(await contentRendered(form)).toBe(true);
});

test('in-page links land on their target although deferred sections lie above it, even before hydration', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' }); // no wait for the page code: the boot script alone must do it
  await page.getByRole('link', { name: hero.secondaryCta }).click();
  await expect(page.getByRole('heading', { name: portfolioSection.title })).toBeInViewport();
  await expect(page.locator('html')).toHaveClass(/\brender-all\b/);
});

test('a page opened at a fragment lands on it', async ({ page }) => {
  await page.goto('/#idea-form');
  await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  await expect(page.locator('html')).toHaveClass(/\brender-all\b/);
});
