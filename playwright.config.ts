import { defineConfig, devices } from '@playwright/test';

/** Browser tests drive Debian's Chromium (no downloaded browser builds on this machine). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  // The migrated databases every spec's server copies, made once for the run (decision 123).
  globalSetup: './tests/e2e/fixtures/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch },
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  // The real server serves the built site (run `npm run build` first; `npm test` does).
  // E2E_WEB_SERVER_COMMAND swaps the command locally (e.g. `npx vite preview --outDir dist/site --port 4173`).
  webServer: {
    command: process.env.E2E_WEB_SERVER_COMMAND ?? 'node --import tsx src/server/main.ts',
    url: process.env.E2E_WEB_SERVER_URL ?? `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'test-results/e2e-data',
      LOG_LEVEL: 'warn',
    },
  },
});
