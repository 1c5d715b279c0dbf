/**
 * A visitor sends the idea as a voice memo, in Debian's Chromium with a fake microphone that plays a WAV this test
 * writes: record about 3 s (with the keyboard), listen back, send with the idea field empty → the success notice →
 * the team's SMTP server receives one mail with an audio attachment whose bytes start with the container's
 * signature. A refused microphone gets its Korean message and the text path still works. axe finds nothing in any
 * state of the recorder. Desktop project only (it launches browsers of its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { teamMailCopy } from '../../src/content/team-mail';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { chromiumLaunch } from '../../playwright.config';
import { gotoHydrated, holdPageCode, waitForHydration } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { writeMonoWav } from './fixtures/fake-microphone';
import { expectNoAxeViolations } from './fixtures/axe';

const PORT = 4384;

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let wav = '';

/** A mono 16-bit 48 kHz WAV: a 440 Hz tone whose loudness swells, so the level meter has something to show. */
function writeToneWav(file: string, seconds: number): void {
  writeMonoWav(file, seconds, (i, rate) => {
    const loudness = 0.3 + 0.3 * Math.sin((2 * Math.PI * i) / rate);
    return loudness * Math.sin((2 * Math.PI * 440 * i) / rate);
  });
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000); // the server's start (PGlite's migrations) on a busy machine
  wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-mic-')), 'voice.wav');
  writeToneWav(wav, 10);
  intake = await startIntakeServer(PORT);
});

test.afterAll(async () => {
  await intake?.stop();
  if (wav) fs.rmSync(path.dirname(wav), { recursive: true, force: true });
});

async function launch(microphone: 'allowed' | 'refused'): Promise<Browser> {
  return chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      microphone === 'allowed' ? '--use-fake-ui-for-media-stream' : '--deny-permission-prompts',
    ],
  });
}

test('an idea sent as a voice memo, recorded with the keyboard, reaches the team as an audio attachment', async () => {
  test.setTimeout(90_000);
  const browser = await launch('allowed');
  const page = await (await browser.newContext()).newPage();
  await gotoHydrated(page, `${intake!.base}/`);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'idle', { include: '#idea-form' });

  // Keyboard only: Tab to the control, Enter to record; focus moves to 정지.
  await form.getByLabel('아이디어').focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: voiceMemoCopy.start })).toBeFocused();
  await page.keyboard.press('Enter');
  const stop = form.getByRole('button', { name: voiceMemoCopy.stop });
  await expect(stop).toBeFocused({ timeout: 15_000 });
  await expect(form.getByRole('status').filter({ hasText: voiceMemoCopy.recording })).toBeAttached();
  await expectNoAxeViolations(page, 'recording', { include: '#idea-form' });
  // Stopped once at least 3 seconds show. The axe scan above can take seconds on a busy machine, so the timer may be
  // well past 3 by then: the recorded length is checked against what the timer showed at the press, not a window.
  const timer = form.getByText(/^녹음 시간 \d+:\d\d \/ 3:00$/);
  await expect(timer).toHaveText(/^녹음 시간 (0:0[3-9]|0:[1-5]\d|[12]:\d\d) \/ 3:00$/, { timeout: 10_000 });
  const seconds = (text: string) => {
    const [, minutes, rest] = /(\d+):(\d\d)/.exec(text)!;
    return Number(minutes) * 60 + Number(rest);
  };
  const shownAtPress = seconds((await timer.textContent()) ?? '');
  await page.keyboard.press('Enter');

  // Listen back: the recording plays for about as long as it was recorded.
  const recorded = form.getByRole('group', { name: /^녹음 완료 \(\d+:\d\d\)$/ });
  await expect(recorded).toBeVisible();
  await expect(recorded).toBeFocused();
  // Its length is what the timer showed at the press, or a second or two more (the press lands a little later).
  const clock = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  const lengths = [0, 1, 2].map((late) => clock(shownAtPress + late));
  let duration = '';
  for (const length of lengths)
    if ((await form.getByRole('group', { name: `녹음 완료 (${length})`, exact: true }).count()) > 0) duration = length;
  expect(lengths).toContain(duration);
  await expectNoAxeViolations(page, 'recorded', { include: '#idea-form' });
  const audio = recorded.locator('audio');
  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    // Played on: its time moves past a fifth of a second (the element's own progress events).
    const past = new Promise<void>((resolve) => {
      const check = () => {
        if (element.currentTime <= 0.2) return;
        element.removeEventListener('timeupdate', check);
        resolve();
      };
      element.addEventListener('timeupdate', check);
    });
    await element.play();
    await past;
    element.pause();
    return element.currentTime;
  });
  expect(played).toBeGreaterThan(0.2);

  // The idea field stays empty: the memo carries the idea.
  await form.getByLabel('이름').fill('윤서');
  await form.getByLabel('이메일').fill('yunseo@example.com');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
  // Sent: the form is ready for the next idea, the memo gone with it.
  await expect(form.getByRole('button', { name: voiceMemoCopy.start })).toBeVisible();

  const mails = await intake!.teamMails(1);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!.parsed;
  // The subject as content/team-mail.ts words it, with the length the form showed; the reference is the memo file's.
  const reference = /음성메모-([0-9a-f]{8})\./.exec(mail.text ?? '')?.[1] ?? '';
  expect(mail.subject).toBe(teamMailCopy.subject(reference, '윤서', teamMailCopy.memoSummary(duration)));
  expect(mail.text).toMatch(
    new RegExp(`음성 메모: ${duration} \\(첨부 파일 음성메모-[0-9a-f]{8}\\.(webm|m4a), \\d+ KB\\)`),
  );
  expect(mail.attachments).toHaveLength(1);
  const attachment = mail.attachments[0]!;
  expect(attachment.contentType).toMatch(/^audio\//);
  const bytes = attachment.content;
  const webm = bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  const mp4 = bytes.subarray(4, 8).toString('latin1') === 'ftyp';
  expect(webm || mp4).toBe(true);
  expect(bytes.length).toBeGreaterThan(4000); // seconds of Opus, not an empty container
  await browser.close();
});

