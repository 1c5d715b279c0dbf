/**
 * On a slow phone (390×844, every script delayed 4 s) the code that sends the idea and shows the confirmation is in
 * the browser before the press: the confirmation is on screen within 1 s of the server's answer, and the fields
 * empty only when it shows (docs/decisions/078). Before, the notice's code was fetched after the 202: the fields
 * emptied and the button came back with no message for ~4 s.
 *
 * The 1 s is about the order of our code, not the machine's speed: with the notice's code fetched after the answer
 * the gap is the 4 s delay itself; with it loaded, it is one React render (tens of ms here). Both instants are taken
 * in the page's own clock: the answer's responseEnd (Resource Timing) and the moment the confirmation enters the
 * page (a MutationObserver), so Playwright's polling does not blur them. Port 4382; desktop project only (a
 * phone-sized context of its own).
 */
import { devices, expect, test } from '@playwright/test';
import { ideaNotices } from '../../src/content/home';
import { IDEA_ENDPOINT } from '../../src/domain/endpoints';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4382;
const SCRIPT_DELAY_MS = 4000;
/** Answer → confirmation on screen. A render takes tens of ms; the defect this guards against took the full 4 s delay. */
const CONFIRMATION_WITHIN_MS = 1000;

let intake: IntakeServer | undefined;

test.beforeAll(async () => {
  intake = await startIntakeServer(PORT);
});

test.afterAll(async () => {
  await intake?.stop();
});

declare global {
  interface Window {
    __confirmation?: { at: number; ideaValue: string };
  }
}

test('with every script 4 s late, the confirmation shows within 1 s of the answer and the fields empty only then', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (window.__confirmation || !document.querySelector('[data-tone="success"]')) return;
      const idea = document.querySelector<HTMLTextAreaElement>('textarea[name="idea"]');
      window.__confirmation = { at: performance.now(), ideaValue: idea?.value ?? '' };
    }).observe(document, { subtree: true, childList: true });
  });

  await page.goto(`${intake!.base}/#idea-form`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 });
  const form = page.locator('#idea-form form');
  const idea = '느린 휴대폰에서 보낸 아이디어: 동네 헬스장 PT 예약 앱';
  await form.getByLabel('아이디어').fill(idea);
  await form.getByLabel('이름').fill('문가온');
  await form.getByLabel('이메일').fill('gaon@example.com');
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(IDEA_ENDPOINT) && response.request().method() === 'POST',
    {
      timeout: 60_000,
    },
  );
  await form.getByRole('button', { name: '상담 신청하기' }).tap();
  const response = await answered;
  const answeredAt = Date.now();
  expect(response.status()).toBe(202);

  const notice = page.getByRole('status').filter({ hasText: ideaNotices.success.title });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const visibleAt = Date.now();
  const timing = await page.evaluate((endpoint) => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((resource) => resource.name.endsWith(endpoint))
      .at(-1) as PerformanceResourceTiming | undefined;
    return { responseEnd: entry?.responseEnd, confirmation: window.__confirmation };
  }, IDEA_ENDPOINT);
  expect(timing.responseEnd).toBeDefined();
  expect(timing.confirmation).toBeDefined();
  const gapMs = timing.confirmation!.at - timing.responseEnd!;
  console.log(
    `answer → confirmation in the page: ${Math.round(gapMs)} ms (Playwright's response event → visible: ${visibleAt - answeredAt} ms)`,
  );
  expect(gapMs).toBeLessThanOrEqual(CONFIRMATION_WITHIN_MS);
  // The fields still held the idea when the confirmation came in, and are empty now: cleared with it, not before.
  expect(timing.confirmation!.ideaValue).toBe(idea);
  await expect(form.getByLabel('아이디어')).toHaveValue('');
  await expect(form.getByLabel('이름')).toHaveValue('');
  await context.close();
});
