import { expect, test } from '@playwright/test';
import { faq } from '../../src/content/home';
import { gotoHydrated, waitForHydration } from './fixtures/hydration';

test.describe('top bar', () => {
  test('highlights the link of the current page', async ({ page, isMobile }) => {
    await gotoHydrated(page, '/');
    if (isMobile) await page.getByRole('button', { name: '메뉴 열기' }).click();
    const nav = page.getByRole('navigation', { name: '주요 메뉴' }).locator('visible=true');
    await expect(nav.getByRole('link', { name: '홈' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: '팀 소개' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: '팀 소개' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await waitForHydration(page);
    if (isMobile) await page.getByRole('button', { name: '메뉴 열기' }).click();
    const aboutNav = page.getByRole('navigation', { name: '주요 메뉴' }).locator('visible=true');
    await expect(aboutNav.getByRole('link', { name: '팀 소개' })).toHaveAttribute('aria-current', 'page');
    await expect(aboutNav.getByRole('link', { name: '홈' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('stays at the top while scrolling', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await page.locator('header').first().boundingBox();
    expect(box?.y).toBe(0);
  });

  test('submit-idea button leads to the form from another page', async ({ page, isMobile }) => {
    await gotoHydrated(page, '/about');
    if (isMobile) await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('link', { name: '아이디어 제출하기' }).locator('visible=true').click();
    await expect(page).toHaveURL(/\/#idea-form$/);
    await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  });
});

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'the links fold into a menu on small screens only');

  test('toggles with a button and closes when a link is chosen', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: '메뉴 열기' });
    const menu = page.locator('#mobile-menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    // Desktop links are not shown on a phone.
    await expect(page.getByRole('link', { name: '팀 소개' })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: '메뉴 닫기' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await close.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await menu.getByRole('link', { name: '아이디어 제출하기' }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  });

  test('closes with Escape', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});

test.describe('hero call to action', () => {
  test('smooth-scrolls to the idea form', async ({ page }) => {
    await gotoHydrated(page, '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    // Record the scroll position on every frame from before the click: a smooth scroll passes through positions
    // between the top and the target, a jump does not (one frame sample after the click was flaky on a busy machine).
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as Window & { scrollPositions?: number[] }).scrollPositions = positions;
      const until = performance.now() + 5000;
      const sample = () => {
        positions.push(window.scrollY);
        if (performance.now() < until) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.getByRole('link', { name: '아이디어 보내기' }).click();
    await expect(page.locator('#idea-form')).toBeInViewport();
    await expect(page).toHaveURL(/#idea-form$/);
    // The target is where the scroll comes to rest: read while it still moved, a midway frame would count as the end.
    let target = -1;
    await expect
      .poll(async () => {
        const before = target;
        target = await page.evaluate(
          () => new Promise<number>((resolve) => setTimeout(() => resolve(window.scrollY), 250)),
        );
        return target > 0 && target === before;
      })
      .toBe(true);
    const positions = await page.evaluate(
      () => (window as Window & { scrollPositions?: number[] }).scrollPositions ?? [],
    );
    // A jump can still move a few pixels afterwards, when the font swap relays the page out: hence the margins.
    // One frame midway is enough: on a busy machine a smooth scroll was seen in three frames (22, 467, 2862 px);
    // with reduced motion (a jump) no frame lands between 5% and 95% of the way.
    const midway = positions.filter((y) => y > target * 0.05 && y < target * 0.95);
    expect(midway.length, `frames: ${positions.join(', ')}`).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  });

  test('jumps without animation when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    await page.getByRole('link', { name: '아이디어 보내기' }).click();
    await expect(page.getByRole('heading', { name: '외주 서비스 신청서' })).toBeInViewport();
  });
});

test.describe('home page', () => {
  test('shows its sections in order', async ({ page }) => {
    await gotoHydrated(page, '/');
    const titles = await page.locator('main section').evaluateAll((sections) =>
      sections
        // Top-level sections only; islands wrap theirs in a display: contents <div data-island> (docs/decisions/060).
        .filter((section) => !section.parentElement?.closest('section'))
        .map((section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
    );
    expect(titles).toEqual([
      '아이디어를 24시간 안에작동하는 프로토타입으로',
      '서비스 진행 과정 (5단계)',
      '실제 제작한 프로젝트를 확인해보세요',
      '궁금한 점을 먼저 확인해보세요',
      '외주 서비스 신청서',
    ]);
    await expect(page.locator('footer')).toContainText('개인정보처리방침');
  });

  test('FAQ answers open and close as disclosures, with the keyboard too', async ({ page }) => {
    await gotoHydrated(page, '/');
    const item = faq[0]!;
    const question = page.getByRole('button', { name: item.question });
    const answer = page.getByRole('region', { name: item.question });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText(item.answer);
    await page.keyboard.press('Space');
    await expect(answer).toBeHidden();
  });
});
