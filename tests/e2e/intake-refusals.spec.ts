/**
 * Every refusal the intake can give reaches the visitor as what it is (docs/decisions/078), against our own server
 * process where it can be: a field the server refuses is marked at that field with the server's Korean message and
 * focused, the values kept; an address the e-mail input lets through (hong@naver) is caught before sending; a memo
 * that is too big (the app's 413, or a proxy's bare 413 page) or not audio (415) says to record again; 429 says when
 * to send again; another 4xx (a request type it does not take, a reused request key) gets the server's message; only a 5xx or no answer says "try again".
 * The server's answers are real: the page's own request is altered on its way (route.fetch) so the real server
 * refuses it, then the page gets the server's answer. 5xx and a lost connection are faked (page.route), since a real
 * server does not fail on demand. Ports 4380 (the intake) and 4381 (one visitor may send once: 429).
 * Desktop project only (contexts of its own; the phone-sized timing is in intake-slow-phone.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page, type Route } from '@playwright/test';
import { ideaNotices } from '../../src/content/home';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { IDEA_ENDPOINT } from '../../src/domain/endpoints';
import { ideaRequestSchema } from '../../src/domain/idea';
import { IDEA_REFUSALS, retryAfterLine } from '../../src/domain/idea-refusals';
import { VOICE_MEMO_MAX_BYTES } from '../../src/domain/voice-memo';
import { API_ERROR_MESSAGES } from '../../src/server/http/api-error';
import { chromiumLaunch } from '../../playwright.config';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { writeMonoWav } from './fixtures/fake-microphone';
import { expectNoAxeViolations } from './fixtures/axe';

const PORT = 4380;
const RATE_LIMITED_PORT = 4381;
const RATE_WINDOW_MS = 600_000;
const values = {
  idea: '동네 꽃집 정기 배송을 예약하는 앱을 만들고 싶어요.',
  name: '서지우',
  email: 'jiwoo@example.com',
};
const EMAIL_MESSAGE = ideaRequestSchema.safeParse({ ...values, email: 'hong@naver' }).error!.issues[0]!.message;

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let wav = '';

test.beforeAll(async () => {
  intake = await startIntakeServer(PORT, { RATE_LIMIT_PER_IP: '1000' });
  wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-mic-')), 'voice.wav');
  writeSilenceWav(wav, 5);
});

test.afterAll(async () => {
  await intake?.stop();
  if (wav) fs.rmSync(path.dirname(wav), { recursive: true, force: true });
});

/** A mono 16-bit 48 kHz WAV of low noise, for Chromium's fake microphone. */
function writeSilenceWav(file: string, seconds: number): void {
  writeMonoWav(file, seconds, (i, rate) => (2000 / 32767) * Math.sin((2 * Math.PI * 220 * i) / rate));
}

const form = (page: Page) => page.locator('#idea-form form');

async function fill(page: Page, fields: Partial<typeof values> = values) {
  if (fields.idea !== undefined) await form(page).getByLabel('아이디어').fill(fields.idea);
  if (fields.name !== undefined) await form(page).getByLabel('이름').fill(fields.name);
  if (fields.email !== undefined) await form(page).getByLabel('이메일').fill(fields.email);
}

const send = (page: Page) => form(page).getByRole('button', { name: '상담 신청하기' }).click();

