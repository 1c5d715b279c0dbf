/**
 * A strict check of an iCalendar invitation (RFC 5545, with iTIP RFC 5546's per-method rules), for the tests: real
 * calendar clients (Google Calendar, Outlook, Apple Calendar) cannot be reached from the test machine, so this holds
 * the .ics to the standard they read instead. ical.js (a kept parser) must parse it; on top of that, the raw text is
 * walked line by line (CRLF only, at most 75 octets per line, continuations starting with one space or tab, no
 * UTF-8 character split across a fold, no control character but HTAB, the content-line grammar of 3.1), and the
 * parsed components are held to 3.6/3.6.1/3.6.5/3.8 and RFC 5546 3.2: VERSION 2.0, PRODID, METHOD once and matching
 * the event's status, one VEVENT with UID, DTSTAMP in UTC, DTSTART and DTEND of the same kind with DTEND after
 * DTSTART, every TZID defined by a VTIMEZONE (with TZOFFSETFROM/TO and DTSTART in each observance), SEQUENCE a
 * non-negative integer, ORGANIZER and ATTENDEE as mailto: URIs, the properties 5545 allows once appearing at most
 * once, and a VALARM with its ACTION, TRIGGER and DESCRIPTION. Returns every problem found ([] when none).
 */
import ICAL from 'ical.js';

/** VEVENT properties RFC 5545 3.6.1 allows at most once. */
const EVENT_ONCE = [
  'dtstamp',
  'uid',
  'dtstart',
  'class',
  'created',
  'description',
  'geo',
  'last-modified',
  'location',
  'organizer',
  'priority',
  'sequence',
  'status',
  'summary',
  'transp',
  'url',
  'recurrence-id',
  'dtend',
  'duration',
];

/** RFC 5546 3.2.2 (REQUEST) and 3.2.5 (CANCEL): what the VEVENT must carry. */
const ITIP_REQUIRED: Record<string, string[]> = {
  REQUEST: ['attendee', 'dtstamp', 'dtstart', 'organizer', 'summary', 'uid'],
  CANCEL: ['attendee', 'dtstamp', 'organizer', 'sequence', 'uid'],
};

/** 3.1: name *(";" param) ":" value; a param value quoted (no DQUOTE or control) or plain (no ";:," or control). */
const CONTENT_LINE =
  /^[A-Za-z0-9-]+(?:;[A-Za-z0-9-]+=(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*)(?:,(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*))*)*:/u;

function rawProblems(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith('\r\n')) problems.push('the text does not end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(ics)) problems.push('a line break other than CRLF');
  const physical = ics.split('\r\n').slice(0, -1);
  for (const [index, line] of physical.entries()) {
    const octets = Buffer.from(line, 'utf8');
    if (octets.length > 75) problems.push(`line ${index + 1} has ${octets.length} octets (at most 75)`);
    if (line.includes('\uFFFD')) problems.push(`line ${index + 1} holds a broken character`);
    if (index === 0 && /^[ \t]/.test(line)) problems.push('the first line is a continuation');
  }
  // Unfold (3.1) and check each content line.
  const unfolded = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  for (const line of unfolded) {
    if (/[\p{Cc}]/u.test(line.replace(/\t/g, ''))) problems.push(`a control character in ${line.slice(0, 30)}`);
    if (!CONTENT_LINE.test(line)) problems.push(`not a content line: ${line.slice(0, 40)}`);
  }
  if (unfolded[0] !== 'BEGIN:VCALENDAR' || unfolded.at(-1) !== 'END:VCALENDAR')
    problems.push('not one VCALENDAR from the first line to the last');
  return problems;
}

