/**
 * The meeting booking end to end (decision 104), with real parts: our own server on PostgreSQL (port 4437), a real
 * SMTP server and Debian's Chromium. Founders whose prototype went out (stored through the database, with the
 * team's hours) open their status links: one books a slot with JavaScript on at 1280 px → the founder's and the
 * team's mails carry an invitation ical.js reads back with the right start in Asia/Seoul → the next founder, at
 * 390 px with JavaScript off, is no longer offered that slot and books another with the plain form → a cancel,
 * confirmed on the page it asks on, frees the first slot for a third founder. axe finds nothing at either width (axe needs the page's JavaScript, so it
 * runs on the JavaScript-on pages). Desktop project only (its own server).
 */
import { expect, test, type Page } from '@playwright/test';
import { bookingStatusCopy, meetingMailCopy } from '../../src/content/booking';
import { openDatabase, type Database } from '../../src/server/db/client';
import {
  ALL_DAY_HOURS,
  BOOKING_LINK_SECRET,
  calendarOf,
  deliveredLead,
  readInvitation,
  setHours,
} from '../../test-support/server/booking-fixtures';
import type { ReceivedMail } from '../../test-support/server/smtp-test-server';
import { expectNoAxeViolations } from './fixtures/axe';
import { E2E_TEAM_EMAIL, startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { preparedPostgres } from './fixtures/prepared-state';

const PORT = 4437;
const BASE = `http://127.0.0.1:${PORT}`;

let intake: IntakeServer | undefined;
let database: Database | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const databaseUrl = await preparedPostgres('booking_e2e');
  intake = await startIntakeServer(PORT, {
    DATABASE_URL: databaseUrl,
    SITE_URL: BASE,
    FOUNDER_MAIL: 'true',
    STATUS_LINK_SECRET: BOOKING_LINK_SECRET,
    MAIL_POLL_MS: '100',
  });
  database = await openDatabase({ databaseUrl, dataDir: intake.dataDir, poolSize: 2 });
  // Every day 09:00–18:00 KST by video (axe reads every slot button: fewer than all day).
  await setHours(database, {
    ...ALL_DAY_HOURS,
    hours: ALL_DAY_HOURS.hours.map((range) => ({ ...range, start: '09:00', end: '18:00' })),
    mode: 'video',
    videoUrl: 'https://meet.example/mvp24-demo',
  });
});

test.afterAll(async () => {
  await database?.close();
  await intake?.stop();
});

const slotButtons = (page: Page) => page.locator('[data-meeting] button[data-slot]');

async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
  return intake!.smtp.waitForMails((mail) => mail.envelopeTo.includes(address), count, 30_000);
}

test('a founder books, the next one sees the slot gone (without JavaScript), a cancel frees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const first = await deliveredLead(database!, { email: 'first@example.com' });
  const second = await deliveredLead(database!, { email: 'second@example.com' });
  const third = await deliveredLead(database!, { email: 'third@example.com' });

  // 1280 px, JavaScript on: the slots, then a booking.
  const response = await page.goto(`${BASE}${first.path}`);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(String(response?.headers()['x-robots-tag'])).toContain('noindex');
  await expect(page.getByRole('heading', { name: bookingStatusCopy.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  const slot = (await slotButtons(page).first().getAttribute('data-slot'))!;
  await slotButtons(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: bookingStatusCopy.done.bookedTitle })).toBeVisible();
  await page.getByRole('link', { name: bookingStatusCopy.done.back }).click();
  await expect(page.locator(`[data-meeting-at="${slot}"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://meet.example/mvp24-demo' })).toBeVisible();

  // Both sides' mails, each with an invitation that reads back at the booked instant in Asia/Seoul.
  const [founderMail] = await mailsTo('first@example.com', 1);
  const [teamMail] = await mailsTo(E2E_TEAM_EMAIL, 1);
  for (const mail of [founderMail!, teamMail!]) {
    expect(mail.parsed.subject).toBe(meetingMailCopy.subjects.request);
    const invitation = readInvitation(calendarOf(mail.parsed));
    expect(invitation.method).toBe('REQUEST');
    expect(invitation.startZone).toBe('Asia/Seoul');
    expect(invitation.start.toISOString()).toBe(slot);
  }
  expect(founderMail!.parsed.text).toContain(`${BASE}${first.path}`);

  // 390 px, JavaScript off: the next founder is not offered that slot and books another with the plain form.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noScript.newPage();
  await plain.goto(`${BASE}${second.path}`);
  await expect(slotButtons(plain).first()).toBeVisible();
  await expect(plain.locator(`button[data-slot="${slot}"]`)).toHaveCount(0);
  const other = (await slotButtons(plain).first().getAttribute('data-slot'))!;
  await slotButtons(plain).first().click();
  await expect(plain.getByRole('heading', { level: 1, name: bookingStatusCopy.done.bookedTitle })).toBeVisible();
  await plain.goto(`${BASE}${second.path}`);
  await expect(plain.locator(`[data-meeting-at="${other}"]`)).toBeVisible();
  const [secondMail] = await mailsTo('second@example.com', 1);
  expect(readInvitation(calendarOf(secondMail!.parsed)).start.toISOString()).toBe(other);
  await noScript.close();

  // The first founder cancels (JavaScript on): a CANCEL to both sides, and the slot is offered again.
  await page.goto(`${BASE}${third.path}`);
  await expect(page.locator(`button[data-slot="${slot}"]`)).toHaveCount(0);
  await page.goto(`${BASE}${first.path}`);
  await page.getByRole('button', { name: bookingStatusCopy.booked.cancel }).click();
  // The cancel asks first (a page with a second form); nothing is cancelled by the first tap.
  await expect(page.getByRole('heading', { level: 1, name: bookingStatusCopy.confirmCancel.title })).toBeVisible();
  await expect(page.getByRole('link', { name: bookingStatusCopy.confirmCancel.keep })).toBeVisible();
  await page.getByRole('button', { name: bookingStatusCopy.confirmCancel.confirm }).click();
  await expect(page.getByRole('heading', { level: 1, name: bookingStatusCopy.done.cancelledTitle })).toBeVisible();
  const cancels = await mailsTo('first@example.com', 2);
  const cancel = readInvitation(calendarOf(cancels[1]!.parsed));
  expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1 });
  expect(cancel.start.toISOString()).toBe(slot);
  await page.goto(`${BASE}${third.path}`);
  await expect(page.locator(`button[data-slot="${slot}"]`)).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  expect(cspViolations).toEqual([]);
});
