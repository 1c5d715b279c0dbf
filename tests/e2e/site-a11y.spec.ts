import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './fixtures/hydration';
import { portfolio } from '../../src/content/portfolio';
import { pagePaths } from '../../src/content/site';
import { routeDemos } from './fixtures/site-routes';

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

// Every page of the route list, and the 404 page at a path that has none.
for (const path of [...pagePaths, '/no-such-page']) {
  test(`axe: no violations on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}

test('axe: no violations with the demo dialog open', async ({ page }) => {
  await routeDemos(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: new RegExp(portfolio[0]!.title) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('로딩 중...')).toBeHidden();
  expect(await violations(page)).toEqual([]);
});

test('axe: no violations with the FAQ open and a notice shown', async ({ page }) => {
  await gotoHydrated(page, '/');
  for (const button of await page.locator('#faq-title ~ ul button[aria-expanded]').all()) await button.click();
  await page.locator('#idea-form form').getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe: no violations with the mobile menu open', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu button exists on small screens only');
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
