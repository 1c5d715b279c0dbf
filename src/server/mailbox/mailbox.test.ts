/**
 * The mailbox reader (decision 127) in real parts: Debian's Dovecot started by the test support, the founders' replies
 * as six clients write them (test-support/server/mailbox-fixtures/), the app on PGlite (PostgreSQL for two instances),
 * a real SMTP server. Replies land in their thread like a status-page answer (the new words, a voice memo kept, the
 * unread marker, the owner's alert, an access record) and are moved to the handled folder, deleted only with their
 * lead (decision 141: an erased lead's originals expunged, retried across a restart); a reply naming no lead waits for
 * the team's review (decision 142); what must not land does not (auto-reply, bounce, stranger, no lead, erased lead,
 * oversized, malformed, a flood); a restart between storing and moving stores nothing twice; two instances read one
 * mailbox once. One Dovecot for the file, one IMAP account per test.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadThreadPath, type ThreadView } from '../../domain/thread';
import { UNREAD_LEADS_PATH, type UnreadLeads } from '../../domain/workspace-events';
import { statusPath, statusToken, statusTokenHash } from '../founder/status-token';
import { startDovecot, type DovecotServer } from '../../../test-support/server/dovecot-server';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { FIXTURE_AUDIO, mailboxFixture, type MailboxFixture } from '../../../test-support/server/mailbox-fixtures';
import { buildTestApp, DELIVERY_TEST_ENV, intakeSuite, TEST_APP_ENV } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS } from '../../../test-support/server/test-database';
import { eraseIdeas } from '../ideas/erase-ideas';
import { plusAddress, replyTokenOf, threadRootId } from '../mail/reply-address';
import { loadThread } from '../thread/thread-store';
import type { HandledMail } from './mailbox-reader';
import { ALERT_AFTER_ATTEMPTS, type OriginalsErased } from './mailbox-erasure';
import { mailboxReviewCopy } from '../../content/mailbox-review';
import {
  UNMATCHED_MAIL_PATH,
  unmatchedAttachPath,
  unmatchedDismissPath,
  type UnmatchedMailList,
} from '../../domain/mailbox-review';
import { eraseOldUnmatched } from '../jobs/retention';

const REPLY_TO = 'reply@mvp24.example';
const SECRET = 'mailbox-test-status-link-secret-0123456789';
const HANDLED = 'mvp24-handled';

let dovecot: DovecotServer;
beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => dovecot?.stop());

/** A fresh IMAP account for one test. */
const account = () => `team${crypto.randomBytes(4).toString('hex')}`;

const env = (user: string, extra: Record<string, string> = {}) => ({
  ...DELIVERY_TEST_ENV,
  REPLY_TO_EMAIL: REPLY_TO,
  IMAP_URL: dovecot.url(user),
  // Long: the mails are found by IDLE's news, not by the sweep (the restart test shortens it for the lease).
  IMAP_POLL_MS: '60000',
  STATUS_LINK_SECRET: SECRET,
  ...extra,
});

/** A lead with its reply address, and the values a client's reply to it carries. */
async function leadWithAddress(app: FastifyInstance, email = 'jiwoo@example.com') {
  const id = await storeLead(app.database, { email });
  const token = (await replyTokenOf(app.database.rows, id))!;
  const reply = (messageId = `<${crypto.randomUUID()}@mail.example.com>`, from = email) => ({
    from,
    to: plusAddress(REPLY_TO, token),
    root: threadRootId(token, TEST_APP_ENV.MAIL_FROM),
    messageId,
  });
  return { id, token, reply };
}

/** Resolves with the mails the readers moved, once there are `count` (the readers announce each). */
function handled(apps: FastifyInstance[], count: number, event = 'handled'): Promise<HandledMail[]> {
  const seen: HandledMail[] = [];
  return new Promise((resolve) => {
    for (const app of apps)
      app.mailbox!.events.on(event, (mail: HandledMail) => {
        seen.push(mail);
        if (seen.length === count) resolve(seen);
      });
  });
}

const founderMessages = async (app: FastifyInstance, id: string) =>
  (await loadThread(app.database, id)).messages.filter((message) => message.side === 'founder');

