/**
 * Field Web Vitals and the funnel end to end (decision 098): what real visits show the team on the workspace's
 * 현황 screen (the built site and workspace on PostgreSQL). A phone (Pixel 7's user agent, 390×844, touch, CPU ×4
 * and a slow network) visits `/`, taps (the beacon's code loads and the tap is the interaction INP measures), sends
 * an idea, and the page is hidden: its one beacon goes. A desktop visits `/about` the same way. Then an owner signs in
 * to /team with a passkey (the virtual authenticator) and reads the 현황 screen's tables — the one beside the p75
 * and the one behind each trend chart and the funnel — at 1280 and 390 px: p75 of LCP, INP and CLS for `/` on a
 * phone and `/about` on a desktop, each within the bucket of the value the page sent, with its rating; today's point
 * of each trend over both; the funnel counting both page views, the form start and the sent idea, with last month
 * beside it; the funnel by source starting with the visits, each under its landing's channel (the phone landed from
 * an Instagram campaign's link, the desktop typed the address in) with the visit → idea conversion, in the table on
 * a desktop and the cards on a phone; axe 0. The beacon request carried no cookie and nothing but the route, the
 * values, the connection, the steps and, a visit's first page view, its landing; no public response set a cookie; the measurement left nothing in document.cookie, localStorage or
 * IndexedDB (beyond the form's draft); a headless browser's beacon is answered and not counted (no row, no page
 * view on the screen). The body the page sent is read through the DevTools protocol (Playwright does not give a
 * beacon's Blob body), and its LCP and TTFB are checked against the page's own performance entries. Desktop project
 * only (it makes its own contexts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { devices, expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { fieldFiguresCopy as figuresCopy } from '../../src/content/field-figures';
import { channelLabels } from '../../src/content/lead-source';
import { ideaForm, ideaNotices } from '../../src/content/home';
import { routes } from '../../src/content/site';
import { leadsCopy } from '../../src/content/workspace';
import { workspaceShellCopy as shellCopy } from '../../src/content/workspace-shell';
import { kstDay } from '../../src/domain/kst';
import { conversionOf, emptyCounts, type SourceStep } from '../../src/domain/source-funnel';
import {
  bucketOf,
  bucketRange,
  CORE_METRICS,
  FIELD_FIGURES_DAYS,
  funnelRows,
  METRICS,
  rating,
  VITALS_ENDPOINT,
  type Beacon,
  type Device,
  type Metric,
} from '../../src/domain/vitals';
import { DRAFT_DB_NAME, DRAFT_KEY } from '../../src/web/site/features/idea-form/draft';
import { percent } from '../../src/web/workspace/features/field-figures/format';
import { expectNoAxeViolations } from './fixtures/axe';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';
import { preparedPostgres } from './fixtures/prepared-state';

const PORT = 4419;
const BASE = `http://localhost:${PORT}`;
/** Everything on a busy shared machine with the CPU slowed four times takes its time. */
const SLOW = 60_000;

const profiles = {
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
  desktop: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
} as const;

let intake: IntakeServer | undefined;
let databaseUrl = '';
const run = promisify(execFile);
const routePath = (id: string) => routes.find((route) => route.id === id)!.path;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000); // a PostgreSQL cluster and the server's start on a busy machine
  databaseUrl = await preparedPostgres('vitals_e2e');
  intake = await startIntakeServer(PORT, { DATABASE_URL: databaseUrl, SITE_URL: BASE, VITALS_FLUSH_MS: '200' });
});

test.afterAll(async () => {
  await intake?.stop();
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

/** Signs in to the workspace as its first owner: an invite from the command line, a passkey on the page. */
async function signIn(page: Page, databaseUrl: string): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/team.ts', 'invite', 'owner@mvp24.example'],
    {
      env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: BASE, DATABASE_URL: databaseUrl },
    },
  );
  await addPasskeyAuthenticator(page);
  await page.goto(stdout.trim().split('\n').at(-1)!, { timeout: SLOW });
  await page.getByRole('button', { name: shellCopy.invite.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: leadsCopy.inbox.title })).toBeVisible({ timeout: SLOW });
}

/** A table as its reader sees it: one array of cell texts per body row (the row header first). */
function tableRows(table: Locator): Promise<string[][]> {
  return table.evaluate((element) =>
    [...(element as HTMLTableElement).tBodies[0]!.rows].map((row) =>
      [...row.cells].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()),
    ),
  );
}

