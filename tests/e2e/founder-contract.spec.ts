/**
 * The service agreement end to end (issue 50, decision 150) on our own server (PGlite, the built site and workspace,
 * a real SMTP server): an idea from the public form; the owner, signed in with a passkey, delivers a prototype and
 * sends a quote (through the workspace API, as its page does), the founder accepts it; on a 390 px phone the owner
 * sends the agreement from the lead page → the founder, at 390 px, reads it (nothing overflows the card), is refused
 * a wrong 사업자등록번호 at its field, signs as 사업자 with 「동의합니다」 and their name → the account for the deposit
 * shows; the owner countersigns in the workspace → the lead is at 계약, both get the signed PDF; the owner marks the
 * deposit received, which the founder sees, also without JavaScript; both are told, before the erasure, that the
 * concluded contract's records are kept apart, the founder erases without JavaScript, and the owner finds the record
 * in 「계약 기록」 and downloads its PDF (decision 160). Desktop project only (its own server).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { contractCopy, contractMailCopy, contractTeamCopy } from '../../src/content/contract';
import { quoteCopy } from '../../src/content/quote';
import { leadsCopy } from '../../src/content/workspace';
import { contractRecordsCopy } from '../../src/content/contract-records';
import { retentionPromise } from '../../src/content/privacy';
import { statusPageCopy } from '../../src/content/status-page';
import { defaultValidUntil, formatWon } from '../../src/domain/quote';
import { leadQuotesPath } from '../../src/domain/thread';
import { leadActionPath } from '../../src/domain/workspace-api';
import { EXAMPLE_AGENCY_ENV } from '../../src/server/config';
import { expectNoAxeViolations } from './fixtures/axe';
import { gotoHydrated } from './fixtures/hydration';
import { startIntakeServer, type IntakeServer } from './fixtures/intake-server';
import { addPasskeyAuthenticator } from './fixtures/passkey';

const PORT = 4398;
const ORIGIN = `http://localhost:${PORT}`;
const OWNER = 'owner@mvp24.example';
const FOUNDER = 'dahye@example.com';
const run = promisify(execFile);

test.describe.configure({ mode: 'serial' });
let intake: IntakeServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  intake = await startIntakeServer(PORT, {
    SITE_URL: ORIGIN,
    FOUNDER_MAIL: 'true',
    ...EXAMPLE_AGENCY_ENV,
    CONTRACT_DEPOSIT_PERCENT: '50',
  });
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

/** A workspace API call from the signed-in page, as its own code makes one (same origin, the session's cookie). */
const teamCall = (page: Page, path: string, body: object) =>
  page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return response.status;
    },
    [path, body] as const,
  );

const mailTo = (address: string, match: (text: string) => boolean, count = 1) =>
  intake!.smtp.waitForMails(
    (mail) => mail.envelopeTo.includes(address) && match(`${mail.parsed.subject ?? ''}\n${mail.parsed.text ?? ''}`),
    count,
    30_000,
  );

