/**
 * The meeting booking's test helpers (server tests and the browser spec): a delivered lead with a status link the
 * test knows, the team's hours set directly, and the invitation of a received mail read back with ical.js.
 */
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { BookingSettings } from '../../src/domain/booking';
import type { Database } from '../../src/server/db/client';
import { statusPath, statusToken, statusTokenHash } from '../../src/server/founder/status-token';
import { storeLead, type StoredLead } from './lead-fixtures';

/** The status link key the booking tests configure (STATUS_LINK_SECRET). */
export const BOOKING_LINK_SECRET = 'booking-tests-status-link-secret-0123456789';

/** Every day, all day, in half-hour meetings by phone: slots from two hours after any `now`. */
export const ALL_DAY_HOURS: BookingSettings = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
  daysOff: [],
  lengthMinutes: 30,
  mode: 'phone',
  videoUrl: null,
};

export async function setHours(database: Database, settings: BookingSettings = ALL_DAY_HOURS): Promise<void> {
  await database.rows(sql`insert into meeting_settings (id, settings, updated_at)
    values (1, ${JSON.stringify(settings)}::jsonb, now())
    on conflict (id) do update set settings = excluded.settings`);
}

/** A lead whose prototype went out (so the status page offers a meeting), and its status link's path. */
export async function deliveredLead(database: Database, lead: StoredLead = {}): Promise<{ id: string; path: string }> {
  const id = await storeLead(database, { stage: 'delivered', prototypeDeliveredAt: new Date(), ...lead });
  const token = statusToken(BOOKING_LINK_SECRET, id);
  await database.rows(sql`update ideas set status_token_hash = ${statusTokenHash(token)} where id = ${id}::uuid`);
  return { id, path: statusPath(token) };
}

/** The slot instants a status page offers (its buttons' values). */
export const offeredSlots = (html: string) => [...html.matchAll(/data-slot="([^"]+)"/g)].map((match) => match[1]!);

/** The calendar text of a mail: its `text/calendar` part (or the .ics attachment). */
export function calendarOf(mail: ParsedMail): string {
  const part = mail.attachments.find(
    (attachment) => attachment.contentType.startsWith('text/calendar') || attachment.filename?.endsWith('.ics'),
  );
  if (!part) throw new Error('no calendar in the mail');
  return part.content.toString('utf8');
}

export interface ReadInvitation {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  /** DTSTART as an instant, and the zone it was written in. */
  start: Date;
  startZone: string;
  end: Date;
  attendee: string;
  organizer: string;
}

/** Reads an invitation back with ical.js (a kept parser: what calendars would see). */
export function readInvitation(ics: string): ReadInvitation {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const timezone = calendar.getFirstSubcomponent('vtimezone');
  if (timezone) ICAL.TimezoneService.register(timezone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: String(event.component.getFirstPropertyValue('status')),
    start: event.startDate.toJSDate(),
    startZone: String(event.component.getFirstProperty('dtstart')!.getParameter('tzid')),
    end: event.endDate.toJSDate(),
    attendee: String(event.component.getFirstPropertyValue('attendee')),
    organizer: String(event.component.getFirstPropertyValue('organizer')),
  };
}
