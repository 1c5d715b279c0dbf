import { defineConfig, devices } from '@playwright/test';
import { SITE_PORT } from './tests/e2e/fixtures/site-server';
import { DESKTOP_ONLY_SPECS, ONE_VIEWPORT_TAG } from './tests/e2e/fixtures/viewports';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium as a person runs it: the benchmarks, the demo and share-image generators, and the specs that
 * launch a browser of their own with a fake microphone (the headless shell does not record from it reliably).
 */
export const chromiumLaunch = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

/**
 * The browser tests drive Debian's build of Chromium's headless shell (package `chromium-headless-shell`): the same
 * engine and version without the desktop browser's UI and compositor, as Playwright itself runs headless tests. It
 * spends about a third less CPU per test on this machine (decision 123). No browser is downloaded.
 */
export const testChromiumLaunch = {
  executablePath: process.env.TEST_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: chromiumArgs,
};

export default defineConfig({
  testDir: 'tests/e2e',
  // The migrated databases every spec's server copies, made once for the run, and the site server that serves the
  // built site (run `npm run build` first; `npm test` does) to the specs without a server of their own (decision 123).
  globalSetup: './tests/e2e/fixtures/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: testChromiumLaunch,
    // A failed test keeps a screenshot of where it stopped; its retry (CI retries once) records a trace: each action
    // with the DOM before and after, its network, console and sources. Recording every first run cost 13 % of the
    // browser tests' CPU, its film strip another quarter (decision 123 has the figures). Locally, `--trace on`.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: testChromiumLaunch },
    },
    {
      name: 'phone',
      // Only what can differ at 390 px with touch (tests/e2e/fixtures/viewports.ts).
      testIgnore: DESKTOP_ONLY_SPECS,
      grepInvert: new RegExp(ONE_VIEWPORT_TAG),
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: testChromiumLaunch,
      },
    },
  ],
});
