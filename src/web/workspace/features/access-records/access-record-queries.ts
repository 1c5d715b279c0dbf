/** The access records screen's server state: the records, newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { TEAM_AUTH_PATHS, type AccessRecordsAnswer } from '../../../../domain/team-auth-api';
import { teamRequest } from '../../api/client';

/**
 * Read again each time the screen opens (a record is added by every view elsewhere), not on window focus: a later
 * page kept open would otherwise reload under the reader's eyes.
 */
export const useAccessRecords = () =>
  useInfiniteQuery({
    queryKey: ['access-records'],
    queryFn: ({ pageParam }) =>
      teamRequest<AccessRecordsAnswer>(
        'GET',
        pageParam ? `${TEAM_AUTH_PATHS.accessRecords}?before=${pageParam}` : TEAM_AUTH_PATHS.accessRecords,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
