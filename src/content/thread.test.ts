/**
 * The team's message templates (content/thread.ts): the meeting proposal points the founder at the booking on the
 * status page rather than asking for days and times by mail, and states no length of its own (the team sets it).
 */
import { describe, expect, it } from 'vitest';
import { bookingStatusCopy } from './booking';
import { threadTemplates } from './thread';

const meeting = threadTemplates.find((template) => template.id === 'meeting')!;

describe('the meeting proposal template', () => {
  it('points at the booking section on the status page', () => {
    expect(meeting.body).toContain(`「${bookingStatusCopy.heading}」`);
  });

  it('asks for no days or times by mail and names no length', () => {
    expect(meeting.body).not.toMatch(/요일|시간대를 알려|알려 주세요/u);
    expect(meeting.body).not.toMatch(/\d+\s*분/u);
  });
});
