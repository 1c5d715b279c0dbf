/**
 * The meeting booking (decision 104) on PGlite and PostgreSQL, through the status page's form posts, the workspace
 * API and a real SMTP server: a booking mails both sides an invitation that ical.js reads back at the right time in
 * Asia/Seoul, the lead moves to 미팅 with the time, the slot is gone for the next founder, a move raises the
 * sequence, a cancel frees the slot and mails METHOD:CANCEL; refusals (past, taken, outside the hours, not
 * offered, forged or erased link) say why in Korean and change nothing; two instances racing for one slot book it
 * once; the reminders go once each with the clock moved, across instances and a restart.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStatusCopy, meetingMailCopy } from '../../content/booking';
import { founderMailCopy } from '../../content/founder-mail';
import { statusPageCopy } from '../../content/status-page';
import { hoursProblemText } from '../../content/booking-workspace';
import {
  BOOKING_API_PATHS,
  BOOKING_CANCEL_CONFIRM,
  BOOKING_SECTION_ID,
  bookingSubpaths,
  FOUNDER_MEETING_CHANGES_PER_HOUR,
  HOURS_PROBLEM_LIMITS,
  MEETING_REMINDERS,
} from '../../domain/booking';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst, KST_OFFSET_MS, kstDay } from '../../domain/kst';
import { UNREAD_LEADS_PATH, type UnreadLeads } from '../../domain/workspace-events';
import {
  ALL_DAY_HOURS,
  BOOKING_LINK_SECRET,
  calendarOf,
  deliveredLead,
  offeredSlots,
  readInvitation,
  setHours,
} from '../../../test-support/server/booking-fixtures';
import { signedIn } from '../../../test-support/server/lead-fixtures';
import { buildTestApp, DELIVERY_TEST_ENV, intakeSuite } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import type { ReceivedMail } from '../../../test-support/server/smtp-test-server';
import { startWebhookServer, type WebhookTestServer } from '../../../test-support/server/webhook-test-server';
import { strictIcsProblems } from '../../../test-support/server/icalendar-check';
import { mailFileDir } from '../mail/mail-files';

const FORM = { origin: 'http://localhost:80', 'content-type': 'application/x-www-form-urlencoded' };
const ENV = { ...DELIVERY_TEST_ENV, FOUNDER_MAIL: 'true', STATUS_LINK_SECRET: BOOKING_LINK_SECRET };

/** A booking post; a cancel is the confirmed one (the page's second post), unless `confirmed` is false. */
const post = (
  app: FastifyInstance,
  path: string,
  action: keyof typeof bookingSubpaths,
  start?: string,
  confirmed = true,
) =>
  app.inject({
    method: 'POST',
    url: `${path}/${bookingSubpaths[action]}`,
    headers: FORM,
    payload:
      start !== undefined
        ? `start=${encodeURIComponent(start)}`
        : confirmed
          ? `${BOOKING_CANCEL_CONFIRM.field}=${BOOKING_CANCEL_CONFIRM.value}`
          : 'go=1',
  });

async function state(app: FastifyInstance) {
  const [counts] = await app.database.rows<{ meetings: number; cells: number; mails: number; stage_events: number }>(
    sql`select (select count(*)::int from meetings) as meetings, (select count(*)::int from meeting_cells) as cells,
      (select count(*)::int from meeting_mails) as mails,
      (select count(*)::int from idea_events where stage = 'meeting') as stage_events`,
  );
  return counts!;
}

const to = (address: string) => (mail: ReceivedMail) => mail.envelopeTo.includes(address);

