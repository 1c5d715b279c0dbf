/** The replies that name no lead (decision 142): the list, and attaching or dismissing one (each answers the list). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  UNMATCHED_MAIL_PATH,
  unmatchedAttachPath,
  unmatchedDismissPath,
  type UnmatchedMailList,
} from '../../../../domain/mailbox-review';
import { teamRequest } from '../../api/client';

const UNMATCHED_KEY = ['mailbox-unmatched'] as const;

export const useUnmatchedMail = () =>
  useQuery({ queryKey: UNMATCHED_KEY, queryFn: () => teamRequest<UnmatchedMailList>('GET', UNMATCHED_MAIL_PATH) });

export type UnmatchedAction = { kind: 'attach'; key: string; reference: string } | { kind: 'dismiss'; key: string };

export function useUnmatchedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UnmatchedAction) =>
      action.kind === 'attach'
        ? teamRequest<UnmatchedMailList>('POST', unmatchedAttachPath(action.key), { reference: action.reference })
        : teamRequest<UnmatchedMailList>('POST', unmatchedDismissPath(action.key)),
    onSuccess: (list) => client.setQueryData(UNMATCHED_KEY, list),
    // Another member handled it first: the list as it is now.
    onError: () => void client.invalidateQueries({ queryKey: UNMATCHED_KEY }),
  });
}
