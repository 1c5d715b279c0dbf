import { expect, test } from '@playwright/test';
import { ONE_VIEWPORT } from './fixtures/viewports';
import { gotoHydrated } from './fixtures/hydration';
import { developmentSiteSettings, pagePaths } from '../../src/content/site';

test('team page: mission, two profiles, values, figures and the newsletter links', ONE_VIEWPORT, async ({ page }) => {
  await gotoHydrated(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '우리의 미션' })).toBeVisible();
  for (const point of ['빠른 검증', '실전 경험', '전문성']) {
    await expect(page.getByRole('heading', { name: point, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: '창업가 · 비즈니스 전략가' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '노코드 개발자 · 에이전시 대표' })).toBeVisible();
  await expect(page.getByText('실행력', { exact: true })).toBeVisible();
  await expect(page.getByText('50,000+', { exact: true })).toBeVisible();
  await expect(page.getByText('300+시간', { exact: true })).toBeVisible();

  const newsletter = page.getByRole('link', { name: /뉴스레터 구독하기/ });
  const homepage = page.getByRole('link', { name: /메인 홈페이지 방문하기/ });
  await expect(newsletter).toHaveAttribute('href', developmentSiteSettings.links.newsletter);
  await expect(homepage).toHaveAttribute('href', developmentSiteSettings.links.homepage);
  for (const link of [newsletter, homepage]) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test(
  'privacy policy lists items, purpose, retention, processor, rights and contact',
  ONE_VIEWPORT,
  async ({ page }) => {
    await gotoHydrated(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeVisible();
    for (const heading of [
      '수집하는 개인정보 항목',
      '이용 목적',
      '보유 기간과 파기',
      '처리 위탁',
      '이용자의 권리',
      '문의처',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(heading) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: developmentSiteSettings.operator.contactEmail }).first()).toBeVisible();
  },
);

test('unknown path: HTTP 404, the not-found page, a way home and a console error', ONE_VIEWPORT, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await gotoHydrated(page, '/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText('요청하신 페이지를 찾을 수 없습니다.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect.poll(() => errors).toContain('404 Error: User attempted to access non-existent route: /no-such-page');
  await page.getByRole('link', { name: '홈으로 돌아가기' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page is Korean, keeps Korean words whole and wraps long tokens', async ({ page }) => {
  for (const path of pagePaths) {
    await gotoHydrated(page, path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const style = await page.evaluate(() => {
      const css = getComputedStyle(document.body);
      return { wordBreak: css.wordBreak, overflowWrap: css.overflowWrap };
    });
    expect(style).toEqual({ wordBreak: 'keep-all', overflowWrap: 'anywhere' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  }
});
