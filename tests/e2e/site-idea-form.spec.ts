import { expect, test, type Page } from '@playwright/test';
import { ONE_VIEWPORT } from './fixtures/viewports';
import { gotoHydrated } from './fixtures/hydration';
import { IDEA_LIMITS, tooLong } from '../../src/domain/idea';
import { receipt, routeFormToken, routeIntake } from './fixtures/site-routes';
import { IDEA_REFUSALS, retryAfterLine } from '../../src/domain/idea-refusals';
import { PRIVACY_VERSION } from '../../src/content/privacy-version';
import { ideaForm } from '../../src/content/home';
import { leadReference } from '../../src/domain/lead-reference';

const values = {
  idea: '동네 배드민턴 동호회 회원들이 경기 점수를 기록하는 앱을 만들고 싶어요.',
  name: '김민지',
  phone: '010-2345-6789',
  email: 'minji@example.com',
};

function fields(page: Page) {
  const form = page.locator('#idea-form form');
  return {
    form,
    idea: form.getByLabel('아이디어'),
    name: form.getByLabel('이름'),
    phone: form.getByLabel('연락처'),
    email: form.getByLabel('이메일'),
    submit: form.getByRole('button', { name: '상담 신청하기' }),
  };
}

async function fillAll(page: Page, input = values) {
  const f = fields(page);
  await f.idea.fill(input.idea);
  await f.name.fill(input.name);
  await f.phone.fill(input.phone);
  await f.email.fill(input.email);
}

async function expectValues(page: Page, expected: typeof values) {
  const f = fields(page);
  await expect(f.idea).toHaveValue(expected.idea);
  await expect(f.name).toHaveValue(expected.name);
  await expect(f.phone).toHaveValue(expected.phone);
  await expect(f.email).toHaveValue(expected.email);
}

const empty = { idea: '', name: '', phone: '', email: '' };

