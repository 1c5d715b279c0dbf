import { describe, expect, it } from 'vitest';
import {
  BOOKING_CUTOFF_MS,
  BOOKING_HORIZON_DAYS,
  bookingSettingsSchema,
  cellsOf,
  freeSlots,
  hoursProblems,
  hoursProblemsOf,
  kstClock,
  mayChangeMeeting,
  MEETING_CELL_MINUTES,
  slotRefusal,
  slotsByDay,
  type BookingSettings,
} from './booking';
import { kstDay } from './kst';

/** Weekdays 10:00–12:00 KST. */
const settings: BookingSettings = {
  hours: [1, 2, 3, 4, 5].map((day) => ({ day, start: '10:00', end: '12:00' })),
  daysOff: [],
  lengthMinutes: 30,
  mode: 'phone',
  videoUrl: null,
};
/** Monday 2026-11-30 08:00 KST. */
const monday8 = new Date('2026-11-29T23:00:00Z');
const kst = (wall: string) => new Date(`${wall}+09:00`);

describe('free slots', () => {
  it('lists the weekdays’ cells in KST from two hours after now for the next seven days', () => {
    const slots = freeSlots(settings, [], monday8);
    expect(slots[0]).toEqual(kst('2026-11-30T10:00:00'));
    expect(slots.map(kstClock).slice(0, 4)).toEqual(['오전 10:00', '오전 10:30', '오전 11:00', '오전 11:30']);
    // Mon–Fri this week and Monday next week (08:00 + 7 days is before its hours): 5 days × 4 cells.
    expect(slots).toHaveLength(5 * 4);
    expect(slotsByDay(slots).map((group) => group.day)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    const last = slots.at(-1)!;
    expect(last.getTime() - monday8.getTime()).toBeLessThanOrEqual(BOOKING_HORIZON_DAYS * 86_400_000);
  });

  it('skips what starts within the cut-off, moving with the clock', () => {
    const later = new Date(kst('2026-11-30T08:31:00').getTime());
    const first = freeSlots(settings, [], later)[0]!;
    expect(first).toEqual(kst('2026-11-30T11:00:00'));
    expect(first.getTime() - later.getTime()).toBeGreaterThanOrEqual(BOOKING_CUTOFF_MS);
    // A week later the next Monday is inside the window.
    const nextWeek = freeSlots(settings, [], kst('2026-12-07T08:00:00'));
    expect(kstDay(nextWeek[0]!)).toBe('2026-12-07');
  });

  it('leaves out days off and taken cells; an hour-long meeting needs two free cells inside the hours', () => {
    const taken = [kst('2026-11-30T10:30:00').getTime()];
    const withDayOff = { ...settings, daysOff: ['2026-12-01'] };
    const slots = freeSlots(withDayOff, taken, monday8);
    expect(slots.map((slot) => kstDay(slot))).not.toContain('2026-12-01');
    expect(slots).not.toContainEqual(kst('2026-11-30T10:30:00'));
    const hour = freeSlots({ ...settings, lengthMinutes: 60 }, taken, monday8).filter(
      (slot) => kstDay(slot) === '2026-11-30',
    );
    // 10:00 and 10:30 overlap the taken cell; 11:30 would end after 12:00.
    expect(hour).toEqual([kst('2026-11-30T11:00:00')]);
    expect(cellsOf(kst('2026-11-30T11:00:00'), 60)).toHaveLength(60 / MEETING_CELL_MINUTES);
  });

  it('offers nothing before an owner set hours', () => {
    expect(freeSlots({ ...settings, hours: [] }, [], monday8)).toEqual([]);
  });
});

describe('refusals', () => {
  it('names why a start cannot be booked', () => {
    const taken = [kst('2026-11-30T11:00:00').getTime()];
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-30T10:00:00'))).toBeNull();
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-30T09:30:00'))).toBe('too_soon');
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-29T10:00:00'))).toBe('too_soon');
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-30T13:00:00'))).toBe('outside_hours');
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-30T10:10:00'))).toBe('outside_hours');
    expect(slotRefusal(settings, taken, monday8, kst('2026-12-05T10:00:00'))).toBe('outside_hours');
    expect(slotRefusal(settings, taken, monday8, kst('2026-12-08T10:00:00'))).toBe('outside_hours');
    expect(slotRefusal(settings, taken, monday8, kst('2026-11-30T11:00:00'))).toBe('taken');
    expect(slotRefusal(settings, taken, monday8, new Date(Number.NaN))).toBe('too_soon');
  });

  it('allows a change until two hours before', () => {
    const start = kst('2026-11-30T10:00:00');
    expect(mayChangeMeeting(start, start.getTime() - BOOKING_CUTOFF_MS)).toBe(true);
    expect(mayChangeMeeting(start, start.getTime() - BOOKING_CUTOFF_MS + 1)).toBe(false);
  });
});

describe('settings', () => {
  it('accepts hours on the grid and refuses the rest', () => {
    expect(bookingSettingsSchema.safeParse(settings).success).toBe(true);
    const bad = (change: Partial<BookingSettings>) =>
      bookingSettingsSchema.safeParse({ ...settings, ...change }).success;
    expect(bad({ hours: [{ day: 1, start: '10:15', end: '12:00' }] })).toBe(false);
    expect(bad({ hours: [{ day: 1, start: '12:00', end: '10:00' }] })).toBe(false);
    expect(bad({ hours: [{ day: 7, start: '10:00', end: '12:00' }] })).toBe(false);
    expect(bad({ mode: 'video', videoUrl: null })).toBe(false);
    expect(bad({ mode: 'video', videoUrl: 'http://meet.example/x' })).toBe(false);
    expect(bad({ mode: 'video', videoUrl: 'https://meet.example/x' })).toBe(true);
    expect(bad({ lengthMinutes: 45 as 30 })).toBe(false);
    expect(bad({ daysOff: ['2026-13-01'] })).toBe(false);
  });
});

describe('several ranges a weekday', () => {
  const split: BookingSettings = {
    ...settings,
    hours: [
      { day: 1, start: '14:00', end: '18:00' },
      { day: 1, start: '10:00', end: '12:00' },
    ],
    daysOff: ['2026-12-07'],
  };

  it('offers the slots of every range of the day and none in the gap or on a day off', () => {
    const slots = freeSlots(split, [], monday8).map((slot) => slot.getTime());
    const monday = (hour: string) => kst(`2026-11-30T${hour}:00`).getTime();
    expect(slots.filter((slot) => slot < kst('2026-12-01T00:00').getTime())).toEqual(
      ['10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'].map(
        monday,
      ),
    );
    // The next Monday is a day off; nothing on the other weekdays.
    expect(slots.every((slot) => kstDay(new Date(slot)) === '2026-11-30')).toBe(true);
    expect(slotRefusal(split, [], monday8, kst('2026-11-30T13:00'))).toBe('outside_hours');
    expect(slotRefusal(split, [], monday8, kst('2026-11-30T15:00'))).toBeNull();
    // An hour-long meeting fits inside a range, never across the gap.
    const hour = freeSlots({ ...split, lengthMinutes: 60 }, [], monday8).map((slot) => slot.getTime());
    expect(hour).toContain(monday('11:00'));
    expect(hour).not.toContain(monday('11:30'));
  });

  it('names what is wrong: overlaps, a range that does not end after it starts, off the grid, bad dates', () => {
    expect(hoursProblems(split)).toEqual([]);
    expect(bookingSettingsSchema.safeParse(split).success).toBe(true);
    const touching = { ...split, hours: [...split.hours, { day: 1, start: '12:00', end: '14:00' }] };
    expect(hoursProblems(touching)).toEqual([]);
    const overlapping = { ...split, hours: [...split.hours, { day: 1, start: '11:30', end: '14:30' }] };
    expect(hoursProblems(overlapping)).toEqual([{ kind: 'overlap', day: 1 }]);
    expect(bookingSettingsSchema.safeParse(overlapping).success).toBe(false);
    // The same times on another weekday are no overlap.
    expect(hoursProblems({ ...split, hours: [...split.hours, { day: 2, start: '11:00', end: '15:00' }] })).toEqual([]);
    expect(
      hoursProblems({
        ...split,
        hours: [
          { day: 3, start: '12:00', end: '12:00' },
          { day: 4, start: '09:15', end: '10:00' },
        ],
        daysOff: ['2026-02-30'],
        mode: 'video',
        videoUrl: 'http://meet.example/x',
      }),
    ).toEqual([
      { kind: 'order', day: 3 },
      { kind: 'grid', day: 4 },
      { kind: 'day_off', value: '2026-02-30' },
      { kind: 'video_url' },
    ]);
    expect(hoursProblemsOf({ hours: 'all' })).toEqual([]);
    expect(hoursProblemsOf(overlapping)).toEqual([{ kind: 'overlap', day: 1 }]);
  });
});
