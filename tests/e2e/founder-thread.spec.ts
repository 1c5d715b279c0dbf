/**
 * The thread and the quote end to end (decisions 101, 102) on our own server (PGlite, the built site and workspace,
 * a real SMTP server): an idea from the public form; the owner, signed in with a passkey on a phone-sized page
 * (390×844), takes the lead and sends 추가 질문 from its template → the founder's mail carries the team's words and
 * the status link → the status page shows the message → the founder answers with JavaScript on, then off (a plain
 * form post) → the owner's open inbox marks the lead unread and the owner's mail arrives with the reference. At
 * 1280 px the owner sends a quote of three lines → the status page and the printed quote (print media) show the
 * right 공급가액, 부가세 and 합계, and 「견적 확인」 is recorded. Desktop project only (its own server; the widths are
 * set on the pages). The workspace is opened on http://localhost (a passkey needs a host name).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { quoteCopy, quoteFormCopy } from '../../src/content/quote';
import { threadPanelCopy, threadStatusCopy, threadTemplates } from '../../src/content/thread';
import { leadsCopy } from '../../src/content/workspace';
import { formatWon, quoteTotals } from '../../src/domain/quote';
import { expectNoAxeViolations } from './fixtures/axe';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4397;
const ORIGIN = `http://localhost:${PORT}`;
const OWNER = 'owner@mvp24.example';
const FOUNDER = 'haneul@example.com';
const run = promisify(execFile);

const LINES = [
  { description: '기획과 화면 설계', quantity: 1, unitPrice: 500_000 },
  { description: '핵심 화면 개발', quantity: 3, unitPrice: 333_333 },
  { description: '배포와 도메인 연결', quantity: 2, unitPrice: 15_001 },
];

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  intake = await startIntakeServer(PORT, { SITE_URL: ORIGIN, FOUNDER_MAIL: 'true' });
});
test.afterAll(async () => {
  await intake?.stop();
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

const mailTo = (address: string, subject: RegExp, count = 1) =>
  intake!.smtp.waitForMails(
    (mail) => mail.envelopeTo.includes(address) && subject.test(mail.parsed.subject ?? ''),
    count,
    30_000,
  );

test('추가 질문 from a template, answers with JavaScript on and off, unread and the owner told; a quote printed', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const team = await context.newPage();
  await team.setViewportSize({ width: 390, height: 844 });
  await signIn(team);

  // The founder's idea, through the public form.
  const founderContext = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const visitor = await founderContext.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(visitor, `${ORIGIN}/`);
  const form = visitor.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill('동네 꽃집의 정기 배송을 예약하는 앱');
  await form.getByLabel('이름').fill('정하늘');
  await form.getByLabel('이메일').fill(FOUNDER);
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(visitor.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });

  // The owner takes the lead and writes from the 추가 질문 template, edited.
  const row = team.getByTestId('lead-list').getByRole('link', { name: /정하늘/ });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await row.click();
  await team.getByLabel(leadsCopy.lead.ownerHeading, { exact: true }).selectOption({ label: OWNER });
  await team.getByRole('button', { name: leadsCopy.lead.save }).nth(1).click();
  const panel = team.getByTestId('lead-thread');
  await panel.getByRole('button', { name: threadTemplates[0].label }).click();
  const message = panel.getByLabel(threadPanelCopy.message, { exact: true });
  await expect(message).toHaveValue(threadTemplates[0].body);
  await message.fill(`${threadTemplates[0].body}\n\n4. 결제는 필요하신가요?`);
  await panel.getByRole('button', { name: threadPanelCopy.send }).click();
  await expect(panel.getByTestId('thread-message')).toHaveCount(1);
  await expectNoAxeViolations(team, 'lead page with the thread 390');

  // The founder's mail: the team's words and the status link.
  const [question] = await mailTo(FOUNDER, /메시지를 보냈습니다/);
  expect(question!.parsed.text).toContain('4. 결제는 필요하신가요?');
  expect(question!.parsed.text).not.toContain('동네 꽃집');
  expect(question!.parsed.replyTo?.text).toContain('team@mvp24.example');
  const link = /https?:\/\/\S+\/status\/[A-Za-z0-9_-]{43}/.exec(question!.parsed.text ?? '')![0];

  // The owner waits on the inbox (a lead page open would mark it read again at once).
  await team.getByRole('link', { name: leadsCopy.lead.back }).click();
  await expect(team.getByTestId('lead-list')).toBeVisible();

  // JavaScript on: the status page shows the message; the answer is a form post that lands back on the page.
  await visitor.goto(link);
  const thread = visitor.locator('#thread');
  await expect(thread.getByText('4. 결제는 필요하신가요?')).toBeVisible();
  await expectNoAxeViolations(visitor, 'status page with the thread 390');
  await thread.getByLabel(threadStatusCopy.answer.body).fill('사장님 한 분과 손님들이 씁니다.');
  await thread.getByRole('button', { name: threadStatusCopy.answer.submit }).click();
  await expect(visitor.locator('[data-answer-sent]')).toBeVisible();
  await expect(thread.locator('[data-thread-message][data-side="founder"]')).toHaveCount(1);

  // The owner is told: the lead unread in the open inbox (live), and a mail with the reference and the lead's link.
  await expect(row.getByTestId('unread-marker')).toBeVisible({ timeout: 10_000 });
  const [told] = await mailTo(OWNER, /신청자 답변/);
  const leadId = /\/team\/leads\/([0-9a-f-]{36})/.exec(told!.parsed.text ?? '')![1]!;
  expect(told!.parsed.subject).toContain(leadId.slice(0, 8));
  expect(told!.raw).not.toContain('사장님 한 분');

  // JavaScript off: the same form, posted by the browser alone.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'ko-KR' });
  const plain = await noScript.newPage();
  await plain.goto(link);
  await plain.getByLabel(threadStatusCopy.answer.body).fill('로그인은 카카오로 부탁드립니다.');
  await plain.getByRole('button', { name: threadStatusCopy.answer.submit }).click();
  await expect(plain.locator('[data-answer-sent]')).toBeVisible();
  await expect(plain.locator('[data-thread-message][data-side="founder"]')).toHaveCount(2);
  await mailTo(OWNER, /신청자 답변/, 2);

  // A quote of three lines, at 1280 px.
  await team.setViewportSize({ width: 1280, height: 800 });
  await row.click();
  const quoteForm = team.getByTestId('quote-form');
  for (let index = 0; index < LINES.length; index += 1) {
    if (index > 0) await quoteForm.getByRole('button', { name: quoteFormCopy.addItem }).click();
    const line = quoteForm.locator('fieldset').nth(index);
    await line.getByLabel(quoteFormCopy.description, { exact: true }).fill(LINES[index]!.description);
    await line.getByLabel(quoteFormCopy.quantity, { exact: true }).fill(String(LINES[index]!.quantity));
    await line.getByLabel(quoteFormCopy.unitPrice, { exact: true }).fill(String(LINES[index]!.unitPrice));
  }
  const totals = quoteTotals(LINES);
  await expect(quoteForm.getByTestId('quote-form-totals')).toContainText(formatWon(totals.total));
  await quoteForm.getByRole('button', { name: quoteFormCopy.send }).click();
  await expect(team.getByTestId('thread-quote')).toContainText(formatWon(totals.total));
  await expectNoAxeViolations(team, 'lead page with a quote 1280');

  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.goto(link);
  const quote = visitor.locator('[data-quote]');
  await expect(quote.locator('[data-quote-supply]')).toHaveText(formatWon(totals.supply));
  await expect(quote.locator('[data-quote-vat]')).toHaveText(formatWon(totals.vat));
  await expect(quote.locator('[data-quote-total]')).toHaveText(formatWon(totals.total));
  expect(totals).toMatchObject({ supply: 1_530_001, vat: 153_000, total: 1_683_001 });

  // The printable sheet: print media drops the site's header and footer; the sums stay.
  await quote.getByRole('link', { name: quoteCopy.print }).click();
  await expect(visitor.locator('[data-quote-sheet]')).toBeVisible();
  await expectNoAxeViolations(visitor, 'quote sheet 1280');
  await visitor.emulateMedia({ media: 'print' });
  await expect(visitor.locator('header').first()).toBeHidden();
  await expect(visitor.locator('footer').first()).toBeHidden();
  await expect(visitor.locator('[data-quote-sheet] [data-quote-total]')).toHaveText(formatWon(totals.total));
  await expect(visitor.locator('[data-quote-sheet] [data-quote-vat]')).toHaveText(formatWon(totals.vat));
  const pdf = await visitor.pdf({ format: 'A4' });
  expect(pdf.length).toBeGreaterThan(1000);
  await visitor.emulateMedia({ media: 'screen' });

  // On a 390 px phone the lines stack: the 항목 keeps a readable width and nothing overflows the card (issue 50).
  await visitor.getByRole('link', { name: quoteCopy.back }).click();
  await visitor.setViewportSize({ width: 390, height: 844 });
  const fits = await visitor.locator('[data-quote]').evaluate((card) => ({
    overflow: card.scrollWidth - card.clientWidth,
    description: card.querySelector('[data-quote-table] tbody td')!.getBoundingClientRect().width,
  }));
  expect(fits.overflow).toBeLessThanOrEqual(0);
  expect(fits.description).toBeGreaterThan(200);

  // 「동의합니다」 and the name: on the timeline, the owner told, the fingerprint shown.
  const accept = visitor.locator('[data-quote-accept]');
  await accept.getByRole('button', { name: quoteCopy.confirm }).click();
  await expect(accept.getByLabel(quoteCopy.signature)).toBeFocused();
  await accept.getByLabel(quoteCopy.signature).fill('김하늘');
  await accept.getByLabel(quoteCopy.agree).check();
  await accept.getByRole('button', { name: quoteCopy.confirm }).click();
  await expect(visitor.locator('[data-quote-accepted]')).toBeVisible();
  await expect(visitor.locator('[data-quote-sha256]')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(visitor.getByText('견적 동의', { exact: true })).toBeVisible();
  await mailTo(OWNER, /견적 동의/);
  await team.reload();
  await expect(team.getByTestId('lead-timeline')).toContainText('견적에 동의했어요');
  await expect(team.getByTestId('thread-quote-state')).toContainText('김하늘');

  await noScript.close();
  await founderContext.close();
  await context.close();
});
