/**
 * The service agreement (issue 50, decision 150) on PGlite and PostgreSQL, through the workspace API, the status
 * page's plain form posts and a real SMTP server: sent only from an accepted quote; signed by the founder with the
 * tax details (a wrong 사업자등록번호 and every other refusal shown at its field, nothing stored), fixed by a SHA-256 of
 * its canonical form; countersigned only after the founder, which moves the lead to 계약, tells the team and mails
 * both sides the signed PDF (read back as text); the deposit's account shown and its receipt marked; the details in
 * the export and the founder's download, and gone with the idea.
 */
import crypto, { createHash } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCopy, contractCsvColumns, contractMailCopy, contractTeamCopy } from '../../content/contract';
import { LEAD_EXPORT_PATH } from '../../domain/workspace-api';
import { canonicalContract, CONTRACT_FIELDS, type ContractView } from '../../domain/contract';
import { escapeHtml } from '../../domain/escape-html';
import { leadReference } from '../../domain/lead-reference';
import { defaultValidUntil, formatWon, QUOTE_ACCEPT_FIELDS } from '../../domain/quote';
import {
  leadContractCountersignPath,
  leadContractDepositPath,
  leadContractPdfPath,
  leadContractsPath,
  leadQuotesPath,
  leadThreadPath,
  type ThreadView,
} from '../../domain/thread';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { DRIVERS } from '../../../test-support/server/test-database';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';
import { pdfText } from '../../../test-support/server/pdf-reader';
import { EXAMPLE_AGENCY_ENV } from '../config';
import { statusPath, statusToken, statusTokenHash } from '../founder/status-token';
import { loadContracts } from './contract-store';
import { loadKeptContracts } from './contract-records';
import { destroyExpiredIdeas, retentionJob } from '../jobs/retention';
import { JobScheduler } from '../jobs/scheduler';
import { retentionPromise } from '../../content/privacy';
import { statusPageCopy } from '../../content/status-page';
import { CONTRACT_RECORDS_PATH, contractRecordPdfPath, type KeptContractList } from '../../domain/contract-records';
import type { LeadDetail } from '../../domain/workspace-api';

const SECRET = 'contract-test-status-link-secret-0123456789';
const FOUNDER = 'founder@example.com';
const sameSite = { origin: 'null', 'sec-fetch-site': 'same-origin' };

const BUSINESS = {
  [CONTRACT_FIELDS.kind]: 'business',
  [CONTRACT_FIELDS.businessNumber]: '220-81-62517',
  [CONTRACT_FIELDS.company]: '주식회사 빵집연구소',
  [CONTRACT_FIELDS.representative]: '김대표',
  [CONTRACT_FIELDS.businessType]: '서비스업',
  [CONTRACT_FIELDS.businessItem]: '소프트웨어 개발',
  [CONTRACT_FIELDS.invoiceEmail]: 'tax@example.com',
  [CONTRACT_FIELDS.name]: '김신청',
  [CONTRACT_FIELDS.agree]: 'on',
};

