/** The leads' server state (TanStack Query): keys, queries and the changes, which refresh the lead, the inbox and the figures. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StageChange } from '../../../../domain/stages';
import {
  LEAD_FIGURES_PATH,
  leadActionPath,
  leadPath,
  LEADS_PATH,
  type LeadDetail,
  type LeadErased,
  type LeadFigures,
  type LeadList,
  type LeadListQuery,
} from '../../../../domain/workspace-api';
import { teamRequest } from '../../api/client';

export const LEADS_KEY = ['leads'] as const;
export const leadKey = (id: string) => ['lead', id] as const;
/** Who erased a lead while this page was open (the live `lead_erased` event): the founder, or a member. */
export const erasedLeadKey = (id: string) => ['lead-erased', id] as const;
export type ErasedBy = 'founder' | 'team';
export const FIGURES_KEY = ['lead-figures'] as const;

export function inboxSearch(query: LeadListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const useInbox = (query: LeadListQuery) =>
  useQuery({
    queryKey: [...LEADS_KEY, query],
    queryFn: () => teamRequest<LeadList>('GET', `${LEADS_PATH}${inboxSearch(query)}`),
    placeholderData: (previous) => previous,
  });

export const useFigures = () =>
  useQuery({ queryKey: FIGURES_KEY, queryFn: () => teamRequest<LeadFigures>('GET', LEAD_FIGURES_PATH) });

export const useLead = (id: string) =>
  useQuery({ queryKey: leadKey(id), queryFn: () => teamRequest<LeadDetail>('GET', leadPath(id)) });

/** Set by the live updates when the lead was erased while open; never fetched. */
export const useErasedBy = (id: string) =>
  useQuery<ErasedBy | null>({
    queryKey: erasedLeadKey(id),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  }).data ?? null;

export type LeadChange =
  | { action: 'stage'; body: StageChange }
  | { action: 'owner'; body: { ownerId: string | null } }
  | { action: 'notes'; body: { text: string } }
  | { action: 'release'; body: Record<string, never> }
  | { action: 'close'; body: Record<string, never> };

/** A change to one lead: the answer is the lead as it now is; the inbox and figures are fetched again. */
export function useLeadChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LeadChange) => teamRequest<LeadDetail>('POST', leadActionPath(id, change.action), change.body),
    onSuccess: (lead) => {
      client.setQueryData(leadKey(id), lead);
      void client.invalidateQueries({ queryKey: LEADS_KEY });
      void client.invalidateQueries({ queryKey: FIGURES_KEY });
    },
  });
}

export function useEraseLead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => teamRequest<LeadErased>('DELETE', leadPath(id), { confirm }),
    onSuccess: () => {
      client.removeQueries({ queryKey: leadKey(id) });
      void client.invalidateQueries({ queryKey: LEADS_KEY });
      void client.invalidateQueries({ queryKey: FIGURES_KEY });
    },
  });
}
