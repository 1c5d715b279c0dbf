/**
 * Signing in to the team's workspace in Chromium with a CDP virtual authenticator (a passkey held by the browser),
 * against our own server process (on a fresh PostgreSQL database, real SMTP server on loopback, TEAM_IDLE_MINUTES=1):
 * the CLI's invite → register a passkey → signed in → members, access records → sign out → sign in again; an
 * invite mailed from the workspace; a removed member is signed out; without a session every API path is 401; a
 * cross-origin POST is refused; idle logout; axe finds nothing on each screen (desktop 1280 px, phone 390 px).
 * The pages are opened on http://localhost (a secure context, and a host name WebAuthn accepts as an RP ID; an
 * IP address such as 127.0.0.1 is not a valid RP ID).
 */
import { sql } from 'drizzle-orm';
import { expect, test, type Browser } from '@playwright/test';
import { ONE_VIEWPORT } from './fixtures/viewports';
import { workspaceShellCopy as copy } from '../../src/content/workspace-shell';
import { leadsCopy, teamErrorMessages } from '../../src/content/workspace';
import { TEAM_AUTH_PATHS } from '../../src/domain/team-auth-api';
import { main as teamCli } from '../../src/cli/team';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runCaptured } from '../../src/cli/captured-cli';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { expectNoAxeViolations } from './fixtures/axe';
import { addPasskeyAuthenticator } from './fixtures/passkey';
import { preparedPostgres } from './fixtures/prepared-state';

const PORTS: Record<string, number> = { desktop: 4390, phone: 4391 };

let server: IntakeServer | undefined;
/** The server's database, for the idle test to move a session's clock (PostgreSQL: the server holds it too). */
let database: Database | undefined;
let base = '';
let databaseUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  const port = PORTS[testInfo.project.name]!;
  databaseUrl = await preparedPostgres('team_auth_e2e');
  server = await startIntakeServer(port, { TEAM_IDLE_MINUTES: '1', DATABASE_URL: databaseUrl });
  database = await openDatabase({ databaseUrl, dataDir: server.dataDir, poolSize: 1 });
  base = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** `npm run team -- invite <email>` in-process, against the running server (its loopback admin API). */
async function inviteWithCli(email: string): Promise<string> {
  const { stdout, stderr, code } = await runCaptured(
    teamCli,
    { DATA_DIR: server!.dataDir, DATABASE_URL: databaseUrl, SITE_URL: base, LOG_LEVEL: 'silent' },
    ['invite', email],
  );
  expect(code, stderr).toBe(0);
  return stdout.trim();
}

async function newMemberPage(browser: Browser, link: string, options: { clock?: boolean } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's own clock, for a test that moves it (installed before the page's scripts run).
  if (options.clock) await page.clock.install();
  await addPasskeyAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: copy.invite.button }).click();
  await expect(page.getByRole('heading', { name: leadsCopy.inbox.title })).toBeVisible();
  return page;
}

