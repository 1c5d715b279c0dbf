/**
 * Booking, moving and cancelling a lead's meeting (decision 104), by the founder on the status page or by the team
 * in the workspace. Each is one transaction: the idea's row is locked first (one founder's double press waits and
 * then sees the first booking), the slot is checked against the settings (domain/booking.ts) for a clear refusal,
 * and the meeting's cells are inserted with `on conflict do nothing`: when another booking holds a cell, fewer rows
 * come back and the whole transaction rolls back. The primary key decides, on every instance, not the check.
 * The mails to both sides are queued in the same transaction (meeting-mail-queue.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  bookingWindow,
  cellsOf,
  freeSlots,
  mayChangeMeeting,
  slotRefusal,
  type BookingSettings,
  type MeetingMode,
  type SlotRefusal,
} from '../../domain/booking';
import type { Database, RowsFn } from '../db/client';
import { changeStage } from '../ideas/lead-stages';
import { readBookingSettings } from './booking-settings';
import { queueMeetingMails } from './meeting-mail-queue';

export type BookingRefusal =
  | SlotRefusal
  | 'not_offered'
  | 'already_booked'
  | 'no_meeting'
  | 'too_late'
  | 'too_many'
  /** A move to the time the meeting already has. */
  | 'unchanged'
  /** A phone meeting (the settings' mode) for a founder who gave no number. */
  | 'no_phone';

/** What a booking post did to the meeting. */
export type MeetingChange = 'booked' | 'moved' | 'cancelled';

export interface Meeting {
  id: string;
  ideaId: string;
  startsAt: Date;
  endsAt: Date;
  status: 'booked' | 'cancelled';
  sequence: number;
  mode: MeetingMode;
  videoUrl: string | null;
  createdAt: Date;
  cancelledAt: Date | null;
}

interface MeetingRow extends Record<string, unknown> {
  id: string;
  idea_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'booked' | 'cancelled';
  sequence: number;
  mode: MeetingMode;
  video_url: string | null;
  created_at: Date | string;
  cancelled_at: Date | string | null;
}

const meetingOf = (row: MeetingRow): Meeting => ({
  id: row.id,
  ideaId: row.idea_id,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  status: row.status,
  sequence: Number(row.sequence),
  mode: row.mode,
  videoUrl: row.video_url,
  createdAt: new Date(row.created_at),
  cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
});

const MEETING_COLUMNS = sql.raw(
  'id::text as id, idea_id::text as idea_id, starts_at, ends_at, status, sequence, mode, video_url, created_at, cancelled_at',
);

export interface BookingContext {
  /** Founder mails are on (FOUNDER_MAIL): the founder's copy is queued too. */
  founderMail: boolean;
  now?: Date;
  /** The change's access record, written in its transaction (committed with it or not at all). */
  record?: (rows: RowsFn, meeting: Meeting) => Promise<void>;
  /**
   * A change the founder makes on the status page: at most this many in an hour (the founder's earlier changes are
   * counted on the timeline, after the idea's row is locked), and the team's copy of its mail waits `teamMailDelayMs`
   * so a burst of changes tells the team its outcome once (meeting-mail-sender.ts skips what a later change replaced).
   */
  founder?: { changesPerHour: number; teamMailDelayMs: number };
}

/**
 * True when the founder already booked or moved the idea's meeting `perHour` times in the last hour. A cancel is
 * never refused (a leaked link's changes must not lock the founder into a meeting) and never counted: each needs a
 * booking before it, so the mails stay bounded all the same.
 */
async function founderOverLimit(rows: RowsFn, ideaId: string, perHour: number, now: Date): Promise<boolean> {
  const [row] = await rows<{ n: string | number }>(sql`
    select count(*) as n from idea_events
    where idea_id = ${ideaId}::uuid and member_id is null
      and kind in ('meeting_booked', 'meeting_moved')
      and at > ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`);
  return Number(row?.n ?? 0) >= perHour;
}

/** The founder's limit, checked once the idea's row is locked (two posts at once cannot both take the last one). */
const overFounderLimit = (rows: RowsFn, ideaId: string, context: BookingContext, now: Date) =>
  context.founder ? founderOverLimit(rows, ideaId, context.founder.changesPerHour, now) : Promise.resolve(false);

const mailTiming = (context: BookingContext) => ({
  founder: context.founderMail,
  teamDelayMs: context.founder?.teamMailDelayMs ?? 0,
});

/** The rollback that says a cell was taken between the check and the insert. */
class SlotTaken extends Error {}

