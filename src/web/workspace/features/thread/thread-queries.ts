/**
 * The lead's thread (decision 101) as server state: under the lead's own key, so a live event about the lead (the
 * founder answered) fetches it again with the lead. Sending a message or a quote answers with the thread as it is.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuoteDraft } from '../../../../domain/quote';
import {
  leadContractCountersignPath,
  leadContractDepositPath,
  leadContractsPath,
  leadThreadBounceClearPath,
  leadQuotesPath,
  leadQuoteWithdrawPath,
  leadThreadMessagesPath,
  leadThreadPath,
  type ThreadView,
} from '../../../../domain/thread';
import { teamRequest } from '../../api/client';
import { leadKey } from '../leads/lead-queries';

export const threadKey = (id: string) => [...leadKey(id), 'thread'] as const;

export const useThread = (id: string) =>
  useQuery({ queryKey: threadKey(id), queryFn: () => teamRequest<ThreadView>('GET', leadThreadPath(id)) });

export type ThreadSend = { kind: 'message'; body: string } | { kind: 'quote'; draft: QuoteDraft };

export function useThreadSend(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (send: ThreadSend) =>
      send.kind === 'message'
        ? teamRequest<ThreadView>('POST', leadThreadMessagesPath(id), { body: send.body })
        : teamRequest<ThreadView>('POST', leadQuotesPath(id), send.draft),
    onSuccess: (thread) => {
      client.setQueryData(threadKey(id), thread);
      // The timeline shows the message; the lead is fetched again.
      void client.invalidateQueries({ queryKey: leadKey(id), exact: true });
    },
  });
}

/** The team withdraws a quote the founder has not accepted (issue 50); answers with the thread as it is. */
export function useQuoteWithdraw(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => teamRequest<ThreadView>('POST', leadQuoteWithdrawPath(id, quoteId)),
    onSuccess: (thread) => {
      client.setQueryData(threadKey(id), thread);
      void client.invalidateQueries({ queryKey: leadKey(id), exact: true });
    },
  });
}

/** The service agreement (decision 150): send one from an accepted quote, countersign it, mark its deposit. */
export type ContractAction =
  | { kind: 'send'; quoteId: string; schedule: string }
  | { kind: 'countersign'; contractId: string }
  | { kind: 'deposit'; contractId: string };

export function useContractAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ContractAction) =>
      action.kind === 'send'
        ? teamRequest<ThreadView>('POST', leadContractsPath(id), { quoteId: action.quoteId, schedule: action.schedule })
        : teamRequest<ThreadView>(
            'POST',
            action.kind === 'countersign'
              ? leadContractCountersignPath(id, action.contractId)
              : leadContractDepositPath(id, action.contractId),
          ),
    onSuccess: (thread) => {
      client.setQueryData(threadKey(id), thread);
      // The timeline and the stage (계약) change with it.
      void client.invalidateQueries({ queryKey: leadKey(id), exact: true });
    },
  });
}

/** The team clears the bounce mark on the founder's address (decision 140); answers with the thread as it is. */
export function useBounceClear(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => teamRequest<ThreadView>('POST', leadThreadBounceClearPath(id)),
    onSuccess: (thread) => {
      client.setQueryData(threadKey(id), thread);
      void client.invalidateQueries({ queryKey: leadKey(id), exact: true });
    },
  });
}
