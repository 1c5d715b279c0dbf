/**
 * The idea form's KakaoTalk box (issue 49, decision 131) in Chromium against our own server process (port 4421)
 * configured for a local SOLAPI (test-support/server/fake-solapi.ts, which checks the signature and holds the text to
 * the registered template): the box is optional and unticked, apart from the privacy notice; ticked, the 연락처 must
 * be a Korean mobile number, and a wrong or missing one is refused at that field (the Korean message, focus,
 * aria-invalid and aria-describedby) before anything is sent; a right one in any usual spelling is accepted, and the
 * receipt 알림톡 reaches SOLAPI for the normalized number with exactly the template's text and the status link. The
 * same without JavaScript: the browser's own form post, the refusal page naming the number, the receipt page, the
 * 알림톡. Desktop project only (contexts of its own; the form's layout is the site specs').
 */
import { expect, test, type Page } from '@playwright/test';
import { ideaForm } from '../../src/content/home';
import { intakePages } from '../../src/content/intake-pages';
import { KAKAO_TEMPLATE_KEYS, kakaoTemplates, renderTemplate } from '../../src/content/kakao-templates';
import { IDEA_ENDPOINT } from '../../src/domain/endpoints';
import { KOREAN_MOBILE_INVALID } from '../../src/domain/korean-mobile';
import { leadReference } from '../../src/domain/lead-reference';
import { startFakeSolapi, type FakeSolapi, type FakeSolapiMessage } from '../../test-support/server/fake-solapi';
import { expectNoAxeViolations } from './fixtures/axe';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4421;
const SITE_URL = 'https://mvp24.example';
const templateIds = Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key, i) => [key, `KA01TP${3000 + i}`]));
const account = {
  apiKey: 'NCSBROWSERKEY001',
  apiSecret: 'BROWSERSECRET0123456789ABCDEFGHIJ',
  sender: '0212345678',
  pfId: 'KA01PF0000000003',
  templates: Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key) => [templateIds[key]!, kakaoTemplates[key].text])),
};

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;
let solapi: FakeSolapi | undefined;

test.beforeAll(async () => {
  solapi = await startFakeSolapi(account);
  intake = await startIntakeServer(PORT, {
    SITE_URL,
    SOLAPI_BASE_URL: solapi.baseUrl,
    SOLAPI_API_KEY: account.apiKey,
    SOLAPI_API_SECRET: account.apiSecret,
    SOLAPI_SENDER: account.sender,
    KAKAO_PFID: account.pfId,
    KAKAO_TEMPLATE_IDS: KAKAO_TEMPLATE_KEYS.map((key) => `${key}=${templateIds[key]}`).join(','),
  });
});

test.afterAll(async () => {
  await intake?.stop();
  await solapi?.stop();
});

const form = (page: Page) => page.locator('#idea-form form');
const kakaoBox = (page: Page) => form(page).getByRole('checkbox', { name: ideaForm.kakao.label });

async function fill(page: Page, fields: { idea: string; name: string; email: string; phone: string }) {
  await form(page).getByLabel('아이디어').fill(fields.idea);
  await form(page).getByLabel('이름').fill(fields.name);
  await form(page).getByLabel('연락처').fill(fields.phone);
  await form(page).getByLabel('이메일').fill(fields.email);
}
const send = (page: Page) => form(page).getByRole('button', { name: '상담 신청하기' }).click();

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

/**
 * The receipt 알림톡 for `to` (digits): waits for the `count`th message SOLAPI accepted in this spec; its text must be
 * the template's with its values.
 */
async function receiptFor(to: string, count: number): Promise<FakeSolapiMessage> {
  const sent = await solapi!.waitFor(count, 30_000);
  const message = sent.find((entry) => entry.to === to);
  expect(message, `an 알림톡 for ${to}`).toBeDefined();
  expect(message!.templateId).toBe(templateIds.receipt);
  const values = Object.fromEntries(
    Object.entries(message!.variables).map(([name, value]) => [name.replace(/^#\{(.*)\}$/, '$1'), value]),
  );
  expect(message!.text).toBe(renderTemplate(kakaoTemplates.receipt, values));
  expect(message!.via).toBe('kakao');
  return message!;
}

test('the box is optional; ticked, a wrong or missing number is refused at its field; a right one gets the receipt 알림톡', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, `${intake!.base}/`);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(IDEA_ENDPOINT)) posts.push(request.url());
  });
  // Optional and apart from the privacy notice: unticked until the founder ticks it.
  await expect(kakaoBox(page)).not.toBeChecked();
  const values = {
    idea: '동네 헬스장 PT 예약과 출석 체크를 한 번에 하는 앱이 필요합니다.',
    name: '한지민',
    email: 'jimin@example.com',
  };
  const phone = form(page).getByLabel('연락처');

  // Ticked with no number: the 연락처 is asked for, at its field, and nothing is sent.
  await fill(page, { ...values, phone: '' });
  await kakaoBox(page).check();
  await send(page);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, '연락처')).toContain(KOREAN_MOBILE_INVALID);

  // A landline is no mobile number: the same.
  await phone.fill('02-123-4567');
  await send(page);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, '연락처')).toContain(KOREAN_MOBILE_INVALID);
  await expect(form(page).getByLabel('이메일')).not.toHaveAttribute('aria-invalid');
  await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
  await expectNoAxeViolations(page, '', { include: '#idea-form' });
  expect(posts).toHaveLength(0);

  // Unticking clears the phone's refusal: without the box the 연락처 is free text again.
  await kakaoBox(page).uncheck();
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await kakaoBox(page).check();

  // Written the international way: accepted, and the 알림톡 goes to the normalized number.
  await phone.fill('+82 10 2468 1357');
  await send(page);
  await expect(page.getByRole('status').filter({ hasText: '아이디어가 접수되었습니다!' })).toBeVisible({
    timeout: 15_000,
  });
  const reference = (await page.getByText(/^접수 번호: [0-9a-f]{8}$/).textContent())!.replace('접수 번호: ', '');
  const receipt = await receiptFor('01024681357', 1);
  expect(receipt.text).toContain(`접수 번호: ${reference.trim()}`);
  expect(receipt.variables['#{진행상황링크}']).toMatch(new RegExp(`^${SITE_URL}/status/[\\w-]+$`));
  expect(solapi!.refused).toEqual([]);
});

test('without JavaScript: the plain form post refuses a wrong number on its page, and a right one gets the 알림톡', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${intake!.base}/#idea-form`);
  const values = { idea: '자바스크립트 없이: 동네 세차장 예약 앱', name: '백소연', email: 'soyeon@example.com' };
  await fill(page, { ...values, phone: '1234' });
  await kakaoBox(page).check();
  await send(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(intakePages.invalid.title);
  await expect(page.getByText(KOREAN_MOBILE_INVALID)).toBeVisible();

  await page.goBack();
  await expect(form(page).getByLabel('아이디어')).toHaveValue(values.idea);
  await form(page).getByLabel('연락처').fill('010 1357 2468');
  await expect(kakaoBox(page)).toBeChecked();
  await send(page);
  await expect(page).toHaveURL(/\/idea-received\/[0-9a-f-]{36}\?link=[\w-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const link = new URL(page.url()).searchParams.get('link')!;
  const receipt = await receiptFor('01013572468', 2);
  expect(receipt.text).toContain(`접수 번호: ${leadReference(id)}`);
  // The button's link is the founder's own status page, the one the receipt page links.
  expect(receipt.variables['#{진행상황링크}']).toBe(`${SITE_URL}/status/${link}`);
  expect(solapi!.refused).toEqual([]);
  await context.close();
});
