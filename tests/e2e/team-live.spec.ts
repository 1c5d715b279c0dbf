/**
 * The workspace runs live, end to end on our own server (PGlite, the built site and workspace): signed in with a
 * passkey on a phone-sized page (390×844), the owner's open inbox shows an idea sent through the public form
 * without a reload, marked unread with the count in the tab title, the first lead on the first screen; the board
 * moves it by keyboard (dnd-kit's keyboard sensor, announced in Korean) to 프로토타입 전달, which asks for the
 * link first; on the lead's page the stage, owner and note forms come before the timeline. axe finds nothing on
 * the board at 390 and 1280 px, in its move dialog, or on the inbox with the marker. Desktop project only (its own
 * server; the phone width is set on the page). The page is opened on http://localhost (a passkey needs a host name).
 * Push notifications (decision 130): a member turns them on in 알림 (the real service worker and permission; the
 * subscription from the local push service, since Chromium's own needs Google's servers), a new idea's notification
 * reaches that service from our server (VAPID checked, payload decrypted with the device's keys), the service worker
 * shows it from that payload, and its click opens the lead's page; the weekly summary's (decision 156) shows its
 * counts and its click opens the 현황 screen.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { stageLabels } from '../../src/content/stages';
import { boardCopy, leadsCopy, liveCopy } from '../../src/content/workspace';
import { STAGES } from '../../src/domain/stages';
import { workspaceShellCopy } from '../../src/content/workspace-shell';
import { fieldFiguresCopy } from '../../src/content/field-figures';
import { pushMessageCopy, pushNotificationsCopy } from '../../src/content/push-notifications';
import {
  startFakePushService,
  testCertificates,
  type FakePushService,
} from '../../test-support/server/fake-push-service';
import { expectNoAxeViolations } from './fixtures/axe';
import { mailboxReviewCopy } from '../../src/content/mailbox-review';
import { contractRecordsCopy } from '../../src/content/contract-records';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4396;
const ORIGIN = `http://localhost:${PORT}`;
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let push: FakePushService | undefined;
let caDir: string | undefined;

test.beforeAll(async () => {
  // Booting PGlite and the server takes seconds on a busy machine.
  test.setTimeout(240_000);
  push = await startFakePushService();
  // The server trusts the local push service's test CA as it trusts the real services' public ones.
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-push-ca-'));
  fs.writeFileSync(path.join(caDir, 'ca.pem'), testCertificates().ca);
  intake = await startIntakeServer(PORT, { SITE_URL: ORIGIN, NODE_EXTRA_CA_CERTS: path.join(caDir, 'ca.pem') });
});
test.afterAll(async () => {
  await intake?.stop();
  await push?.stop();
  if (caDir) fs.rmSync(caDir, { recursive: true, force: true });
});

async function signIn(page: Page, email = 'owner@mvp24.example'): Promise<void> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/team.ts', 'invite', email], {
    env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: ORIGIN, DATABASE_URL: '' },
  });
  await addPasskeyAuthenticator(page);
  await page.goto(stdout.trim().split('\n').at(-1)!);
  await page.getByRole('button', { name: '패스키 등록하고 시작하기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: leadsCopy.inbox.title })).toBeVisible({ timeout: 20_000 });
}

test('a new idea reaches the open inbox live; the board moves it by keyboard to 프로토타입 전달 with its link', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page.getByText(leadsCopy.inbox.empty)).toBeVisible();
  // The stream is open before the idea is sent (its first message sets the last event id).
  await expect(page.locator('[data-stream="open"]')).toBeAttached();

  const visitor = await context.newPage();
  await gotoHydrated(visitor, `${ORIGIN}/`);
  const form = visitor.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('이름').fill('윤서');
  await form.getByLabel('이메일').fill('yunseo@example.com');
  await form.getByLabel('아이디어').fill('동네 빵집 예약 앱');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(visitor.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
  const sentAt = Date.now();

  // No reload: the open inbox shows it within 5 s, unread, with the count in the tab title.
  const row = page.getByTestId('lead-list').getByRole('link', { name: /윤서/ });
  await expect(row).toBeVisible({ timeout: 5_000 });
  testInfo.annotations.push({ type: 'live delay', description: `${Date.now() - sentAt} ms` });
  await expect(row.getByTestId('unread-marker')).toBeVisible();
  await expect(page).toHaveTitle(`${liveCopy.titleCount(1)} ${leadsCopy.inbox.title} · ${workspaceShellCopy.title}`);
  // Phone first: the lead is on the first screen (844 px), not below the figures and filters.
  const box = (await row.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await expectNoAxeViolations(page, 'inbox with a live, unread lead 390');

  // The replies that name no lead (decision 142), from the navigation: none yet; axe on a phone.
  await page.getByRole('link', { name: mailboxReviewCopy.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: mailboxReviewCopy.title })).toBeVisible();
  await expect(page.getByText(mailboxReviewCopy.empty)).toBeVisible();
  await expectNoAxeViolations(page, 'mailbox review 390');
  // The concluded agreements' records kept apart (decision 160), from the navigation: none yet; axe on a phone.
  await page.getByRole('link', { name: contractRecordsCopy.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: contractRecordsCopy.title })).toBeVisible();
  await expect(page.getByText(contractRecordsCopy.empty)).toBeVisible();
  await expectNoAxeViolations(page, 'contract records 390');

  // The board, from the navigation: the card in 신규; axe at both widths.
  await page.getByRole('link', { name: workspaceShellCopy.nav.board }).click();
  await expect(page.getByRole('heading', { level: 1, name: boardCopy.title })).toBeVisible();
  const handle = page.getByRole('button', { name: boardCopy.cardMenu('윤서') });
  await expect(page.getByTestId('board-column-new').getByTestId('board-card')).toHaveCount(1);
  await expectNoAxeViolations(page, 'board 390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, 'board 1280');

  // By keyboard: pick up, one column right per stage between 신규 and 프로토타입 전달, drop — announced in Korean.
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up over its own column (the start's words are replaced at once by where it is).
  await expect(page.getByText(boardCopy.announcements.over('윤서', stageLabels.new))).toBeAttached();
  // Each press is heard before the next, as a screen reader's user hears where the card is.
  for (let step = STAGES.indexOf('new') + 1; step <= STAGES.indexOf('delivered'); step += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(boardCopy.announcements.over('윤서', stageLabels[STAGES[step]!]))).toBeAttached();
  }
  await page.keyboard.press('Space');
  // 프로토타입 전달 needs the link: the lead page's stage form asks for it; nothing moved yet.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('단계', { exact: true })).toHaveValue('delivered');
  await expect(page.getByTestId('board-column-new').getByTestId('board-card')).toHaveCount(1);
  await expectNoAxeViolations(page, 'board move dialog 1280');
  await dialog.getByLabel(/프로토타입 링크/).fill('https://proto.example/bakery');
  await dialog.getByRole('button', { name: leadsCopy.lead.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('board-column-delivered').getByTestId('board-card')).toHaveCount(1);
  await expect(
    page.getByRole('status').filter({ hasText: boardCopy.moved('윤서', '프로토타입 전달로') }),
  ).toBeVisible();

  // Every column keeps a readable width at 1280 px: the board scrolls sideways instead of squeezing seven.
  const board = page.getByTestId('board');
  for (const stage of STAGES)
    expect((await page.getByTestId(`board-column-${stage}`).boundingBox())!.width).toBeGreaterThanOrEqual(240);
  expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  // On a phone the board opens where the cards are (the card is now in the fourth column), and the row above it
  // says where each stage's cards are.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const delivered = page.getByTestId('board-column-delivered');
  await expect(delivered.getByTestId('board-card')).toHaveCount(1);
  await expect(delivered.getByTestId('board-card')).toBeInViewport();
  await expect(
    page.getByTestId('board-jumps').getByRole('button', { name: boardCopy.column(stageLabels.delivered, 1) }),
  ).toBeVisible();
  await page
    .getByTestId('board-jumps')
    .getByRole('button', { name: boardCopy.column(stageLabels.new, 0) })
    .click();
  await expect(page.getByTestId('board-column-new')).toBeInViewport();
  await expectNoAxeViolations(page, 'board 390, moved');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The lead's page on a phone: the forms come before the timeline.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('board-column-delivered').getByRole('link', { name: '윤서' }).click();
  const stageForm = page.getByRole('heading', { name: leadsCopy.lead.stageHeading });
  const timeline = page.getByRole('heading', { name: leadsCopy.lead.timeline });
  await expect(timeline).toBeVisible();
  expect((await stageForm.boundingBox())!.y).toBeLessThan((await timeline.boundingBox())!.y);
  await expect(page.getByTestId('lead-timeline')).toContainText('단계: 프로토타입 전달');
  // Opened: no longer unread, and no count in the title.
  await page.getByRole('link', { name: workspaceShellCopy.nav.inbox, exact: true }).click();
  await expect(page.getByTestId('lead-list').getByTestId('unread-marker')).toHaveCount(0);
  await expect(page).toHaveTitle(`${leadsCopy.inbox.title} · ${workspaceShellCopy.title}`);
  await context.close();
});

test('a member turns notifications on; a new idea is pushed, shown by the service worker, and its click opens the lead', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  const page = await context.newPage();
  // Chromium subscribes through Google's push service, out of reach here: the page gets a subscription of the local
  // push service instead, made for the key the page asks with (the service checks the server signs with it).
  await page.exposeFunction('localPushSubscription', (key: string) => push!.subscribe(key));
  await page.addInitScript(() => {
    type Made = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
    const make = (window as unknown as { localPushSubscription(key: string): Promise<Made> }).localPushSubscription;
    let current: (Made & { options: PushSubscriptionOptionsInit }) | null = null;
    const wrap = (made: Made & { options: PushSubscriptionOptionsInit }) =>
      ({
        endpoint: made.endpoint,
        options: made.options,
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
      const base64url = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      current = { ...(await make(base64url)), options: options! };
      return wrap(current);
    };
    PushManager.prototype.getSubscription = async function () {
      return current ? wrap(current) : null;
    };
  });
  await signIn(page, 'push@mvp24.example');

  await page.getByRole('link', { name: pushNotificationsCopy.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: pushNotificationsCopy.title })).toBeVisible();
  await expect(page.locator('[data-push-form="ready"]')).toBeAttached();
  await page.getByRole('button', { name: pushNotificationsCopy.turnOn }).click();
  await expect(page.getByRole('status').filter({ hasText: pushNotificationsCopy.turnedOn })).toBeVisible();
  const devices = page.getByRole('list', { name: pushNotificationsCopy.devicesHeading });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  // Named by its browser and system (the user agent the config sets), marked as this one.
  await expect(devices).toContainText(
    new RegExp(`Chrome · \\w+ \\${pushNotificationsCopy.thisDevice.slice(0, -1)}\\)`),
  );
  await expect(devices).toContainText(pushNotificationsCopy.never);
  // The workspace's service worker, scoped to /team/, controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${ORIGIN}/team/`);
  await expectNoAxeViolations(page, 'notifications 1280');

  const visitor = await context.newPage();
  await gotoHydrated(visitor, `${ORIGIN}/`);
  const form = visitor.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('이름').fill('다은');
  await form.getByLabel('이메일').fill('daeun@example.com');
  await form.getByLabel('아이디어').fill('꽃집 정기 배송 앱');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(visitor.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
  await visitor.close();

  // Our server pushed it; the local service checked the VAPID JWT and decrypted it with this device's keys.
  const [received] = await push!.waitFor(1, 30_000);
  const payload = received!.payload as { kind: string; reference: string; stage: string; url: string };
  expect(payload).toEqual({
    kind: 'lead_received',
    reference: expect.stringMatching(/^[0-9a-f]{8}$/),
    stage: 'new',
    url: expect.stringMatching(/^\/team\/leads\/[0-9a-f-]{36}$/),
  });
  expect(JSON.stringify(payload)).not.toMatch(/다은|daeun|꽃집/);

  // The service worker gets that payload as the browser would hand it over. The headless shell grants no
  // notification permission to a service worker (showNotification throws), so what the worker asks to show is
  // recorded in its place; the click is that notification's, as the browser would dispatch it.
  const [worker] = context.serviceWorkers().filter((candidate) => candidate.url().endsWith('/team/sw.js'));
  type Shown = { title: string; options: NotificationOptions & { data?: unknown } };
  const shown = await worker!.evaluate(async (data) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      shown?: Shown[];
    };
    scope.shown = [];
    scope.registration.showNotification = async (title: string, options?: NotificationOptions) => {
      scope.shown!.push({ title, options: options ?? {} });
    };
    const waiting: Promise<unknown>[] = [];
    const pushEvent = Object.assign(new Event('push'), {
      data: { json: () => data },
      waitUntil: (promise: Promise<unknown>) => waiting.push(promise),
    });
    scope.dispatchEvent(pushEvent);
    await Promise.all(waiting);
    return scope.shown;
  }, payload);
  expect(shown).toEqual([
    {
      title: pushMessageCopy.title.lead_received,
      options: expect.objectContaining({
        body: `접수 번호 ${payload.reference} · ${stageLabels.new} 단계`,
        data: { url: payload.url },
      }),
    },
  ]);
  // From another screen, the click brings the open window to the lead's page.
  await page.getByRole('link', { name: workspaceShellCopy.nav.inbox, exact: true }).click();
  await worker!.evaluate(async () => {
    const scope = self as unknown as { dispatchEvent(event: Event): boolean; shown: Shown[] };
    const waiting: Promise<unknown>[] = [];
    const click = Object.assign(new Event('notificationclick'), {
      notification: { data: scope.shown[0]!.options.data, close: () => undefined },
      waitUntil: (promise: Promise<unknown>) => waiting.push(promise),
    });
    scope.dispatchEvent(click);
    await Promise.all(waiting);
  });
  await expect(page).toHaveURL(`${ORIGIN}${payload.url}`);
  await expect(page.getByRole('heading', { level: 1, name: /다은/ })).toBeVisible();
  // The device's last success is shown.
  await page.getByRole('link', { name: pushNotificationsCopy.nav }).click();
  await expect(devices).not.toContainText(pushNotificationsCopy.never);

  // The weekly summary (decision 156; its payload as the server sends it: src/server/push/push.test.ts): counts only,
  // and its click opens the 현황 screen.
  const weekly = { kind: 'weekly_summary', ideas: 12, contracted: 2, overdue: 1, url: '/team/field-figures' };
  const weeklyShown = await worker!.evaluate(async (data) => {
    const scope = self as unknown as { dispatchEvent(event: Event): boolean; shown: Shown[] };
    scope.shown = [];
    const waiting: Promise<unknown>[] = [];
    scope.dispatchEvent(
      Object.assign(new Event('push'), {
        data: { json: () => data },
        waitUntil: (promise: Promise<unknown>) => waiting.push(promise),
      }),
    );
    await Promise.all(waiting);
    await Promise.all(
      scope.shown.map((shown) => {
        const clicked: Promise<unknown>[] = [];
        scope.dispatchEvent(
          Object.assign(new Event('notificationclick'), {
            notification: { data: shown.options.data, close: () => undefined },
            waitUntil: (promise: Promise<unknown>) => clicked.push(promise),
          }),
        );
        return Promise.all(clicked);
      }),
    );
    return scope.shown;
  }, weekly);
  expect(weeklyShown).toEqual([
    {
      title: pushMessageCopy.title.weekly_summary,
      options: expect.objectContaining({ body: pushMessageCopy.weeklyBody(12, 2, 1), data: { url: weekly.url } }),
    },
  ]);
  await expect(page).toHaveURL(`${ORIGIN}${weekly.url}`);
  await expect(page.getByRole('heading', { level: 1, name: fieldFiguresCopy.title })).toBeVisible();
  await context.close();
});
