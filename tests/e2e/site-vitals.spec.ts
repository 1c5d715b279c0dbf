/**
 * Field Web Vitals and the funnel end to end (decision 098): what real visits leave on our own server (the built
 * site on PostgreSQL, read back from its tables). A phone (Pixel 7's user agent, 390×844, touch, CPU ×4 and a slow
 * network) visits `/`, taps (the beacon's code loads and the tap is the interaction INP measures), sends an idea,
 * and the page is hidden: its one beacon goes. A desktop visits `/about` the same way. Then, in the database: each
 * metric the page sent (LCP, CLS, INP, TTFB, FCP) is one count in the bucket of its value under that route, device
 * class and connection class, and nothing else is; the funnel counts each page view, the form start and the sent
 * idea. The beacon request carried no cookie and nothing but the route, the values, the connection and the steps;
 * no public response set a cookie; the measurement left nothing in document.cookie, localStorage or IndexedDB
 * (beyond the form's draft); a headless browser's beacon is answered and not counted. The body the page sent is
 * read through the DevTools protocol (Playwright does not give a beacon's Blob body), and its LCP and TTFB are
 * checked against the page's own performance entries. Desktop project only (it makes its own contexts).
 */
import { sql } from 'drizzle-orm';
import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ideaForm, ideaNotices } from '../../src/content/home';
import {
  bucketOf,
  connectionClass,
  METRICS,
  VITALS_ENDPOINT,
  type Beacon,
  type Device,
  type Metric,
} from '../../src/domain/vitals';
import { openDatabase, type Database } from '../../src/server/db/client';
import { DRAFT_DB_NAME, DRAFT_KEY } from '../../src/web/site/features/idea-form/draft';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../../test-support/server/postgres-cluster';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4419;
const BASE = `http://localhost:${PORT}`;
/** Everything on a busy shared machine with the CPU slowed four times takes its time. */
const SLOW = 60_000;

const profiles = {
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
  desktop: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
} as const;

let cluster: PostgresCluster | undefined;
let intake: IntakeServer | undefined;
let database: Database | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'desktop') return;
  testInfo.setTimeout(240_000); // a PostgreSQL cluster and the server's start on a busy machine
  cluster = await startPostgresCluster();
  const databaseUrl = await createDatabase(cluster.url, 'vitals_e2e');
  intake = await startIntakeServer(PORT, { DATABASE_URL: databaseUrl, SITE_URL: BASE, VITALS_FLUSH_MS: '200' });
  database = await openDatabase({ databaseUrl, dataDir: intake.dataDir, poolSize: 2 });
});

test.afterAll(async () => {
  await database?.close();
  await intake?.stop();
  await cluster?.stop();
});

/** What the beacon request was: its body as the page sent it, its headers as they went out, the server's answer. */
interface SentBeacon {
  url: string;
  beacon: Beacon;
  headers: Record<string, string>;
  status: number | undefined;
}

/** What a visit leaves in the browser that the measurement could have put there. */
async function leftInBrowser(page: Page) {
  return page.evaluate(async () => ({
    cookie: document.cookie,
    localStorage: Object.keys(localStorage),
    indexedDB: (await indexedDB.databases()).map((db) => db.name),
  }));
}

