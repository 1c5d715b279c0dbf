/**
 * The meeting the founder books on the status page (decision 104): the team's weekly hours in Korean time (KST),
 * its days off, the meeting's length and how it happens, and the free slots they leave. Pure functions of the
 * settings, the cells already taken and `now`, shared by the server (status page, workspace API) and the
 * workspace's hours screen; the database's primary key on each taken cell (server/booking/) is what keeps a slot
 * from being booked twice, these functions only decide what to offer and why a request is refused.
 *
 * Time is cut into cells of MEETING_CELL_MINUTES from the hour in KST. A meeting starts on a cell and covers
 * `lengthMinutes / MEETING_CELL_MINUTES` cells. Korea keeps UTC+9 all year (domain/kst.ts), so a KST wall time is
 * one fixed instant.
 */
import { z } from 'zod';
import { KST_OFFSET_MS, kstDay } from './kst';

/** The grid every meeting starts on, and the unit the database locks. */
export const MEETING_CELL_MINUTES = 30;
/** The lengths the team may choose; each a whole number of cells. */
export const MEETING_LENGTHS = [30, 60] as const;
export type MeetingLength = (typeof MEETING_LENGTHS)[number];
/** How far ahead the status page offers slots. */
export const BOOKING_HORIZON_DAYS = 7;
/** A slot must start at least this long after now; a booked meeting can be cancelled or moved until then. */
export const BOOKING_CUTOFF_MS = 2 * 3_600_000;
/**
 * Changes (book, move, cancel) one status link may make to its meeting in an hour: the link is the founder's only
 * key, so a leaked one must not mail both sides without end (issue 47, item 1). Enough for a founder who changes
 * their mind twice and cancels.
 */
export const FOUNDER_MEETING_CHANGES_PER_HOUR = 5;
/** When the reminders go: the day before and one hour before. */
export const MEETING_REMINDERS = { day: 24 * 3_600_000, hour: 3_600_000 } as const;
export type MeetingReminder = keyof typeof MEETING_REMINDERS;

export const MEETING_MODES = ['video', 'phone'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay counts (of the KST wall time). */
export const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 0] as const;

const CELL_MS = MEETING_CELL_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** "HH:MM" on the cell grid, 00:00–24:00. */
const clock = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/)
  .refine((value) => minutesOf(value) % MEETING_CELL_MINUTES === 0);

/** One stretch of a weekday when the team takes meetings, in KST. */
export const hoursRangeSchema = z
  .object({ day: z.number().int().min(0).max(6), start: clock, end: clock })
  .refine((range) => minutesOf(range.start) < minutesOf(range.end));

export const MEETING_LIMITS = { ranges: 21, daysOff: 90, videoUrl: 2000 } as const;

/**
 * What is wrong with an owner's hours, in the order the screen shows them (the words: content/booking-workspace.ts):
 * a range that does not end after it starts or is off the half-hour grid, two ranges of one weekday that overlap
 * (touching is fine: 10:00–12:00 and 12:00–14:00), a day off that is not a date, too many ranges or days off, a
 * video meeting without an https link.
 */
export type HoursProblem =
  | { kind: 'order'; day: number }
  | { kind: 'grid'; day: number }
  | { kind: 'overlap'; day: number }
  | { kind: 'day_off'; value: string }
  | { kind: 'too_many_ranges' }
  | { kind: 'too_many_days_off' }
  | { kind: 'video_url' };

const CLOCK_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The limits a problem's message names (content/booking-workspace.ts `hoursProblemText`). */
export const HOURS_PROBLEM_LIMITS = {
  cellMinutes: MEETING_CELL_MINUTES,
  ranges: MEETING_LIMITS.ranges,
  daysOff: MEETING_LIMITS.daysOff,
} as const;

