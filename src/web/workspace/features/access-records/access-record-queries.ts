/** The access records screen's server state: the records the filter lets through, newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  accessRecordsSearch,
  TEAM_AUTH_PATHS,
  type AccessRecordsAnswer,
  type AccessRecordsFilter,
} from '../../../../domain/team-auth-api';
import { teamRequest } from '../../api/client';

export const ACCESS_RECORDS_KEY = ['access-records'] as const;

/**
 * Read again each time the screen opens (a record is added by every view elsewhere), not on window focus: a later
 * page kept open would otherwise reload under the reader's eyes. The query string is built with the route's own
 * schema (domain/team-auth-api.ts), so the page cannot send a filter the server would refuse.
 */
export const useAccessRecords = (filter: AccessRecordsFilter = {}) =>
  useInfiniteQuery({
    queryKey: [...ACCESS_RECORDS_KEY, filter],
    queryFn: ({ pageParam }) =>
      teamRequest<AccessRecordsAnswer>(
        'GET',
        `${TEAM_AUTH_PATHS.accessRecords}${accessRecordsSearch({ ...filter, before: pageParam || undefined })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchOnMount: 'always',
    // A filter changed back (「모두 보기」) reads afresh too, not the list kept from its last reading.
    staleTime: 0,
    refetchOnWindowFocus: false,
    // A new filter keeps the last answer on screen (and the member list in its select) until its own arrives.
    placeholderData: (previous) => previous,
  });
