/**
 * The field figures of `npm run bench:web` (issue 36, decision 098): the page's own Web Vitals, as its beacon sends
 * them and the server keeps them, beside Lighthouse's lab figures.
 *
 * Each round, one scripted visit per page on the phone profile (phone.ts's screen, touch and throttling; a Pixel 7's
 * user agent, so the server counts a phone's visit and not a headless browser's): the page loads and goes live, the
 * visitor reads for a second and taps the heading (the first tap fetches the beacon's code, and it is the
 * interaction INP measures), reads a second more and switches away (the page is hidden), and the page's one beacon
 * goes to the bench's server like a visitor's. After the runs the server stops (writing the counts it holds) and its
 * database is read the way the 현황 screen reads it (server/vitals/vitals-figures.ts): p75 per route and device from
 * the day histograms, interpolated inside its bucket.
 */
import { chromium, devices, type Browser } from 'playwright';
import { routes } from '../../src/content/site';
import { rating, VITALS_ENDPOINT, type Metric } from '../../src/domain/vitals';
import { openDatabase } from '../../src/server/db/client';
import { vitalsFigures } from '../../src/server/vitals/vitals-figures';
import { chromiumLaunch } from '../../playwright.config';
import { newPhoneContext, phoneProfile, throttle } from './phone';

/** A phone's user agent: the server reads the device class from it (and would not count a headless browser's). */
const FIELD_USER_AGENT = devices['Pixel 7'].userAgent;
const READ_MS = 1000;
const TIMEOUT_MS = 60_000;

/** One visitor's visit of `url` on the phone profile; resolves once the page's beacon was answered. */
async function fieldVisit(browser: Browser, url: string): Promise<void> {
  const context = await newPhoneContext(browser, FIELD_USER_AGENT);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: TIMEOUT_MS });
    await page.waitForTimeout(READ_MS);
    await page.locator('h1').first().tap();
    // Polled from here with an expression string: tsx would compile a function with a helper that exists only in
    // Node (phone.ts), and waitForFunction runs a string predicate through eval, which the page's CSP refuses.
    const deadline = Date.now() + TIMEOUT_MS;
    while (
      !(await page.evaluate(
        "performance.getEntriesByType('resource').some((entry) => entry.name.includes('vitals-beacon'))",
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`the beacon's code did not load on ${url}`);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(READ_MS);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === VITALS_ENDPOINT, {
      timeout: TIMEOUT_MS,
    });
    // Hidden as when the visitor switches to another app (headless Chromium keeps every tab visible, and a beacon
    // sent while the page unloads is not reported to Playwright): web-vitals reports its final values, the beacon goes.
    await page.evaluate(
      "Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }); " +
        "document.dispatchEvent(new Event('visibilitychange'))",
    );
    const status = (await (await sent).response())?.status();
    if (status !== 204) console.warn(`field visit of ${url}: the beacon was answered ${status}`);
  } finally {
    await context.close();
  }
}

/** One round of field visits, one per page, in one fresh browser. */
export async function runFieldVisits(origin: string, paths: readonly string[]): Promise<void> {
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    for (const path of paths) await fieldVisit(browser, origin + path);
  } finally {
    await browser.close();
  }
}

export const FIELD_METRICS = ['FCP', 'LCP', 'CLS', 'TTFB', 'INP'] as const satisfies readonly Metric[];
type FieldMetric = (typeof FIELD_METRICS)[number];

/** p75 of the phones' visits per page and metric, with the number of values each rests on. */
type FieldRow = Record<FieldMetric, { value: number | null; samples: number }>;
export type FieldFigures = Map<string, FieldRow>;

/** Reads the stopped server's figures from its data directory (PGlite), as the 현황 screen does. */
export async function readFieldFigures(dataDir: string, paths: readonly string[]): Promise<FieldFigures> {
  const database = await openDatabase({ dataDir });
  try {
    // Two Korean days: a run that crosses midnight in Seoul still reads all its visits (the directory is fresh).
    const { p75 } = await vitalsFigures(database, { enabled: true, days: 2 });
    return new Map(
      paths.map((path) => {
        const route = routes.find((entry) => entry.path === path)?.id;
        const of = (metric: FieldMetric) => {
          const row = p75.find((entry) => entry.route === route && entry.device === 'phone' && entry.metric === metric);
          return { value: row?.value ?? null, samples: row?.samples ?? 0 };
        };
        return [path, Object.fromEntries(FIELD_METRICS.map((metric) => [metric, of(metric)])) as FieldRow];
      }),
    );
  } finally {
    await database.close();
  }
}

/** Lighthouse's median of each lab figure a field figure is set beside, per page (milliseconds; CLS unitless). */
export type LabFigures = Map<string, Record<FieldMetric, number>>;

const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;
const ms = (v: number) => `${Math.round(v)} ms`;
const formats: Record<FieldMetric, (v: number) => string> = {
  FCP: seconds,
  LCP: seconds,
  CLS: (v) => v.toFixed(3),
  TTFB: ms,
  INP: ms,
};
const labels: Record<FieldMetric, string> = {
  FCP: 'FCP',
  LCP: 'LCP',
  CLS: 'CLS',
  TTFB: "TTFB (lab: Lighthouse's server response time)",
  INP: 'INP (lab: TBT, its stand-in without taps)',
};
const ratings = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as const;

/** The field figures' part of the benchmark report: each page's lab median beside its field p75. */
export function fieldSection(runs: number, paths: readonly string[], lab: LabFigures, field: FieldFigures): string {
  const fieldCell = (path: string, metric: FieldMetric) => {
    const { value } = field.get(path)![metric];
    return value === null ? '–' : `${formats[metric](value)} (${ratings[rating(metric, value)]})`;
  };
  const header = `| Field (phones, p75) beside lab | ${paths.map((p) => `\`${p}\` lab | \`${p}\` field`).join(' | ')} |`;
  const rows = FIELD_METRICS.map(
    (metric) =>
      `| ${labels[metric]} | ${paths.map((p) => `${formats[metric](lab.get(p)![metric])} | ${fieldCell(p, metric)}`).join(' | ')} |`,
  );
  const visits = `| Visits counted (LCP values) | ${paths.map((p) => `– | ${field.get(p)!.LCP.samples} of ${runs}`).join(' | ')} |`;
  return [
    `Field figures (\`scripts/bench/field.ts\`), one visit per page per round after the phone profile, on the same`,
    `profile (${phoneProfile.viewport.width}×${phoneProfile.viewport.height}, ${phoneProfile.cpuSlowdown}× CPU, ${phoneProfile.latencyMs} ms RTT) with a phone's user agent: the page loads and goes live, a second,`,
    `a tap on its heading, a second, then the page is hidden (the visitor switches away) and its own beacon (decision`,
    `098) goes to the same server. The field column is what the 현황 screen would show: p75 of the phones' visits`,
    `read from the server's day histograms after it stopped, interpolated inside its bucket (about 12 % wide), with`,
    `its Core Web Vitals rating.`,
    `The lab column is Lighthouse's median above (simulated throttling of a fast run, so the two differ by method`,
    `as well as by visit: the field visits run on this machine's CPU slowed ${phoneProfile.cpuSlowdown}× and include its load).`,
    '',
    header,
    `|---|${paths.map(() => '---|---').join('|')}|`,
    ...rows,
    visits,
  ].join('\n');
}