/** Every problem of the settings (an empty list: they may be saved); the schema below refuses the same. */
export function hoursProblems(settings: {
  hours: readonly { day: number; start: string; end: string }[];
  daysOff: readonly string[];
  mode: MeetingMode;
  videoUrl: string | null;
}): HoursProblem[] {
  const problems: HoursProblem[] = [];
  if (settings.hours.length > MEETING_LIMITS.ranges) problems.push({ kind: 'too_many_ranges' });
  for (const day of WEEKDAY_NUMBERS) {
    const ranges = settings.hours.filter((range) => range.day === day);
    const onGrid = (value: string) => CLOCK_PATTERN.test(value) && minutesOf(value) % MEETING_CELL_MINUTES === 0;
    if (ranges.some((range) => !onGrid(range.start) || !onGrid(range.end))) {
      problems.push({ kind: 'grid', day });
      continue;
    }
    if (ranges.some((range) => minutesOf(range.start) >= minutesOf(range.end))) {
      problems.push({ kind: 'order', day });
      continue;
    }
    const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    if (sorted.some((range, index) => index > 0 && minutesOf(range.start) < minutesOf(sorted[index - 1]!.end)))
      problems.push({ kind: 'overlap', day });
  }
  if (settings.daysOff.length > MEETING_LIMITS.daysOff) problems.push({ kind: 'too_many_days_off' });
  for (const value of settings.daysOff)
    if (!z.iso.date().safeParse(value).success) problems.push({ kind: 'day_off', value });
  if (
    settings.mode === 'video' &&
    !z
      .url({ protocol: /^https$/ })
      .max(MEETING_LIMITS.videoUrl)
      .safeParse(settings.videoUrl ?? '').success
  )
    problems.push({ kind: 'video_url' });
  return problems;
}

/** The settings' shape, loosely (strings and numbers where the schema wants more): what `hoursProblems` can read. */
const looseSettingsSchema = z.object({
  hours: z.array(z.object({ day: z.number().int().min(0).max(6), start: z.string(), end: z.string() })),
  daysOff: z.array(z.string()),
  mode: z.enum(MEETING_MODES),
  videoUrl: z.string().nullable(),
});

/** The problems of a body the settings schema refused; empty when it is not even settings-shaped. */
export function hoursProblemsOf(value: unknown): HoursProblem[] {
  const loose = looseSettingsSchema.safeParse(value);
  return loose.success ? hoursProblems(loose.data) : [];
}

/** The team's booking settings as the workspace sends them and the server stores them (owners only). */
export const bookingSettingsSchema = z
  .object({
    hours: z.array(hoursRangeSchema).max(MEETING_LIMITS.ranges),
    daysOff: z
      .array(z.iso.date())
      .max(MEETING_LIMITS.daysOff)
      .transform((days) => [...new Set(days)].sort()),
    lengthMinutes: z.union(MEETING_LENGTHS.map((length) => z.literal(length))),
    mode: z.enum(MEETING_MODES),
    videoUrl: z
      .url({ protocol: /^https$/ })
      .max(MEETING_LIMITS.videoUrl)
      .nullable(),
  })
  .refine((settings) => settings.mode === 'phone' || settings.videoUrl !== null, { path: ['videoUrl'] })
  // Two ranges of one weekday may not overlap (each range alone is checked above).
  .refine((settings) => !hoursProblems(settings).some((problem) => problem.kind === 'overlap'), { path: ['hours'] });
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** Before an owner set anything: no hours, so nothing is offered. */
export const NO_BOOKING_SETTINGS: BookingSettings = {
  hours: [],
  daysOff: [],
  lengthMinutes: 30,
  mode: 'phone',
  videoUrl: null,
};

export function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The instant of `minutes` after midnight KST on the Korean day `day` (YYYY-MM-DD). */
function kstInstant(day: string, minutes: number): number {
  return Date.parse(`${day}T00:00:00Z`) - KST_OFFSET_MS + minutes * 60_000;
}

/** The weekday (0 = Sunday) of a Korean day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The cells (their start instants, ms) a meeting starting at `start` covers. */
export function cellsOf(start: Date | number, lengthMinutes: number): number[] {
  const from = typeof start === 'number' ? start : start.getTime();
  return Array.from({ length: Math.ceil(lengthMinutes / MEETING_CELL_MINUTES) }, (_, index) => from + index * CELL_MS);
}

/** The earliest and latest start the page may offer at `now`. */
export function bookingWindow(now: Date | number): { from: number; until: number } {
  const at = typeof now === 'number' ? now : now.getTime();
  return { from: at + BOOKING_CUTOFF_MS, until: at + BOOKING_HORIZON_DAYS * DAY_MS };
}

