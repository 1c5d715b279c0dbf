/**
 * The meeting's invitation as iCalendar (RFC 5545, iTIP RFC 5546; decision 103): one VEVENT in Asia/Seoul with
 * its VTIMEZONE (Korea keeps +09:00 all year: one STANDARD component), `METHOD:REQUEST` for a booking or a move,
 * `METHOD:CANCEL` with `STATUS:CANCELLED` for a cancellation. The UID is the meeting's id (stable across moves),
 * and SEQUENCE is the meeting's, raised on every change, so a calendar replaces the earlier version. Lines end in
 * CRLF and are folded at 75 octets without splitting a UTF-8 character; TEXT values are escaped (control
 * characters but HTAB dropped). test-support/server/icalendar-check.ts holds the result to RFC 5545/5546 strictly.
 */
import { KST_OFFSET_MS } from '../../domain/kst';

export interface InvitationInput {
  method: 'REQUEST' | 'CANCEL';
  /** The meeting's id; the UID is `<id>@<domain>`. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version was made (DTSTAMP, UTC). */
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  /** The video link, as the event's URL. */
  url?: string | null;
  organizer: { name: string; address: string };
  attendee: string;
}

export const ICAL_TIMEZONE = 'Asia/Seoul';

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ICAL_TIMEZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0900',
  'TZOFFSETTO:+0900',
  'TZNAME:KST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newlines; any other control character but
 * HTAB is dropped (TEXT may not hold one, and a strict reader refuses the line).
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[^\P{Cc}\t]/gu, '');
}

/** A parameter value: quoted, without the characters a quoted value may not hold. */
const paramValue = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '')}"`;

/** Folds one content line into octet-limited pieces (3.1): CRLF + one space before each continuation. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // The first line holds 75 octets; a continuation's leading space counts, so it holds 74 more.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** 20261130T100000 in Korean wall time (with TZID=Asia/Seoul). */
function localTime(instant: Date): string {
  return new Date(instant.getTime() + KST_OFFSET_MS)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

/** 20261126T001500Z */
const utcTime = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function invitationIcs(input: InvitationInput): string {
  const cancel = input.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//24h MVP Studio//Meeting booking//KO',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${utcTime(input.stamp)}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTART;TZID=${ICAL_TIMEZONE}:${localTime(input.start)}`,
    `DTEND;TZID=${ICAL_TIMEZONE}:${localTime(input.end)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    ...(input.url ? [`URL:${input.url}`] : []),
    `ORGANIZER;CN=${paramValue(input.organizer.name)}:mailto:${input.organizer.address}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${cancel ? 'DECLINED' : 'NEEDS-ACTION'};RSVP=FALSE:mailto:${input.attendee}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(cancel
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(input.summary)}`, 'TRIGGER:-PT1H', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
