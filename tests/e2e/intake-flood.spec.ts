/**
 * A flood cannot silence the form: while thousands of junk requests from many addresses hit the running server, a
 * visitor fills and sends the real form in Chromium, and the team is mailed their idea. Desktop project only.
 */
import { expect, test } from '@playwright/test';
import { flood } from '../../test-support/server/flood';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';

const PORT = 4175;
let intake: IntakeServer | undefined;

test.beforeAll(async () => {
  // The deployment's guards; TRUST_PROXY so the junk's X-Forwarded-For addresses count as its own.
  intake = await startIntakeServer(PORT, { TRUST_PROXY: 'true' });
});

test.afterAll(async () => {
  await intake?.stop();
});

test('a visitor sends the form while junk floods the intake, and the team gets the idea', async ({ page }) => {
  test.setTimeout(120_000);
  let visitorDone!: () => void;
  const done = new Promise<void>((resolve) => (visitorDone = resolve));
  const junk = flood({ baseUrls: [intake!.base], total: 20_000, concurrency: 32, addresses: 300, until: done });

  const idea = '홍수 중에도 받아야 하는 아이디어: 동네 꽃집 정기 배송 예약 앱을 만들고 싶어요.';
  await gotoHydrated(page, `${intake!.base}/`);
  const form = page.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill(idea);
  await form.getByLabel('이름').fill('한결');
  await form.getByLabel('이메일').fill('gyeol@example.com');
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(page.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 30_000 });
  visitorDone();
  const result = await junk;
  // The flood was real and still running when the visitor was answered.
  expect(result.sent).toBeGreaterThan(500);
  expect(result.sent).toBeLessThan(20_000);
  expect(result.byStatus[400]).toBeGreaterThan(0);

  const mails = await intake!.teamMails(1);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.parsed.subject).toContain('한결님');
  expect(mails[0]!.parsed.text).toContain(idea);
});
