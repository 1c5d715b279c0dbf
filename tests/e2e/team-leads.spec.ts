/**
 * The leads in the workspace, end to end on our own server (PGlite, the built site and workspace, a real SMTP
 * server): the owner is invited with `npm run team -- invite` and registers a passkey on a CDP virtual
 * authenticator (the auth engineer's invite flow); a visitor sends an idea as a voice memo through the public form
 * (fake microphone) → it appears in the inbox → its memo plays in the lead page (streamed with the session) → it
 * moves to 프로토타입 전달 with a link → the figures count it; the lead page shows the consent on record; the founder
 * gets the ready mail with the status link, sees the prototype there, deletes the request → the link says it no
 * longer exists and the inbox no longer lists it. axe finds nothing on the inbox and the lead page at
 * 390 and 1280 px, and in the erase dialog. Desktop project only (it launches a browser of its own with the fake
 * microphone; the phone width is set on its page). WebAuthn needs a valid RP ID, so the pages are opened on
 * http://localhost (not 127.0.0.1).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { PRIVACY_VERSION } from '../../src/content/privacy-version';
import { statusPageCopy } from '../../src/content/status-page';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { memoPlayerCopy } from '../../src/content/workspace';
import { chromiumLaunch } from '../../playwright.config';
import { writeMonoWav } from './fixtures/fake-microphone';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { expectNoAxeViolations } from './fixtures/axe';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4395;
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let wav = '';

test.beforeAll(async () => {
  wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-mic-')), 'voice.wav');
  writeMonoWav(wav, 10, (i, rate) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate));
  intake = await startIntakeServer(PORT, { SITE_URL: `http://localhost:${PORT}` });
});

test.afterAll(async () => {
  await intake?.stop();
  if (wav) fs.rmSync(path.dirname(wav), { recursive: true, force: true });
});

async function inviteLink(): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/team.ts', 'invite', 'owner@mvp24.example'],
    {
      env: {
        ...process.env,
        DATA_DIR: intake!.dataDir,
        PORT: String(PORT),
        SITE_URL: `http://localhost:${PORT}`,
        DATABASE_URL: '',
      },
    },
  );
  const link = stdout.trim().split('\n').at(-1)!;
  expect(link).toMatch(/^http:\/\/localhost:\d+\/team\/invite/);
  return link;
}

async function signIn(page: Page): Promise<void> {
  await addPasskeyAuthenticator(page);
  await page.goto(await inviteLink());
  await page.getByRole('button', { name: '패스키 등록하고 시작하기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '받은 아이디어' })).toBeVisible({ timeout: 20_000 });
}

async function sendVoiceIdea(page: Page): Promise<void> {
  await gotoHydrated(page, `http://localhost:${PORT}/`);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: voiceMemoCopy.start }).click();
  await expect(form.getByText(/^녹음 시간 0:0[3-9] \/ 3:00$/)).toBeVisible({ timeout: 15_000 });
  await form.getByRole('button', { name: voiceMemoCopy.stop }).click();
  await form.getByLabel('이름').fill('윤서');
  await form.getByLabel('이메일').fill('yunseo@example.com');
  await form.getByLabel('아이디어').fill('동네 빵집 예약 앱');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
  await intake!.teamMails(1);
}

test('an idea from the public form reaches the inbox, its memo plays, and 프로토타입 전달 counts in the figures', async () => {
  test.setTimeout(180_000);
  const browser: Browser = await chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    const visitor = await context.newPage();
    await sendVoiceIdea(visitor);

    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const row = page.getByTestId('lead-list').getByRole('link', { name: /윤서/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('음성 메모');
    await expect(row).toContainText(/남음/);
    await expect(page.getByTestId('lead-figures')).toContainText('0 / 0');
    await expectNoAxeViolations(page, 'inbox 390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, 'inbox 1280');

    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: '윤서님의 아이디어' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'yunseo@example.com' })).toHaveAttribute(
      'href',
      'mailto:yunseo@example.com',
    );
    await expect(page.getByTestId('lead-delivery')).toContainText('발송 완료');
    await expect(page.getByTestId('lead-consent')).toContainText(PRIVACY_VERSION);
    // The recorder's WebM declares no length; the player's controls take the stored one, play and seek.
    const audio = page.locator('audio');
    const position = page.getByRole('slider', { name: memoPlayerCopy.position });
    const total = Number(await position.getAttribute('max'));
    expect(total).toBeGreaterThan(1);
    expect(Number.isFinite(total)).toBe(true);
    await page.getByRole('button', { name: memoPlayerCopy.play }).click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.2);
    await page.getByRole('button', { name: memoPlayerCopy.pause }).click();
    await expect(page.getByRole('button', { name: memoPlayerCopy.play })).toBeVisible();
    await position.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('memo-time')).toHaveText(/^(\d+:\d\d) \/ \1$/);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(total - 0.5);
    await expectNoAxeViolations(page, 'lead 1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'lead 390');

    // The erase dialog asks for the reference; axe finds nothing in it; Escape leaves it with nothing erased.
    await page.getByRole('button', { name: '이 아이디어 완전히 삭제' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('접수 번호')).toBeFocused();
    await expect(dialog.getByRole('button', { name: '삭제' })).toBeDisabled();
    await expectNoAxeViolations(page, 'erase dialog 390');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByLabel('단계', { exact: true }).selectOption('delivered');
    await page.getByLabel(/프로토타입 링크/).fill('https://proto.example/bakery');
    await page.getByRole('button', { name: '저장' }).first().click();
    await expect(page.getByTestId('lead-clock')).toContainText('만에 전달');
    await expect(page.getByTestId('lead-timeline')).toContainText('단계: 프로토타입 전달');

    await page.getByRole('link', { name: '받은 아이디어로 돌아가기' }).click();
    await expect(page.getByTestId('lead-figures')).toContainText('1 / 1');

    // The founder's side of the same lead: the ready mail carries the status link, which shows the prototype.
    const toFounder = () => intake!.smtp.received.filter((mail) => mail.envelopeTo.includes('yunseo@example.com'));
    await expect.poll(() => toFounder().length, { timeout: 20_000 }).toBe(2);
    const statusLink = (text: string | undefined) => /https?:\/\/\S+\/status\/[A-Za-z0-9_-]{43}/.exec(text ?? '')?.[0];
    const [confirmation, ready] = toFounder();
    const link = statusLink(ready!.parsed.text);
    expect(link).toBeDefined();
    expect(link).toBe(statusLink(confirmation!.parsed.text));
    await visitor.goto(link!);
    await expect(visitor.locator('a[data-prototype-link]')).toHaveAttribute('href', 'https://proto.example/bakery');
    await visitor.getByRole('button', { name: statusPageCopy.data.delete }).click();
    await visitor.getByRole('button', { name: statusPageCopy.confirmDelete.confirm }).click();
    await expect(visitor.getByRole('heading', { name: statusPageCopy.deleted.title })).toBeVisible();
    expect((await visitor.goto(link!))?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: statusPageCopy.notFound.title })).toBeVisible();
    await page.reload();
    // Loaded anew after the erasure: the month counts no lead, and the list holds none.
    await expect(page.getByTestId('lead-figures')).toContainText('0 / 0');
    await expect(page.getByTestId('lead-list').getByRole('link', { name: /윤서/ })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