/** The page's own timings, to hold the sent values to: the navigation's responseStart and the last LCP entry. */
async function pageTimings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ ttfb: number; lcp: number }>((resolve) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        new PerformanceObserver((list) =>
          resolve({ ttfb: navigation.responseStart, lcp: list.getEntries().at(-1)!.startTime }),
        ).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * Visits `path`, taps the heading (the visitor's first tap fetches the beacon's code: client.tsx) and waits for the
 * beacon to start, runs `during`, then hides the page as when the visitor switches away (headless Chromium keeps every tab
 * visible): web-vitals reports its final values and the one beacon goes. Returns what was sent.
 */
async function visit(
  page: Page,
  path: string,
  { throttled = false, during }: { throttled?: boolean; during?: (page: Page) => Promise<void> } = {},
) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) {
    // The phone profile of bench:web (scripts/bench/phone.ts): CPU ×4, 150 ms round trip, 1.6 Mbps down.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  // A beacon's Blob body is not in Playwright's request; the DevTools protocol still has it while the page is open.
  const body = new Promise<string>((resolve, reject) =>
    cdp.on('Network.requestWillBeSent', (event) => {
      if (new URL(event.request.url).pathname !== VITALS_ENDPOINT) return;
      cdp
        .send('Network.getRequestPostData', { requestId: event.requestId })
        .then(({ postData }) => resolve(postData), reject);
    }),
  );
  // Which performance entry types the page's scripts observe: the beacon has started once web-vitals observes
  // 'event' (INP's observer, the last it sets up; the beacon's own listeners are added in the same call).
  await page.addInitScript(() => {
    const observed: string[] = ((window as unknown as { observedTypes: string[] }).observedTypes = []);
    const observe = PerformanceObserver.prototype.observe;
    PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options?: PerformanceObserverInit) {
      if (options?.type) observed.push(options.type);
      return observe.call(this, options);
    };
  });
  await page.goto(`${BASE}${path}`, { timeout: SLOW });
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: SLOW });
  await page.locator('h1').first().click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { observedTypes: string[] }).observedTypes), {
      timeout: SLOW,
    })
    .toContain('event');
  await during?.(page);
  const left = await leftInBrowser(page);
  const timings = await pageTimings(page);

  const request = page.waitForRequest((request) => new URL(request.url()).pathname === VITALS_ENDPOINT, {
    timeout: SLOW,
  });
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const sent = await request;
  const response = await sent.response();
  const result: SentBeacon = {
    url: sent.url(),
    beacon: JSON.parse(await body) as Beacon,
    headers: await sent.allHeaders(),
    status: response?.status(),
  };
  await cdp.detach();
  return { ...left, timings, sent: result };
}

async function sendIdea(page: Page) {
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel(ideaForm.fields.idea.label).fill('동네 빵집 예약 앱');
  await form.getByLabel(ideaForm.fields.name.label).fill('윤서');
  await form.getByLabel(ideaForm.fields.email.label).fill('yunseo@example.com');
  await form.getByRole('button', { name: ideaForm.submit }).click();
  await expect(page.getByText(ideaNotices.success.title)).toBeVisible({ timeout: SLOW });
}

interface HistogramRow {
  route: string;
  device: string;
  connection: string;
  metric: Metric;
  bucket: number;
  count: number;
}

async function histogramRows(route: string, device: Device): Promise<HistogramRow[]> {
  const rows = await database!.rows<Record<string, unknown>>(sql`
    select * from vitals_histograms where route = ${route} and device = ${device} order by metric`);
  // The table keeps the day, the classes, the bucket and the count: no column could hold a visitor.
  for (const row of rows)
    expect(Object.keys(row).sort()).toEqual(['bucket', 'connection', 'count', 'day', 'device', 'metric', 'route']);
  return rows.map((row) => ({
    route: String(row.route),
    device: String(row.device),
    connection: String(row.connection),
    metric: row.metric as Metric,
    bucket: Number(row.bucket),
    count: Number(row.count),
  }));
}

async function funnelCounts(): Promise<Record<string, number>> {
  const rows = await database!.rows<{ step: string; route: string; n: number | string }>(sql`
    select step, route, sum(count) as n from funnel_counts group by step, route`);
  return Object.fromEntries(rows.map((row) => [row.route ? `${row.step} ${row.route}` : row.step, Number(row.n)]));
}

/** The beacon as the page sent it: the route, the values, the connection, the steps, and nothing else. */
function expectNoIdentifier({ url, beacon, headers, status }: SentBeacon, route: string) {
  expect(new URL(url).search).toBe('');
  expect(status).toBe(204);
  expect(Object.keys(headers).filter((name) => /^(cookie|authorization)$/i.test(name))).toEqual([]);
  expect(Object.keys(beacon).filter((key) => !['route', 'connection', 'metrics', 'steps'].includes(key))).toEqual([]);
  expect(beacon.route).toBe(route);
  // Every metric the library measures, a number each: a tap was made, so INP is among them.
  expect(Object.keys(beacon.metrics).sort()).toEqual([...METRICS].sort());
  for (const value of Object.values(beacon.metrics)) expect(typeof value).toBe('number');
}

