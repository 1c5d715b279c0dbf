/**
 * The phone profile of `npm run bench:web` (issue 23, decision 080): what a visitor on a mid-range Android phone
 * waits for when they tap, measured in Debian's Chromium driven by Playwright with a phone's screen (390×844, touch),
 * 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) and a slow mobile network (150 ms round trip, 1.6 Mbps
 * down, 750 kbps up: CDP Network.emulateNetworkConditions, Lighthouse's mobile figures), against the real server.
 *
 * One run is one fresh browser context (empty cache) visiting `/` like a visitor:
 * - the page loads and goes live (`<html data-hydrated>`), the visitor scrolls to the portfolio, waits half a
 *   second (a quick first tap, issue 31: the dialog's code may still be on its way) and taps the first card:
 *   **card → dialog**, from the tap's pointerdown to the first frame with the dialog on screen;
 * - closes it (Escape), scrolls to the idea form, taps and fills the fields, waits past the form's minimum fill
 *   time and taps 상담 신청하기: **press → confirmation**, from the press's pointerdown to the first frame with the
 *   success notice on screen (the real intake stores the idea before it answers);
 * - **INP**: the longest interaction of the whole visit, from the Event Timing API (PerformanceObserver 'event'
 *   entries with an interactionId, durationThreshold 16 ms).
 * Both instants are taken in the page's own clock (the event's timeStamp, a MutationObserver, then the next
 * animation frame), so Playwright's polling does not blur them. Each run also records Lighthouse's benchmark index,
 * computed in the same browser before throttling, and the control: a tap on the control page's plain text under
 * the same throttling (its Event Timing duration is what any tap costs on this machine, with no code of ours).
 */
import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { ideaNotices } from '../../src/content/home';
import { chromiumLaunch } from '../../playwright.config';
import { loadConfig } from '../../src/server/config';

export const phoneProfile = {
  viewport: { width: 390, height: 844 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
} as const;

/** A quick first tap: half a second after the card scrolled into view (issue 31, decision 100). */
export const CARD_TAP_PAUSE_MS = 500;
/** Past the server's default minimum fill time (FORM_MIN_FILL_MS): a visitor filling four fields takes longer. */
const FILL_PAUSE_MS = loadConfig({}).form.minFillMs + 500;
const TIMEOUT_MS = 60_000;

export interface PhoneRun {
  /** Card tap (pointerdown) → first frame with the dialog on screen, ms. */
  cardToDialog: number;
  /** Press of 상담 신청하기 (pointerdown) → first frame with the confirmation on screen, ms. */
  pressToConfirmation: number;
  /** Longest interaction of the visit (Event Timing), ms. */
  inp: number;
  /** The same for one tap on the control page's text, ms. */
  controlTap: number;
  /** Lighthouse's benchmark index, computed in this browser before throttling. */
  benchmarkIndex: number;
  /** 1-minute load average when the run ended. */
  load: number;
}

declare global {
  interface Window {
    __phone?: {
      interactions: number[];
      tapAt?: number;
      shownAt?: number;
    };
  }
}

/**
 * tsx (esbuild, keepNames) compiles the functions below with calls to a `__name` helper that only exists in Node;
 * the page gets a no-op one before they run there.
 */
const keepNames = 'globalThis.__name = (target) => target;';

/** Installed before any page script: records interactions and the first frame a selector's element is visible. */
function instrument() {
  const state: NonNullable<Window['__phone']> = { interactions: [] };
  window.__phone = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>)
      if (entry.interactionId) state.interactions.push(entry.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  addEventListener('pointerdown', (event) => (state.tapAt = event.timeStamp), { capture: true });
}

/** Resolves with performance.now() of the first frame after an element matching `selector` with `text` is visible. */
function watchFor({ selector, text }: { selector: string; text: string }) {
  const state = window.__phone as NonNullable<Window['__phone']>;
  state.shownAt = undefined;
  const visible = () =>
    [...document.querySelectorAll<HTMLElement>(selector)].some(
      (element) => element.textContent?.includes(text) && element.checkVisibility({ opacityProperty: false }),
    );
  const observer = new MutationObserver(() => {
    if (state.shownAt !== undefined || !visible()) return;
    observer.disconnect();
    requestAnimationFrame(() => (state.shownAt = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/** The phone profile's CPU and network throttling on `page` (also the field visits': field.ts). */
export async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneProfile.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phoneProfile.latencyMs,
    downloadThroughput: phoneProfile.downloadBytesPerSecond,
    uploadThroughput: phoneProfile.uploadBytesPerSecond,
  });
}

/** A fresh phone context (empty cache); `userAgent` replaces the browser's own (a headless one's beacon is not counted). */
export async function newPhoneContext(browser: Browser, userAgent?: string) {
  return browser.newContext({
    ...(userAgent ? { userAgent } : {}),
    viewport: phoneProfile.viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
}

/** Waits for the recorded instant and returns it minus the last pointerdown's timeStamp. */
async function elapsedSinceTap(page: Page): Promise<number> {
  await page.waitForFunction(() => window.__phone?.shownAt !== undefined, null, { timeout: TIMEOUT_MS });
  return page.evaluate(() => {
    const state = window.__phone as NonNullable<Window['__phone']>;
    return (state.shownAt as number) - (state.tapAt as number);
  });
}

async function longestInteraction(page: Page): Promise<number> {
  const durations = await page.evaluate(() => window.__phone?.interactions ?? []);
  return Math.max(0, ...durations);
}

/** Lighthouse's own CPU benchmark (page-functions.js), run in a blank page of this browser without throttling. */
async function benchmarkIndex(browser: Browser, compute: () => number): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(`(${compute.toString()})()`);
  } finally {
    await page.close();
  }
}

async function siteVisit(
  browser: Browser,
  origin: string,
): Promise<Pick<PhoneRun, 'cardToDialog' | 'pressToConfirmation' | 'inp'>> {
  const context = await newPhoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.addInitScript(keepNames);
    await page.addInitScript(instrument);
    await page.goto(`${origin}/`, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: TIMEOUT_MS });

    // The portfolio: scrolled to, half a second to look, then the first tap on a card.
    const card = page.locator('#portfolio button[aria-haspopup="dialog"]').first();
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(CARD_TAP_PAUSE_MS);
    await page.evaluate(watchFor, { selector: '[role="dialog"]', text: '' });
    await card.tap();
    const cardToDialog = await elapsedSinceTap(page);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached', timeout: TIMEOUT_MS });

    // The idea form: each field tapped and filled, then the press.
    const form = page.locator('#idea-form form');
    await form.scrollIntoViewIfNeeded();
    const fields: Array<[string, string]> = [
      ['아이디어', '동네 헬스장 PT 예약 앱: 트레이너 일정과 회원 예약을 한 화면에서'],
      ['이름', '문가온'],
      ['이메일', 'gaon@example.com'],
    ];
    for (const [label, value] of fields) {
      const field = form.getByLabel(label);
      await field.tap();
      await field.fill(value);
    }
    await page.waitForTimeout(FILL_PAUSE_MS);
    await page.evaluate(watchFor, { selector: '[role="status"]', text: ideaNotices.success.title });
    await form.getByRole('button', { name: '상담 신청하기' }).tap();
    const pressToConfirmation = await elapsedSinceTap(page);
    await page.waitForTimeout(500); // the last interactions' entries are reported after their frame
    const inp = await longestInteraction(page);
    return { cardToDialog, pressToConfirmation, inp };
  } finally {
    await context.close();
  }
}

async function controlTap(browser: Browser, url: string): Promise<number> {
  const context = await newPhoneContext(browser);
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.addInitScript(keepNames);
    await page.addInitScript(instrument);
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    await page.waitForTimeout(1000);
    await page.locator('p').first().tap();
    await page.waitForTimeout(1000);
    return await longestInteraction(page);
  } finally {
    await context.close();
  }
}