/**
 * Whether the status page offers a meeting for this idea (the prototype went out, or the team proposed one), and
 * whether the founder gave a phone number (a phone meeting needs one); the idea's row locked.
 */
async function offered(rows: RowsFn, ideaId: string): Promise<{ offered: boolean; hasPhone: boolean } | undefined> {
  const [row] = await rows<{ offered: boolean; has_phone: boolean }>(sql`
    select (i.prototype_delivered_at is not null or o.idea_id is not null) and i.closed_at is null as offered,
      btrim(i.phone) <> '' as has_phone
    from ideas i left join meeting_offers o on o.idea_id = i.id
    where i.id = ${ideaId}::uuid for update of i`);
  return row ? { offered: Boolean(row.offered), hasPhone: Boolean(row.has_phone) } : undefined;
}

/** A phone meeting and no number to call. */
const phoneMissing = (settings: BookingSettings, hasPhone: boolean) => settings.mode === 'phone' && !hasPhone;

/** The cells booked meetings hold in the booking window (and a meeting's length beyond it). */
async function takenCells(rows: RowsFn, now: Date, exceptMeeting?: string): Promise<number[]> {
  const { from, until } = bookingWindow(now);
  const taken = await rows<{ starts_at: Date | string }>(sql`
    select starts_at from meeting_cells
    where starts_at >= ${new Date(from - 86_400_000).toISOString()}::timestamptz
      and starts_at <= ${new Date(until + 86_400_000).toISOString()}::timestamptz
      ${exceptMeeting ? sql`and meeting_id <> ${exceptMeeting}::uuid` : sql``}`);
  return taken.map((row) => new Date(row.starts_at).getTime());
}

async function insertCells(rows: RowsFn, meetingId: string, start: Date, settings: BookingSettings) {
  const cells = cellsOf(start, settings.lengthMinutes);
  const inserted = await rows(sql`
    insert into meeting_cells (starts_at, meeting_id)
    values ${sql.join(
      cells.map((cell) => sql`(${new Date(cell).toISOString()}::timestamptz, ${meetingId}::uuid)`),
      sql`, `,
    )}
    on conflict (starts_at) do nothing
    returning starts_at`);
  if (inserted.length !== cells.length) throw new SlotTaken();
}

async function bookedMeeting(rows: RowsFn, ideaId: string): Promise<Meeting | undefined> {
  const [row] = await rows<MeetingRow>(sql`
    select ${MEETING_COLUMNS} from meetings where idea_id = ${ideaId}::uuid and status = 'booked' for update`);
  return row ? meetingOf(row) : undefined;
}

/** Records the meeting's time on the lead's timeline with the stage 미팅 (when the stage rules allow it). */
async function meetingOnTimeline(rows: RowsFn, ideaId: string, startsAt: Date, memberId: string | null, now: Date) {
  const changed = await changeStage(rows, ideaId, { stage: 'meeting' }, { memberId, now });
  if (changed && changed !== 'refused')
    await rows(sql`
      update idea_events set details = ${JSON.stringify({ meetingAt: startsAt.toISOString() })}::jsonb
      where idea_id = ${ideaId}::uuid and kind = 'stage' and stage = 'meeting' and at = ${changed.at}::timestamptz`);
}

/**
 * The change on the lead's timeline (`meeting_booked`, `meeting_moved`, `meeting_cancelled`, with the meeting's time):
 * by the member who made it, or by no one for the founder (team/lead-reads.ts counts the founder's as unread).
 */