/** Every start within the weekly hours (not a day off, the whole meeting inside a range) in the window. */
function startsWithinHours(settings: BookingSettings, now: Date | number): number[] {
  const { from, until } = bookingWindow(now);
  const daysOff = new Set(settings.daysOff);
  const starts: number[] = [];
  const firstDay = Date.parse(`${kstDay(new Date(from))}T00:00:00Z`);
  for (let dayMs = firstDay; dayMs - KST_OFFSET_MS <= until; dayMs += DAY_MS) {
    const day = new Date(dayMs).toISOString().slice(0, 10);
    if (daysOff.has(day)) continue;
    const weekday = weekdayOf(day);
    const ranges = settings.hours.filter((range) => range.day === weekday);
    for (const range of ranges)
      for (
        let minute = minutesOf(range.start);
        minute + settings.lengthMinutes <= minutesOf(range.end);
        minute += MEETING_CELL_MINUTES
      ) {
        const start = kstInstant(day, minute);
        if (start >= from && start <= until) starts.push(start);
      }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** The free slots at `now`: within the hours and the window, none of their cells taken. */
export function freeSlots(settings: BookingSettings, taken: Iterable<number>, now: Date | number): Date[] {
  const busy = new Set(taken);
  return startsWithinHours(settings, now)
    .filter((start) => cellsOf(start, settings.lengthMinutes).every((cell) => !busy.has(cell)))
    .map((start) => new Date(start));
}

export type SlotRefusal = 'too_soon' | 'outside_hours' | 'taken';

/** Why `start` cannot be booked at `now`, or null when it is a free slot. */
export function slotRefusal(
  settings: BookingSettings,
  taken: Iterable<number>,
  now: Date | number,
  start: Date,
): SlotRefusal | null {
  const at = start.getTime();
  if (!Number.isFinite(at) || at < bookingWindow(now).from) return 'too_soon';
  if (!startsWithinHours(settings, now).includes(at)) return 'outside_hours';
  const busy = new Set(taken);
  return cellsOf(at, settings.lengthMinutes).some((cell) => busy.has(cell)) ? 'taken' : null;
}

/** Whether either side may still cancel or move a meeting starting at `start`. */
export const mayChangeMeeting = (start: Date | number, now: Date | number) =>
  (typeof now === 'number' ? now : now.getTime()) <=
  (typeof start === 'number' ? start : start.getTime()) - BOOKING_CUTOFF_MS;

/** Slots grouped by their Korean day, in order: what the status page lists. */
export function slotsByDay(slots: Date[]): { day: string; slots: Date[] }[] {
  const days = new Map<string, Date[]>();
  for (const slot of slots) {
    const day = kstDay(slot);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** "오후 3:00" style KST wall time of a slot, for the buttons (the day is the group's heading). */
export function kstClock(instant: Date): string {
  const kst = new Date(instant.getTime() + KST_OFFSET_MS);
  const hours = kst.getUTCHours();
  return `${hours < 12 ? '오전' : '오후'} ${hours % 12 === 0 ? 12 : hours % 12}:${String(kst.getUTCMinutes()).padStart(2, '0')}`;
}

/** The workspace API's answers about a lead's meeting (server/booking/booking-team-routes.ts). */
export interface LeadMeetingAnswer {
  /** Offered on the status page: the prototype went out, or the team proposed it. */
  offered: boolean;
  proposedAt: string | null;
  meeting: {
    id: string;
    startsAt: string;
    endsAt: string;
    mode: MeetingMode;
    videoUrl: string | null;
    sequence: number;
    mayChange: boolean;
  } | null;
  /** Free starts the team may move the meeting to (ISO). */
  slots: string[];
}

export const meetingMoveSchema = z.object({ startsAt: z.iso.datetime({ offset: true }) });

/** The workspace API's paths for booking (below TEAM_API_PATH). */
export const BOOKING_API_PATHS = {
  settings: '/team/api/booking/settings',
  meeting: (leadId: string) => `/team/api/leads/${leadId}/meeting`,
  propose: (leadId: string) => `/team/api/leads/${leadId}/meeting/propose`,
  move: (leadId: string) => `/team/api/leads/${leadId}/meeting/move`,
  cancel: (leadId: string) => `/team/api/leads/${leadId}/meeting/cancel`,
} as const;

/** The status page's booking posts, below the status link. */
export const bookingSubpaths = { book: 'meeting/book', move: 'meeting/move', cancel: 'meeting/cancel' } as const;

/** The status page's meeting section's anchor: the meeting offer's mail links straight to it. */
export const BOOKING_SECTION_ID = 'st-meeting';

/**
 * The founder's cancel takes two posts without JavaScript: the first (no field) answers with a page that asks, whose
 * form posts this field with this value; only that second post cancels.
 */
export const BOOKING_CANCEL_CONFIRM = { field: 'confirm', value: 'yes' } as const;
