/**
 * The members screen end to end (issue 33, items 4 and 5) on our own server (PGlite, real SMTP server): an owner
 * and a member enroll from CLI invites; the member's inbox offers no CSV export; the owner gives the member the
 * export-and-erase grant (asked first) and the member's inbox offers it; the owner invites by mail, sees the invite
 * pending, re-issues it (the first link stops working) and revokes it (the second stops too); the owner makes the
 * member an owner, who then sees the members screen. Desktop project only.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { workspaceShellCopy as copy } from '../../src/content/workspace-shell';
import { leadsCopy, teamErrorMessages } from '../../src/content/workspace';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4411;
const BASE = `http://localhost:${PORT}`;
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  // The server's start on a busy shared machine (PGlite, tsx's first compile) takes minutes (fixtures/intake-server.ts).
  testInfo.setTimeout(200_000);
  intake = await startIntakeServer(PORT, { SITE_URL: BASE });
});

test.afterAll(async () => {
  await intake?.stop();
});

async function cliInvite(email: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/team.ts', 'invite', email], {
    env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: BASE, DATABASE_URL: '' },
  });
  return stdout.trim().split('\n').at(-1)!;
}

async function enroll(browser: Browser, link: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await addPasskeyAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: copy.invite.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: leadsCopy.inbox.title })).toBeVisible({ timeout: 20_000 });
  return page;
}

/** The mailed invite link in the newest mail to `email`. */
async function mailedLink(count: number, email: string): Promise<string> {
  const mails = await intake!.smtp.waitFor(count, 15_000);
  const mail = mails.filter((each) => each.envelopeTo.includes(email)).at(-1)!;
  return /http:\/\/localhost:\d+\/team\/invite#[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')![0];
}

async function inviteRefused(browser: Browser, link: string) {
  const page = await (await browser.newContext()).newPage();
  await addPasskeyAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: copy.invite.button }).click();
  await expect(page.getByRole('alert')).toHaveText(teamErrorMessages.invite_invalid);
  await page.context().close();
}

test('owners re-issue and revoke invites, change a role and give the export-and-erase grant', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await enroll(browser, await cliInvite('owner@mvp24.example'));
  const member = await enroll(browser, await cliInvite('member@mvp24.example'));
  const exportButton = (page: Page) => page.getByRole('button', { name: leadsCopy.export.submit });
  await expect(member.getByRole('heading', { name: leadsCopy.export.heading })).toHaveCount(0);
  await expect(exportButton(member)).toHaveCount(0);
  await expect(exportButton(owner)).toBeVisible();

  const questions: string[] = [];
  owner.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await owner.getByRole('navigation', { name: copy.nav.label }).getByRole('link', { name: copy.nav.members }).click();
  await expect(owner.getByRole('heading', { level: 1, name: copy.members.title })).toBeVisible();
  await owner.getByRole('button', { name: copy.members.grantOn('member@mvp24.example') }).click();
  await expect(owner.getByRole('status')).toHaveText(copy.members.grantChanged('member@mvp24.example', true));
  expect(questions.at(-1)).toBe(copy.members.grantOnConfirm('member@mvp24.example'));
  await member.reload();
  await expect(exportButton(member)).toBeVisible();

  // An invite by mail waits in the list; re-issued, its first link stops working; revoked, the second too.
  await owner.getByLabel(copy.members.email).fill('pending@mvp24.example');
  await owner.getByRole('button', { name: copy.members.inviteButton }).click();
  const first = await mailedLink(1, 'pending@mvp24.example');
  const pending = owner.getByRole('region', { name: copy.members.invitesHeading });
  await expect(pending.getByText('pending@mvp24.example', { exact: true })).toBeVisible();
  await pending.getByRole('button', { name: copy.members.reissue('pending@mvp24.example') }).click();
  await expect(owner.getByRole('status').first()).toHaveText(copy.members.reissued('pending@mvp24.example'));
  const second = await mailedLink(2, 'pending@mvp24.example');
  expect(second).not.toBe(first);
  await inviteRefused(browser, first);
  await pending.getByRole('button', { name: copy.members.revoke('pending@mvp24.example') }).click();
  await expect(owner.getByRole('status').first()).toHaveText(copy.members.revoked('pending@mvp24.example'));
  await expect(pending.getByText(copy.members.noInvites)).toBeVisible();
  await inviteRefused(browser, second);

  // A member made owner sees the members screen.
  await expect(member.getByRole('link', { name: copy.nav.members })).toHaveCount(0);
  await owner.getByRole('button', { name: copy.members.makeOwner('member@mvp24.example') }).click();
  await expect(owner.getByRole('status').first()).toHaveText(
    copy.members.roleChanged('member@mvp24.example', copy.members.roles.owner),
  );
  await member.reload();
  await expect(member.getByRole('link', { name: copy.nav.members })).toBeVisible();
});
