/**
 * The idle limit in the page (issue 33, item 8): a lead is open with the visitor's name, e-mail and idea on screen;
 * when the idle limit (`idleMs` in /me, TEAM_IDLE_MINUTES) passes without an answer from the server, the page clears
 * it at once and shows sign-in with its note, without waiting for a click. The browser's clock is moved with
 * `page.clock` instead of waiting the limit out. The limit counts from the server's last answer, so before the clock
 * moves the test holds every new request unanswered and waits for the page's requests already under way: an answer
 * that landed between the two moves would rightly restart the limit (a full run once found the lead still there after the limit). Desktop project
 * only (one server, one clock).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page, type Request } from '@playwright/test';
import { workspaceShellCopy as copy } from '../../src/content/workspace-shell';
import { leadsCopy } from '../../src/content/workspace';
import { IDEA_ENDPOINT } from '../../src/domain/idea';
import { TEAM_AUTH_PATHS } from '../../src/domain/team-auth-api';
import { TEAM_API_PATH } from '../../src/domain/team-paths';
import { WORKSPACE_EVENTS_PATH } from '../../src/domain/workspace-events';
import { createFormToken } from '../../src/server/intake/form-token';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4412;
const BASE = `http://localhost:${PORT}`;
const FORM_SECRET = 'e2e-idle-form-secret-0123456789-abcdefghijkl';
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  // The server's start on a busy shared machine (PGlite, tsx's first compile) takes minutes (fixtures/intake-server.ts).
  testInfo.setTimeout(200_000);
  intake = await startIntakeServer(PORT, { SITE_URL: BASE, FORM_SECRET, FORM_MIN_FILL_MS: '0' });
});

test.afterAll(async () => {
  await intake?.stop();
});

/**
 * Follows the workspace's API requests from the page's start. `answerNoMore()`: from then on they get no answer (as
 * when the server is out of reach); resolves once the ones already under way have ended. The live stream stays open:
 * it is no answer that restarts the limit.
 */
function apiRequests(page: Page): { answerNoMore(): Promise<void> } {
  const isApi = ({ pathname }: URL) => pathname.startsWith(`${TEAM_API_PATH}/`) && pathname !== WORKSPACE_EVENTS_PATH;
  const underway = new Set<Request>();
  let allEnded: (() => void) | undefined;
  const ended = (request: Request) => {
    underway.delete(request);
    if (underway.size === 0) allEnded?.();
  };
  page.on('request', (request) => {
    if (isApi(new URL(request.url()))) underway.add(request);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async answerNoMore() {
      // Held, never answered: no longer one of those under way.
      await page.route(isApi, (route) => ended(route.request()));
      if (underway.size > 0) await new Promise<void>((resolve) => (allEnded = resolve));
    },
  };
}

test('at the idle limit the open lead leaves the screen at once and sign-in shows', async ({ page }) => {
  test.setTimeout(120_000);
  const visitor = { name: '성춘향', email: 'chunhyang-idle@example.com', idea: '남원 한옥 숙소를 예약하는 앱' };
  const sent = await page.request.post(`${BASE}${IDEA_ENDPOINT}`, {
    headers: { origin: BASE },
    data: {
      ...visitor,
      phone: '010-2345-6789',
      website: '',
      formToken: createFormToken(FORM_SECRET, Date.now() - 10_000),
    },
  });
  expect(sent.status()).toBe(202);

  const api = apiRequests(page);
  await page.clock.install();
  await addPasskeyAuthenticator(page);
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/team.ts', 'invite', 'idle@mvp24.example'],
    {
      env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: BASE, DATABASE_URL: '' },
    },
  );
  await page.goto(stdout.trim().split('\n').at(-1)!);
  await page.getByRole('button', { name: copy.invite.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: leadsCopy.inbox.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: new RegExp(visitor.name) }).click();
  await expect(page.getByRole('link', { name: visitor.email })).toBeVisible();
  await expect(page.getByText(visitor.idea).first()).toBeVisible();

  const { idleMs } = (await (await page.request.get(`${BASE}${TEAM_AUTH_PATHS.me}`)).json()) as { idleMs: number };
  expect(idleMs).toBeGreaterThan(0);
  await api.answerNoMore();
  // Just short of the limit the lead is still there; at the limit it goes without any click or request.
  await page.clock.fastForward(idleMs - 5_000);
  await expect(page.getByRole('link', { name: visitor.email })).toBeVisible();
  await page.clock.fastForward(6_000);
  await expect(page.getByRole('heading', { name: copy.signIn.title })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(copy.signIn.idleNote);
  await expect(page.getByText(visitor.email)).toHaveCount(0);
  await expect(page.getByText(visitor.name)).toHaveCount(0);
  await expect(page.getByText(visitor.idea)).toHaveCount(0);
});