test.describe('idea form', () => {
  test.beforeEach(async ({ page }) => {
    await routeFormToken(page);
    await gotoHydrated(page, '/#idea-form');
  });

  test('has the four named fields with Korean labels and a hidden honeypot', async ({ page }) => {
    const f = fields(page);
    // Never GET: contact details must not end up in a URL if the form is sent before the page is interactive.
    await expect(f.form).toHaveAttribute('method', 'post');
    await expect(f.idea).toHaveAttribute('name', 'idea');
    await expect(f.name).toHaveAttribute('name', 'name');
    await expect(f.phone).toHaveAttribute('name', 'phone');
    await expect(f.phone).toHaveAttribute('type', 'tel');
    await expect(f.email).toHaveAttribute('name', 'email');
    await expect(f.email).toHaveAttribute('type', 'email');
    expect(await f.idea.evaluate((node) => parseFloat(getComputedStyle(node).minHeight))).toBeGreaterThanOrEqual(120);
    await expect(f.idea).toHaveAttribute('placeholder', /^예\)/);
    const honeypot = f.form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(await honeypot.evaluate((node) => node.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect((await honeypot.boundingBox())?.x ?? 0).toBeLessThan(0);
    await expect(page.locator('#idea-form')).toContainText('24시간 안에 시각화된 프로토타입 사이트와 견적서');
    await expect(page.locator('#idea-form').getByRole('link', { name: '개인정보처리방침' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('comes alive without a tap: the idea examples rotate while the field is empty, and stop once typed in', async ({
    page,
  }) => {
    // The page's clock, moved past a rotation instead of waiting one out.
    await page.clock.install();
    await gotoHydrated(page, '/');
    const idea = fields(page).idea;
    const first = await idea.getAttribute('placeholder');
    await page.clock.runFor(ideaForm.fields.idea.placeholderIntervalMs);
    await expect(idea).not.toHaveAttribute('placeholder', first!);
    await idea.fill('반려견 산책 기록 앱');
    const typed = await idea.getAttribute('placeholder');
    await page.clock.runFor(ideaForm.fields.idea.placeholderIntervalMs * 2);
    expect(await idea.getAttribute('placeholder')).toBe(typed);
  });

  test('empty or blank required fields: required notice and nothing is sent', ONE_VIEWPORT, async ({ page }) => {
    const intake = await routeIntake(page, [{ status: 202, body: receipt }]);
    const f = fields(page);
    await f.submit.click();
    await expect(page.getByText('필수 정보를 입력해주세요')).toBeVisible();
    await expect(page.getByText('아이디어(글 또는 음성 메모), 이름, 이메일은 필수 입력 항목입니다.')).toBeVisible();

    await f.idea.fill('   ');
    await f.name.fill('김민지');
    await f.email.fill('minji@example.com');
    await f.submit.click();
    // The alert is the press's answer: the form decided not to send.
    await expect(page.getByRole('alert')).toContainText('필수 정보를 입력해주세요');
    expect(intake.submissions).toHaveLength(0);
    await expect(f.name).toHaveValue('김민지');
  });

  test('success: sends the contract, shows the receipt and clears all four fields', async ({ page }) => {
    const intake = await routeIntake(page, [{ status: 202, body: receipt, delayMs: 600 }]);
    await fillAll(page);
    const f = fields(page);
    await f.submit.click();
    const sending = f.form.getByRole('button', { name: '보내는 중...' });
    await expect(sending).toBeDisabled();

    const notice = page.getByRole('status').filter({ hasText: '아이디어가 접수되었습니다!' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('24시간 내에 프로토타입을 제작하여 연락드리겠습니다.');
    // The 8-character reference, as the team says it (the whole id stays in the status link).
    await expect(notice).toContainText(`접수 번호: ${leadReference(receipt.id)}`);
    // promisedBy 06:00 UTC is 15:00 in Korea (the weekday's brackets depend on the ICU version).
    await expect(notice).toContainText(/프로토타입 전달 예정: 2026년 11월 23일 \(?월\)? 오후 3:00/);
    await expectValues(page, empty);
    await expect(f.submit).toBeEnabled();

    expect(intake.submissions).toHaveLength(1);
    const [sent] = intake.submissions;
    // The privacy notice's version the visitor was shown goes with the idea (consent on record, decision 085).
    expect(sent!.body).toEqual({ ...values, website: '', formToken: 'form-token-1', consentVersion: PRIVACY_VERSION });
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // No public key is configured in this build, so none is sent.
    expect(sent!.headers.apikey).toBeUndefined();
    expect(sent!.headers.authorization).toBeUndefined();
  });

  test(
    'failure: error notice, console.error, fields keep their values; a retry reuses the Idempotency-Key',
    ONE_VIEWPORT,
    async ({ page }) => {
      const intake = await routeIntake(page, [
        { status: 500, body: { error: { code: 'internal_error', message: '서버 오류' } } },
        { status: 202, body: receipt },
      ]);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await fillAll(page);
      await fields(page).submit.click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('제출 중 오류가 발생했습니다');
      await expect(alert).toContainText('잠시 후 다시 시도해주세요.');
      await expectValues(page, values);
      expect(errors.some((text) => text.includes('500'))).toBe(true);

      await fields(page).submit.click();
      await expect(page.getByRole('status').filter({ hasText: '아이디어가 접수되었습니다!' })).toBeVisible();
      expect(intake.submissions).toHaveLength(2);
      expect(intake.submissions[1]!.headers['idempotency-key']).toBe(intake.submissions[0]!.headers['idempotency-key']);
    },
  );

  test('a changed submission after a failure gets a new Idempotency-Key', ONE_VIEWPORT, async ({ page }) => {
    const intake = await routeIntake(page, [
      { status: 503, body: { error: { code: 'unavailable', message: '점검 중' } } },
    ]);
    await fillAll(page);
    await fields(page).submit.click();
    await expect(page.getByRole('alert')).toContainText('제출 중 오류가 발생했습니다');
    await fields(page).name.fill('김민지 대표');
    await fields(page).submit.click();
    await expect.poll(() => intake.submissions.length).toBe(2);
    expect(intake.submissions[1]!.headers['idempotency-key']).not.toBe(
      intake.submissions[0]!.headers['idempotency-key'],
    );
  });

  test('network error: error notice and values kept', ONE_VIEWPORT, async ({ page }) => {
    await page.route('**/functions/v1/send-idea-email', (route) => route.abort('failed'));
    await fillAll(page);
    await fields(page).submit.click();
    await expect(page.getByRole('alert')).toContainText('제출 중 오류가 발생했습니다');
    await expectValues(page, values);
  });

  test(
    'rate limited: says in Korean when to send again (Retry-After) and keeps the values',
    ONE_VIEWPORT,
    async ({ page }) => {
      const message = '신청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
      await routeIntake(page, [
        { status: 429, body: { error: { code: 'rate_limited', message } }, headers: { 'Retry-After': '600' } },
      ]);
      await fillAll(page);
      await fields(page).submit.click();
      await expect(page.getByRole('alert')).toContainText(IDEA_REFUSALS.rateLimited.title);
      await expect(page.getByRole('alert')).toContainText(retryAfterLine(600));
      await expectValues(page, values);
    },
  );

  test('too long for the shared contract: its Korean message, nothing sent', ONE_VIEWPORT, async ({ page }) => {
    const intake = await routeIntake(page, [{ status: 202, body: receipt }]);
    await fillAll(page, { ...values, name: '가'.repeat(IDEA_LIMITS.name + 1) });
    await fields(page).submit.click();
    await expect(page.getByRole('alert')).toContainText(tooLong('name'));
    expect(intake.submissions).toHaveLength(0);
  });

  test('can be filled and sent with the keyboard alone', ONE_VIEWPORT, async ({ page }) => {
    await routeIntake(page, [{ status: 202, body: receipt }]);
    await fields(page).idea.focus();
    await page.keyboard.type(values.idea);
    // The voice memo control sits between the idea and the name: one stop, then on.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: '음성 메모 녹음' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(values.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(values.phone);
    // The KakaoTalk updates' checkbox (issue 49) sits between the phone and the e-mail: one stop, left unticked.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: /카카오톡/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(values.email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '아이디어가 접수되었습니다!' })).toBeVisible();
    await expectValues(page, empty);
  });
});
