import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, invitationIcs } from './icalendar';
import { readInvitation } from '../../../test-support/server/booking-fixtures';

const input = {
  method: 'REQUEST' as const,
  uid: '0b6e8a52-3c1d-4f7e-9a0b-1c2d3e4f5a6b@mvp24.example',
  sequence: 2,
  start: new Date('2026-11-30T01:00:00Z'),
  end: new Date('2026-11-30T01:30:00Z'),
  stamp: new Date('2026-11-26T00:15:00Z'),
  summary: '24시간 MVP 프로토타입 미팅 (접수 번호 0b6e8a52)',
  description: '화상 미팅 링크: https://meet.example/a,b;c\\d\n둘째 줄',
  location: 'https://meet.example/a,b;c',
  url: 'https://meet.example/a',
  organizer: { name: '24시간 MVP 팀', address: 'team@mvp24.example' },
  attendee: 'founder@example.com',
};

describe('the invitation', () => {
  it('is RFC 5545: CRLF, lines of at most 75 octets without a split character, escaped text', () => {
    const ics = invitationIcs(input);
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(ics).toContain('DTSTART;TZID=Asia/Seoul:20261130T100000');
    expect(ics).toContain('DTEND;TZID=Asia/Seoul:20261130T103000');
    expect(ics).toContain('DTSTAMP:20261126T001500Z');
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = '가'.repeat(60);
    const folded = foldLine(`SUMMARY:${long}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${long}`);
    for (const piece of folded.split('\r\n')) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
  });

  it('reads back with ical.js: the start in Asia/Seoul, the text unescaped, the same UID and sequence', () => {
    const read = readInvitation(invitationIcs(input));
    expect(read).toMatchObject({ method: 'REQUEST', uid: input.uid, sequence: 2, status: 'CONFIRMED' });
    expect(read.startZone).toBe('Asia/Seoul');
    expect(read.start.toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(read.end.toISOString()).toBe('2026-11-30T01:30:00.000Z');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(invitationIcs(input))).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe(input.description);
    expect(event.summary).toBe(input.summary);
    const cancel = readInvitation(invitationIcs({ ...input, method: 'CANCEL', sequence: 3 }));
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 3 });
  });
});
