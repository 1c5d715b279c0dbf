/**
 * Owners: the team's meeting hours (decision 104): for each weekday whether the team takes meetings and from when
 * to when (KST, on the half-hour grid), days off, the meeting's length and how it happens (a video link or a phone
 * call). The server checks the same schema (domain/booking.ts) and refuses members.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { bookingWorkspaceCopy } from '../../../content/booking-workspace';
import {
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

type DayRow = { open: boolean; start: string; end: string };

function rowsOf(settings: BookingSettings): Record<number, DayRow> {
  return Object.fromEntries(
    WEEKDAY_NUMBERS.map((day) => {
      const range = settings.hours.find((candidate) => candidate.day === day);
      return [day, { open: Boolean(range), start: range?.start ?? '10:00', end: range?.end ?? '18:00' }];
    }),
  );
}

function HoursForm({ initial }: { initial: BookingSettings }) {
  const save = useSaveBookingSettings();
  const [days, setDays] = useState(() => rowsOf(initial));
  const [daysOff, setDaysOff] = useState(initial.daysOff.join('\n'));
  const [length, setLength] = useState<MeetingLength>(initial.lengthMinutes);
  const [mode, setMode] = useState<MeetingMode>(initial.mode);
  const [videoUrl, setVideoUrl] = useState(initial.videoUrl ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      hours: WEEKDAY_NUMBERS.filter((day) => days[day]!.open).map((day) => ({
        day,
        start: days[day]!.start,
        end: days[day]!.end,
      })),
      daysOff: daysOff
        .split(/\s+/)
        .map((day) => day.trim())
        .filter(Boolean),
      lengthMinutes: length,
      mode,
      videoUrl: mode === 'video' ? videoUrl.trim() || null : null,
    });
  };
  const setDay = (day: number, change: Partial<DayRow>) => setDays({ ...days, [day]: { ...days[day]!, ...change } });
  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-6" data-testid="meeting-hours-form">
      <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 font-bold">{copy.title}</legend>
        <ul className="divide-y divide-slate-100">
          {WEEKDAY_NUMBERS.map((day) => {
            const name = copy.weekday(copy.weekdays[day]!);
            return (
              <li key={day} className="flex flex-wrap items-center gap-3 py-2">
                <label className="flex min-h-11 min-w-32 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={days[day]!.open}
                    onChange={(event) => setDay(day, { open: event.target.checked })}
                  />
                  {name}
                </label>
                <label className="flex items-center gap-1 text-sm">
                  {copy.start}
                  <select
                    className={input}
                    value={days[day]!.start}
                    disabled={!days[day]!.open}
                    aria-label={`${name} ${copy.start}`}
                    onChange={(event) => setDay(day, { start: event.target.value })}
                  >
                    {TIMES.slice(0, -1).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center gap-1 text-sm">
                  {copy.end}
                  <select
                    className={input}
                    value={days[day]!.end}
                    disabled={!days[day]!.open}
                    aria-label={`${name} ${copy.end}`}
                    onChange={(event) => setDay(day, { end: event.target.value })}
                  >
                    {TIMES.slice(1).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </label>
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
        {save.isError && (
          <p role="alert" className="text-red-800">
            {save.error.message}
          </p>
        )}
      </div>
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