const form = (app: FastifyInstance, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(DRIVERS)('the service agreement on %s', (driver) => {
  const suite = intakeSuite(driver);
  let webhook: WebhookTestServer;
  beforeAll(async () => {
    webhook = await startWebhookServer();
  });
  afterAll(async () => webhook.stop());
  const start = () =>
    suite.start({
      ...DELIVERY_TEST_ENV,
      ...EXAMPLE_AGENCY_ENV,
      CONTRACT_DEPOSIT_PERCENT: '30',
      STATUS_LINK_SECRET: SECRET,
      SITE_URL: 'https://mvp24.example',
      ALERT_WEBHOOK_URL: webhook.url,
    });

  /** A lead with a delivered prototype, a status link, and a quote of 1,650,000원 sent (and accepted, unless not). */
  async function leadWithQuote(app: FastifyInstance, headers: Record<string, string>, ownerId: string, accept = true) {
    const id = await storeLead(app.database, {
      email: FOUNDER,
      ownerId,
      stage: 'delivered',
      prototypeDeliveredAt: new Date(),
    });
    const token = statusToken(SECRET, id);
    await app.database.rows(sql`update ideas set status_token_hash = ${statusTokenHash(token)} where id = ${id}::uuid`);
    const base = statusPath(token);
    const sent = await app.inject({
      method: 'POST',
      url: leadQuotesPath(id),
      headers,
      payload: {
        items: [
          { description: '기획과 화면 설계', quantity: 1, unitPrice: 500_000 },
          { description: '개발 <b>앱</b>', quantity: 2, unitPrice: 500_000 },
        ],
        validUntil: defaultValidUntil(new Date()),
        notes: '',
        body: '견적서입니다.',
      },
    });
    const quoteId = sent.json<ThreadView>().messages.find((message) => message.quote)!.quote!.id;
    if (accept)
      expect(
        (
          await form(app, `${base}/quote/${quoteId}/confirm`, {
            [QUOTE_ACCEPT_FIELDS.name]: '김신청',
            [QUOTE_ACCEPT_FIELDS.agree]: 'on',
          })
        ).statusCode,
      ).toBe(303);
    return { id, base, quoteId };
  }

  const sendContract = (app: FastifyInstance, headers: Record<string, string>, id: string, quoteId: string) =>
    app.inject({
      method: 'POST',
      url: leadContractsPath(id),
      headers,
      payload: { quoteId, schedule: '계약금 입금 다음 날 착수, 4주 뒤 최종 납품' },
    });

  it('is sent from an accepted quote, signed with the tax details, countersigned, and moves the lead to 계약', async () => {
    webhook.received.length = 0;
    const app = await start();
    const { member, headers } = await signedIn(app.database);

    // Not from a quote the founder has not accepted.
    const open = await leadWithQuote(app, headers, member.id, false);
    expect((await sendContract(app, headers, open.id, open.quoteId)).statusCode).toBe(409);

    const { id, base, quoteId } = await leadWithQuote(app, headers, member.id);
    // The schedule is required: nothing visible is refused with the form's own message.
    const blank = await app.inject({
      method: 'POST',
      url: leadContractsPath(id),
      headers,
      payload: { quoteId, schedule: ' \u200b ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ error: { message: string } }>().error.message).toBe(contractTeamCopy.invalid);
    const sent = await sendContract(app, headers, id, quoteId);
    expect(sent.statusCode).toBe(200);
    const [contract] = sent.json<ThreadView>().contracts!;
    expect(contract).toMatchObject({ quoteId, depositPercent: 30, signedAt: null, countersignedAt: null });
    // One agreement per quote.
    expect((await sendContract(app, headers, id, quoteId)).statusCode).toBe(409);
    // Not countersigned before the founder signed.
    const early = await app.inject({ method: 'POST', url: leadContractCountersignPath(id, contract!.id), headers });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: { message: string } }>().error.message).toBe(contractTeamCopy.refused);

    // The founder's page: the scope, the sums, the deposit (30 % of 1,650,000원), the articles and the form.
    const page = (await app.inject({ method: 'GET', url: base })).body;
    expect(page).toContain('data-contract-state="sent"');
    expect(page).toContain('개발 &lt;b&gt;앱&lt;/b&gt;');
    expect(page).toContain(formatWon(1_650_000));
    expect(page).toContain(formatWon(495_000));
    expect(page).toContain('계약금 입금 다음 날 착수');
    expect(page).toContain('data-contract-sign');
    expect(page).toContain('124-81-00998'); // the agency's 사업자등록번호 from AGENCY_BUSINESS_NUMBER
    // The account is shown only after signing.
    expect(page).not.toContain(EXAMPLE_AGENCY_ENV.AGENCY_BANK_ACCOUNT);

    // Refusals at their fields, what was typed kept, nothing stored.
    const signUrl = `${base}/contract/${contract!.id}/sign`;
    const wrongNumber = await form(app, signUrl, { ...BUSINESS, [CONTRACT_FIELDS.businessNumber]: '220-81-62518' });
    expect(wrongNumber.statusCode).toBe(400);
    expect(wrongNumber.body).toContain(escapeHtml(contractCopy.refusals.businessNumber));
    expect(wrongNumber.body).toContain('value="220-81-62518"');
    expect(wrongNumber.body).toContain(`value="${BUSINESS[CONTRACT_FIELDS.company]}"`);
    expect(wrongNumber.body).toMatch(/id="contract-businessNumber"[^>]*aria-invalid="true"/);
    const noName = await form(app, signUrl, { ...BUSINESS, [CONTRACT_FIELDS.name]: ' \u200b ' });
    expect(noName.body).toContain(contractCopy.refusals.signature);
    const unticked = await form(app, signUrl, { ...BUSINESS, [CONTRACT_FIELDS.agree]: '' });
    expect(unticked.body).toContain(contractCopy.refusals.agree);
    const noEmail = await form(app, signUrl, { ...BUSINESS, [CONTRACT_FIELDS.invoiceEmail]: 'tax' });
    expect(noEmail.body).toContain(contractCopy.refusals.invoiceEmail);
    const foreign = await app.inject({
      method: 'POST',
      url: signUrl,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(BUSINESS).toString(),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await loadContracts(app.database, id))[0]!.signedAt).toBeNull();

    // Signed: the name, the instant, the details and the SHA-256 of the canonical form.
    const signed = await form(app, signUrl, BUSINESS);
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(`${base}#contract`);
    const [stored] = await loadContracts(app.database, id);
    expect(stored).toMatchObject({
      signedName: '김신청',
      intact: true,
      tax: { kind: 'business', businessNumber: '2208162517', company: '주식회사 빵집연구소' },
    });
    const expected = createHash('sha256')
      .update(
        canonicalContract(stored!, leadReference(id), stored!.terms, { name: '김신청', tax: stored!.tax! }),
        'utf8',
      )
      .digest('hex');
    expect(stored!.sha256).toBe(expected);
    // A second press changes nothing and says so.
    const twice = await form(app, signUrl, { ...BUSINESS, [CONTRACT_FIELDS.name]: '다른 이름' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain(contractCopy.refusals.signed);
    expect((await loadContracts(app.database, id))[0]!.signedName).toBe('김신청');

    const after = (await app.inject({ method: 'GET', url: base })).body;
    expect(after).toContain('data-contract-state="signed"');
    expect(after).toContain(`data-contract-sha256>${expected}`);
    expect(after).toContain(EXAMPLE_AGENCY_ENV.AGENCY_BANK_ACCOUNT);
    expect(after).toContain(EXAMPLE_AGENCY_ENV.AGENCY_BANK_NAME);
    expect(after).toContain('data-deposit-waiting');
    expect(after).not.toContain('data-contract-sign>');

    // The team sees the details on the lead.
    const thread = await app.inject({ method: 'GET', url: leadThreadPath(id), headers });
    expect(thread.json<ThreadView>().contracts![0]!.tax).toMatchObject({
      kind: 'business',
      businessItem: '소프트웨어 개발',
    });

    // Countersigned: the lead moves to 계약, the timeline says so, both get the signed PDF.
    const countersigned = await app.inject({
      method: 'POST',
      url: leadContractCountersignPath(id, contract!.id),
      headers,
    });
    expect(countersigned.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: leadContractCountersignPath(id, contract!.id), headers })).statusCode,
    ).toBe(409);
    const [idea] = await app.database.rows<{ stage: string }>(sql`select stage from ideas where id = ${id}::uuid`);
    expect(idea!.stage).toBe('contracted');
    const lead = await app.inject({ method: 'GET', url: `/team/api/leads/${id}`, headers });
    expect(lead.json<{ timeline: { kind: string }[] }>().timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['contract', 'contract_signed', 'contract_concluded', 'stage']),
    );
    const [toFounder] = await suite.smtp.waitForMails(
      (mail) => mail.envelopeTo.includes(FOUNDER) && (mail.parsed.text ?? '').includes(contractMailCopy.founderBody),
    );
    const [toTeam] = await suite.smtp.waitForMails(
      (mail) => mail.parsed.subject === contractMailCopy.teamSubject(leadReference(id)),
    );
    expect(toTeam!.envelopeTo).toEqual([member.email]);
    // The team's mail names the reference only, never the founder's name or details.
    expect(toTeam!.parsed.text).not.toContain('김신청');
    for (const mail of [toFounder!, toTeam!]) {
      const pdf = mail.parsed.attachments.find((attachment) => attachment.contentType === 'application/pdf');
      expect(pdf?.filename).toBe(`contract-${leadReference(id)}-${contract!.id.slice(0, 8)}.pdf`);
      const text = flat(await pdfText(pdf!.content));
      for (const expectedText of [
        '제1조 (목적)',
        '주식회사 빵집연구소',
        '220-81-62517',
        '124-81-00998',
        formatWon(1_650_000),
        formatWon(495_000),
        '계약금 입금 다음 날 착수',
        '제9조 (세금계산서)',
        expected,
      ])
        expect(text, expectedText).toContain(expectedText);
    }
    // The chat: the founder's signature, then the conclusion (the reference only).
    await webhook.waitFor(3); // the quote's acceptance, the signature, the conclusion
    expect(JSON.stringify(webhook.received)).toContain(contractMailCopy.signedAlert(leadReference(id)));
    expect(JSON.stringify(webhook.received)).toContain(contractMailCopy.teamText(leadReference(id)));

    // The deposit: marked received once, the founder sees it.
    const deposit = await app.inject({ method: 'POST', url: leadContractDepositPath(id, contract!.id), headers });
    expect(deposit.statusCode).toBe(200);
    expect(deposit.json<{ contracts: ContractView[] }>().contracts[0]!.depositReceivedAt).not.toBeNull();
    expect(
      (await app.inject({ method: 'POST', url: leadContractDepositPath(id, contract!.id), headers })).statusCode,
    ).toBe(409);
    const concluded = (await app.inject({ method: 'GET', url: base })).body;
    expect(concluded).toContain('data-contract-state="concluded"');
    expect(concluded).toContain('data-deposit-received');

    const records = await app.database.rows<{ action: string }>(
      sql`select action from access_records where idea_id = ${id}::uuid and action in
        ('contract_sent', 'visitor_contract_signed', 'contract_countersigned', 'deposit_received')`,
    );
    expect(records.map((row) => row.action).sort()).toEqual([
      'contract_countersigned',
      'contract_sent',
      'deposit_received',
      'visitor_contract_signed',
    ]);

    // The export names the details (an owner exports: `signedIn` makes one).
    const csv = await app.inject({
      method: 'POST',
      url: LEAD_EXPORT_PATH,
      headers,
      payload: { reason: '세금계산서 발행' },
    });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\n').find((row) => row.includes(id))!;
    for (const cell of ['220-81-62517', '주식회사 빵집연구소', '소프트웨어 개발', 'tax@example.com'])
      expect(line, cell).toContain(cell);
    expect(csv.body.split('\n')[0]).toContain(contractCsvColumns.businessNumber);

    // The team's PDF and the founder's download; then erasure takes the agreement with the idea.
    const teamPdf = await app.inject({ method: 'GET', url: leadContractPdfPath(id, contract!.id), headers });
    expect(teamPdf.headers['content-type']).toBe('application/pdf');
    const data = await app.inject({ method: 'GET', url: `${base}/data` });
    expect(data.body).toContain('2208162517');
    expect(data.body).toContain('주식회사 빵집연구소');

    // Retention: a lead with a concluded agreement goes at its time like any other; the agreement's records move out
    // of it and are kept apart (decision 160; their own years are tested below).
    const past = (days: number) => new Date(Date.now() + days * 86_400_000);
    const retention = { ideaDays: 365, ipDays: 7, dataDir: suite.store.dataDir, unmatchedDays: 30 };
    await destroyExpiredIdeas(app.database, past(400), retention);
    expect(await app.database.rows(sql`select 1 from ideas where id in (${id}::uuid, ${open.id}::uuid)`)).toEqual([]);
    expect(await loadContracts(app.database, id)).toEqual([]);
    const [kept] = await loadKeptContracts(app.database);
    expect(kept).toMatchObject({ reference: leadReference(id), contract: { id: contract!.id, intact: true } });
    expect(kept!.contract.depositReceivedAt).not.toBeNull();
  });

  it('refuses a signature once the quote behind it was replaced, and takes 개인 with or without a number', async () => {
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const first = await leadWithQuote(app, headers, member.id);
    const [contract] = (await sendContract(app, headers, first.id, first.quoteId)).json<ThreadView>().contracts!;
    // A changed quote supersedes the accepted one: the agreement made from it can no longer be signed.
    await app.inject({
      method: 'POST',
      url: leadQuotesPath(first.id),
      headers,
      payload: {
        items: [{ description: '다른 범위', quantity: 1, unitPrice: 100 }],
        validUntil: defaultValidUntil(new Date()),
      },
    });
    const refused = await form(app, `${first.base}/contract/${contract!.id}/sign`, BUSINESS);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(contractCopy.refusals.quoteChanged);
    expect((await sendContract(app, headers, first.id, first.quoteId)).statusCode).toBe(409);

    const second = await leadWithQuote(app, headers, member.id);
    const [other] = (await sendContract(app, headers, second.id, second.quoteId)).json<ThreadView>().contracts!;
    const url = `${second.base}/contract/${other!.id}/sign`;
    const individual = {
      [CONTRACT_FIELDS.kind]: 'individual',
      // The business fields a browser without CSS still sends are ignored for 개인.
      [CONTRACT_FIELDS.businessNumber]: '1',
      [CONTRACT_FIELDS.name]: '이개인',
      [CONTRACT_FIELDS.agree]: 'on',
    };
    const badNumber = await form(app, url, { ...individual, [CONTRACT_FIELDS.receiptNumber]: '02-123-4567' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.body).toContain(contractCopy.refusals.receiptNumber);
    expect(badNumber.body).toMatch(/value="individual" checked/);
    const noKind = await form(app, url, { ...individual, [CONTRACT_FIELDS.kind]: '' });
    expect(noKind.body).toContain(contractCopy.refusals.kind);
    expect((await form(app, url, { ...individual, [CONTRACT_FIELDS.receiptNumber]: '010 1234 5678' })).statusCode).toBe(
      303,
    );
    expect((await loadContracts(app.database, second.id))[0]!.tax).toEqual({
      kind: 'individual',
      receiptNumber: '01012345678',
    });

    // Signed by the founder only, not concluded: no contract was made. The confirmation promises no keeping, and the
    // founder's erasure takes the agreement, the signature and the details with the idea; nothing is kept apart.
    const confirm = await app.inject({ method: 'POST', url: `${second.base}/delete-confirm`, headers: sameSite });
    expect(confirm.body).not.toContain('data-contract-kept');
    const erased = await app.inject({ method: 'POST', url: `${second.base}/delete`, headers: sameSite });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).not.toContain('data-contract-kept');
    expect(await loadContracts(app.database, second.id)).toEqual([]);
    expect(await app.database.rows(sql`select 1 from contract_records`)).toEqual([]);
  });
  /** A lead whose agreement is concluded: sent, signed by the founder as a business, countersigned, deposit marked. */
  async function concludedLead(app: FastifyInstance, headers: Record<string, string>, ownerId: string) {
    const lead = await leadWithQuote(app, headers, ownerId);
    const [contract] = (await sendContract(app, headers, lead.id, lead.quoteId)).json<ThreadView>().contracts!;
    expect((await form(app, `${lead.base}/contract/${contract!.id}/sign`, BUSINESS)).statusCode).toBe(303);
    for (const url of [
      leadContractCountersignPath(lead.id, contract!.id),
      leadContractDepositPath(lead.id, contract!.id),
    ])
      expect((await app.inject({ method: 'POST', url, headers })).statusCode).toBe(200);
    return { ...lead, contractId: contract!.id };
  }

  it('keeps a concluded agreement apart when the founder erases the lead, lists it for members, then purges it', async () => {
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const { id, base, contractId } = await concludedLead(app, headers, member.id);
    await app.database.rows(sql`update ideas set idea = '비밀 아이디어 빵집 예약', phone = '010-9876-5432'
      where id = ${id}::uuid`);
    const before = (await loadContracts(app.database, id))[0]!;

    // Before: nothing changes on the founder's side (their download still has the agreement).
    expect((await app.inject({ method: 'GET', url: `${base}/data` })).body).toContain('주식회사 빵집연구소');

    // The confirmation says what is kept apart, for how long, and that the rest goes now; so does the page after.
    const confirm = await app.inject({ method: 'POST', url: `${base}/delete-confirm`, headers: sameSite });
    expect(confirm.body).toContain(
      escapeHtml(statusPageCopy.confirmDelete.contractKept(retentionPromise.contractYears)),
    );
    const erased = await app.inject({ method: 'POST', url: `${base}/delete`, headers: sameSite });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain(escapeHtml(statusPageCopy.deleted.contractKept(retentionPromise.contractYears)));

    // The idea and everything else are gone; the status link with them.
    expect(await app.database.rows(sql`select 1 from ideas where id = ${id}::uuid`)).toEqual([]);
    for (const table of ['contracts', 'quotes', 'thread_messages', 'idea_events'])
      expect(
        await app.database.rows(sql`select 1 from ${sql.identifier(table)} where idea_id = ${id}::uuid`),
        table,
      ).toEqual([]);
    expect((await app.inject({ method: 'GET', url: base })).statusCode).toBe(404);

    // Kept: exactly the records the law names, nothing of the idea, its contact or its thread.
    const rows = await app.database.rows<Record<string, unknown>>(sql`select * from contract_records`);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'reference',
        'created_at',
        'quote_id',
        'quote_version',
        'quote_sha256',
        'quote_items',
        'schedule',
        'deposit_percent',
        'terms',
        'signed_at',
        'signed_name',
        'sha256',
        'tax_details',
        'concluded_at',
        'concluded_by',
        'deposit_received_at',
        'kept_at',
        'purge_after',
      ].sort(),
    );
    const text = JSON.stringify(row);
    for (const absent of [id, '비밀 아이디어', '010-9876-5432', FOUNDER, '견적서입니다.', contractMailCopy.founderBody])
      expect(text, absent).not.toContain(absent);
    expect(row).toMatchObject({
      id: contractId,
      reference: leadReference(id),
      signed_name: '김신청',
      sha256: before.sha256,
    });
    expect(row.concluded_by).toBe(member.email);
    const concludedAt = new Date(row.concluded_at as string);
    expect(concludedAt.toISOString()).toBe(before.countersignedAt);
    expect(new Date(row.deposit_received_at as string).toISOString()).toBe(before.depositReceivedAt);
    const purgeAfter = new Date(concludedAt);
    purgeAfter.setUTCFullYear(purgeAfter.getUTCFullYear() + retentionPromise.contractYears);
    expect(new Date(row.purge_after as string).toISOString()).toBe(purgeAfter.toISOString());

    // The fingerprint still verifies from the kept values alone.
    const [kept] = await loadKeptContracts(app.database);
    const recomputed = createHash('sha256')
      .update(
        canonicalContract(kept!.contract, kept!.reference, kept!.contract.terms, {
          name: kept!.contract.signedName!,
          tax: kept!.contract.tax!,
        }),
        'utf8',
      )
      .digest('hex');
    expect(recomputed).toBe(before.sha256);
    expect(kept!.contract).toMatchObject({ intact: true, items: before.items, terms: before.terms, tax: before.tax });

    // The team's screen: owners and the members they allowed to export and erase, each view and download recorded;
    // the PDF made again from the kept values.
    expect((await app.inject({ method: 'GET', url: CONTRACT_RECORDS_PATH })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: contractRecordPdfPath(contractId) })).statusCode).toBe(401);
    const list = await app.inject({ method: 'GET', url: CONTRACT_RECORDS_PATH, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<KeptContractList>()).toEqual({
      years: retentionPromise.contractYears,
      records: [
        {
          id: contractId,
          reference: leadReference(id),
          concludedAt: concludedAt.toISOString(),
          party: '주식회사 빵집연구소',
          total: 1_650_000,
          purgeAfter: purgeAfter.toISOString(),
          intact: true,
        },
      ],
    });
    const pdf = await app.inject({ method: 'GET', url: contractRecordPdfPath(contractId), headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`contract-${leadReference(id)}-${contractId.slice(0, 8)}.pdf`);
    const pdfWords = flat(await pdfText(pdf.rawPayload));
    for (const expectedText of [
      '제1조 (목적)',
      '주식회사 빵집연구소',
      '220-81-62517',
      formatWon(1_650_000),
      before.sha256!,
    ])
      expect(pdfWords, expectedText).toContain(expectedText);
    expect(
      (await app.inject({ method: 'GET', url: contractRecordPdfPath(crypto.randomUUID()), headers })).statusCode,
    ).toBe(404);
    const records = await app.database.rows<{ action: string; member_id: string; details: unknown }>(
      sql`select action, member_id::text as member_id, details from access_records
        where action in ('contract_records_viewed', 'contract_record_downloaded') order by seq`,
    );
    expect(records).toEqual([
      { action: 'contract_records_viewed', member_id: member.id, details: { records: 1 } },
      {
        action: 'contract_record_downloaded',
        member_id: member.id,
        details: { contractId, reference: leadReference(id) },
      },
    ]);
    // Another member sees them only once an owner allows them to export and erase (least privilege).
    const plain = await signedIn(app.database, 'member');
    for (const url of [CONTRACT_RECORDS_PATH, contractRecordPdfPath(contractId)]) {
      const refused = await app.inject({ method: 'GET', url, headers: plain.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden_contract_records');
    }
    await app.database.rows(sql`update team_members set may_export_erase = true where id = ${plain.member.id}::uuid`);
    expect((await app.inject({ method: 'GET', url: CONTRACT_RECORDS_PATH, headers: plain.headers })).statusCode).toBe(
      200,
    );

    // Not a lead: the lists and the search do not show it.
    const leads = await app.inject({ method: 'GET', url: `/team/api/leads?q=${leadReference(id)}`, headers });
    expect(leads.body).not.toContain(contractId);
    expect(leads.body).not.toContain('빵집연구소');

    // Retention deletes it once its years are up, and not a minute before (the job's own turn, on a moved clock).
    const retention = new JobScheduler(
      app.database,
      [retentionJob(app.database, { ideaDays: 365, ipDays: 7, dataDir: suite.store.dataDir, unmatchedDays: 30 })],
      pino({ level: 'silent' }),
    );
    const at = (ms: number) => new Date(purgeAfter.getTime() + ms);
    expect((await retention.runDue(at(-60_000))).retention).toContain('0 kept contract records deleted');
    expect(await loadKeptContracts(app.database)).toHaveLength(1);
    expect((await retention.runDue(at(3_600_000))).retention).toContain('1 kept contract records deleted');
    expect(await app.database.rows(sql`select 1 from contract_records`)).toEqual([]);
  });

  it('keeps it apart when the team erases the lead too, and says so in the lead', async () => {
    const app = await start();
    const { member, headers } = await signedIn(app.database);
    const { id, contractId } = await concludedLead(app, headers, member.id);
    const other = await leadWithQuote(app, headers, member.id);
    const lead = (id: string) => app.inject({ method: 'GET', url: `/team/api/leads/${id}`, headers });
    expect((await lead(id)).json<LeadDetail>().contractConcluded).toBe(true);
    expect((await lead(other.id)).json<LeadDetail>().contractConcluded).toBe(false);
    const erased = await app.inject({
      method: 'DELETE',
      url: `/team/api/leads/${id}`,
      headers,
      payload: { confirm: leadReference(id) },
    });
    expect(erased.statusCode).toBe(200);
    expect(await app.database.rows(sql`select 1 from ideas where id = ${id}::uuid`)).toEqual([]);
    expect((await loadKeptContracts(app.database)).map((kept) => kept.contract.id)).toEqual([contractId]);
  });
});
