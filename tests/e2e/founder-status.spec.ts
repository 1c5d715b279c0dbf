/**
 * The founder's side end to end (decision 084), with real parts: our own server on PostgreSQL (port 4401) and a
 * real SMTP server. An idea sent with the real form → the confirmation mail arrives with a link and none of the
 * typed text → the link shows the idea and the count-down (axe 0 at 390 and 1280 px) → the team marks the
 * prototype delivered (changeStage through the database: the workspace UI is not on this branch) → the ready mail
 * arrives and the page shows the link, with JavaScript off too → download my data → delete my request → the link
 * now says the request does not exist; a guessed or altered link gets the same Korean 404. Desktop project only.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { leadReference } from '../../src/domain/lead-reference';
import { expect, test } from '@playwright/test';
import { statusPageCopy } from '../../src/content/status-page';
import { openDatabase, type Database } from '../../src/server/db/client';
import { changeStage } from '../../src/server/ideas/lead-stages';
import type { SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { expectNoAxeViolations } from './fixtures/axe';
import { preparedPostgres } from './fixtures/prepared-state';

const PORT = 4401;
const BASE = `http://127.0.0.1:${PORT}`;
const IDEA = '동네 꽃집의 정기 배송을 예약하고 결제하는 앱을 만들고 싶어요. 사장님은 배송표만 보면 됩니다.';
const NAME = '정하늘';
const EMAIL = 'haneul@example.com';

let intake: IntakeServer | undefined;
let smtp: SmtpTestServer | undefined;
let database: Database | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const databaseUrl = await preparedPostgres('founder_e2e');
  intake = await startIntakeServer(PORT, { DATABASE_URL: databaseUrl, SITE_URL: BASE, FOUNDER_MAIL: 'true' });
  smtp = intake.smtp;
  database = await openDatabase({ databaseUrl, dataDir: intake.dataDir, poolSize: 2 });
});

test.afterAll(async () => {
  await database?.close();
  await intake?.stop();
});

test('confirmation, status page, ready mail, my data and deletion', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  await gotoHydrated(page, `${BASE}/`);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill(IDEA);
  await form.getByLabel('이름').fill(NAME);
  await form.getByLabel('이메일').fill(EMAIL);
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 15_000 });
  const onScreen = page.locator('a[data-status-link]');
  await expect(onScreen).toBeVisible();
  const onScreenHref = await onScreen.getAttribute('href');
  expect(onScreenHref).toMatch(/^\/status\/[A-Za-z0-9_-]{43}$/);

  // The team's mail and the founder's confirmation.
  const mails = await smtp!.waitFor(2, 20_000);
  const confirmation = mails.find((mail) => mail.envelopeTo.includes(EMAIL))!;
  expect(confirmation).toBeDefined();
  for (const typed of [IDEA, IDEA.slice(0, 8), NAME])
    expect(confirmation.raw + confirmation.parsed.text).not.toContain(typed);
  const link = /https?:\/\/\S+\/status\/[A-Za-z0-9_-]{43}/.exec(confirmation.parsed.text ?? '')?.[0];
  expect(link).toBe(`${BASE}${onScreenHref}`);

  // The status page: the idea as sent, the count-down running.
  const response = await page.goto(link!);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: statusPageCopy.title })).toBeVisible();
  await expect(page.locator('[data-idea-text]')).toHaveText(IDEA);
  await expect(page.locator('[data-countdown]')).toHaveText(/^\d+시간 \d\d분 \d\d초$/);
  const first = await page.locator('[data-countdown]').textContent();
  await expect(page.locator('[data-countdown]')).not.toHaveText(first!, { timeout: 5000 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The team delivers the prototype: one ready mail, however often it is set.
  // The mail shows the reference (its Message-ID names the lead's thread, not the id: decision 126).
  const [stored] = await database!.rows<{ id: string }>(sql`select id::text as id from ideas`);
  const id = stored!.id;
  expect(confirmation.parsed.text).toContain(leadReference(id));
  for (const url of ['https://proto.example/flowers', 'https://proto.example/flowers-v2'])
    await database!.transaction((rows) =>
      changeStage(rows, id, { stage: 'delivered', prototypeUrl: url }, { memberId: null }),
    );
  const withReady = await smtp!.waitFor(3, 20_000);
  const ready = withReady.find((mail) => mail !== confirmation && mail.envelopeTo.includes(EMAIL))!;
  expect(ready.parsed.text).toContain(link!);
  // No founder mail is left to send (a mail is marked sent once the SMTP server took it): the second delivery
  // queued none, so the ready mail stays one.
  await expect
    .poll(() =>
      database!.rows(sql`select count(*)::int as n from founder_mails where status in ('pending', 'sending')`),
    )
    .toEqual([{ n: 0 }]);
  expect(smtp!.received).toHaveLength(3);
  await page.reload();
  await expect(page.locator('a[data-prototype-link]')).toHaveAttribute('href', 'https://proto.example/flowers-v2');
  await expect(page.locator('li strong', { hasText: '프로토타입 전달' }).first()).toBeVisible();

  // Without JavaScript: the same content.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(link!);
  await expect(plain.locator('[data-idea-text]')).toHaveText(IDEA);
  await expect(plain.locator('a[data-prototype-link]')).toHaveAttribute('href', 'https://proto.example/flowers-v2');
  await expect(plain.getByText(statusPageCopy.receipt.promisedBy)).toBeVisible();
  await noScript.close();

  // My data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: statusPageCopy.data.download }).click(),
  ]);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
  expect(data['아이디어']).toBe(IDEA);
  expect(data['이메일']).toBe(EMAIL);
  expect(data['프로토타입 링크']).toBe('https://proto.example/flowers-v2');

  // Delete my request: a confirmation step, then gone.
  await page.getByRole('button', { name: statusPageCopy.data.delete }).click();
  await expect(page.getByRole('heading', { name: statusPageCopy.confirmDelete.title })).toBeVisible();
  await page.getByRole('button', { name: statusPageCopy.confirmDelete.confirm }).click();
  await expect(page.getByRole('heading', { name: statusPageCopy.deleted.title })).toBeVisible();
  const gone = await page.goto(link!);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: statusPageCopy.notFound.title })).toBeVisible();
  const [left] = await database!.rows<{ n: number }>(sql`select count(*)::int as n from ideas where id = ${id}::uuid`);
  expect(Number(left?.n ?? 0)).toBe(0);
  expect(cspViolations).toEqual([]);
});

test('a guessed or altered link gets a Korean 404 and nothing else', async ({ page }) => {
  for (const path of ['/status/guess', `/status/${'A'.repeat(43)}`, `/status/${'A'.repeat(43)}/data`]) {
    const response = await page.goto(`${BASE}${path}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: statusPageCopy.notFound.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  }
});
