/** A card's move on the board: the same stage change the lead page makes, and the same refreshes after it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StageChange } from '../../../../domain/stages';
import { leadActionPath, type LeadDetail } from '../../../../domain/workspace-api';
import { teamRequest } from '../../api/client';
import { FIGURES_KEY, leadKey, LEADS_KEY } from '../leads/lead-queries';

export function useBoardMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: StageChange }) =>
      teamRequest<LeadDetail>('POST', leadActionPath(id, 'stage'), change),
    onSuccess: (lead) => {
      client.setQueryData(leadKey(lead.id), lead);
      void client.invalidateQueries({ queryKey: LEADS_KEY });
      void client.invalidateQueries({ queryKey: FIGURES_KEY });
    },
  });
}