describe('the mailbox reader on PGlite', () => {
  const suite = intakeSuite('pglite');

  it(
    "lands each client's reply in the thread as the founder's new words, then moves it, live and alerted",
    async () => {
      const user = account();
      const app = await suite.start(env(user));
      const { member, headers } = await signedIn(app.database);
      const lead = await leadWithAddress(app);
      await app.database.rows(sql`update ideas set owner_id = ${member.id}::uuid where id = ${lead.id}::uuid`);
      const fixtures: MailboxFixture[] = ['gmail-ko', 'gmail-en', 'naver-html', 'daum', 'outlook', 'apple-mail-memo'];
      const moved = handled([app], fixtures.length + 1);
      for (const fixture of fixtures) await dovecot.append(mailboxFixture(fixture, lead.reply()), user);
      // A client that dropped the plus part: matched by the token in References.
      await dovecot.append(mailboxFixture('gmail-en', { ...lead.reply(), to: REPLY_TO }), user);
      expect((await moved).map((mail) => mail.outcome)).toEqual([...fixtures, 'plain'].map(() => 'landed'));

      const messages = await founderMessages(app, lead.id);
      expect(messages.map((message) => message.body).sort()).toEqual(
        [
          '안녕하세요, 답장 감사합니다.\n주 사용자는 동네 빵집 사장님들이고, 예약은 하루 전까지만 받으려고 합니다.',
          'Thanks! The main users are bakery owners in the neighbourhood.\nBookings close the day before.',
          '네, 좋습니다.\n\n결제는 카카오페이로 하고 싶어요 & 포인트 적립도요.',
          '화면은 세 개면 충분할 것 같습니다: 메뉴, 예약, 내 예약.',
          '기획서를 첨부합니다. 검토 부탁드립니다.',
          '음성으로 설명드릴게요.',
          'Thanks! The main users are bakery owners in the neighbourhood.\nBookings close the day before.',
        ].sort(),
      );
      // The iPhone's voice memo is kept like a memo answer; the PDF is not.
      const withMemo = messages.filter((message) => message.memo);
      expect(withMemo).toHaveLength(1);
      expect(withMemo[0]!.memo!.byteSize).toBe(FIXTURE_AUDIO().length);
      // Moved, not deleted.
      expect(await dovecot.count('INBOX', user)).toBe(0);
      expect(await dovecot.count(HANDLED, user)).toBe(fixtures.length + 1);
      // Unread for the owner, the owner alerted (by mail, saying it came by mail), an access record each.
      const unread = await app.inject({ method: 'GET', url: UNREAD_LEADS_PATH, headers });
      expect(unread.json<UnreadLeads>().ids).toContain(lead.id);
      const alerts = await app.database.rows<{ details: { to: string; byMail?: boolean } }>(
        sql`select details from alerts where kind = 'founder_answered' and idea_id = ${lead.id}::uuid`,
      );
      expect(alerts.length).toBeGreaterThan(0);
      expect(alerts.every((alert) => alert.details.to === member.email && alert.details.byMail === true)).toBe(true);
      const records = await app.database.rows(
        sql`select 1 from access_records where action = 'visitor_mailed' and idea_id = ${lead.id}::uuid`,
      );
      expect(records).toHaveLength(fixtures.length + 1);
      const [told] = await suite.smtp.waitForMails((mail) => mail.envelopeTo.includes(member.email));
      expect(told!.parsed.text).toContain('메일로');
      expect(told!.parsed.text).not.toContain('카카오페이');
      // The open workspaces were told (the live event, stored to catch up from).
      const live = await app.database.rows(
        sql`select 1 from workspace_events where kind = 'lead_changed' and idea_id = ${lead.id}::uuid`,
      );
      expect(live.length).toBeGreaterThan(0);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'keeps out auto-replies, bounces, strangers, lost and erased leads, oversized and unreadable mail, and a flood',
    async () => {
      const user = account();
      const app = await suite.start(env(user, { IMAP_MAX_MAIL_BYTES: String(64 * 1024) }));
      const lead = await leadWithAddress(app);
      const erased = await leadWithAddress(app, 'gone@example.com');
      const flooding = await leadWithAddress(app, 'flood@example.com');
      await eraseIdeas(app.database, [erased.id], app.config.dataDir);
      const big = mailboxFixture('gmail-en', lead.reply()).toString('utf8') + `\r\n${'x'.repeat(76)}\r\n`.repeat(1000);
      const mails: [string, Buffer][] = [
        ['auto_reply', mailboxFixture('auto-reply', lead.reply())],
        ['bounced', mailboxFixture('bounce', lead.reply())],
        ['aside', mailboxFixture('gmail-ko', lead.reply(undefined, 'someone.else@example.com'))],
        [
          'no_lead',
          mailboxFixture('gmail-ko', { ...lead.reply(), to: plusAddress(REPLY_TO, 'a'.repeat(32)), root: '<x@y>' }),
        ],
        ['no_lead', mailboxFixture('gmail-ko', erased.reply())],
        ['oversized', Buffer.from(big)],
        // Garbled: no sender, but it names the lead's address.
        ['malformed', Buffer.from(`To: ${lead.reply().to}\r\n\r\nthis is not a mail at all\r\n`)],
        // The team's own mail in the same inbox: no lead's token anywhere. Not ours: left unread where it is.
        [
          'not_ours',
          Buffer.from(
            'From: 세무사무소 <tax@example.net>\r\nTo: team@mvp24.example\r\nSubject: 11월 세금계산서\r\n' +
              'Message-ID: <invoice-2026-11@example.net>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n첨부를 확인해 주세요.\r\n',
          ),
        ],
        ...Array.from({ length: 11 }, (): [string, Buffer] => ['flood?', mailboxFixture('daum', flooding.reply())]),
      ];
      const moved = handled([app], mails.length);
      for (const [, raw] of mails) await dovecot.append(raw, user);
      const outcomes = (await moved).map((mail) => mail.outcome);
      expect(outcomes.filter((outcome) => outcome === 'landed')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome === 'flood')).toHaveLength(1);
      for (const [outcome] of mails.slice(0, 8)) expect(outcomes).toContain(outcome);
      // Handled, except the team's own mail (left) and the two for no lead (expunged: nothing of them kept).
      expect(await dovecot.count(HANDLED, user)).toBe(mails.length - 3);
      expect(await dovecot.count('INBOX', user)).toBe(1);
      const inbox = await dovecot.client(user);
      try {
        await inbox.mailboxOpen('INBOX');
        const left = await inbox.fetchOne('*', { flags: true, envelope: true });
        expect(left && left.envelope?.subject).toBe('11월 세금계산서');
        expect(left && [...(left.flags ?? [])]).toEqual(['Mvp24NotOurs']);
      } finally {
        await inbox.logout();
      }

      // Nothing from the stranger, the auto-reply or the bounce in the thread; the stranger's words kept aside.
      expect(await founderMessages(app, lead.id)).toEqual([]);
      const aside = await app.database.rows<{ sender: string; body: string }>(
        sql`select sender, body from mailbox_messages where outcome = 'aside' and idea_id = ${lead.id}::uuid`,
      );
      expect(aside).toEqual([{ sender: 'someone.else@example.com', body: expect.stringContaining('답장 감사합니다') }]);
      // The team sees it with the lead's thread; the founder's status page does not.
      const { headers } = await signedIn(app.database);
      const team = (await app.inject({ method: 'GET', url: leadThreadPath(lead.id), headers })).json<ThreadView>();
      expect(team.messages).toEqual([]);
      expect(team.mail!.aside).toMatchObject([{ sender: 'someone.else@example.com', body: expect.any(String) }]);
      expect(team.mail!.bouncedAt).not.toBeNull();
      const token = statusToken(SECRET, lead.id);
      await app.database.rows(
        sql`update ideas set status_token_hash = ${statusTokenHash(token)} where id = ${lead.id}::uuid`,
      );
      const page = await app.inject({ method: 'GET', url: statusPath(token) });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('someone.else');
      expect(page.body).not.toContain('답장 감사합니다');
      // The bounce marks the founder's address failing; the team hears of the bounce, the stranger, the rest.
      const [address] = await app.database.rows<{ bounced_at: Date | null }>(
        sql`select bounced_at from reply_addresses where idea_id = ${lead.id}::uuid`,
      );
      expect(address!.bounced_at).not.toBeNull();
      const problems = await app.database.rows<{ problem: string }>(
        sql`select details->>'problem' as problem from alerts where kind = 'mailbox_problem' order by 1`,
      );
      expect(problems.map((row) => row.problem)).toEqual(['aside', 'bounced', 'malformed', 'oversized']);
      // The erased lead: nothing stored for it.
      expect(await app.database.rows(sql`select 1 from mailbox_messages where idea_id = ${erased.id}::uuid`)).toEqual(
        [],
      );
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'stores nothing twice when the server stops between storing a mail and moving it',
    async () => {
      const user = account();
      const settings = env(user, { IMAP_POLL_MS: '1000' });
      const first = await suite.start(settings);
      const lead = await leadWithAddress(first);
      // The first mail is stored, then the process dies before its move.
      const crashed = new Promise<void>((resolve) =>
        first.mailbox!.events.once('stored', () => {
          void first.mailbox!.crash().then(resolve);
        }),
      );
      for (const fixture of ['gmail-ko', 'daum', 'naver-html'] as const)
        await dovecot.append(mailboxFixture(fixture, lead.reply()), user);
      await crashed;
      expect(await founderMessages(first, lead.id)).toHaveLength(1);
      expect(await dovecot.count('INBOX', user)).toBe(3);
      await first.close();

      const second = await buildTestApp(suite.store, { ...settings, SMTP_URL: suite.smtp.url });
      try {
        const outcomes = (await handled([second], 3)).map((mail) => mail.outcome);
        expect(outcomes.sort()).toEqual(['duplicate', 'landed', 'landed']);
        expect(await founderMessages(second, lead.id)).toHaveLength(3);
        expect(await dovecot.count('INBOX', user)).toBe(0);
        expect(await dovecot.count(HANDLED, user)).toBe(3);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'falls back to its sweep on a server without IDLE',
    async () => {
      const plain = await startDovecot({ idle: false });
      try {
        const capabilities = await plain.client();
        expect(capabilities.capabilities.has('IDLE')).toBe(false);
        await capabilities.logout();
        const user = account();
        const app = await suite.start({ ...env(user), IMAP_URL: plain.url(user), IMAP_POLL_MS: '1000' });
        const lead = await leadWithAddress(app);
        // The reader has swept once and waits before the mail arrives.
        await new Promise((resolve) => app.mailbox!.events.once('swept', resolve));
        const moved = handled([app], 1);
        await plain.append(mailboxFixture('gmail-ko', lead.reply()), user);
        expect((await moved).map((mail) => mail.outcome)).toEqual(['landed']);
        expect(await plain.count(HANDLED, user)).toBe(1);
      } finally {
        await plain.stop();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    "expunges an erased lead's originals from the mailbox, and a late reply to it; another lead's stay",
    async () => {
      const user = account();
      const app = await suite.start(env(user, { IMAP_POLL_MS: '1000' }));
      const gone = await leadWithAddress(app);
      const kept = await leadWithAddress(app, 'stays@example.com');
      const mails = [
        mailboxFixture('gmail-ko', gone.reply()),
        mailboxFixture('bounce', gone.reply()),
        mailboxFixture('auto-reply', gone.reply()),
        mailboxFixture('daum', gone.reply(undefined, 'someone.else@example.com')),
        // Matched by References only (the client dropped the plus part).
        mailboxFixture('gmail-en', { ...gone.reply(), to: REPLY_TO }),
        mailboxFixture('naver-html', kept.reply()),
      ];
      const moved = handled([app], mails.length);
      for (const raw of mails) await dovecot.append(raw, user);
      await moved;
      expect(await dovecot.count(HANDLED, user)).toBe(mails.length);

      const erased = new Promise<OriginalsErased[]>((resolve) => app.mailbox!.events.once('erased', resolve));
      await eraseIdeas(app.database, [gone.id], app.config.dataDir);
      expect(await erased).toEqual([{ reference: gone.id.slice(0, 8), expunged: 5 }]);
      expect(await dovecot.count(HANDLED, user)).toBe(1);
      expect(await app.database.rows(sql`select 1 from mailbox_erasures`)).toEqual([]);
      // The other lead's reply is untouched.
      expect(await founderMessages(app, kept.id)).toHaveLength(1);

      // A reply to the erased lead that arrives later: nothing stored, the original expunged rather than kept.
      const late = handled([app], 1);
      await dovecot.append(mailboxFixture('gmail-ko', gone.reply()), user);
      expect((await late).map((mail) => mail.outcome)).toEqual(['no_lead']);
      expect(await dovecot.count('INBOX', user)).toBe(0);
      expect(await dovecot.count(HANDLED, user)).toBe(1);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'keeps a reply that names no lead for the team, who attach it to a thread once or dismiss it; erased in time',
    async () => {
      const user = account();
      const app = await suite.start(env(user, { IMAP_POLL_MS: '1000' }));
      const { headers } = await signedIn(app.database);
      const lead = await leadWithAddress(app);
      // We mailed the founder (their confirmation): a new mail from that address is theirs, whatever it names.
      await app.database
        .rows(sql`insert into founder_mails (idea_id, kind, recipient_hash, status, attempts, created_at,
          next_attempt_at)
        values (${lead.id}::uuid, 'confirmation', encode(sha256(convert_to('jiwoo@example.com', 'UTF8')), 'hex'), 'sent', 1,
          now(), now())`);
      const plain = (headerLines: string, body: string) =>
        Buffer.from(`${headerLines}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`);
      const fromFounder = plain(
        `From: 김지우 <jiwoo@example.com>\r\nTo: ${REPLY_TO}\r\nSubject: 예약 앱 문의\r\nMessage-ID: <new-thread-1@mail.example.com>`,
        '새로 메일 드립니다. 예약 마감 시간을 바꿀 수 있을까요?',
      );
      const fromElsewhere = plain(
        `From: 대표 <ceo@startup.example>\r\nTo: ${REPLY_TO}\r\nSubject: Re: 견적 문의\r\n` +
          'In-Reply-To: <CAxyz@mail.gmail.com>\r\nMessage-ID: <reply-2@startup.example>',
        '지난번 견적 건으로 다시 연락드립니다.',
      );
      const moved = handled([app], 2);
      await dovecot.append(fromFounder, user);
      await dovecot.append(fromElsewhere, user);
      expect((await moved).map((mail) => mail.outcome)).toEqual(['unmatched', 'unmatched']);
      expect(await dovecot.count(HANDLED, user)).toBe(2);
      const problems = await app.database.rows<{ problem: string }>(
        sql`select details->>'problem' as problem from alerts where kind = 'mailbox_problem'`,
      );
      expect(problems.map((row) => row.problem)).toEqual(['unmatched', 'unmatched']);

      // Members see them, each view recorded; nobody else does.
      expect((await app.inject({ method: 'GET', url: UNMATCHED_MAIL_PATH })).statusCode).toBe(401);
      const list = (await app.inject({ method: 'GET', url: UNMATCHED_MAIL_PATH, headers })).json<UnmatchedMailList>();
      expect(list.keptDays).toBe(30);
      expect(
        list.mails
          .map(({ sender, subject, preview }) => ({ sender, subject, preview }))
          .sort((a, b) => a.sender.localeCompare(b.sender)),
      ).toEqual([
        { sender: 'ceo@startup.example', subject: 'Re: 견적 문의', preview: '지난번 견적 건으로 다시 연락드립니다.' },
        {
          sender: 'jiwoo@example.com',
          subject: '예약 앱 문의',
          preview: '새로 메일 드립니다. 예약 마감 시간을 바꿀 수 있을까요?',
        },
      ]);
      expect(await app.database.rows(sql`select 1 from access_records where action = 'mailbox_reviewed'`)).toHaveLength(
        1,
      );
      const founderKey = list.mails.find((mail) => mail.sender === 'jiwoo@example.com')!.key;
      const otherKey = list.mails.find((mail) => mail.sender !== 'jiwoo@example.com')!.key;

      // A reference that is not one, or names no lead: refused with what to fix.
      const attach = (key: string, reference: string) =>
        app.inject({ method: 'POST', url: unmatchedAttachPath(key), headers, payload: { reference } });
      const bad = await attach(founderKey, '접수번호');
      expect([bad.statusCode, bad.json<{ error: { message: string } }>().error.message]).toEqual([
        400,
        mailboxReviewCopy.errors.reference,
      ]);
      const none = await attach(founderKey, 'ffffffff');
      expect([none.statusCode, none.json<{ error: { message: string } }>().error.message]).toEqual([
        404,
        mailboxReviewCopy.errors.noLead,
      ]);
      // Attached by its reference as typed (spaces, capitals): the founder's words in the thread, once.
      const reference = ` ${lead.id.slice(0, 8).toUpperCase()} `;
      const [first, second] = await Promise.all([attach(founderKey, reference), attach(founderKey, reference)]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      expect((await founderMessages(app, lead.id)).map((message) => message.body)).toEqual([
        '새로 메일 드립니다. 예약 마감 시간을 바꿀 수 있을까요?',
      ]);
      const { headers: other } = await signedIn(app.database);
      const unread = await app.inject({ method: 'GET', url: UNREAD_LEADS_PATH, headers: other });
      expect(unread.json<UnreadLeads>().ids).toContain(lead.id);
      expect(
        await app.database.rows(sql`select 1 from access_records where action = 'mailbox_attached'
          and idea_id = ${lead.id}::uuid`),
      ).toHaveLength(1);

      // Dismissed: gone from the list, its words cleared at once; a second dismissal finds nothing.
      const dismiss = () => app.inject({ method: 'POST', url: unmatchedDismissPath(otherKey), headers });
      const dismissed = await dismiss();
      expect(dismissed.json<UnmatchedMailList>().mails).toEqual([]);
      expect((await dismiss()).statusCode).toBe(409);
      expect(
        await app.database.rows(sql`select status, sender, body from mailbox_unmatched where key = ${otherKey}`),
      ).toEqual([{ status: 'dismissed', sender: null, body: null }]);

      // Past IMAP_UNMATCHED_DAYS the dismissed one goes, its original with it.
      const erased = new Promise<OriginalsErased[]>((resolve) => app.mailbox!.events.once('erased', resolve));
      expect(await eraseOldUnmatched(app.database, new Date(Date.now() + 31 * 86_400_000), 30)).toBe(1);
      expect(await erased).toEqual([{ reference: '', expunged: 1 }]);
      expect(await app.database.rows(sql`select 1 from mailbox_unmatched`)).toEqual([]);
      expect(await dovecot.count(HANDLED, user)).toBe(1);
      // The attached one names no token, but goes with its lead's erasure by its Message-ID.
      const withLead = new Promise<OriginalsErased[]>((resolve) => app.mailbox!.events.once('erased', resolve));
      await eraseIdeas(app.database, [lead.id], app.config.dataDir);
      expect(await withLead).toEqual([{ reference: lead.id.slice(0, 8), expunged: 1 }]);
      expect(await dovecot.count(HANDLED, user)).toBe(0);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'retries an expunge that fails, across a restart, alerts the team once, and finishes when the mailbox allows',
    async () => {
      const user = account();
      const settings = env(user, { IMAP_POLL_MS: '1000' });
      const first = await suite.start(settings);
      const lead = await leadWithAddress(first);
      const moved = handled([first], 2);
      for (const fixture of ['gmail-ko', 'outlook'] as const)
        await dovecot.append(mailboxFixture(fixture, lead.reply()), user);
      await moved;
      // The handled folder is not where the reader looks for it (renamed by someone): the expunge fails.
      const team = await dovecot.client(user);
      try {
        await team.mailboxRename(HANDLED, 'Archive');
      } finally {
        await team.logout();
      }
      // Retried until the team is told, once.
      let failures = 0;
      const failed = new Promise<void>((resolve) =>
        first.mailbox!.events.on('erase_failed', () => {
          failures += 1;
          if (failures === ALERT_AFTER_ATTEMPTS + 1) resolve();
        }),
      );
      await eraseIdeas(first.database, [lead.id], first.config.dataDir);
      await failed;
      const told = await first.database.rows<{ problem: string; reference: string }>(sql`select
        details->>'problem' as problem, details->>'reference' as reference from alerts where kind = 'mailbox_problem'`);
      expect(told).toEqual([{ problem: 'erase_failed', reference: lead.id.slice(0, 8) }]);
      const [mail] = await suite.smtp.waitForMails((each) =>
        (each.parsed.subject ?? '').includes('메일 원본 삭제 실패'),
      );
      expect(mail!.parsed.text).toContain(lead.id.slice(0, 8));
      // The process dies; the folder is put back while it is down.
      await first.mailbox!.crash();
      await first.close();
      const fix = await dovecot.client(user);
      try {
        await fix.mailboxRename('Archive', HANDLED);
      } finally {
        await fix.logout();
      }

      // Another start: the row is still due, and the next try expunges both mails.
      const second = await buildTestApp(suite.store, { ...settings, SMTP_URL: suite.smtp.url });
      try {
        const erased = await new Promise<OriginalsErased[]>((resolve) =>
          second.mailbox!.events.once('erased', resolve),
        );
        expect(erased).toEqual([{ reference: lead.id.slice(0, 8), expunged: 2 }]);
        expect(await dovecot.count(HANDLED, user)).toBe(0);
        expect(await second.database.rows(sql`select 1 from mailbox_erasures`)).toEqual([]);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'says on /healthz when the mailbox cannot be read, and when it reads again',
    async () => {
      const user = account();
      const app = await suite.start({
        ...env(user),
        IMAP_URL: dovecot.url(user).replace(':imap-test-password@', ':wrong@'),
      });
      await new Promise((resolve) => app.mailbox!.events.once('failed', resolve));
      const failing = (await app.inject({ method: 'GET', url: '/healthz' })).json<Record<string, unknown>>();
      expect(failing).toMatchObject({ status: 'degraded', mailbox: { degraded: true, reading: false } });
      expect(JSON.stringify(failing)).not.toContain('wrong');
      await app.close();

      const fixed = await buildTestApp(suite.store, { ...env(user), SMTP_URL: suite.smtp.url });
      try {
        await new Promise((resolve) => fixed.mailbox!.events.once('swept', resolve));
        const health = (await fixed.inject({ method: 'GET', url: '/healthz' })).json<Record<string, unknown>>();
        expect(health).toMatchObject({ mailbox: { degraded: false, reading: true } });
      } finally {
        await fixed.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});

describe('two instances on one PostgreSQL', () => {
  const suite = intakeSuite('postgres');

  it(
    "expunge an erased lead's originals once, whichever holds the turn",
    async () => {
      const user = account();
      const settings = env(user, { IMAP_POLL_MS: '1000' });
      const first = await suite.start(settings);
      const second = await buildTestApp(suite.store, { ...settings, SMTP_URL: suite.smtp.url });
      try {
        const lead = await leadWithAddress(first);
        const moved = handled([first, second], 2);
        for (const fixture of ['gmail-ko', 'bounce'] as const)
          await dovecot.append(mailboxFixture(fixture, lead.reply()), user);
        await moved;
        const erased: OriginalsErased[][] = [];
        const done = new Promise<void>((resolve) => {
          for (const app of [first, second])
            app.mailbox!.events.on('erased', (each: OriginalsErased[]) => {
              erased.push(each);
              resolve();
            });
        });
        await eraseIdeas(second.database, [lead.id], second.config.dataDir);
        await done;
        expect(erased).toEqual([[{ reference: lead.id.slice(0, 8), expunged: 2 }]]);
        expect(await dovecot.count(HANDLED, user)).toBe(0);
        expect(await first.database.rows(sql`select 1 from mailbox_erasures`)).toEqual([]);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'read one mailbox: one reader at a time, each mail stored once and moved once',
    async () => {
      const user = account();
      const first = await suite.start(env(user));
      const second = await buildTestApp(suite.store, { ...env(user), SMTP_URL: suite.smtp.url });
      try {
        const lead = await leadWithAddress(first);
        const moved = handled([first, second], 8);
        const movedBy = new Set<FastifyInstance>();
        for (const app of [first, second]) app.mailbox!.events.on('handled', () => movedBy.add(app));
        const fixtures: MailboxFixture[] = ['gmail-ko', 'gmail-en', 'naver-html', 'daum'];
        for (const fixture of [...fixtures, ...fixtures])
          await dovecot.append(mailboxFixture(fixture, lead.reply()), user);
        const outcomes = (await moved).map((mail) => mail.outcome);
        expect(outcomes).toEqual(Array.from({ length: 8 }, () => 'landed'));
        // One reader held the turn: the other moved nothing.
        expect(movedBy.size).toBe(1);
        expect(await founderMessages(first, lead.id)).toHaveLength(8);
        expect(await dovecot.count('INBOX', user)).toBe(0);
        expect(await dovecot.count(HANDLED, user)).toBe(8);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});