/** A p75 as the screen writes it (formatValue: 1.23초, 850ms, 0.012) back to a number, with its rounding. */
function parseShown(metric: Metric, text: string): { value: number; rounding: number } {
  const match = /^(\d+(?:\.\d+)?)(초|ms)?/.exec(text);
  expect(match, `${metric} shown as ${text}`).not.toBeNull();
  const number = Number(match![1]);
  if (metric === 'CLS') return { value: number, rounding: 0.0005 };
  return match![2] === '초' ? { value: number * 1000, rounding: 5 } : { value: number, rounding: 0.5 };
}

/**
 * A p75 on the screen is within the range the sent values allow: one visit's value is one count in its bucket, so
 * the p75 read from the day histograms lies inside the bucket of one of them (within the screen's rounding), and
 * its verdict is the Core Web Vitals rating of the value shown.
 */
function expectShownWithin(metric: Metric, text: string, sent: number[]) {
  const { value, rounding } = parseShown(metric, text);
  const ranges = sent.map((one) => bucketRange(metric, bucketOf(metric, one)));
  const low = Math.min(...ranges.map((range) => range.low)) - rounding;
  const high = Math.max(...ranges.map((range) => range.high)) + rounding;
  expect(value, `${metric} ${text} within ${low}–${high} (sent ${sent.join(', ')})`).toBeGreaterThanOrEqual(low);
  expect(value, `${metric} ${text} within ${low}–${high} (sent ${sent.join(', ')})`).toBeLessThanOrEqual(high);
  expect(text).toContain(figuresCopy.ratings[rating(metric, value)]);
}

/**
 * The 현황 screen at `width`: the p75 of each visit's route and device (and no other row: the bot's visit is not
 * there), today's point of each trend chart's table, the funnel of this month beside the last with its conversions,
 * the promise beside them; no sideways scrolling on a phone; axe 0.
 */
async function expectFiguresScreen(page: Page, width: number, visits: { sent: SentBeacon; device: Device }[]) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await page.getByRole('navigation').getByRole('link', { name: figuresCopy.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: figuresCopy.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: figuresCopy.promise.heading })).toBeVisible();

  const vitals = page.getByRole('table', { name: figuresCopy.vitals.heading(FIELD_FIGURES_DAYS) });
  const vitalsRows = await tableRows(vitals);
  expect(vitalsRows.map(([route, device]) => `${route} ${device}`).sort()).toEqual(
    visits.map(({ sent, device }) => `${routePath(sent.beacon.route)} ${figuresCopy.devices[device]}`).sort(),
  );
  for (const { sent, device } of visits) {
    const row = vitalsRows.find(
      ([route, shown]) => route === routePath(sent.beacon.route) && shown === figuresCopy.devices[device],
    )!;
    // Route, device, LCP, INP, CLS, samples: one page view each.
    CORE_METRICS.forEach((metric, index) => expectShownWithin(metric, row[2 + index]!, [sent.beacon.metrics[metric]!]));
    expect(row[2 + CORE_METRICS.length]).toBe('1');
  }

  // The table behind each trend chart: today, over both visits.
  for (const metric of CORE_METRICS) {
    const chart = page.getByTestId(`trend-${metric}`);
    await expect(chart.getByRole('img', { name: figuresCopy.trend.tableCaption(metric) })).toBeVisible();
    const summary = chart.getByText(figuresCopy.trend.showTable);
    if ((await chart.locator('details').getAttribute('open')) === null) await summary.click();
    const rows = await tableRows(chart.getByRole('table', { name: figuresCopy.trend.tableCaption(metric) }));
    expect(rows.map(([day, , samples]) => `${day} ${samples}`)).toEqual([`${kstDay(new Date())} ${visits.length}`]);
    expectShownWithin(
      metric,
      rows[0]![1]!,
      visits.map(({ sent }) => sent.beacon.metrics[metric]!),
    );
  }

  // Each core metric has its plain line; the screen says an automated browser's visit is not counted.
  for (const metric of CORE_METRICS) await expect(page.getByText(figuresCopy.vitals.meanings[metric])).toBeVisible();
  await expect(page.getByText(figuresCopy.notCounted)).toBeVisible();

  // The funnel: this month counts the two page views (not the bot's), the form start and the idea; last month none.
  const funnel = await tableRows(page.getByRole('table', { name: figuresCopy.funnel.heading }));
  const expected = funnelRows({ page_view: visits.length, form_started: 1, idea_sent: 1 });
  const empty = funnelRows({});
  expect(funnel).toEqual(
    expected.map((row, index) => [
      figuresCopy.steps[row.step],
      row.count.toLocaleString('ko-KR'),
      percent(row.conversion),
      empty[index]!.count.toLocaleString('ko-KR'),
      percent(empty[index]!.conversion),
    ]),
  );

  // The funnel by source: the visits under their landing's channel, each idea beside them with its conversion (the
  // phone's campaign visit sent the idea; the desktop's typed-in visit did not). A table from a tablet up, cards on
  // a phone; the rows are written with the server's flush, as the rest.
  const bySource: { channel: string; counts: Partial<Record<SourceStep, number>> }[] = [
    { channel: 'social', counts: { visit: 1, idea: 1 } },
    { channel: 'direct', counts: { visit: 1, idea: 0 } },
  ];
  for (const { channel, counts } of bySource) {
    const all = { ...emptyCounts(), ...counts };
    const label = channelLabels[channel as keyof typeof channelLabels];
    const figures =
      width < 640
        ? page.getByTestId('source-funnel-cards').getByRole('region', { name: label })
        : page.getByTestId('source-funnel-table').locator(`tr[data-row="${channel}"]`);
    for (const step of ['visit', 'idea'] as const) {
      const conversion = conversionOf(all, step);
      await expect(figures.locator(`[data-step="${step}"]`)).toContainText(
        `${all[step]}${conversion === null ? '' : percent(conversion)}`,
      );
    }
  }
  await expect(page.getByText(figuresCopy.sources.visitsNote)).toBeVisible();

  // Nothing scrolls sideways, neither the page nor a table's box: a phone reads every figure as it is.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const overflowing = await page
    .locator('main .overflow-x-auto')
    .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth).length);
  expect(overflowing, `tables scrolling sideways at ${width} px`).toBe(0);
  await expectNoAxeViolations(page, `현황 at ${width} px`);
}

