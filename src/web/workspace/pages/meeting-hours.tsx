/**
 * Owners: the team's meeting hours (decision 104): for each weekday whether the team takes meetings and its ranges
 * (KST, on the half-hour grid; several a day, e.g. 10:00–12:00 and 14:00–18:00), days off, the meeting's length and
 * how it happens (a video link or a phone call). The screen checks the hours as the server does
 * (domain/booking.ts `hoursProblems`: start before end, no overlap, dates) and says what is wrong before saving;
 * the server refuses the same, and members.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { bookingWorkspaceCopy, hoursProblemText } from '../../../content/booking-workspace';
import {
  HOURS_PROBLEM_LIMITS,
  hoursProblems,
  MEETING_CELL_MINUTES,
  MEETING_LENGTHS,
  MEETING_MODES,
  WEEKDAY_NUMBERS,
  type BookingSettings,
  type MeetingLength,
  type MeetingMode,
} from '../../../domain/booking';
import type { MeAnswer } from '../../../domain/team-auth-api';
import { ME_KEY } from '../api/query-client';
import { useDocumentTitle } from '../document-title';
import { useBookingSettings, useSaveBookingSettings } from '../features/booking/booking-queries';

const copy = bookingWorkspaceCopy.hours;
const TIMES = Array.from({ length: (24 * 60) / MEETING_CELL_MINUTES + 1 }, (_, index) => {
  const minutes = index * MEETING_CELL_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const input = 'min-h-11 rounded-lg border border-slate-300 px-2';

type Range = { start: string; end: string };
type DayRow = { open: boolean; ranges: Range[] };
const NEW_RANGE: Range = { start: '10:00', end: '18:00' };

function rowsOf(settings: BookingSettings): Record<number, DayRow> {
  return Object.fromEntries(
    WEEKDAY_NUMBERS.map((day) => {
      const ranges = settings.hours
        .filter((candidate) => candidate.day === day)
        .map(({ start, end }) => ({ start, end }))
        .sort((a, b) => a.start.localeCompare(b.start));
      return [day, { open: ranges.length > 0, ranges: ranges.length > 0 ? ranges : [NEW_RANGE] }];
    }),
  );
}

function TimeSelect({
  label,
  value,
  times,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  times: string[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      className={input}
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
    >
      {times.map((time) => (
        <option key={time}>{time}</option>
      ))}
    </select>
  );
}

function HoursForm({ initial }: { initial: BookingSettings }) {
  const save = useSaveBookingSettings();
  const [days, setDays] = useState(() => rowsOf(initial));
  const [daysOff, setDaysOff] = useState(initial.daysOff.join('\n'));
  const [length, setLength] = useState<MeetingLength>(initial.lengthMinutes);
  const [mode, setMode] = useState<MeetingMode>(initial.mode);
  const [videoUrl, setVideoUrl] = useState(initial.videoUrl ?? '');
  const [problems, setProblems] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const settings = {
      hours: WEEKDAY_NUMBERS.filter((day) => days[day]!.open).flatMap((day) =>
        days[day]!.ranges.map((range) => ({ day, start: range.start, end: range.end })),
      ),
      daysOff: daysOff
        .split(/\s+/)
        .map((day) => day.trim())
        .filter(Boolean),
      lengthMinutes: length,
      mode,
      videoUrl: mode === 'video' ? videoUrl.trim() || null : null,
    };
    const found = hoursProblems(settings).map((problem) => hoursProblemText(problem, HOURS_PROBLEM_LIMITS));
    setProblems(found);
    if (found.length === 0) save.mutate(settings);
  };
  const setDay = (day: number, change: Partial<DayRow>) => setDays({ ...days, [day]: { ...days[day]!, ...change } });
  const setRange = (day: number, index: number, change: Partial<Range>) =>
    setDay(day, {
      ranges: days[day]!.ranges.map((range, at) => (at === index ? { ...range, ...change } : range)),
    });
  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-6" data-testid="meeting-hours-form" noValidate>
      <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 font-bold">{copy.title}</legend>
        <ul className="divide-y divide-slate-100">
          {WEEKDAY_NUMBERS.map((day) => {
            const name = copy.weekday(copy.weekdays[day]!);
            const row = days[day]!;
            return (
              <li key={day} className="flex flex-wrap items-start gap-3 py-2">
                <label className="flex min-h-11 min-w-32 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={row.open}
                    onChange={(event) => setDay(day, { open: event.target.checked })}
                  />
                  {name}
                </label>
                <div className="flex flex-col gap-2">
                  {row.ranges.map((range, index) => {
                    const label = copy.rangeLabel(name, index);
                    return (
                      <div key={index} className="flex flex-wrap items-center gap-3" data-testid="hours-range">
                        <label className="flex items-center gap-1 text-sm">
                          {copy.start}
                          <TimeSelect
                            label={`${label} ${copy.start}`}
                            value={range.start}
                            times={TIMES.slice(0, -1)}
                            disabled={!row.open}
                            onChange={(start) => setRange(day, index, { start })}
                          />
                        </label>
                        <label className="flex items-center gap-1 text-sm">
                          {copy.end}
                          <TimeSelect
                            label={`${label} ${copy.end}`}
                            value={range.end}
                            times={TIMES.slice(1)}
                            disabled={!row.open}
                            onChange={(end) => setRange(day, index, { end })}
                          />
                        </label>
                        {index > 0 && (
                          <button
                            type="button"
                            className="min-h-11 rounded-lg px-2 text-sm text-red-800 underline"
                            aria-label={copy.removeRange(name, index)}
                            disabled={!row.open}
                            onClick={() => setDay(day, { ranges: row.ranges.filter((_, at) => at !== index) })}
                          >
                            {copy.removeRangeShort}
                          </button>
                        )}
                      </div>
                    );
                  })}
                  {row.open && (
                    <button
                      type="button"
                      className="min-h-11 self-start rounded-lg border border-slate-300 px-3 text-sm"
                      aria-label={copy.addRange(name)}
                      onClick={() => {
                        // The next range starts where the last one ended (an hour later when it can).
                        const last = row.ranges.at(-1) ?? NEW_RANGE;
                        const from = Math.min(TIMES.indexOf(last.end) + 60 / MEETING_CELL_MINUTES, TIMES.length - 2);
                        const start = TIMES[from]!;
                        const end = TIMES[Math.min(from + 120 / MEETING_CELL_MINUTES, TIMES.length - 1)]!;
                        setDay(day, { ranges: [...row.ranges, { start, end }] });
                      }}
                    >
                      {copy.addRangeShort}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{copy.daysOff}</span>
        <span className="text-sm text-slate-600">{copy.daysOffHint}</span>
        <textarea
          className="min-h-24 rounded-lg border border-slate-300 p-2 font-mono"
          value={daysOff}
          onChange={(event) => setDaysOff(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{copy.length}</span>
        <select
          className={input}
          value={length}
          onChange={(event) => setLength(Number(event.target.value) as MeetingLength)}
        >
          {MEETING_LENGTHS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {copy.lengthOption(minutes)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">{copy.mode}</legend>
        {MEETING_MODES.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="meeting-mode" checked={mode === option} onChange={() => setMode(option)} />
            {copy.modes[option]}
          </label>
        ))}
        {mode === 'video' && (
          <label className="flex flex-col gap-1">
            <span className="text-sm">{copy.videoUrl}</span>
            <input
              type="url"
              className={input}
              value={videoUrl}
              required
              onChange={(event) => setVideoUrl(event.target.value)}
            />
          </label>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-indigo-600 px-4 font-semibold text-white disabled:opacity-60"
          disabled={save.isPending}
        >
          {copy.save}
        </button>
        {save.isSuccess && (
          <p role="status" className="text-green-900">
            {copy.saved}
          </p>
        )}
        {save.isError && problems.length === 0 && (
          <p role="alert" className="text-red-800">
            {save.error.message}
          </p>
        )}
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-red-800" data-testid="hours-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </form>
  );
}

export function MeetingHoursScreen() {
  useDocumentTitle(copy.title);
  const me = useQueryClient().getQueryData<MeAnswer>(ME_KEY);
  const settings = useBookingSettings();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.title}</h1>
      <p className="mb-6 text-slate-700">{copy.intro}</p>
      {me && me.role !== 'owner' ? (
        <p className="text-slate-700">{copy.ownersOnly}</p>
      ) : settings.isError ? (
        <p role="alert" className="text-red-800">
          {settings.error.message}
        </p>
      ) : settings.data ? (
        <HoursForm initial={settings.data} />
      ) : null}
    </>
  );
}