async function meetingEvent(
  rows: RowsFn,
  meeting: Meeting,
  change: MeetingChange,
  memberId: string | null,
  now: Date,
): Promise<void> {
  await rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
    values (${meeting.ideaId}::uuid, ${now.toISOString()}::timestamptz, ${memberId}::uuid, ${`meeting_${change}`},
      ${JSON.stringify({ meetingAt: meeting.startsAt.toISOString(), sequence: meeting.sequence })}::jsonb)`);
}

type Outcome = { meeting: Meeting } | { refused: BookingRefusal } | undefined;

async function guarded(database: Database, work: (rows: RowsFn) => Promise<Outcome>): Promise<Outcome> {
  try {
    return await database.transaction(work);
  } catch (error) {
    if (error instanceof SlotTaken) return { refused: 'taken' };
    throw error;
  }
}

/** Books `start` for the idea; undefined when there is no such idea. */
export async function bookMeeting(
  database: Database,
  ideaId: string,
  start: Date,
  context: BookingContext & { memberId?: string | null },
): Promise<Outcome> {
  const now = context.now ?? new Date();
  return guarded(database, async (rows) => {
    const idea = await offered(rows, ideaId);
    if (idea === undefined) return undefined;
    if (!idea.offered) return { refused: 'not_offered' };
    if (await bookedMeeting(rows, ideaId)) return { refused: 'already_booked' };
    const settings = await readBookingSettings(rows);
    if (phoneMissing(settings, idea.hasPhone)) return { refused: 'no_phone' };
    if (await overFounderLimit(rows, ideaId, context, now)) return { refused: 'too_many' };
    const refusal = slotRefusal(settings, await takenCells(rows, now), now, start);
    if (refusal) return { refused: refusal };
    const id = crypto.randomUUID();
    const end = new Date(start.getTime() + settings.lengthMinutes * 60_000);
    const [row] = await rows<MeetingRow>(sql`
      insert into meetings (id, idea_id, starts_at, ends_at, status, sequence, mode, video_url, created_at, updated_at)
      values (${id}::uuid, ${ideaId}::uuid, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
        'booked', 0, ${settings.mode}, ${settings.mode === 'video' ? settings.videoUrl : null},
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning ${MEETING_COLUMNS}`);
    await insertCells(rows, id, start, settings);
    await meetingOnTimeline(rows, ideaId, start, context.memberId ?? null, now);
    await queueMeetingMails(rows, { meetingId: id, kind: 'request', sequence: 0, ...mailTiming(context), now });
    const meeting = meetingOf(row!);
    await meetingEvent(rows, meeting, 'booked', context.memberId ?? null, now);
    await context.record?.(rows, meeting);
    return { meeting };
  });
}

/** Moves the idea's booked meeting to `start` (until the cut-off); the UID stays, the sequence rises. */
export async function moveMeeting(
  database: Database,
  ideaId: string,
  start: Date,
  context: BookingContext & { memberId?: string | null },
): Promise<Outcome> {
  const now = context.now ?? new Date();
  return guarded(database, async (rows) => {
    const idea = await offered(rows, ideaId);
    if (idea === undefined) return undefined;
    const current = await bookedMeeting(rows, ideaId);
    if (!current) return { refused: 'no_meeting' };
    if (!mayChangeMeeting(current.startsAt, now)) return { refused: 'too_late' };
    if (start.getTime() === current.startsAt.getTime()) return { refused: 'unchanged' };
    const settings = await readBookingSettings(rows);
    // The founder may not move a meeting to the phone without a number; the team may (it may have one by message).
    if (context.founder && phoneMissing(settings, idea.hasPhone)) return { refused: 'no_phone' };
    if (await overFounderLimit(rows, ideaId, context, now)) return { refused: 'too_many' };
    const refusal = slotRefusal(settings, await takenCells(rows, now, current.id), now, start);
    if (refusal) return { refused: refusal };
    await rows(sql`delete from meeting_cells where meeting_id = ${current.id}::uuid`);
    const end = new Date(start.getTime() + settings.lengthMinutes * 60_000);
    const [row] = await rows<MeetingRow>(sql`
      update meetings set starts_at = ${start.toISOString()}::timestamptz, ends_at = ${end.toISOString()}::timestamptz,
        sequence = sequence + 1, mode = ${settings.mode},
        video_url = ${settings.mode === 'video' ? settings.videoUrl : null},
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${current.id}::uuid
      returning ${MEETING_COLUMNS}`);
    await insertCells(rows, current.id, start, settings);
    const meeting = meetingOf(row!);
    const [stage] = await rows<{ stage: string }>(sql`select stage from ideas where id = ${ideaId}::uuid`);
    if (stage?.stage === 'meeting') await meetingOnTimeline(rows, ideaId, start, context.memberId ?? null, now);
    await queueMeetingMails(rows, {
      meetingId: meeting.id,
      kind: 'request',
      sequence: meeting.sequence,
      ...mailTiming(context),
      now,
    });
    await meetingEvent(rows, meeting, 'moved', context.memberId ?? null, now);
    await context.record?.(rows, meeting);
    return { meeting };
  });
}

/** Cancels the idea's booked meeting (until the cut-off): its cells are free at once, both sides get a CANCEL. */
export async function cancelMeeting(
  database: Database,
  ideaId: string,
  by: 'founder' | 'team',
  context: BookingContext & { memberId?: string | null },
): Promise<Outcome> {
  const now = context.now ?? new Date();
  return guarded(database, async (rows) => {
    if ((await offered(rows, ideaId)) === undefined) return undefined;
    const current = await bookedMeeting(rows, ideaId);
    if (!current) return { refused: 'no_meeting' };
    if (!mayChangeMeeting(current.startsAt, now)) return { refused: 'too_late' };
    await rows(sql`delete from meeting_cells where meeting_id = ${current.id}::uuid`);
    const [row] = await rows<MeetingRow>(sql`
      update meetings set status = 'cancelled', sequence = sequence + 1, cancelled_at = ${now.toISOString()}::timestamptz,
        cancelled_by = ${by}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${current.id}::uuid
      returning ${MEETING_COLUMNS}`);
    const meeting = meetingOf(row!);
    await queueMeetingMails(rows, {
      meetingId: meeting.id,
      kind: 'cancel',
      sequence: meeting.sequence,
      ...mailTiming(context),
      now,
    });
    await meetingEvent(rows, meeting, 'cancelled', by === 'team' ? (context.memberId ?? null) : null, now);
    await context.record?.(rows, meeting);
    return { meeting };
  });
}

/**
 * The team proposes a meeting before the prototype: the status page offers slots from now. `new` the first time
 * (the founder's mail goes then, booking-team-routes.ts), `existing` after; undefined when there is no such idea.
 */
export async function proposeMeeting(
  rows: RowsFn,
  ideaId: string,
  memberId: string,
  now = new Date(),
): Promise<'new' | 'existing' | undefined> {
  const [row] = await rows<{ inserted: boolean }>(sql`
    insert into meeting_offers (idea_id, offered_at, offered_by)
    select id, ${now.toISOString()}::timestamptz, ${memberId}::uuid from ideas where id = ${ideaId}::uuid
    on conflict (idea_id) do update set offered_at = meeting_offers.offered_at
    returning (xmax = 0) as inserted`);
  if (!row) return undefined;
  return row.inserted ? 'new' : 'existing';
}

export interface MeetingView {
  offered: boolean;
  proposedAt: Date | null;
  meeting: Meeting | null;
  /** The booked meeting may still be cancelled or moved (until the cut-off). */
  mayChange: boolean;
  settings: BookingSettings;
  /** Free slots for a booking (or, with a meeting, to move it to: never the time it already has). */
  slots: Date[];
  /**
   * The team meets by phone and the founder gave no number: the status page offers no slot and says how to give
   * one (the founder's booking and move are refused); the workspace still lists the slots to move to.
   */
  phoneMissing: boolean;
}

/** What the status page and the lead page show about the idea's meeting at `now`. */
export async function meetingView(database: Database, ideaId: string, now = new Date()): Promise<MeetingView> {
  return database.transaction(async (rows) => {
    const [offer] = await rows<{ offered: boolean; proposed_at: Date | string | null; has_phone: boolean }>(sql`
      select (i.prototype_delivered_at is not null or o.idea_id is not null) and i.closed_at is null as offered,
        o.offered_at as proposed_at, btrim(i.phone) <> '' as has_phone
      from ideas i left join meeting_offers o on o.idea_id = i.id where i.id = ${ideaId}::uuid`);
    const [row] = await rows<MeetingRow>(sql`
      select ${MEETING_COLUMNS} from meetings where idea_id = ${ideaId}::uuid and status = 'booked'`);
    const meeting = row ? meetingOf(row) : null;
    const settings = await readBookingSettings(rows);
    const isOffered = Boolean(offer?.offered);
    const mayChange = meeting !== null && mayChangeMeeting(meeting.startsAt, now);
    // A move may overlap the meeting's own cells (an hour at 10:00 to 10:30), so they count as free, but the start
    // it already has is no change.
    const slots =
      isOffered && (!meeting || mayChange)
        ? freeSlots(settings, await takenCells(rows, now, meeting?.id), now).filter(
            (slot) => slot.getTime() !== meeting?.startsAt.getTime(),
          )
        : [];
    return {
      offered: isOffered,
      proposedAt: offer?.proposed_at ? new Date(offer.proposed_at) : null,
      meeting,
      mayChange,
      settings,
      slots,
      phoneMissing: phoneMissing(settings, Boolean(offer?.has_phone)),
    };
  });
}

/** Every meeting of the idea, booked or cancelled: the founder's download. */
export async function meetingsOf(database: Database, ideaId: string): Promise<Meeting[]> {
  const rows = await database.rows<MeetingRow>(sql`
    select ${MEETING_COLUMNS} from meetings where idea_id = ${ideaId}::uuid order by created_at`);
  return rows.map(meetingOf);
}