test('a refused microphone gets a Korean message, and the idea sent as text still arrives', async () => {
  test.setTimeout(60_000);
  const before = (await intake!.teamMails(0)).length;
  const browser = await launch('refused');
  const page = await (await browser.newContext()).newPage();
  await gotoHydrated(page, `${intake!.base}/`);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: voiceMemoCopy.start }).click();
  await expect(form.getByText(voiceMemoCopy.errors.denied)).toBeVisible({ timeout: 15_000 });
  await expect(form.getByRole('button', { name: voiceMemoCopy.retry })).toBeFocused();
  await expectNoAxeViolations(page, 'refused', { include: '#idea-form' });

  await form.getByLabel('아이디어').fill('마이크 없이 글로 보내는 아이디어: 동네 헬스장 출석 체크 앱');
  await form.getByLabel('이름').fill('도윤');
  await form.getByLabel('이메일').fill('doyun@example.com');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });
  const mails = await intake!.teamMails(before + 1);
  expect(mails[before]!.parsed.text).toContain('동네 헬스장 출석 체크 앱');
  expect(mails[before]!.parsed.attachments).toHaveLength(0);
  await browser.close();
});

test('on a phone, a tap on 음성 메모 녹음 before the page code has arrived starts the recording once it has', async () => {
  test.setTimeout(60_000);
  const browser = await launch('allowed');
  const page = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  ).newPage();
  const code = await holdPageCode(page);
  await page.goto(`${intake!.base}/#idea-form`);
  const form = page.locator('#idea-form form');
  const start = form.getByRole('button', { name: voiceMemoCopy.start });
  await start.tap();
  await expect.poll(() => code.held.length).toBeGreaterThan(0);
  // Nothing yet: the page's code is still on its way.
  await expect(form.getByRole('button', { name: voiceMemoCopy.stop })).toHaveCount(0);
  code.release();
  await waitForHydration(page);
  await expect(form.getByRole('button', { name: voiceMemoCopy.stop })).toBeVisible({ timeout: 15_000 });
  await expect(form.getByText(/^녹음 시간 0:0[1-9] \/ 3:00$/)).toBeVisible({ timeout: 10_000 });
  await form.getByRole('button', { name: voiceMemoCopy.stop }).tap();
  await expect(form.getByRole('group', { name: /^녹음 완료 \(0:0[1-9]\)$/ })).toBeVisible();
  await browser.close();
});