/** The idea posts the page makes, each answered by `answer` (default: passed on unchanged). */
async function onIdeaPost(page: Page, answer: (route: Route) => Promise<void>) {
  const posts: string[] = [];
  await page.route(`**${IDEA_ENDPOINT}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts.push(route.request().postData() ?? '');
    await answer(route);
  });
  return posts;
}

/** What a field points at with aria-describedby, as read out. */
const describedBy = (page: Page, label: string) =>
  form(page)
    .getByLabel(label)
    .evaluate((field) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );

test('an address the e-mail input lets through (hong@naver) is caught before sending, at its field', async ({
  page,
}) => {
  await gotoHydrated(page, `${intake!.base}/`);
  const posts = await onIdeaPost(page, (route) => route.continue());
  await fill(page, { ...values, email: 'hong@naver' });
  await send(page);
  const email = form(page).getByLabel('이메일');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, '이메일')).toContain(EMAIL_MESSAGE);
  await expect(page.getByRole('alert')).toContainText(ideaNotices.invalid.title);
  await expect(page.getByRole('alert')).not.toContainText(ideaNotices.failed.description);
  await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
  await expectNoAxeViolations(page, '', { include: '#idea-form' });
  expect(posts).toHaveLength(0);
});

test("a field the server refuses is marked there with the server's Korean message, focused, and every value kept", async ({
  page,
}) => {
  await gotoHydrated(page, `${intake!.base}/`);
  // The page and the server disagree (an older page, a newer rule): the real server sees an address it refuses.
  await onIdeaPost(page, async (route) => {
    const body = JSON.parse(route.request().postData()!) as Record<string, string>;
    const response = await route.fetch({ postData: JSON.stringify({ ...body, email: 'hong@naver' }) });
    expect(response.status()).toBe(400);
    await route.fulfill({ response });
  });
  await fill(page);
  await send(page);
  const email = form(page).getByLabel('이메일');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, '이메일')).toContain(EMAIL_MESSAGE);
  await expect(form(page).getByLabel('이름')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByRole('alert')).not.toContainText(ideaNotices.failed.description);
  await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
  await expect(form(page).getByLabel('이름')).toHaveValue(values.name);
  await expect(email).toHaveValue(values.email);
  await expectNoAxeViolations(page, '', { include: '#idea-form' });
});

test('any other refusal (a type it does not take, a reused request key) gets the server\'s message, not "try again"', async ({
  page,
}) => {
  await gotoHydrated(page, `${intake!.base}/`);
  const statuses: number[] = [];
  const answers: Array<(route: Route) => Promise<void>> = [
    async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'content-type': 'text/plain' } });
      statuses.push(response.status());
      await route.fulfill({ response });
    },
    async (route) => {
      // The same Idempotency-Key already used for another idea: the server will not take it again.
      const body = JSON.parse(route.request().postData()!) as Record<string, string>;
      statuses.push(
        (
          await route.fetch({ postData: JSON.stringify({ ...body, idea: '같은 요청 번호로 먼저 보낸 다른 아이디어' }) })
        ).status(),
      );
      const response = await route.fetch();
      statuses.push(response.status());
      await route.fulfill({ response });
    },
  ];
  await onIdeaPost(page, (route) => answers.shift()!(route));
  await fill(page);
  for (const message of [API_ERROR_MESSAGES.unsupported_media_type, API_ERROR_MESSAGES.idempotency_conflict]) {
    await send(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(IDEA_REFUSALS.refused.title);
    await expect(alert).toContainText(message);
    await expect(alert).not.toContainText(ideaNotices.failed.description);
    await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
    await page.getByRole('button', { name: ideaNotices.dismiss }).click();
  }
  expect(statuses).toEqual([415, 202, 422]); // 422: idempotency_conflict
});

test('a 5xx or a lost connection says to try again, and the retry goes through', async ({ page }) => {
  await gotoHydrated(page, `${intake!.base}/`);
  const answers: Array<(route: Route) => Promise<void>> = [
    (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: API_ERROR_MESSAGES.unavailable } } }),
    (route) => route.abort('internetdisconnected'),
    (route) => route.continue(),
  ];
  await onIdeaPost(page, (route) => answers.shift()!(route));
  await fill(page);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await send(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(ideaNotices.failed.title);
    await expect(alert).toContainText(ideaNotices.failed.description);
    await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
    await page.getByRole('button', { name: ideaNotices.dismiss }).click();
  }
  await send(page);
  await expect(page.getByText(ideaNotices.success.title)).toBeVisible({ timeout: 15_000 });
});

test('429 says in Korean when to send again (the real Retry-After) and keeps the values', async ({ browser }) => {
  test.setTimeout(90_000);
  const limited = await startIntakeServer(RATE_LIMITED_PORT, {
    RATE_LIMIT_PER_IP: '1',
    RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
  });
  try {
    const page = await (await browser.newContext()).newPage();
    await gotoHydrated(page, `${limited.base}/`);
    await fill(page);
    await send(page);
    await expect(page.getByText(ideaNotices.success.title)).toBeVisible({ timeout: 15_000 });
    await fill(page, { ...values, idea: '두 번째 아이디어: 동네 꽃집 재고 알림' });
    const refused = page.waitForResponse(
      (response) => response.url().endsWith(IDEA_ENDPOINT) && response.status() === 429,
    );
    await send(page);
    const retryAfter = Number((await refused).headers()['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(IDEA_REFUSALS.rateLimited.title);
    await expect(alert).toContainText(retryAfterLine(retryAfter));
    await expect(alert).not.toContainText(ideaNotices.failed.description);
    await expect(form(page).getByLabel('아이디어')).toHaveValue('두 번째 아이디어: 동네 꽃집 재고 알림');
  } finally {
    await limited.stop();
  }
});

/** The multipart body with `extra` bytes added to the memo file, the last part the page sends. */
function withLargerMemo(body: Buffer, contentType: string, extra: number): Buffer {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const end = body.lastIndexOf(Buffer.from(`\r\n--${boundary}--`));
  return Buffer.concat([body.subarray(0, end), Buffer.alloc(extra, 0x42), body.subarray(end)]);
}

/** The same body with the recording's container signature (WebM's EBML header) erased: not audio to the server. */
function withoutAudioSignature(body: Buffer): Buffer {
  const copy = Buffer.from(body);
  const at = copy.indexOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  expect(at).toBeGreaterThan(0);
  copy.fill(0, at, at + 4);
  return copy;
}

test("a memo refused as too big (the app's 413 or a proxy's page) or not audio (415) says to record again, and stays", async () => {
  test.setTimeout(120_000);
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
    await gotoHydrated(page, `${intake!.base}/`);
    const statuses: number[] = [];
    const answers: Array<(route: Route) => Promise<void>> = [
      async (route) => {
        const request = route.request();
        const postData = withLargerMemo(
          request.postDataBuffer()!,
          request.headers()['content-type']!,
          VOICE_MEMO_MAX_BYTES,
        );
        const response = await route.fetch({ postData });
        statuses.push(response.status());
        await route.fulfill({ response });
      },
      (route) =>
        route.fulfill({
          status: 413,
          contentType: 'text/html',
          body: '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>',
        }),
      async (route) => {
        const response = await route.fetch({ postData: withoutAudioSignature(route.request().postDataBuffer()!) });
        statuses.push(response.status());
        await route.fulfill({ response });
      },
    ];
    await onIdeaPost(page, (route) => answers.shift()!(route));

    await form(page).getByRole('button', { name: voiceMemoCopy.start }).click();
    await expect(form(page).getByText(/^녹음 시간 0:0[1-9] \/ 3:00$/)).toBeVisible({ timeout: 15_000 });
    await form(page).getByRole('button', { name: voiceMemoCopy.stop }).click();
    const recorded = form(page).getByRole('group', { name: /^녹음 완료/ });
    await expect(recorded).toBeVisible();
    await fill(page, { name: values.name, email: values.email });

    for (const expected of [IDEA_REFUSALS.memoTooLarge, IDEA_REFUSALS.memoTooLarge, IDEA_REFUSALS.memoUnsupported]) {
      await send(page);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(expected.title);
      await expect(alert).toContainText(expected.description);
      await expect(alert).not.toContainText(ideaNotices.failed.description);
      await expect(recorded).toBeVisible(); // kept, to listen to or to record again
      await page.getByRole('button', { name: ideaNotices.dismiss }).click();
    }
    expect(statuses).toEqual([413, 415]);
  } finally {
    await browser.close();
  }
});
