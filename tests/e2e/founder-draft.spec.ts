/**
 * A draft is never lost (decision 085): what a visitor typed comes back after a reload and after the browser is
 * closed and opened again on the same profile (kept in localStorage, only in this browser), the 지우기 control
 * forgets it, and a successful send clears it. Our own server on port 4402 (PGlite) with a real SMTP server.
 * Desktop project only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { ideaForm } from '../../src/content/home';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { writeMonoWav } from './fixtures/fake-microphone';
import { chromiumLaunch } from '../../playwright.config';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4402;
const BASE = `http://127.0.0.1:${PORT}`;
const IDEA = '아파트 단지 안에서 남는 육아용품을 나누는 게시판을 만들고 싶어요.';
const NAME = '오세린';
const EMAIL = 'serin@example.com';

let intake: IntakeServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  intake = await startIntakeServer(PORT);
});

test.afterAll(async () => {
  await intake?.stop();
});

const field = (page: Page, label: string) => page.locator('#idea-form form').getByLabel(label);

/** Types as a visitor does and waits for the draft to be written (it is saved a moment after the last keystroke). */
async function typeDraft(page: Page) {
  await field(page, '아이디어').fill(IDEA);
  await field(page, '이름').fill(NAME);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('mvp24:idea-draft')), { timeout: 5000 })
    .toContain(NAME);
}

test('a draft survives a reload, and 지우기 forgets it', async ({ page }) => {
  await gotoHydrated(page, `${BASE}/`);
  await expect(page.getByText(ideaForm.draft.note)).toBeVisible();
  await typeDraft(page);
  await gotoHydrated(page, `${BASE}/`);
  await expect(field(page, '아이디어')).toHaveValue(IDEA);
  await expect(field(page, '이름')).toHaveValue(NAME);

  await page.getByRole('button', { name: ideaForm.draft.clear }).click();
  await expect(field(page, '아이디어')).toHaveValue('');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mvp24:idea-draft'))).toBeNull();
  await gotoHydrated(page, `${BASE}/`);
  await expect(field(page, '이름')).toHaveValue('');
});

test('a draft survives the browser closing, and a successful send clears it', async () => {
  test.setTimeout(90_000);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-draft-profile-'));
  const open = () =>
    chromium.launchPersistentContext(userDataDir, {
      ...chromiumLaunch,
      viewport: { width: 1280, height: 800 },
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
  try {
    let context = await open();
    let page = context.pages()[0] ?? (await context.newPage());
    await gotoHydrated(page, `${BASE}/`);
    await typeDraft(page);
    await context.close();

    context = await open();
    page = context.pages()[0] ?? (await context.newPage());
    await gotoHydrated(page, `${BASE}/`);
    await expect(field(page, '아이디어')).toHaveValue(IDEA);
    await expect(field(page, '이름')).toHaveValue(NAME);

    await field(page, '이메일').fill(EMAIL);
    await page.locator('#idea-form form').getByRole('button', { name: '상담 신청하기' }).click();
    await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 15_000 });
    await expect(field(page, '아이디어')).toHaveValue('');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mvp24:idea-draft'))).toBeNull();
    await gotoHydrated(page, `${BASE}/`);
    // The form says when it has looked for a kept draft: only then does "nothing came back" mean something.
    await expect(page.locator('#idea-form form[data-draft="checked"]')).toBeAttached();
    await expect(field(page, '아이디어')).toHaveValue('');
    await expect(field(page, '이름')).toHaveValue('');
    await context.close();
  } finally {
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('a recorded voice memo survives a reload (IndexedDB) and is sent with the idea', async () => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-draft-mic-'));
  const wav = path.join(dir, 'voice.wav');
  writeMonoWav(wav, 10, (i, rate) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const browser = await chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--use-fake-ui-for-media-stream',
    ],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    await gotoHydrated(page, `${BASE}/`);
    const form = page.locator('#idea-form form');
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('button', { name: voiceMemoCopy.start }).click();
    await expect(form.getByText(/^녹음 시간 0:0[2-9] \/ 3:00$/)).toBeVisible({ timeout: 15_000 });
    await form.getByRole('button', { name: voiceMemoCopy.stop }).click();
    await expect(form.getByRole('group', { name: /^녹음 완료 \(0:0[2-9]\)$/ })).toBeVisible();
    await field(page, '이름').fill(NAME);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('mvp24:idea-draft')), { timeout: 5000 })
      .toContain(NAME);

    await gotoHydrated(page, `${BASE}/`);
    await expect(form.getByRole('group', { name: /^녹음 완료 \(0:0[2-9]\)$/ })).toBeVisible({ timeout: 10_000 });
    await expect(field(page, '이름')).toHaveValue(NAME);

    const before = intake!.smtp.received.length;
    await field(page, '이메일').fill('memo-draft@example.com');
    await form.getByRole('button', { name: '상담 신청하기' }).click();
    await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
    const mails = await intake!.smtp.waitFor(before + 1, 20_000);
    const team = mails.slice(before).find((mail) => mail.envelopeTo.includes('team@mvp24.example'))!;
    expect(team.parsed.attachments).toHaveLength(1);

    await gotoHydrated(page, `${BASE}/`);
    // The form says when it has looked for a kept draft: only then does "nothing came back" mean something.
    await expect(page.locator('#idea-form form[data-draft="checked"]')).toBeAttached();
    await expect(form.getByRole('button', { name: voiceMemoCopy.start })).toBeVisible();
    await expect(field(page, '이름')).toHaveValue('');
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