test('the founder signs the agreement at 390 px, the team countersigns, the lead is at 계약', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const team = await context.newPage();
  await team.setViewportSize({ width: 390, height: 844 });
  await signIn(team);

  const founderContext = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const visitor = await founderContext.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(visitor, `${ORIGIN}/`);
  const form = visitor.locator('#idea-form form');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('아이디어').fill('동네 빵집의 예약 주문을 받는 앱');
  await form.getByLabel('이름').fill('박다혜');
  await form.getByLabel('이메일').fill(FOUNDER);
  await form.getByRole('button', { name: '상담 신청하기' }).click();
  await expect(visitor.getByText('아이디어가 접수되었습니다!')).toBeVisible({ timeout: 20_000 });

  // The owner opens the lead; the prototype goes out and a quote follows (the API the lead page uses).
  const row = team.getByTestId('lead-list').getByRole('link', { name: /박다혜/ });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await row.click();
  const leadId = /\/team\/leads\/([0-9a-f-]{36})/.exec(team.url())![1]!;
  // The owner takes the lead: the founder's signature and the conclusion are told to them.
  await team.getByLabel(leadsCopy.lead.ownerHeading, { exact: true }).selectOption({ label: OWNER });
  await team.getByRole('button', { name: leadsCopy.lead.save }).nth(1).click();
  await expect(team.getByTestId('lead-timeline')).toContainText(OWNER);
  expect(
    await teamCall(team, leadActionPath(leadId, 'stage'), {
      stage: 'delivered',
      prototypeUrl: 'https://proto.example/bakery',
    }),
  ).toBe(200);
  expect(
    await teamCall(team, leadQuotesPath(leadId), {
      items: [
        { description: '주문 화면과 관리자 화면', quantity: 1, unitPrice: 1_200_000 },
        { description: '결제 연동', quantity: 1, unitPrice: 300_000 },
      ],
      validUntil: defaultValidUntil(new Date()),
      body: '견적서를 보내드립니다.',
    }),
  ).toBe(200);
  const [quoteMail] = await mailTo(FOUNDER, (text) => text.includes('견적서를 보내드립니다.'));
  const link = /https?:\/\/\S+\/status\/[A-Za-z0-9_-]{43}/.exec(quoteMail!.parsed.text ?? '')![0];

  // The founder accepts the quote.
  await visitor.goto(link);
  const accept = visitor.locator('[data-quote-accept]');
  await accept.getByLabel(quoteCopy.signature).fill('박다혜');
  await accept.getByLabel(quoteCopy.agree).check();
  await accept.getByRole('button', { name: quoteCopy.confirm }).click();
  await expect(visitor.locator('[data-quote-accepted]')).toBeVisible();

  // The owner sends the agreement from the lead page, at 390 px.
  await team.reload();
  // The quote's lines as the team reads them there: inside their card, the page not wider than the phone, and each
  // 항목 on a row of its own, the card's width (beside three figures it was squeezed to ~96 px).
  const lines = await team
    .getByTestId('thread-quote-items')
    .first()
    .evaluate((table) => ({
      overflow: table.scrollWidth - table.parentElement!.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
      description: [...table.querySelectorAll('tbody td')]
        .find((cell) => cell.getBoundingClientRect().width > 0)!
        .getBoundingClientRect().width,
    }));
  expect(lines.overflow).toBeLessThanOrEqual(0);
  expect(lines.page).toBeLessThanOrEqual(0);
  expect(lines.description).toBeGreaterThanOrEqual(250);
  const panel = team.getByTestId('lead-contract');
  await panel.getByLabel(contractTeamCopy.schedule).fill('계약금 입금 다음 날 착수, 3주 뒤 최종 납품');
  await panel.getByRole('button', { name: contractTeamCopy.send }).click();
  await expect(panel.getByTestId('contract')).toHaveAttribute('data-state', 'sent');
  await mailTo(FOUNDER, (text) => text.includes(contractMailCopy.sentBody));

  // The founder reads it at 390 px: nothing wider than the card, the deposit 50 % of 1,650,000원.
  await visitor.goto(link);
  const card = visitor.locator('[data-contract]');
  await expect(card).toHaveAttribute('data-contract-state', 'sent');
  await expect(card.locator('[data-contract-deposit]')).toContainText(formatWon(825_000));
  const overflow = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(visitor, 'status page with the agreement 390');

  // A wrong 사업자등록번호 is refused at its field, what was typed kept.
  const sign = card.locator('[data-contract-sign]');
  await sign.getByLabel(contractCopy.kinds.business).check();
  await sign.getByLabel(contractCopy.fields.businessNumber, { exact: true }).fill('220-81-62518');
  await sign.getByLabel(contractCopy.fields.company, { exact: true }).fill('빵집연구소');
  await sign.getByLabel(contractCopy.fields.representative, { exact: true }).fill('박다혜');
  await sign.getByLabel(contractCopy.fields.businessType, { exact: true }).fill('서비스업');
  await sign.getByLabel(contractCopy.fields.businessItem, { exact: true }).fill('소프트웨어 개발');
  await sign.getByLabel(contractCopy.fields.invoiceEmail, { exact: true }).fill('tax@example.com');
  await sign.getByLabel(contractCopy.signature, { exact: true }).fill('박다혜');
  await sign.getByLabel(contractCopy.agree).check();
  await sign.getByRole('button', { name: contractCopy.sign }).click();
  const again = visitor.locator('[data-contract-sign]');
  await expect(again.getByRole('alert')).toHaveText(contractCopy.refusals.businessNumber);
  const number = again.getByLabel(contractCopy.fields.businessNumber, { exact: true });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByLabel(contractCopy.fields.company, { exact: true })).toHaveValue('빵집연구소');
  // 개인 hides the business fields (CSS alone); 사업자 shows them again.
  await again.getByLabel(contractCopy.kinds.individual).check();
  await expect(number).toBeHidden();
  await again.getByLabel(contractCopy.kinds.business).check();
  await number.fill('220-81-62517');
  await again.getByLabel(contractCopy.agree).check();
  await again.getByRole('button', { name: contractCopy.sign }).click();
  await expect(visitor.locator('[data-contract-signed]')).toBeVisible();
  await expect(visitor.locator('[data-contract-sha256]')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(visitor.locator('[data-deposit]')).toContainText(EXAMPLE_AGENCY_ENV.AGENCY_BANK_ACCOUNT);
  await expectNoAxeViolations(visitor, 'status page with the signed agreement 390');

  // The owner countersigns: the lead is at 계약; both get the signed PDF.
  await mailTo(OWNER, (text) => text.includes(contractMailCopy.signedSubject(leadId.slice(0, 8))));
  await team.reload();
  const contract = team.getByTestId('lead-contract').getByTestId('contract');
  await expect(contract).toHaveAttribute('data-state', 'signed');
  await expect(contract.getByTestId('contract-tax')).toContainText('220-81-62517');
  team.once('dialog', (dialog) => void dialog.accept());
  await contract.getByRole('button', { name: contractTeamCopy.countersign }).click();
  await expect(contract).toHaveAttribute('data-state', 'concluded');
  await expect(team.getByTestId('lead-timeline')).toContainText('계약이 체결됐어요');
  const [founderPdf] = await mailTo(FOUNDER, (text) => text.includes(contractMailCopy.founderBody));
  expect(founderPdf!.parsed.attachments.some((file) => file.contentType === 'application/pdf')).toBe(true);
  const [teamPdf] = await mailTo(OWNER, (text) => text.includes(contractMailCopy.teamSubject(leadId.slice(0, 8))));
  expect(teamPdf!.parsed.attachments.some((file) => file.contentType === 'application/pdf')).toBe(true);
  await expectNoAxeViolations(team, 'lead page with the concluded agreement 390');

  // The deposit, marked received; the founder sees it without JavaScript too.
  await contract.getByRole('button', { name: contractTeamCopy.depositMark }).click();
  await expect(contract.getByTestId('contract-deposit-received')).toBeVisible();
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'ko-KR' });
  const plain = await noScript.newPage();
  await plain.setViewportSize({ width: 390, height: 844 });
  await plain.goto(link);
  await expect(plain.locator('[data-contract]')).toHaveAttribute('data-contract-state', 'concluded');
  await expect(plain.locator('[data-deposit-received]')).toBeVisible();
  await expect(plain.getByText('계약 체결', { exact: true })).toBeVisible();

  // The erasure keeps the concluded contract's records apart (decision 160), and each side is told before deciding:
  // the team's erase dialog (closed again here), then the founder's confirmation without JavaScript.
  await team.getByRole('button', { name: leadsCopy.lead.erase }).click();
  await expect(team.getByTestId('erase-keeps-contract')).toHaveText(
    leadsCopy.lead.eraseKeepsContract(retentionPromise.contractYears),
  );
  await team.getByRole('button', { name: leadsCopy.lead.cancel }).click();
  await plain.getByRole('button', { name: statusPageCopy.data.delete }).click();
  await expect(plain.locator('[data-contract-kept]')).toHaveText(
    statusPageCopy.confirmDelete.contractKept(retentionPromise.contractYears),
  );
  await plain.getByRole('button', { name: statusPageCopy.confirmDelete.confirm }).click();
  await expect(plain.getByRole('heading', { level: 1, name: statusPageCopy.deleted.title })).toBeVisible();
  await expect(plain.locator('[data-contract-kept]')).toHaveText(
    statusPageCopy.deleted.contractKept(retentionPromise.contractYears),
  );
  // The workspace's 「계약 기록」 lists it; its PDF downloads.
  await team.getByRole('link', { name: contractRecordsCopy.nav }).click();
  const kept = team.getByTestId('contract-records');
  await expect(kept.getByRole('row')).toHaveCount(2);
  await expect(kept).toContainText('빵집연구소');
  await expect(kept).toContainText(leadId.slice(0, 8));
  const [download] = await Promise.all([
    team.waitForEvent('download'),
    kept.getByRole('link', { name: contractRecordsCopy.pdf }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^contract-${leadId.slice(0, 8)}-[0-9a-f]{8}\\.pdf$`));
  await expectNoAxeViolations(team, 'contract records 390');

  await noScript.close();
  await founderContext.close();
  await context.close();
});
