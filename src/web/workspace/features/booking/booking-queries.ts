/** The meeting booking's server state (decision 104): the team's settings and one lead's meeting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_API_PATHS, type BookingSettings, type LeadMeetingAnswer } from '../../../../domain/booking';
import { teamRequest } from '../../api/client';
import { leadKey } from '../leads/lead-queries';

const SETTINGS_KEY = ['booking-settings'] as const;
/** Below the lead's key: a live `lead_changed` that refreshes the lead refreshes its meeting too. */
const meetingKey = (id: string) => [...leadKey(id), 'meeting'] as const;

export const useBookingSettings = () =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => teamRequest<BookingSettings>('GET', BOOKING_API_PATHS.settings),
  });

export function useSaveBookingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: BookingSettings) =>
      teamRequest<BookingSettings>('POST', BOOKING_API_PATHS.settings, settings),
    onSuccess: (settings) => client.setQueryData(SETTINGS_KEY, settings),
  });
}

export const useLeadMeeting = (id: string) =>
  useQuery({
    queryKey: meetingKey(id),
    queryFn: () => teamRequest<LeadMeetingAnswer>('GET', BOOKING_API_PATHS.meeting(id)),
  });

export type MeetingChange = { action: 'propose' } | { action: 'cancel' } | { action: 'move'; startsAt: string };

export function useMeetingChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MeetingChange) =>
      teamRequest<LeadMeetingAnswer>(
        'POST',
        BOOKING_API_PATHS[change.action](id),
        change.action === 'move' ? { startsAt: change.startsAt } : {},
      ),
    onSuccess: (answer) => {
      client.setQueryData(meetingKey(id), answer);
      void client.invalidateQueries({ queryKey: leadKey(id), exact: true });
    },
  });
}
