/**
 * The whole intake path with real parts: Chromium fills the real form served by our own server process (port 4383,
 * fresh DATA_DIR) → success notice with the receipt → a real SMTP server on loopback receives the team mail with
 * the idea text. Desktop project only (one run is enough; the form layout is covered by the site specs).
 */
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { intakePages } from '../../src/content/intake-pages';
import { voiceMemoCopy } from '../../src/content/voice-memo';
import { required } from '../../src/domain/idea';
import { leadReference } from '../../src/domain/lead-reference';
import { teamMailCopy } from '../../src/content/team-mail';
import { gotoHydrated } from './fixtures/hydration';
import type { SmtpTestServer } from '../../test-support/server/smtp-test-server';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4383;
const BASE = `http://127.0.0.1:${PORT}`;

let intake: IntakeServer | undefined;
let smtp: SmtpTestServer | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  intake = await startIntakeServer(PORT);
  smtp = intake.smtp;
});

test.afterAll(async () => {
  await intake?.stop();
});

test('an idea sent with the real form reaches the team by mail', async ({ page }) => {
  test.setTimeout(60_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const idea = '동네 세탁소 수거 예약을 카카오톡처럼 쉽게 하는 앱을 만들고 싶어요. 사장님은 주문 목록만 보면 됩니다.';
  // The visit lands on /about from an ad's link, then goes on to the form (decision 134): the campaign travels in the
  // tab's session storage, not in a cookie, and only with the idea.
  await gotoHydrated(page, `${BASE}/about?utm_source=instagram&utm_medium=paid-social&utm_campaign=autumn&fbclid=x1`);
  await gotoHydrated(page, `${BASE}/`);
  expect(await page.context().cookies()).toEqual([]);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill(idea);
  await form.getByLabel('이름').fill('최유진');
  await form.getByLabel('연락처').fill('010-9876-5432');
  await form.getByLabel('이메일').fill('yujin@example.com');
  await form.getByRole('button', { name: '상담 신청하기' }).click();

  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 15_000 });
  // The founder reads the 8-character reference the team says too (the full id stays in URLs and headers).
  const receiptLine = page.getByText(/^접수 번호: [0-9a-f]{8}$/);
  await expect(receiptLine).toBeVisible();
  await expect(page.getByText(/^프로토타입 전달 예정: /)).toBeVisible();
  const reference = (await receiptLine.textContent())!.replace('접수 번호: ', '').trim();

  const [mail] = await intake!.teamMails(1);
  const id = /^<idea-([0-9a-f-]{36})@/.exec(mail!.parsed.messageId ?? '')![1]!;
  expect(leadReference(id)).toBe(reference);
  expect(mail!.envelopeTo).toEqual(['team@mvp24.example']);
  expect(mail!.parsed.subject).toContain('최유진님: 동네 세탁소 수거 예약을');
  expect(mail!.parsed.text).toContain(idea);
  expect(mail!.parsed.text).toContain(`접수 번호: ${id}`);
  expect(mail!.parsed.replyTo?.value[0]?.address).toBe('yujin@example.com');
  expect(mail!.parsed.messageId).toBe(`<idea-${id}@mvp24.example>`);
  expect(mail!.parsed.text).toContain('유입 경로: 소셜 · instagram · autumn');
  expect(cspViolations).toEqual([]);
});

/** Fills the real form's required fields as a visitor does and returns the form. */
async function fillIdeaForm(page: Page, fields: { idea: string; name: string; email?: string }) {
  const form = page.locator('#idea-form form');
  await form.getByLabel('아이디어').fill(fields.idea);
  await form.getByLabel('이름').fill(fields.name);
  if (fields.email !== undefined) await form.getByLabel('이메일').fill(fields.email);
  return form;
}

/** axe runs inside the page, so it reads these script-free pages in a context of its own with JavaScript on. */
async function expectNoAxeViolations(browser: Browser, html: string) {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await page.setContent(html);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await context.close();
}

/** A phone-sized page (390×844, touch) whose page code arrives only when `release()` is called: a slow network. */
async function phoneWithCodeHeldBack(browser: Browser) {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/client-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return { page, context, release };
}