/** Each sent value is one count in its bucket under the route, device and connection class, and nothing else is. */
async function expectCounted({ beacon }: SentBeacon, device: Device) {
  const expected = (Object.entries(beacon.metrics) as [Metric, number][])
    .map(([metric, value]) => ({
      route: beacon.route,
      device,
      connection: connectionClass(beacon.connection),
      metric,
      bucket: bucketOf(metric, value),
      count: 1,
    }))
    .sort((a, b) => a.metric.localeCompare(b.metric));
  // Written by the server's next flush (VITALS_FLUSH_MS above).
  await expect.poll(() => histogramRows(beacon.route, device), { timeout: 20_000 }).toEqual(expected);
}

test('real visits land as day histograms and funnel counts, with no cookie and no identifier', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only (its own server and contexts)');
  test.setTimeout(300_000);
  const contexts: BrowserContext[] = [];
  const setCookies: string[] = [];
  const newContext = async (options: Parameters<Browser['newContext']>[0]) => {
    const context = await browser.newContext({ ...options, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    contexts.push(context);
    context.on('response', async (response) => {
      const cookie = await response.headerValue('set-cookie');
      if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
    });
    return context;
  };
  try {
    // A headless browser saying so in its user agent (the browser's own, which the test's profiles replace): its
    // beacon is answered like any other and never counted (the page views below are the two visits' only).
    const { userAgent } = await (await browser.newBrowserCDPSession()).send('Browser.getVersion');
    const bot = await (await newContext({ userAgent })).newPage();
    expect(await bot.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
    const botVisit = await visit(bot, '/');
    expect(botVisit.sent.status).toBe(204);

    // A phone on `/`, throttled, sending an idea.
    const phone = await (await newContext(profiles.phone)).newPage();
    const home = await visit(phone, '/', { throttled: true, during: sendIdea });
    expectNoIdentifier(home.sent, 'home');
    expect(home.sent.beacon.steps).toEqual(['form_started']);
    // The values are the page's own: TTFB its navigation's responseStart, LCP its last LCP entry (rounded).
    expect(Math.abs(home.sent.beacon.metrics.TTFB! - home.timings.ttfb)).toBeLessThanOrEqual(1);
    expect(Math.abs(home.sent.beacon.metrics.LCP! - home.timings.lcp)).toBeLessThanOrEqual(1);
    await expectCounted(home.sent, 'phone');

    // A desktop on `/about`.
    const desktop = await (await newContext(profiles.desktop)).newPage();
    const about = await visit(desktop, '/about');
    expectNoIdentifier(about.sent, 'about');
    expect(about.sent.beacon.steps).toBeUndefined();
    expect(Math.abs(about.sent.beacon.metrics.TTFB! - about.timings.ttfb)).toBeLessThanOrEqual(1);
    await expectCounted(about.sent, 'desktop');

    // The funnel: one page view per visit (the bot's not among them), the form start, the idea sent at intake.
    await expect
      .poll(funnelCounts, { timeout: 20_000 })
      .toEqual({ 'page_view home': 1, 'page_view about': 1, form_started: 1, idea_sent: 1 });
    await expect.poll(() => histogramRows('home', 'desktop')).toEqual([]);

    // Nothing kept in the browser by the measurement, no cookie set by any public response.
    for (const left of [home, about]) {
      expect(left.cookie).toBe('');
      expect(left.localStorage.filter((key) => key !== DRAFT_KEY)).toEqual([]);
      expect(left.indexedDB.filter((name) => name !== DRAFT_DB_NAME)).toEqual([]);
    }
    for (const context of contexts) expect(await context.cookies()).toEqual([]);
    expect(setCookies).toEqual([]);
    console.log(
      [home, about]
        .map(({ sent: { beacon } }) => `${beacon.route}: ${JSON.stringify(beacon.metrics)} (${beacon.connection})`)
        .join('\n'),
    );
  } finally {
    for (const context of contexts) await context.close();
  }
});