/** Every content line of an .ics: CRLF-ended, at most 75 octets. */
function expectFolded(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

describe.each(DRIVERS)('the meeting booking on %s', (driver) => {
  const suite = intakeSuite(driver);
  let webhook: WebhookTestServer;
  beforeAll(async () => {
    webhook = await startWebhookServer();
  });
  afterAll(async () => webhook.stop());
  const start = (env: Record<string, string> = {}) => suite.start({ ...ENV, ...env });

  it(
    'books a slot once: both sides get an invitation ical.js reads in Asia/Seoul, the lead is at 미팅, the slot is gone',
    async () => {
      const app = await start({ SITE_URL: 'https://mvp24.example' });
      const owner = await signedIn(app.database, 'owner');
      const member = await signedIn(app.database, 'member');
      const settings = { ...ALL_DAY_HOURS, mode: 'video', videoUrl: 'https://meet.example/abc-defg-hij' };
      const refused = await app.inject({
        method: 'POST',
        url: BOOKING_API_PATHS.settings,
        headers: member.headers,
        payload: settings,
      });
      expect(refused.statusCode).toBe(403);
      const saved = await app.inject({
        method: 'POST',
        url: BOOKING_API_PATHS.settings,
        headers: owner.headers,
        payload: settings,
      });
      expect(saved.statusCode).toBe(200);

      const founder = await deliveredLead(app.database, { email: 'founder@example.com', ownerId: owner.member.id });
      const other = await deliveredLead(app.database, { email: 'next@example.com' });
      const page = await app.inject({ method: 'GET', url: founder.path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain(bookingStatusCopy.heading);
      const slots = offeredSlots(page.body);
      expect(slots.length).toBeGreaterThan(0);
      const slot = slots[0]!;
      expect(Date.parse(slot) - Date.now()).toBeGreaterThanOrEqual(2 * 3_600_000 - 60_000);

      const booked = await post(app, founder.path, 'book', slot);
      expect(booked.statusCode).toBe(200);
      expect(booked.body).toContain(bookingStatusCopy.done.bookedTitle);
      expect(booked.headers['content-security-policy']).toBeDefined();

      const mails = await suite.smtp.waitFor(2);
      await app.outbox.settled();
      expect(suite.smtp.received).toHaveLength(2);
      const founderMail = mails.find(to('founder@example.com'))!;
      const teamMail = mails.find(to(owner.member.email))!;
      expect(founderMail.parsed.subject).toBe(meetingMailCopy.subjects.request);
      expect(founderMail.parsed.text).toContain('https://mvp24.example/status/');
      // The founder's copy joins the lead's conversation (decision 126); the team's copy does not.
      expect(founderMail.parsed.inReplyTo).toMatch(/^<confirmation\.[a-z2-7]{32}@mvp24\.example>$/);
      expect(founderMail.parsed.messageId).toMatch(/^<meeting\.request-0-[0-9a-f-]{36}\.[a-z2-7]{32}@mvp24\.example>$/);
      expect(teamMail.parsed.inReplyTo).toBeUndefined();
      expect(teamMail.parsed.text).toContain(`https://mvp24.example/team/leads/${founder.id}`);
      for (const mail of [founderMail, teamMail]) {
        expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
        const ics = calendarOf(mail.parsed);
        expectFolded(ics);
        // As received through SMTP, strictly RFC 5545/5546 (real calendar clients cannot be reached from here).
        expect(strictIcsProblems(ics)).toEqual([]);
        expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul');
        const invitation = readInvitation(ics);
        expect(invitation).toMatchObject({
          method: 'REQUEST',
          sequence: 0,
          status: 'CONFIRMED',
          startZone: 'Asia/Seoul',
        });
        expect(invitation.start.toISOString()).toBe(slot);
        expect(invitation.end.getTime() - invitation.start.getTime()).toBe(30 * 60_000);
        expect(invitation.attendee).toBe('mailto:founder@example.com');
        expect(invitation.organizer).toBe(`mailto:${owner.member.email}`);
        expect(ics).toContain('https://meet.example/abc-defg-hij');
        // Nothing the founder typed: not the idea, not the name.
        expect(mail.raw).not.toContain('홍길동');
      }
      expect(readInvitation(calendarOf(founderMail.parsed)).uid).toBe(readInvitation(calendarOf(teamMail.parsed)).uid);

      const [idea] = await app.database.rows<{ stage: string }>(
        sql`select stage from ideas where id = ${founder.id}::uuid`,
      );
      expect(idea!.stage).toBe('meeting');
      const [event] = await app.database.rows<{ details: { meetingAt: string } | string }>(
        sql`select details from idea_events where idea_id = ${founder.id}::uuid and stage = 'meeting'`,
      );
      const details = typeof event!.details === 'string' ? JSON.parse(event!.details) : event!.details;
      expect(details.meetingAt).toBe(slot);

      // The founder's page shows the meeting; the next founder's no longer offers the slot.
      const after = await app.inject({ method: 'GET', url: founder.path });
      expect(after.body).toContain(`data-meeting-at="${slot}"`);
      const next = await app.inject({ method: 'GET', url: other.path });
      expect(offeredSlots(next.body)).not.toContain(slot);
      const taken = await post(app, other.path, 'book', slot);
      expect(taken.statusCode).toBe(409);
      expect(taken.body).toContain(bookingStatusCopy.refusals.taken);
      const twice = await post(app, founder.path, 'book', slots[1]!);
      expect(twice.statusCode).toBe(409);
      expect(twice.body).toContain(bookingStatusCopy.refusals.already_booked);
      expect(await state(app)).toMatchObject({ meetings: 1, cells: 1 });
      // The founder who lost the slot picks again on the refusal page itself: the free slots, as on the status page.
      const again = offeredSlots(taken.body);
      expect(again).toEqual(offeredSlots(next.body).filter((free) => free !== slot));
      expect(taken.body).toContain(`action="${other.path}/${bookingSubpaths.book}"`);
      expect(taken.body).toContain(bookingStatusCopy.retryHeading);
      expect(offeredSlots(twice.body)).toEqual([]);
      expect((await post(app, other.path, 'book', again[0])).statusCode).toBe(200);
      expect(await state(app)).toMatchObject({ meetings: 2, cells: 2 });

      // The download holds the meeting.
      const data = await app.inject({ method: 'GET', url: `${founder.path}/data` });
      expect(data.body).toContain(bookingStatusCopy.download.key);

      // The workspace sees it.
      const lead = await app.inject({
        method: 'GET',
        url: BOOKING_API_PATHS.meeting(founder.id),
        headers: member.headers,
      });
      expect(lead.json().meeting.startsAt).toBe(slot);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'mails the founder once when the team proposes a meeting, linking to the booking, and not without FOUNDER_MAIL',
    async () => {
      const app = await start({ SITE_URL: 'https://mvp24.example' });
      const member = await signedIn(app.database, 'member');
      await setHours(app.database);
      const founder = await deliveredLead(app.database, {
        email: 'founder@example.com',
        stage: 'building',
        prototypeDeliveredAt: null,
      });
      const propose = (id: string, headers = member.headers) =>
        app.inject({ method: 'POST', url: BOOKING_API_PATHS.propose(id), headers });
      // Twice, as a double press: one mail.
      expect((await propose(founder.id)).statusCode).toBe(200);
      expect((await propose(founder.id)).statusCode).toBe(200);
      const [mail] = await suite.smtp.waitFor(1);
      await app.outbox.settled();
      expect(suite.smtp.received).toHaveLength(1);
      expect(mail!.envelopeTo).toEqual(['founder@example.com']);
      expect(mail!.parsed.subject).toBe(founderMailCopy.meetingOffer.subject);
      expect(mail!.parsed.text).toContain(`https://mvp24.example${founder.path}#${BOOKING_SECTION_ID}`);
      expect(mail!.parsed.html).toContain(`href="https://mvp24.example${founder.path}#${BOOKING_SECTION_ID}"`);
      expect(mail!.raw).not.toContain('홍길동');
      // The link opens the section it names.
      expect((await app.inject({ method: 'GET', url: founder.path })).body).toContain(`id="${BOOKING_SECTION_ID}"`);

      // Without FOUNDER_MAIL the offer stands and no mail goes.
      await app.close();
      const quiet = await buildTestApp(suite.store, { ...ENV, FOUNDER_MAIL: 'false', SMTP_URL: suite.smtp.url });
      try {
        const other = await deliveredLead(quiet.database, { stage: 'building', prototypeDeliveredAt: null });
        const session = await signedIn(quiet.database, 'member');
        const offered = await quiet.inject({
          method: 'POST',
          url: BOOKING_API_PATHS.propose(other.id),
          headers: session.headers,
        });
        expect(offered.json().offered).toBe(true);
        await quiet.outbox.settled();
        expect(suite.smtp.received).toHaveLength(1);
        const [row] = await quiet.database.rows<{ n: number }>(
          sql`select count(*)::int as n from founder_mails where idea_id = ${other.id}::uuid`,
        );
        expect(row!.n).toBe(0);
      } finally {
        await quiet.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'bounds the changes one link makes in an hour with a Korean page, and tells the team how a burst ended, once',
    async () => {
      // The team's copies wait an hour here: the test moves them due itself, as the hour passing would.
      const app = await start({
        FOUNDER_MAIL: 'true',
        FOUNDER_BURST_MS: String(3_600_000),
        ALERT_WEBHOOK_URL: webhook.url,
      });
      const owner = await signedIn(app.database, 'owner');
      await setHours(app.database);
      const founder = await deliveredLead(app.database, { email: 'founder@example.com', ownerId: owner.member.id });
      const slots = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      const steps: [keyof typeof bookingSubpaths, string | undefined][] = [['book', slots[0]]];
      for (let index = 1; index < FOUNDER_MEETING_CHANGES_PER_HOUR; index += 1) steps.push(['move', slots[index]]);
      for (const [action, slot] of steps) expect((await post(app, founder.path, action, slot)).statusCode).toBe(200);
      const last = slots[FOUNDER_MEETING_CHANGES_PER_HOUR - 1]!;

      const over = await post(app, founder.path, 'move', slots[FOUNDER_MEETING_CHANGES_PER_HOUR]);
      expect(over.statusCode).toBe(409);
      expect(over.body).toContain(bookingStatusCopy.tooMany(FOUNDER_MEETING_CHANGES_PER_HOUR));
      const page = await app.inject({ method: 'GET', url: founder.path });
      expect(page.body).toContain(`data-meeting-at="${last}"`);
      // The chat too waits, and hears only how the burst ended: one alert, the last change's.
      const chat = await app.database.rows<{ key: string }>(
        sql`select key from alerts where kind = 'founder_meeting' and idea_id = ${founder.id}::uuid`,
      );
      expect(chat.map((row) => row.key.split(':').at(-1))).toEqual([String(FOUNDER_MEETING_CHANGES_PER_HOUR - 1)]);

      // The founder's copies go at once (one per change at most: one a later change replaced before it was sent is
      // skipped), the last with the meeting's time; the team's wait.
      await app.outbox.settled();
      const founderMails = suite.smtp.received.filter(to('founder@example.com'));
      expect(founderMails.length).toBeGreaterThanOrEqual(1);
      expect(founderMails.length).toBeLessThanOrEqual(FOUNDER_MEETING_CHANGES_PER_HOUR);
      expect(readInvitation(calendarOf(founderMails.at(-1)!.parsed)).start.toISOString()).toBe(last);
      expect(suite.smtp.received.filter(to(owner.member.email))).toHaveLength(0);
      await app.database.rows(sql`update meeting_mails set next_attempt_at = now() where recipient = 'team'`);
      await app.outbox.settled();
      const told = suite.smtp.received.filter(to(owner.member.email));
      expect(told).toHaveLength(1);
      expect(readInvitation(calendarOf(told[0]!.parsed))).toMatchObject({
        method: 'REQUEST',
        sequence: FOUNDER_MEETING_CHANGES_PER_HOUR - 1,
      });
      expect(readInvitation(calendarOf(told[0]!.parsed)).start.toISOString()).toBe(last);

      // A cancel is never refused (a leaked link's changes cannot lock the founder into a meeting); a new booking is,
      // until an hour has passed.
      expect((await post(app, founder.path, 'cancel')).statusCode).toBe(200);
      await app.database.rows(sql`update meeting_mails set next_attempt_at = now() where recipient = 'team'`);
      await app.outbox.settled();
      expect(suite.smtp.received.filter(to(owner.member.email))).toHaveLength(2);
      expect((await post(app, founder.path, 'book', slots[0])).statusCode).toBe(409);
      await app.database.rows(sql`update idea_events set at = at - interval '61 minutes'
        where idea_id = ${founder.id}::uuid and kind like 'meeting_%'`);
      const again = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      expect((await post(app, founder.path, 'book', again[0])).statusCode).toBe(200);
      // A meeting booked and cancelled within the delay tells the team nothing, not even the cancellation of an
      // invitation they never had.
      const second = await deliveredLead(app.database, { email: 'second@example.com', ownerId: owner.member.id });
      const free = offeredSlots((await app.inject({ method: 'GET', url: second.path })).body);
      expect((await post(app, second.path, 'book', free[0])).statusCode).toBe(200);
      expect((await post(app, second.path, 'cancel')).statusCode).toBe(200);
      await app.database.rows(sql`update meeting_mails set next_attempt_at = now() where recipient = 'team'`);
      await app.outbox.settled();
      // The team got the first founder's new booking (three in all), and nothing of the second's.
      expect(suite.smtp.received.filter(to(owner.member.email))).toHaveLength(3);
      expect(suite.smtp.received.filter(to('second@example.com')).length).toBeLessThanOrEqual(2);
      const skipped = await app.database.rows<{ kind: string; status: string }>(sql`
        select m.kind, m.status from meeting_mails m join meetings t on t.id = m.meeting_id
        where t.idea_id = ${second.id}::uuid and m.recipient = 'team' order by m.sequence`);
      expect(skipped).toEqual([
        { kind: 'request', status: 'skipped' },
        { kind: 'cancel', status: 'skipped' },
      ]);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'moves with a raised sequence and the same UID, cancels with METHOD:CANCEL, and the cancel frees the slot',
    async () => {
      const app = await start();
      await setHours(app.database);
      const founder = await deliveredLead(app.database, { email: 'founder@example.com' });
      const slots = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      expect((await post(app, founder.path, 'book', slots[0])).statusCode).toBe(200);
      await suite.smtp.waitFor(2);
      // "Change time" offers every free slot but the one booked, on the status page and in the workspace; a move
      // to it is refused and changes nothing.
      const bookedPage = (await app.inject({ method: 'GET', url: founder.path })).body;
      expect(bookedPage).toContain(`data-meeting-at="${slots[0]}"`);
      expect(offeredSlots(bookedPage)).toContain(slots[1]);
      expect(offeredSlots(bookedPage)).not.toContain(slots[0]);
      const teamView = await app.inject({
        method: 'GET',
        url: BOOKING_API_PATHS.meeting(founder.id),
        headers: (await signedIn(app.database, 'member')).headers,
      });
      expect(teamView.json<{ slots: string[] }>().slots).toContain(slots[1]);
      expect(teamView.json<{ slots: string[] }>().slots).not.toContain(slots[0]);
      const same = await post(app, founder.path, 'move', slots[0]);
      expect(same.statusCode).toBe(409);
      expect(same.body).toContain(bookingStatusCopy.refusals.unchanged);
      expect(await state(app)).toMatchObject({ meetings: 1, mails: 2 });
      const moved = await post(app, founder.path, 'move', slots[3]);
      expect(moved.statusCode).toBe(200);
      expect(moved.body).toContain(bookingStatusCopy.done.movedTitle);
      const afterMove = await suite.smtp.waitFor(4);
      const first = readInvitation(calendarOf(afterMove[0]!.parsed));
      const second = readInvitation(calendarOf(afterMove.slice(2).find(to('founder@example.com'))!.parsed));
      expect(second).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 1 });
      expect(second.start.toISOString()).toBe(slots[3]);
      expect(afterMove.slice(2).find(to('founder@example.com'))!.parsed.subject).toBe(meetingMailCopy.subjects.moved);
      // The old slot is free again, the new one taken.
      const other = await deliveredLead(app.database, { email: 'next@example.com' });
      const offered = offeredSlots((await app.inject({ method: 'GET', url: other.path })).body);
      expect(offered).toContain(slots[0]);
      expect(offered).not.toContain(slots[3]);

      // The page's cancel button asks first: a page with the time, a second form that confirms, and the way back;
      // nothing changes until that second post.
      const mailsBefore = (await state(app)).mails;
      const asked = await post(app, founder.path, 'cancel', undefined, false);
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['cache-control']).toBe('no-store');
      expect(asked.body).toContain(bookingStatusCopy.confirmCancel.title);
      expect(asked.body).toContain(formatKst(slots[3]!));
      expect(asked.body).toContain(`action="${founder.path}/${bookingSubpaths.cancel}"`);
      expect(asked.body).toContain(
        `<input type="hidden" name="${BOOKING_CANCEL_CONFIRM.field}" value="${BOOKING_CANCEL_CONFIRM.value}">`,
      );
      expect(asked.body).toContain(bookingStatusCopy.confirmCancel.confirm);
      expect(asked.body).toContain(`href="${founder.path}"`);
      expect(asked.body).not.toContain('<script');
      expect(await state(app)).toMatchObject({ meetings: 1, cells: 1, mails: mailsBefore });
      expect((await app.inject({ method: 'GET', url: founder.path })).body).toContain(`data-meeting-at="${slots[3]}"`);
      // The wrong value is not a confirmation either.
      const wrong = await app.inject({
        method: 'POST',
        url: `${founder.path}/${bookingSubpaths.cancel}`,
        headers: FORM,
        payload: `${BOOKING_CANCEL_CONFIRM.field}=no`,
      });
      expect(wrong.body).toContain(bookingStatusCopy.confirmCancel.title);
      expect(await state(app)).toMatchObject({ meetings: 1, cells: 1, mails: mailsBefore });
      const cancelled = await post(app, founder.path, 'cancel');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.body).toContain(bookingStatusCopy.done.cancelledTitle);
      const all = await suite.smtp.waitFor(6);
      for (const mail of all.slice(2)) expect(strictIcsProblems(calendarOf(mail.parsed))).toEqual([]);
      for (const mail of all.slice(4)) {
        const cancel = readInvitation(calendarOf(mail.parsed));
        expect(cancel).toMatchObject({ method: 'CANCEL', uid: first.uid, sequence: 2, status: 'CANCELLED' });
        expect(mail.parsed.subject).toBe(meetingMailCopy.subjects.cancel);
        // Both sides read who cancelled: the founder.
        expect(mail.parsed.text).toContain(
          `${meetingMailCopy.labels.cancelledBy}: ${meetingMailCopy.cancelledBy.founder}`,
        );
        expect(mail.parsed.html).toContain(meetingMailCopy.cancelledBy.founder);
      }
      expect(offeredSlots((await app.inject({ method: 'GET', url: other.path })).body)).toContain(slots[3]);
      expect((await post(app, other.path, 'book', slots[3])).statusCode).toBe(200);
      expect(await state(app)).toMatchObject({ meetings: 2, cells: 1 });

      // The team cancels the next founder's meeting from the workspace: both sides read that the team did.
      await suite.smtp.waitFor(8);
      const member = await signedIn(app.database, 'member');
      const byTeam = await app.inject({
        method: 'POST',
        url: BOOKING_API_PATHS.cancel(other.id),
        headers: member.headers,
      });
      expect(byTeam.statusCode).toBe(200);
      const teamCancels = (await suite.smtp.waitFor(10)).slice(8);
      expect(teamCancels.map((mail) => mail.parsed.subject)).toEqual([
        meetingMailCopy.subjects.cancel,
        meetingMailCopy.subjects.cancel,
      ]);
      expect(teamCancels.some(to('next@example.com'))).toBe(true);
      for (const mail of teamCancels) {
        expect(mail.parsed.text).toContain(
          `${meetingMailCopy.labels.cancelledBy}: ${meetingMailCopy.cancelledBy.team}`,
        );
        expect(mail.parsed.text).not.toContain(meetingMailCopy.cancelledBy.founder);
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'takes several ranges a weekday and days off from an owner, offers slots from every range, and refuses overlaps in Korean',
    async () => {
      const app = await start();
      const owner = await signedIn(app.database, 'owner');
      const today = kstDay(new Date());
      const tomorrow = kstDay(new Date(Date.now() + 86_400_000));
      const settings = {
        hours: [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
          { day, start: '10:00', end: '12:00' },
          { day, start: '14:00', end: '18:00' },
        ]),
        daysOff: [tomorrow],
        lengthMinutes: 30,
        mode: 'phone',
        videoUrl: null,
      };
      const save = (body: unknown) =>
        app.inject({
          method: 'POST',
          url: BOOKING_API_PATHS.settings,
          headers: owner.headers,
          payload: body as object,
        });
      expect((await save(settings)).statusCode).toBe(200);
      const founder = await deliveredLead(app.database);
      const slots = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      const clock = (slot: string) => new Date(Date.parse(slot) + KST_OFFSET_MS).toISOString().slice(11, 16);
      const clocks = new Set(slots.map(clock));
      for (const inRange of ['10:00', '11:30', '14:00', '17:30']) expect(clocks).toContain(inRange);
      for (const outside of ['09:30', '12:00', '13:30', '18:00']) expect(clocks).not.toContain(outside);
      expect(slots.map((slot) => kstDay(new Date(slot)))).not.toContain(tomorrow);
      expect(slots.some((slot) => kstDay(new Date(slot)) !== today)).toBe(true);

      // Overlapping ranges, a range that ends before it starts, a bad day off: the first problem in Korean, nothing saved.
      const refusals: [unknown, string][] = [
        [
          { ...settings, hours: [...settings.hours, { day: 1, start: '11:00', end: '15:00' }] },
          hoursProblemText({ kind: 'overlap', day: 1 }, HOURS_PROBLEM_LIMITS),
        ],
        [
          { ...settings, hours: [{ day: 2, start: '18:00', end: '14:00' }] },
          hoursProblemText({ kind: 'order', day: 2 }, HOURS_PROBLEM_LIMITS),
        ],
        [
          { ...settings, daysOff: ['2026-02-30'] },
          hoursProblemText({ kind: 'day_off', value: '2026-02-30' }, HOURS_PROBLEM_LIMITS),
        ],
      ];
      for (const [body, message] of refusals) {
        const refused = await save(body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ error: { code: 'invalid', message } });
      }
      const stored = await app.inject({ method: 'GET', url: BOOKING_API_PATHS.settings, headers: owner.headers });
      expect(stored.json()).toEqual({ ...settings, daysOff: [tomorrow] });
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'tells the chat once per change the founder makes, marks the lead unread for the team, and sends nothing again after a restart',
    async () => {
      webhook.received.length = 0;
      const env = { SITE_URL: 'https://mvp24.example', ALERT_WEBHOOK_URL: webhook.url };
      let app = await start(env);
      const owner = await signedIn(app.database, 'owner');
      await setHours(app.database);
      const founder = await deliveredLead(app.database, {
        email: 'founder@example.com',
        name: '김미팅',
        ownerId: owner.member.id,
      });
      const unread = async () =>
        (await app.inject({ method: 'GET', url: UNREAD_LEADS_PATH, headers: owner.headers })).json<UnreadLeads>().ids;
      const read = () => app.inject({ method: 'GET', url: `/team/api/leads/${founder.id}`, headers: owner.headers });
      await read();
      expect(await unread()).toEqual([]);
      const slots = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      await new Promise((resolve) => setTimeout(resolve, 5));

      const steps: [keyof typeof bookingSubpaths, string | undefined, string][] = [
        ['book', slots[0], slots[0]!],
        ['move', slots[3], slots[3]!],
        ['cancel', undefined, slots[3]!],
      ];
      for (const [index, [action, slot, at]] of steps.entries()) {
        expect((await post(app, founder.path, action, slot)).statusCode).toBe(200);
        // The delivered lead is unread for its owner again (the founder's change), until they open it.
        expect(await unread()).toEqual([founder.id]);
        await read();
        const chat = JSON.stringify((await webhook.waitFor(index + 1))[index]);
        expect(chat).toContain(founder.id.slice(0, 8));
        expect(chat).toContain(`https://mvp24.example/team/leads/${founder.id}`);
        expect(chat).toContain(owner.member.email);
        expect(chat).toContain(formatKst(at));
        for (const personal of ['founder@example.com', '김미팅', founder.path]) expect(chat).not.toContain(personal);
      }
      const lead = await read();
      const timeline = lead.json<{ timeline: { kind: string; memberEmail: string | null; meetingAt?: string }[] }>()
        .timeline;
      expect(timeline.filter((entry) => entry.kind.startsWith('meeting_'))).toEqual([
        expect.objectContaining({ kind: 'meeting_booked', memberEmail: null, meetingAt: slots[0] }),
        expect.objectContaining({ kind: 'meeting_moved', memberEmail: null, meetingAt: slots[3] }),
        expect.objectContaining({ kind: 'meeting_cancelled', memberEmail: null, meetingAt: slots[3] }),
      ]);

      // Sent once each, and not again by the next instance after a restart.
      await app.close();
      app = await buildTestApp(suite.store, { ...ENV, ...env, SMTP_URL: suite.smtp.url });
      // The new instance's sender finds nothing left to send.
      await app.alerts.sendDue();
      expect(webhook.received).toHaveLength(3);
      const alerts = await app.database.rows<{ status: string }>(
        sql`select status from alerts where kind = 'founder_meeting'`,
      );
      expect(alerts.map((alert) => alert.status)).toEqual(['sent', 'sent', 'sent']);
      await app.close();
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a past, taken-by-hours, off-grid or unoffered slot and a forged or erased link in Korean, changing nothing',
    async () => {
      const app = await start();
      const tomorrow = new Date(Date.now() + 33 * 3_600_000).toISOString().slice(0, 10);
      await setHours(app.database, { ...ALL_DAY_HOURS, daysOff: [tomorrow] });
      const founder = await deliveredLead(app.database);
      const notYet = await deliveredLead(app.database, { stage: 'building', prototypeDeliveredAt: null });
      const before = await state(app);
      const cases: [string, string, string][] = [
        [founder.path, new Date(Date.now() - 3_600_000).toISOString(), bookingStatusCopy.refusals.too_soon],
        [founder.path, new Date(Date.now() + 30 * 60_000).toISOString(), bookingStatusCopy.refusals.too_soon],
        [founder.path, `${tomorrow}T03:00:00.000Z`, bookingStatusCopy.refusals.outside_hours],
        [
          founder.path,
          new Date(
            Date.parse(offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body)[0]!) + 600_000,
          ).toISOString(),
          bookingStatusCopy.refusals.outside_hours,
        ],
        [
          founder.path,
          new Date(Date.now() + 9 * 86_400_000).toISOString().replace(/T.*/, 'T01:00:00.000Z'),
          bookingStatusCopy.refusals.outside_hours,
        ],
        [founder.path, 'not-a-time', bookingStatusCopy.refusals.invalid],
        [notYet.path, new Date(Date.now() + 5 * 3_600_000).toISOString(), bookingStatusCopy.refusals.not_offered],
      ];
      for (const [path, when, message] of cases) {
        const response = await post(app, path, 'book', when);
        expect(response.statusCode, `${when} → ${message}`).toBeGreaterThanOrEqual(400);
        expect(response.body).toContain(message);
        expect(response.headers['cache-control']).toBe('no-store');
      }
      expect((await post(app, founder.path, 'cancel')).body).toContain(bookingStatusCopy.refusals.no_meeting);
      // Asking to cancel a meeting there is not says so too.
      expect((await post(app, founder.path, 'cancel', undefined, false)).body).toContain(
        bookingStatusCopy.refusals.no_meeting,
      );
      // Not offered: the page has no meeting section.
      expect((await app.inject({ method: 'GET', url: notYet.path })).body).not.toContain('data-meeting');

      // A forged link, then an erased one: the status 404 page.
      const slot = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body)[0]!;
      const forged = await post(app, `/status/${'A'.repeat(43)}`, 'book', slot);
      expect(forged.statusCode).toBe(404);
      expect(forged.body).toContain(statusPageCopy.notFound.title);
      const erasedPath = founder.path;
      expect(
        (await app.inject({ method: 'POST', url: `${erasedPath}/delete`, headers: FORM, payload: 'x=1' })).statusCode,
      ).toBe(200);
      const erased = await post(app, erasedPath, 'book', slot);
      expect(erased.statusCode).toBe(404);
      expect(erased.body).toContain(statusPageCopy.notFound.title);
      // Another site's page may not post.
      const crossSite = await app.inject({
        method: 'POST',
        url: `${notYet.path}/${bookingSubpaths.book}`,
        headers: { ...FORM, origin: 'https://evil.example' },
        payload: `start=${encodeURIComponent(slot)}`,
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await state(app)).toEqual(before);
      expect(suite.smtp.received).toHaveLength(0);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'groups the free slots by day, each day folded but the first, so a phone shows a list of days',
    async () => {
      const app = await start();
      await setHours(app.database);
      const founder = await deliveredLead(app.database);
      const page = (await app.inject({ method: 'GET', url: founder.path })).body;
      const slots = offeredSlots(page);
      const days = [...new Set(slots.map((slot) => kstDay(new Date(slot))))];
      expect(days.length).toBeGreaterThan(1);
      const groups = [...page.matchAll(/<details class="day" data-day="([^"]+)"( open)?>([\s\S]*?)<\/details>/g)];
      expect(groups.map((group) => group[1])).toEqual(days);
      expect(groups.map((group) => Boolean(group[2]))).toEqual(days.map((_, index) => index === 0));
      for (const [, day, , body] of groups) {
        const inGroup = offeredSlots(body!);
        expect(inGroup.length).toBeGreaterThan(0);
        expect(inGroup.every((slot) => kstDay(new Date(slot)) === day)).toBe(true);
        // The day's summary names it and how many times it holds; each group is its own plain form.
        expect(body).toMatch(
          new RegExp(`<summary>[^]*${escapeHtml(bookingStatusCopy.slotCount(inGroup.length))}[^]*</summary>`),
        );
        expect(body!.match(/<form method="post"/g)).toHaveLength(1);
      }
      expect(groups.flatMap(([, , , body]) => offeredSlots(body!))).toEqual(slots);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'offers a phone meeting only to a founder who gave a number, and says in Korean how to give one',
    async () => {
      const app = await start();
      await setHours(app.database);
      const withPhone = await deliveredLead(app.database);
      const slots = offeredSlots((await app.inject({ method: 'GET', url: withPhone.path })).body);
      expect(slots.length).toBeGreaterThan(0);
      for (const phone of ['', '   ']) {
        const founder = await deliveredLead(app.database, { phone });
        const page = (await app.inject({ method: 'GET', url: founder.path })).body;
        expect(page).toContain(bookingStatusCopy.heading);
        expect(page).toContain(escapeHtml(bookingStatusCopy.noPhone));
        expect(offeredSlots(page)).toEqual([]);
        const refused = await post(app, founder.path, 'book', slots[0]);
        expect(refused.statusCode).toBe(409);
        expect(refused.body).toContain(escapeHtml(bookingStatusCopy.refusals.no_phone));
      }
      expect(await state(app)).toMatchObject({ meetings: 0, cells: 0, mails: 0 });

      // A video meeting needs no number; once the team meets by phone, the founder without one may not move it there
      // (the page offers no move and says why) but may still cancel.
      await setHours(app.database, { ...ALL_DAY_HOURS, mode: 'video', videoUrl: 'https://meet.example/x' });
      const founder = await deliveredLead(app.database, { phone: '' });
      expect(offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body)).toContain(slots[0]);
      expect((await post(app, founder.path, 'book', slots[0])).statusCode).toBe(200);
      await setHours(app.database);
      const booked = (await app.inject({ method: 'GET', url: founder.path })).body;
      expect(booked).toContain(`data-meeting-at="${slots[0]}"`);
      expect(offeredSlots(booked)).toEqual([]);
      expect(booked).toContain(escapeHtml(bookingStatusCopy.noPhone));
      const move = await post(app, founder.path, 'move', slots[1]);
      expect(move.statusCode).toBe(409);
      expect(move.body).toContain(escapeHtml(bookingStatusCopy.refusals.no_phone));
      expect((await app.inject({ method: 'GET', url: founder.path })).body).toContain(`data-meeting-at="${slots[0]}"`);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'erases the meeting, its cells, mails and the .eml copies of its mails with the idea',
    async () => {
      // No SMTP server: each mail is written as an .eml file under DATA_DIR (the fallback).
      const app = await start({ SMTP_URL: '' });
      await setHours(app.database);
      const founder = await deliveredLead(app.database);
      const slot = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body)[0]!;
      expect((await post(app, founder.path, 'book', slot)).statusCode).toBe(200);
      // Whole files only (the transport writes a temporary file, then renames it).
      const files = () =>
        fs.existsSync(mailFileDir(suite.store.dataDir))
          ? fs.readdirSync(mailFileDir(suite.store.dataDir)).filter((name) => name.endsWith('.eml'))
          : [];
      const allSent = async () => {
        const [row] = await app.database.rows<{ unsent: number }>(
          sql`select count(*)::int as unsent from meeting_mails where status not in ('sent', 'skipped')`,
        );
        return row!.unsent === 0;
      };
      await app.outbox.settled();
      expect(files().filter((name) => name.includes('-meeting-'))).toHaveLength(2);
      expect(
        (
          await post(
            app,
            founder.path,
            'move',
            offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body)[2]!,
          )
        ).statusCode,
      ).toBe(200);
      // An erasure while a mail is being written leaves that file to the retention's sweep (mail/mail-files.ts).
      await app.outbox.settled();
      expect(files().filter((name) => name.includes('-meeting-'))).toHaveLength(4);
      expect(await allSent()).toBe(true);
      expect(
        (await app.inject({ method: 'POST', url: `${founder.path}/delete`, headers: FORM, payload: 'x=1' })).statusCode,
      ).toBe(200);
      expect(await state(app)).toEqual({ meetings: 0, cells: 0, mails: 0, stage_events: 0 });
      expect(files().filter((name) => name.includes('-meeting-'))).toEqual([]);
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'sends each reminder once with the clock moved, across a second turn, a second instance and a restart',
    async () => {
      const env = { ...ENV, SMTP_URL: suite.smtp.url };
      let app = await start();
      await setHours(app.database);
      const founder = await deliveredLead(app.database, { email: 'founder@example.com' });
      const slots = offeredSlots((await app.inject({ method: 'GET', url: founder.path })).body);
      // A slot more than a day ahead, so the day-before reminder applies.
      const slot = slots.find((candidate) => Date.parse(candidate) - Date.now() > 26 * 3_600_000)!;
      expect((await post(app, founder.path, 'book', slot)).statusCode).toBe(200);
      await suite.smtp.waitFor(2);
      const startsAt = Date.parse(slot);
      const reminders = async (kind: string) =>
        app.database.rows<{ recipient: string; status: string }>(
          sql`select recipient, status from meeting_mails where kind = ${kind} order by recipient`,
        );

      // Two days before: nothing yet.
      await app.jobs.runDue(new Date(startsAt - 2 * MEETING_REMINDERS.day));
      expect(await reminders('reminder_day')).toEqual([]);
      // The day before, twice (the second turn is not due; a later one finds the rows).
      const dayBefore = startsAt - MEETING_REMINDERS.day + 60_000;
      await app.jobs.runDue(new Date(dayBefore));
      await app.jobs.runDue(new Date(dayBefore + 120_000));
      if (driver === 'postgres') {
        const second = await buildTestApp(suite.store, env);
        await second.jobs.runDue(new Date(dayBefore + 240_000));
        await second.close();
      }
      await app.outbox.settled();
      expect(await reminders('reminder_day')).toEqual([
        { recipient: 'founder', status: 'sent' },
        { recipient: 'team', status: 'sent' },
      ]);
      await suite.smtp.waitFor(4);
      const day = suite.smtp.received.slice(2);
      expect(day.map((mail) => mail.parsed.subject)).toEqual([
        meetingMailCopy.subjects.reminder_day,
        meetingMailCopy.subjects.reminder_day,
      ]);
      expect(readInvitation(calendarOf(day[0]!.parsed)).start.toISOString()).toBe(slot);

      // A restart, then the hour before (twice).
      await app.close();
      app = await buildTestApp(suite.store, env);
      const hourBefore = startsAt - MEETING_REMINDERS.hour + 60_000;
      await app.jobs.runDue(new Date(hourBefore));
      await app.jobs.runDue(new Date(hourBefore + 600_000));
      await app.outbox.settled();
      expect((await reminders('reminder_hour')).filter((row) => row.status === 'sent')).toHaveLength(2);
      await suite.smtp.waitFor(6);
      await app.outbox.settled();
      expect(suite.smtp.received).toHaveLength(6);
      expect(suite.smtp.received.slice(4).map((mail) => mail.parsed.subject)).toEqual([
        meetingMailCopy.subjects.reminder_hour,
        meetingMailCopy.subjects.reminder_hour,
      ]);
      expect(await reminders('reminder_day')).toHaveLength(2);
      await app.close();
    },
    APP_TEST_TIMEOUT_MS,
  );
});

describe('two instances on one PostgreSQL', () => {
  const suite = intakeSuite('postgres');

  it(
    'book a contested slot once, each race with a different winner or none twice',
    async () => {
      const first = await suite.start(ENV);
      const second = await buildTestApp(suite.store, { ...ENV, SMTP_URL: suite.smtp.url });
      try {
        await setHours(first.database);
        const leads = await Promise.all(
          Array.from({ length: 8 }, (_, index) => deliveredLead(first.database, { email: `f${index}@example.com` })),
        );
        const all = offeredSlots((await first.inject({ method: 'GET', url: leads[0]!.path })).body);
        // Every other slot, so a free one lies before each booked one.
        const slots = [all[1]!, all[3]!, all[5]!, all[7]!];
        for (const [round, slot] of slots.entries()) {
          const a = leads[round * 2]!;
          const b = leads[round * 2 + 1]!;
          const answers = await Promise.all([post(first, a.path, 'book', slot), post(second, b.path, 'book', slot)]);
          expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
          const lost = answers.find((answer) => answer.statusCode === 409)!.body;
          expect(lost).toContain(bookingStatusCopy.refusals.taken);
          // The loser is offered what is still free, right there.
          expect(offeredSlots(lost)).not.toContain(slot);
          expect(offeredSlots(lost)).toContain(all[round * 2]);
        }
        const [counts] = await first.database.rows<{ meetings: number; cells: number }>(
          sql`select (select count(*)::int from meetings) as meetings, (select count(*)::int from meeting_cells) as cells`,
        );
        expect(counts).toEqual({ meetings: 4, cells: 4 });
        // An hour-long meeting cannot overlap a booked half hour either: one starting the half hour before a booked
        // slot, except at 23:30 KST, where an hour would end past the day's hours (outside_hours, not taken).
        await setHours(first.database, { ...ALL_DAY_HOURS, lengthMinutes: 60 });
        const kstMinute = (slot: string) => ((Date.parse(slot) + KST_OFFSET_MS) % 86_400_000) / 60_000;
        const before = [all[0]!, all[2]!, all[4]!, all[6]!].find((slot) => kstMinute(slot) + 60 <= 24 * 60)!;
        const lead = await deliveredLead(first.database);
        const refused = await post(second, lead.path, 'book', before);
        expect(refused.statusCode).toBe(409);
        expect(refused.body).toContain(bookingStatusCopy.refusals.taken);
        expect(offeredSlots((await second.inject({ method: 'GET', url: lead.path })).body)).not.toContain(before);
      } finally {
        await second.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});