test('what a visitor types on a phone before the page code arrives stays in the fields and is what gets sent', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  smtp!.received.length = 0;
  const { page, context, release } = await phoneWithCodeHeldBack(browser);
  const idea = '주말 농장 텃밭을 이웃과 나눠 쓰는 예약 서비스를 만들고 싶어요.';
  await page.goto(`${BASE}/#idea-form`);
  const form = page.locator('#idea-form form');
  await form.getByLabel('아이디어').pressSequentially(idea.slice(0, 10));
  await form.getByLabel('아이디어').fill(idea); // the rest pasted
  await form.getByLabel('이름').pressSequentially('한지민');
  await form.getByLabel('이메일').fill('jimin@example.com');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  // Only now, all typed, the code arrives and the form hydrates: nothing typed is emptied.
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(form.getByLabel('아이디어')).toHaveValue(idea);
  await expect(form.getByLabel('이름')).toHaveValue('한지민');
  await expect(form.getByLabel('이메일')).toHaveValue('jimin@example.com');

  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByLabel('아이디어')).toHaveValue(''); // sent: the form starts over
  const [mail] = await intake!.teamMails(1);
  expect(mail!.parsed.text).toContain(idea);
  expect(mail!.parsed.subject).toContain('한지민님');
  expect(mail!.parsed.replyTo?.value[0]?.address).toBe('jimin@example.com');
  await context.close();
});

test('with JavaScript off, the form is sent: a Korean receipt page, and the team is mailed', async ({ browser }) => {
  test.setTimeout(60_000);
  smtp!.received.length = 0;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const idea = '자바스크립트 없이 보내는 아이디어: 동네 도서관 좌석 예약 앱이 필요합니다.';
  // Landed from a Naver search ad: the form's own post carries its page's address, campaign included (decision 134).
  await page.goto(`${BASE}/?utm_source=naver&utm_medium=cpc&utm_campaign=mvp-24#idea-form`);
  // Recording needs the page's script: without it the control is not offered.
  await expect(page.getByRole('button', { name: voiceMemoCopy.start })).toBeHidden();
  const form = await fillIdeaForm(page, { idea, name: '윤하늘', email: 'haneul@example.com' });
  await form.getByRole('button', { name: '상담 신청하기' }).click();

  // The receipt names the idea; `link` carries the founder's status link (decision 084).
  await expect(page).toHaveURL(/\/idea-received\/[0-9a-f-]{36}\?link=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(intakePages.received.title);
  // The page says the reference (the whole id is in its URL).
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText(leadReference(id), { exact: true })).toBeVisible();
  await expect(
    page.getByText(/\d{4}년 \d{1,2}월 \d{1,2}일 \(.\) (오전|오후) \d{1,2}:\d{2} \(한국 시간\)/).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: intakePages.home })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(browser, await page.content());

  const [mail] = await intake!.teamMails(1);
  expect(mail!.parsed.text).toContain(idea);
  expect(mail!.parsed.text).toContain(teamMailCopy.withoutScript);
  expect(mail!.parsed.text).toContain('유입 경로: 검색 · naver · mvp-24');
  expect(mail!.parsed.text).toContain(`접수 번호: ${id}`);
  // The founder's confirmation follows the idea (a moment later): it arrives here, not during the next test.
  const [confirmation] = await smtp!.waitForMails((sent) => sent.envelopeTo.includes('haneul@example.com'));
  expect(confirmation!.parsed.text).toContain(leadReference(id));
  await context.close();
});

test('with JavaScript off, a missing field gets a Korean page naming it, and Back keeps what was typed', async ({
  browser,
}) => {
  smtp!.received.length = 0;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/#idea-form`);
  const form = await fillIdeaForm(page, { idea: '이메일을 빠뜨린 아이디어', name: '정다은' });
  await form.getByRole('button', { name: '상담 신청하기' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(intakePages.invalid.title);
  await expect(page.getByText(required('email'))).toBeVisible();
  await expectNoAxeViolations(browser, await page.content());
  await page.goBack();
  await expect(form.getByLabel('아이디어')).toHaveValue('이메일을 빠뜨린 아이디어');
  await expect(form.getByLabel('이름')).toHaveValue('정다은');
  // The refusal stored nothing, so nothing can be mailed later (form-post.test.ts proves "stores nothing").
  expect(smtp!.received).toHaveLength(0);
  await context.close();
});

test('a press of 상담 신청하기 on a phone before the page code arrives is sent at once, not dropped', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  smtp!.received.length = 0;
  const { page, context } = await phoneWithCodeHeldBack(browser); // never released
  const idea = '코드가 오기 전에 보낸 아이디어: 캠핑장 빈자리 알림 서비스';
  await page.goto(`${BASE}/#idea-form`);
  const form = await fillIdeaForm(page, { idea, name: '오세린', email: 'serin@example.com' });
  await form.getByRole('button', { name: '상담 신청하기' }).tap();

  await expect(page).toHaveURL(/\/idea-received\/[0-9a-f-]{36}\?link=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(intakePages.received.title);
  const [mail] = await intake!.teamMails(1);
  expect(mail!.parsed.text).toContain(idea);
  await context.close();
});