function componentProblems(ics: string): string[] {
  const problems: string[] = [];
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch (error) {
    return [`ical.js cannot parse it: ${String(error)}`];
  }
  const once = (component: ICAL.Component, name: string) => {
    const count = component.getAllProperties(name).length;
    if (count > 1) problems.push(`${component.name} has ${count} ${name.toUpperCase()}`);
    return count === 1;
  };
  if (calendar.name !== 'vcalendar') problems.push(`the root is ${calendar.name}`);
  for (const name of ['prodid', 'version', 'method'])
    if (!once(calendar, name)) problems.push(`VCALENDAR without ${name.toUpperCase()}`);
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION is not 2.0');
  const method = String(calendar.getFirstPropertyValue('method'));
  if (!(method in ITIP_REQUIRED)) problems.push(`METHOD ${method} is neither REQUEST nor CANCEL`);

  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) return [...problems, `${events.length} VEVENTs (one expected)`];
  const event = events[0]!;
  for (const name of EVENT_ONCE) once(event, name);
  for (const name of ['uid', 'dtstamp', 'dtstart'])
    if (!event.hasProperty(name)) problems.push(`VEVENT without ${name.toUpperCase()} (RFC 5545 3.6.1)`);
  for (const name of ITIP_REQUIRED[method] ?? [])
    if (!event.hasProperty(name)) problems.push(`a ${method} without ${name.toUpperCase()} (RFC 5546)`);

  const stamp = event.getFirstProperty('dtstamp');
  if (stamp && !/Z$/.test(String(stamp.toICALString()))) problems.push('DTSTAMP is not in UTC');
  const sequence: unknown = event.getFirstPropertyValue('sequence');
  if (typeof sequence !== 'number' || !Number.isInteger(sequence) || sequence < 0)
    problems.push('SEQUENCE is not a non-negative integer');
  const status = String(event.getFirstPropertyValue('status'));
  if (method === 'CANCEL' && status !== 'CANCELLED') problems.push('a CANCEL whose STATUS is not CANCELLED');
  if (method === 'REQUEST' && status === 'CANCELLED') problems.push('a REQUEST whose STATUS is CANCELLED');

  const start = event.getFirstProperty('dtstart');
  const end = event.getFirstProperty('dtend');
  if (end && event.hasProperty('duration')) problems.push('both DTEND and DURATION');
  if (start && end) {
    if (start.type !== end.type) problems.push('DTSTART and DTEND of different value types');
    if (start.getParameter('tzid') !== end.getParameter('tzid')) problems.push('DTSTART and DTEND in different zones');
  }

  // Every TZID in use is defined by a VTIMEZONE with complete observances (3.6.5).
  const zones = new Map(
    calendar.getAllSubcomponents('vtimezone').map((zone) => [String(zone.getFirstPropertyValue('tzid')), zone]),
  );
  for (const property of event.getAllProperties()) {
    const tzid = property.getParameter('tzid');
    if (tzid !== undefined && !zones.has(String(tzid))) problems.push(`TZID ${String(tzid)} has no VTIMEZONE`);
  }
  for (const [tzid, zone] of zones) {
    const observances = [...zone.getAllSubcomponents('standard'), ...zone.getAllSubcomponents('daylight')];
    if (observances.length === 0) problems.push(`VTIMEZONE ${tzid} without STANDARD or DAYLIGHT`);
    for (const observance of observances)
      for (const name of ['dtstart', 'tzoffsetfrom', 'tzoffsetto'])
        if (!observance.hasProperty(name)) problems.push(`VTIMEZONE ${tzid} observance without ${name.toUpperCase()}`);
    ICAL.TimezoneService.register(zone);
  }
  if (start && end) {
    const from = (start.getFirstValue() as ICAL.Time).toJSDate().getTime();
    const until = (end.getFirstValue() as ICAL.Time).toJSDate().getTime();
    if (!(until > from)) problems.push('DTEND is not after DTSTART');
  }

  for (const name of ['organizer', 'attendee'])
    for (const property of event.getAllProperties(name))
      if (!/^mailto:[^\s@]+@[^\s@]+$/i.test(String(property.getFirstValue())))
        problems.push(`${name.toUpperCase()} is not a mailto: URI`);

  for (const alarm of event.getAllSubcomponents('valarm')) {
    for (const name of ['action', 'trigger'])
      if (!once(alarm, name)) problems.push(`VALARM without ${name.toUpperCase()}`);
    if (alarm.getFirstPropertyValue('action') === 'DISPLAY' && !alarm.hasProperty('description'))
      problems.push('a DISPLAY VALARM without DESCRIPTION');
  }
  return problems;
}

export function strictIcsProblems(ics: string): string[] {
  return [...rawProblems(ics), ...componentProblems(ics)];
}
