/**
 * The meeting hours screen and the lead page's meeting panel against a stubbed /team/api: an owner's weekdays,
 * days off and video link are sent as the settings schema says; a booked meeting can be moved or cancelled.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingWorkspaceCopy as copy } from '../../../content/booking-workspace';
import {
  BOOKING_API_PATHS,
  bookingSettingsSchema,
  NO_BOOKING_SETTINGS,
  type LeadMeetingAnswer,
} from '../../../domain/booking';
import { MeetingPanel } from '../features/booking/meeting-panel';
import { MeetingHoursScreen } from './meeting-hours';
import { renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';

const ID = '1234abcd-0000-4000-8000-000000000001';

describe('the meeting hours screen', () => {
  it('sends several ranges for one weekday, and says in Korean what overlaps instead of saving', async () => {
    const calls = stubTeamApi((_method, url, body) =>
      url === BOOKING_API_PATHS.settings ? (body ?? NO_BOOKING_SETTINGS) : { count: 0, leads: [] },
    );
    renderScreen(<MeetingHoursScreen />);
    const monday = copy.hours.weekday('월');
    fireEvent.click(await screen.findByLabelText(monday));
    fireEvent.change(screen.getByLabelText(`${monday} ${copy.hours.end}`), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: copy.hours.addRange(monday) }));
    const second = copy.hours.rangeLabel(monday, 1);
    fireEvent.change(screen.getByLabelText(`${second} ${copy.hours.start}`), { target: { value: '14:00' } });
    fireEvent.change(screen.getByLabelText(`${second} ${copy.hours.end}`), { target: { value: '18:00' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.hours.save }));
    });
    await screen.findByText(copy.hours.saved);
    const posts = () => calls.filter((call) => call.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect((posts()[0]!.body as { hours: unknown }).hours).toEqual([
      { day: 1, start: '10:00', end: '12:00' },
      { day: 1, start: '14:00', end: '18:00' },
    ]);
    expect(bookingSettingsSchema.safeParse(posts()[0]!.body).success).toBe(true);

    // 11:00–18:00 overlaps 10:00–12:00: the screen says so and sends nothing.
    fireEvent.change(screen.getByLabelText(`${second} ${copy.hours.start}`), { target: { value: '11:00' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.hours.save }));
    });
    expect(screen.getByTestId('hours-problems').textContent).toContain(copy.hours.problems.overlap(monday));
    expect(posts()).toHaveLength(1);
    // Removing the second range clears it.
    fireEvent.click(screen.getByRole('button', { name: copy.hours.removeRange(monday, 1) }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.hours.save }));
    });
    expect(screen.queryByTestId('hours-problems')).toBeNull();
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect((posts()[1]!.body as { hours: unknown }).hours).toEqual([{ day: 1, start: '10:00', end: '12:00' }]);
  });

  it('sends the weekdays, days off, length and video link the settings schema accepts', async () => {
    const calls = stubTeamApi((_method, url, body) =>
      url === BOOKING_API_PATHS.settings ? (body ?? NO_BOOKING_SETTINGS) : { count: 0, leads: [] },
    );
    renderScreen(<MeetingHoursScreen />);
    fireEvent.click(await screen.findByLabelText(copy.hours.weekday('월')));
    fireEvent.change(screen.getByLabelText(`${copy.hours.weekday('월')} ${copy.hours.end}`), {
      target: { value: '12:00' },
    });
    fireEvent.click(screen.getByLabelText(copy.hours.weekday('수')));
    fireEvent.change(screen.getByLabelText(new RegExp(copy.hours.daysOff)), {
      target: { value: '2026-12-25\n2026-12-31' },
    });
    fireEvent.click(screen.getByLabelText(copy.hours.modes.video));
    fireEvent.change(screen.getByLabelText(copy.hours.videoUrl), { target: { value: 'https://meet.example/x' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.hours.save }));
    });
    await screen.findByText(copy.hours.saved);
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.url).toBe(BOOKING_API_PATHS.settings);
    expect(sent.body).toEqual({
      hours: [
        { day: 1, start: '10:00', end: '12:00' },
        { day: 3, start: '10:00', end: '18:00' },
      ],
      daysOff: ['2026-12-25', '2026-12-31'],
      lengthMinutes: 30,
      mode: 'video',
      videoUrl: 'https://meet.example/x',
    });
    expect(bookingSettingsSchema.safeParse(sent.body).success).toBe(true);
  });
});

describe('the meeting panel', () => {
  const booked: LeadMeetingAnswer = {
    offered: true,
    proposedAt: null,
    meeting: {
      id: '5555aaaa-0000-4000-8000-000000000001',
      startsAt: '2026-11-30T01:00:00.000Z',
      endsAt: '2026-11-30T01:30:00.000Z',
      mode: 'phone',
      videoUrl: null,
      sequence: 0,
      mayChange: true,
    },
    slots: ['2026-11-30T02:00:00.000Z'],
  };

  it('proposes a meeting before the prototype', async () => {
    const calls = stubTeamApi((method) =>
      method === 'POST'
        ? { offered: true, proposedAt: 'x', meeting: null, slots: [] }
        : { ...booked, offered: false, meeting: null },
    );
    renderScreen(<MeetingPanel leadId={ID} />);
    fireEvent.click(await screen.findByRole('button', { name: copy.panel.propose }));
    await screen.findByText(copy.panel.offered);
    expect(calls.find((call) => call.method === 'POST')!.url).toBe(BOOKING_API_PATHS.propose(ID));
  });

  it('shows the booked time and moves or cancels it', async () => {
    const calls = stubTeamApi(() => booked);
    renderScreen(<MeetingPanel leadId={ID} />);
    await screen.findByText(copy.panel.booked('2026년 11월 30일 (월) 오전 10:00'));
    fireEvent.change(screen.getByLabelText(copy.panel.moveLabel), { target: { value: booked.slots[0] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.panel.move }));
    });
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: BOOKING_API_PATHS.move(ID),
        body: { startsAt: booked.slots[0] },
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: copy.panel.cancel }));
    });
    await waitFor(() => expect(calls.some((call) => call.url === BOOKING_API_PATHS.cancel(ID))).toBe(true));
  });
});