test('the first owner enrolls from the CLI invite, invites by mail, signs out and in again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await addPasskeyAuthenticator(page);
  const link = await inviteWithCli('owner@example.com');
  expect(link).toMatch(new RegExp(`^${base}/team/invite#[A-Za-z0-9_-]{43}$`));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: copy.invite.title })).toBeVisible();
  // The token left the address bar (and so the history) as soon as the page read it.
  expect(page.url()).toBe(`${base}/team/invite`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: copy.invite.button }).click();
  await expect(page.getByRole('heading', { name: leadsCopy.inbox.title })).toBeVisible();
  await expect(page.getByRole('banner').getByText('owner@example.com', { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/team\/?$/);

  // The link works once.
  const again = await browser.newContext();
  const second = await again.newPage();
  await addPasskeyAuthenticator(second);
  await second.goto(link);
  await second.getByRole('button', { name: copy.invite.button }).click();
  await expect(second.getByRole('alert')).toHaveText(teamErrorMessages.invite_invalid);
  await again.close();

  const nav = page.getByRole('navigation', { name: copy.nav.label });
  await nav.getByRole('link', { name: copy.nav.members }).click();
  await expect(page.getByRole('heading', { name: copy.members.title, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(copy.members.email).fill('helper@example.com');
  await page.getByRole('button', { name: copy.members.inviteButton }).click();
  await expect(page.getByRole('status')).toHaveText(copy.members.invited('helper@example.com'));
  const [mail] = await server!.smtp.waitFor(1, 15_000);
  expect(mail!.envelopeTo).toEqual(['helper@example.com']);
  const mailed = /http:\/\/localhost:\d+\/team\/invite#[A-Za-z0-9_-]+/.exec(mail!.parsed.text ?? '')?.[0];
  expect(mailed).toBeDefined();
  const helper = await newMemberPage(browser, mailed!);
  // A member (not an owner) sees neither the members nor the access records.
  await expect(helper.getByRole('link', { name: copy.nav.members })).toHaveCount(0);
  await helper.context().close();

  await nav.getByRole('link', { name: copy.nav.accessRecords }).click();
  await expect(page.getByRole('heading', { name: copy.accessRecords.title })).toBeVisible();
  // In the list (the action filter's options carry the same words).
  const records = page.getByTestId('access-records');
  await expect(records.getByText(copy.accessRecords.actions.passkey_registered).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Filtered on the server (decision 109): only the invites, then back to all.
  const headings = () => records.locator('li > p:first-child').allTextContents();
  const filters = page.getByRole('form', { name: copy.accessRecords.filters.label });
  const filtered = page.getByRole('status').filter({ hasText: copy.accessRecords.filters.filtered });
  await filters.getByLabel(copy.accessRecords.filters.action).selectOption('invite_created');
  await filters.getByRole('button', { name: copy.accessRecords.filters.apply }).click();
  await expect(filtered).toBeVisible();
  const onlyInvites = new RegExp(`^${copy.accessRecords.actions.invite_created} #\\d+$`);
  await expect
    .poll(async () => {
      const shown = await headings();
      return shown.length > 0 && shown.every((heading) => onlyInvites.test(heading));
    })
    .toBe(true);
  await expectNoAxeViolations(page, 'filtered access records');
  // A mistyped reference is refused on the page, in Korean, and the list stays as it was.
  await filters.getByLabel(copy.accessRecords.filters.lead).fill('xyz');
  await filters.getByRole('button', { name: copy.accessRecords.filters.apply }).click();
  await expect(page.getByRole('alert')).toHaveText(copy.accessRecords.filters.invalidLead);
  await expectNoAxeViolations(page, 'refused filter');
  await filters.getByRole('button', { name: copy.accessRecords.filters.reset }).click();
  await expect(filtered).toHaveCount(0);
  // All again, read afresh: the filtered view is now the newest record (a cached list from before could not hold it).
  await expect
    .poll(async () => (await headings())[0])
    .toMatch(new RegExp(`^${copy.accessRecords.actions.records_viewed} #`));
  // Opened again from the navigation, the list is read again.
  const newest = async () => Number(/#(\d+)/.exec((await headings())[0] ?? '')?.[1]);
  const before = await newest();
  await nav.getByRole('link', { name: copy.nav.members }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy.members.title })).toBeVisible();
  await nav.getByRole('link', { name: copy.nav.accessRecords }).click();
  // The list kept from before ends at `before`; a later record (at least the last view's own) shows only if read again.
  await expect.poll(newest).toBeGreaterThan(before);

  await page.getByRole('button', { name: copy.signOut }).click();
  await expect(page.getByRole('heading', { name: copy.signIn.title })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(copy.signIn.signedOutNote);
  await expectNoAxeViolations(page);
  expect((await page.request.get(`${base}${TEAM_AUTH_PATHS.me}`)).status()).toBe(401);

  await page.getByRole('button', { name: copy.signIn.button }).click();
  await expect(page.getByRole('heading', { name: copy.accessRecords.title })).toBeVisible();
  await expect(page.getByRole('banner').getByText('owner@example.com', { exact: true })).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('a removed member is signed out and cannot sign in again', ONE_VIEWPORT, async ({ browser }) => {
  test.setTimeout(60_000);
  const member = await newMemberPage(browser, await inviteWithCli('leaving@example.com'));
  const removed = await runCaptured(
    teamCli,
    { DATA_DIR: server!.dataDir, DATABASE_URL: databaseUrl, SITE_URL: base, LOG_LEVEL: 'silent' },
    ['remove', 'leaving@example.com'],
  );
  expect(removed.code, removed.stderr).toBe(0);
  expect(removed.stdout).toContain('leaving@example.com');
  await member.reload();
  await expect(member.getByRole('heading', { name: copy.signIn.title })).toBeVisible();
  await member.getByRole('button', { name: copy.signIn.button }).click();
  await expect(member.getByRole('alert')).toHaveText(teamErrorMessages.passkey_invalid);
  await member.context().close();
});

test(
  'without a session every API path answers 401, and a cross-origin POST is refused',
  ONE_VIEWPORT,
  async ({ browser }) => {
    const context = await browser.newContext();
    const same = { origin: base };
    for (const [method, path] of [
      ['GET', TEAM_AUTH_PATHS.me],
      ['GET', TEAM_AUTH_PATHS.members],
      ['GET', TEAM_AUTH_PATHS.accessRecords],
      ['GET', '/team/api/leads'],
      ['GET', '/team/api/no-such-path'],
      ['POST', TEAM_AUTH_PATHS.members],
      ['POST', TEAM_AUTH_PATHS.signOut],
      ['DELETE', TEAM_AUTH_PATHS.member('00000000-0000-4000-8000-000000000000')],
    ] as const) {
      const response = await context.request.fetch(`${base}${path}`, { method, headers: same });
      expect(response.status(), `${method} ${path}`).toBe(401);
      expect((await response.json()).error.code).toBe('unauthorized');
    }
    const crossOrigin = await context.request.post(`${base}${TEAM_AUTH_PATHS.signInOptions}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossOrigin.status()).toBe(403);

    // From a page of another origin, the browser's own cross-site request is refused the same way.
    const page = await context.newPage();
    await page.goto(`${base.replace('localhost', '127.0.0.1')}/`);
    const status = await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', credentials: 'include' }).then(
          (r) => r.status,
          () => 0,
        ),
      `${base}${TEAM_AUTH_PATHS.signInOptions}`,
    );
    // CORS hides the answer from the page (0), and the server refused it anyway: no challenge was made for it.
    expect([0, 403]).toContain(status);
    await context.close();
  },
);

test(
  'an idle session ends: the next request shows the sign-in screen with a note',
  ONE_VIEWPORT,
  async ({ browser }) => {
    const page = await newMemberPage(browser, await inviteWithCli('idle@example.com'), { clock: true });
    // TEAM_IDLE_MINUTES=1 on this server: a minute without a request ends the session on the server. The session's
    // clock is moved past it in the database instead of waiting the minute out.
    const { idleMs } = (await (await page.request.get(`${base}${TEAM_AUTH_PATHS.me}`)).json()) as { idleMs: number };
    await database!.rows(
      sql`update team_sessions set last_seen_at = last_seen_at - make_interval(secs => ${idleMs / 1000 + 1})`,
    );
    // The page's clock moves as far, without running its timers: the page's own idle timer (team-idle.spec.ts) stays
    // put, so what signs it out here is the server's 401 to the page's next request.
    await page.clock.setSystemTime(Date.now() + idleMs + 1_000);
    // The member comes back to the tab: the workspace asks who is signed in, gets 401, and says why.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByRole('heading', { name: copy.signIn.title })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(copy.signIn.idleNote);
    await expectNoAxeViolations(page);
    await page.context().close();
  },
);