/** One phone-profile run: a visit of the site's `/` and a tap on the control page, in one fresh browser. */
export async function runPhoneProfile(origin: string, controlUrl: string): Promise<PhoneRun> {
  const { computeBenchmarkIndex } = (await import('lighthouse/core/lib/page-functions.js')).pageFunctions as {
    computeBenchmarkIndex: () => number;
  };
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    const index = await benchmarkIndex(browser, computeBenchmarkIndex);
    const visit = await siteVisit(browser, origin);
    const control = await controlTap(browser, controlUrl);
    return { ...visit, controlTap: control, benchmarkIndex: index, load: loadavg()[0] ?? NaN };
  } finally {
    await browser.close();
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Phone-profile targets (issue 23, decision 080), in ms. */
export const phoneTargets = { cardToDialog: 300, pressToConfirmation: 1000, inp: 200 } as const;

/** The phone profile's part of the benchmark report: medians against the targets, every run, index and load. */
export function phoneSection(phoneRuns: PhoneRun[]): string {
  const of = (key: keyof PhoneRun) => phoneRuns.map((run) => run[key]);
  const each = (key: keyof PhoneRun) =>
    of(key)
      .map((v) => Math.round(v))
      .join(', ');
  const row = (label: string, key: keyof typeof phoneTargets) => {
    const value = median(of(key));
    return `| ${label} | ≤ ${phoneTargets[key]} ms | ${ms(value)} ${value <= phoneTargets[key] ? '✅' : '❌'} | ${each(key)} |`;
  };
  return [
    `Phone profile (\`scripts/bench/phone.ts\`), one run per round after the Lighthouse runs: Playwright driving Debian's`,
    `Chromium at ${phoneProfile.viewport.width}×${phoneProfile.viewport.height} with touch, ${phoneProfile.cpuSlowdown}× CPU throttling and ${phoneProfile.latencyMs} ms RTT / 1.6 Mbps down / 750 kbps up (CDP), a`,
    `fresh context each run, against the same server (rate limit raised for the bench). The first tap on a card comes`,
    `${CARD_TAP_PAUSE_MS} ms after the card scrolled into view. Times from the tap's`,
    `pointerdown to the first frame with the dialog / the confirmation on screen; INP is the longest interaction of the`,
    `visit (Event Timing). The control is one tap on the control page's text under the same throttling: what any tap`,
    `costs on this machine with no code of ours.`,
    '',
    '| Phone profile | Target | median | runs (ms) |',
    '|---|---|---|---|',
    row(`First tap on a portfolio card, ${CARD_TAP_PAUSE_MS} ms after it scrolled into view → dialog`, 'cardToDialog'),
    row('Press of 상담 신청하기 → confirmation', 'pressToConfirmation'),
    row('Longest interaction (INP)', 'inp'),
    `| Control: a tap on plain text (its INP) | – | ${ms(median(of('controlTap')))} | ${each('controlTap')} |`,
    `| Benchmark index (in the phone's browser, before throttling) | – | ${Math.round(median(of('benchmarkIndex')))} | ${each('benchmarkIndex')} |`,
    `| Load average (1 min) at the end of the run | – | ${median(of('load')).toFixed(1)} | ${of('load')
      .map((v) => v.toFixed(1))
      .join(', ')} |`,
  ].join('\n');
}
