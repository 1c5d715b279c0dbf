/** The signed-in member's unread leads (server: team/lead-reads.ts): the inbox's markers and the tab title's count. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNREAD_LEADS_PATH, type UnreadLeads } from '../../../../domain/workspace-events';
import { teamRequest } from '../../api/client';
import { useMe } from '../auth/session';

export const UNREAD_KEY = ['unread-leads'] as const;

/** Asked only while someone is signed in (a signed-out page must not ask, or its 401 would read as a lost session). */
export function useUnread() {
  const me = useMe();
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => teamRequest<UnreadLeads>('GET', UNREAD_LEADS_PATH),
    enabled: Boolean(me.data),
  });
}

/** Opening a lead's page marks it read on the server: the markers and the count are fetched again after each load. */
export function useMarkedRead(loadedAt: number) {
  const client = useQueryClient();
  useEffect(() => {
    if (loadedAt) void client.invalidateQueries({ queryKey: UNREAD_KEY });
  }, [client, loadedAt]);
}