/**
 * The beacon as the page sent it: the route, the values, the connection, the steps, the landing of a visit's first
 * page view (its kept parameters and the referring site's host), and nothing else.
 */
function expectNoIdentifier({ url, beacon, headers, status }: SentBeacon, route: string, landing: Beacon['landing']) {
  expect(new URL(url).search).toBe('');
  expect(status).toBe(204);
  expect(Object.keys(headers).filter((name) => /^(cookie|authorization)$/i.test(name))).toEqual([]);
  expect(
    Object.keys(beacon).filter((key) => !['route', 'connection', 'metrics', 'steps', 'landing'].includes(key)),
  ).toEqual([]);
  expect(beacon.route).toBe(route);
  expect(beacon.landing).toEqual(landing);
  // Every metric the library measures, a number each: a tap was made, so INP is among them.
  expect(Object.keys(beacon.metrics).sort()).toEqual([...METRICS].sort());
  for (const value of Object.values(beacon.metrics)) expect(typeof value).toBe('number');
}

test('real visits show on the team’s 현황 screen, with no cookie and no identifier', async ({ browser }) => {
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
    // It landed from an Instagram campaign's link (a click identifier on it, which the page keeps nowhere).
    const campaign = 'utm_source=instagram&utm_medium=paid-social&utm_campaign=autumn';
    const home = await visit(phone, `/?${campaign}&fbclid=abc`, { throttled: true, during: sendIdea });
    expectNoIdentifier(home.sent, 'home', { params: campaign, referrer: '' });
    expect(home.sent.beacon.steps).toEqual(['form_started']);
    // The values are the page's own: TTFB its navigation's responseStart, LCP its last LCP entry (rounded).
    expect(Math.abs(home.sent.beacon.metrics.TTFB! - home.timings.ttfb)).toBeLessThanOrEqual(1);
    expect(Math.abs(home.sent.beacon.metrics.LCP! - home.timings.lcp)).toBeLessThanOrEqual(1);

    // A desktop on `/about`.
    const desktop = await (await newContext(profiles.desktop)).newPage();
    const about = await visit(desktop, '/about');
    expectNoIdentifier(about.sent, 'about', { params: '', referrer: '' });
    expect(about.sent.beacon.steps).toBeUndefined();
    expect(Math.abs(about.sent.beacon.metrics.TTFB! - about.timings.ttfb)).toBeLessThanOrEqual(1);

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

    // What the team sees on 현황, on a desktop and on a phone: the beacons are written by the server's next flush
    // (VITALS_FLUSH_MS above), so the screen is read again until both visits are there.
    const team = await browser.newContext({ ...profiles.desktop, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    contexts.push(team);
    const page = await team.newPage();
    await signIn(page, databaseUrl);
    const visits = [
      { sent: home.sent, device: 'phone' as const },
      { sent: about.sent, device: 'desktop' as const },
    ];
    await expect(async () => {
      await page.goto(`${BASE}/team/`);
      await expectFiguresScreen(page, 1280, visits);
    }).toPass({ timeout: SLOW });
    await expectFiguresScreen(page, 390, visits);
  } finally {
    for (const context of contexts) await context.close();
  }
});
