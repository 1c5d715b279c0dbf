import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, invitationIcs } from './icalendar';
import { readInvitation } from '../../../test-support/server/booking-fixtures';
import { strictIcsProblems } from '../../../test-support/server/icalendar-check';

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

describe('the strict RFC 5545 / 5546 check (real calendar clients cannot be reached from here)', () => {
  it('passes a booking, a move and a cancel, with long Korean text and every character TEXT must escape', () => {
    const long = { ...input, summary: `${'긴 제목 '.repeat(30)}끝`, description: `${input.description}\t탭,;\\` };
    for (const ics of [
      invitationIcs({ ...input, sequence: 0 }),
      invitationIcs(long),
      invitationIcs({ ...input, method: 'CANCEL', sequence: 3 }),
      invitationIcs({ ...input, url: null, location: '전화 통화' }),
    ])
      expect(strictIcsProblems(ics)).toEqual([]);
  });

  it('finds what a strict reader would refuse (the check can fail)', () => {
    const ics = invitationIcs(input);
    expect(strictIcsProblems(ics.replace(/\r\n/g, '\n'))).toContain('a line break other than CRLF');
    expect(strictIcsProblems(ics.replace(/\r\n /g, ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/octets \(at most 75\)/)]),
    );
    expect(strictIcsProblems(ics.replace(/BEGIN:VTIMEZONE[\s\S]*END:VTIMEZONE\r\n/, ''))).toContain(
      'TZID Asia/Seoul has no VTIMEZONE',
    );
    expect(strictIcsProblems(ics.replace('METHOD:REQUEST\r\n', ''))).toContain('VCALENDAR without METHOD');
    expect(strictIcsProblems(ics.replace(/DTSTAMP:\d+T\d+Z/, 'DTSTAMP:20261126T001500'))).toContain(
      'DTSTAMP is not in UTC',
    );
    expect(strictIcsProblems(ics.replace(/SEQUENCE:2\r\n/, 'SEQUENCE:2\r\nSEQUENCE:3\r\n'))).toContain(
      'vevent has 2 SEQUENCE',
    );
    expect(strictIcsProblems(ics.replace(/^ATTENDEE[^\r]*\r\n(?: [^\r]*\r\n)*/m, ''))).toContain(
      'a REQUEST without ATTENDEE (RFC 5546)',
    );
    expect(
      strictIcsProblems(invitationIcs({ ...input, method: 'CANCEL' }).replace('STATUS:CANCELLED', 'STATUS:CONFIRMED')),
    ).toContain('a CANCEL whose STATUS is not CANCELLED');
  });

  it('keeps control characters out of TEXT values (only HTAB may stay)', () => {
    const ics = invitationIcs({ ...input, description: '줄\u0007바꿈\u001b없음\t탭' });
    expect(strictIcsProblems(ics)).toEqual([]);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe('줄바꿈없음\t탭');
  });
});
