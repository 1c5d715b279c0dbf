/**
 * The founder's voice memo answer on the status page (issue 35) uses the idea form's recorder: in Debian's Chromium
 * with a fake microphone playing a WAV this test writes, the status page's own script (a file from 'self', no CSP
 * violation) puts the recorder in the answer form; the founder records about 3 s, listens back and sends → the team,
 * signed in with a passkey, sees the answer's memo with its length (not 0:00) on the lead page and plays its bytes
 * (a WebM whose EBML header the server checked). The page stays noindex, no-store, no-referrer; axe finds nothing.
 * Desktop project only (it launches a browser of its own).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { threadPanelCopy, threadStatusCopy } from '../../src/content/thread';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { leadsCopy } from '../../src/content/workspace';
import { chromiumLaunch } from '../../playwright.config';
import { expectNoAxeViolations } from './fixtures/axe';
import { writeMonoWav } from './fixtures/fake-microphone';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4462;
const ORIGIN = `http://localhost:${PORT}`;
const OWNER = 'owner@mvp24.example';
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let browser: Browser | undefined;
let wav = '';

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-answer-mic-')), 'voice.wav');
  writeMonoWav(wav, 10, (i, rate) => 0.5 * Math.sin((2 * Math.PI * 330 * i) / rate));
  intake = await startIntakeServer(PORT, { SITE_URL: ORIGIN });
  browser = await chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await intake?.stop();
  if (wav) fs.rmSync(path.dirname(wav), { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/team.ts', 'invite', OWNER], {
    env: { ...process.env, DATA_DIR: intake!.dataDir, PORT: String(PORT), SITE_URL: ORIGIN, DATABASE_URL: '' },
  });
  await addPasskeyAuthenticator(page);
  await page.goto(stdout.trim().split('\n').at(-1)!);
  await page.getByRole('button', { name: '패스키 등록하고 시작하기' }).click();
  await expect(page.getByRole('heading', { level: 1, name: leadsCopy.inbox.title })).toBeVisible({ timeout: 20_000 });
}

test('the founder records a voice memo answer on the status page and the team hears it with its length', async () => {
  test.setTimeout(240_000);
  const founder = await browser!.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const visitor = await founder.newPage();
  const cspViolations: string[] = [];
  visitor.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  // The idea, through the public form; its status link from the confirmation on screen.
  await gotoHydrated(visitor, `${ORIGIN}/`);
  const form = visitor.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill('동네 세탁소의 수거 예약 앱');
  await form.getByLabel('이름').fill('한가람');
  await form.getByLabel('이메일').fill('garam@example.com');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  const statusLink = visitor.locator('a[data-status-link]');
  await expect(statusLink).toBeVisible({ timeout: 20_000 });
  const link = `${ORIGIN}${await statusLink.getAttribute('href')}`;

  // The status page: the recorder stands in for the file input once its script has run.
  const response = await visitor.goto(link);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  const answerForm = visitor.locator('form[data-answer-form]');
  await expect(answerForm).toHaveAttribute('data-recorder', 'ready', { timeout: 15_000 });
  await expect(answerForm.locator('input[type="file"]')).toBeHidden();
  await answerForm.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(visitor, 'status page answer recorder idle', { include: '#thread' });

  await answerForm.getByRole('button', { name: voiceMemoCopy.start }).click();
  const stop = answerForm.getByRole('button', { name: voiceMemoCopy.stop });
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await expect(answerForm.getByText(/^녹음 시간 0:0[3-9] \/ 3:00$/)).toBeVisible({ timeout: 10_000 });
  await stop.click();
  const recorded = answerForm.getByRole('group', { name: /^녹음 완료 \(0:0[3-9]\)$/ });
  await expect(recorded).toBeVisible();
  await expect(recorded.locator('audio')).toHaveAttribute('src', /^blob:/);
  await expect(answerForm.getByRole('button', { name: voiceMemoCopy.rerecord })).toBeVisible();
  await expectNoAxeViolations(visitor, 'status page answer recorded', { include: '#thread' });
  await answerForm.getByLabel(threadStatusCopy.answer.body).fill('화면 설명을 음성으로 남깁니다.');
  await answerForm.getByRole('button', { name: threadStatusCopy.answer.submit }).click();
  await expect(visitor.locator('[data-answer-sent]')).toBeVisible();
  const sent = visitor.locator('[data-thread-message][data-side="founder"]');
  await expect(sent).toHaveCount(1);
  // The length the recorder measured reached the server (a file input's memo shows none).
  await expect(sent).toContainText(/음성 메모 \(0:0[3-9]\)/);
  expect(cspViolations).toEqual([]);

  // The team hears it: the lead page's thread shows the memo with its length, and its bytes are the recording.
  const teamContext = await browser!.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const team = await teamContext.newPage();
  await signIn(team);
  await team
    .getByTestId('lead-list')
    .getByRole('link', { name: /한가람/ })
    .click();
  const panel = team.getByTestId('lead-thread');
  await expect(panel.getByText(new RegExp(`${threadPanelCopy.memo} \\(0:0[3-9]\\)`))).toBeVisible();
  const src = await panel.locator('audio').getAttribute('src');
  const played = await team.evaluate(async (url) => {
    const answer = await fetch(url!);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      size: bytes.length,
      head: [...bytes.slice(0, 4)],
    };
  }, src);
  expect(played.status).toBe(200);
  expect(played.type).toContain('audio/webm');
  expect(played.size).toBeGreaterThan(4_000);
  expect(played.head).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

  await teamContext.close();
  await founder.close();
});
