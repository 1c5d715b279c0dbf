/** Who is signed in, as the workspace's queries see it: the member, or null when signed out. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_AUTH_PATHS, type MeAnswer } from '../../../../domain/team-auth-api';
import { isUnauthorized, teamRequest } from '../../api/client';
import { ME_KEY, SIGNED_OUT_KEY } from '../../api/query-client';

export type SignedOutReason = 'idle' | 'signed_out' | null;

export function useMe() {
  const client = useQueryClient();
  return useQuery<MeAnswer | null>({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await teamRequest<MeAnswer>('GET', TEAM_AUTH_PATHS.me);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        if (client.getQueryData(ME_KEY)) client.setQueryData(SIGNED_OUT_KEY, 'idle');
        return null;
      }
    },
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in member may export every lead and erase leads: the screens hide those buttons otherwise
 * (the server refuses them anyway). A ceremony's answer does not say: owners until /me answers.
 */
export function useMayExportErase(): boolean {
  const me = useMe().data;
  return Boolean(me && mayExportErase(me));
}

/** The grant itself (decision 083): owners, and a member an owner allowed; owners until /me says. */
export function mayExportErase(me: Pick<MeAnswer, 'role' | 'mayExportErase'>): boolean {
  return me.mayExportErase ?? me.role === 'owner';
}

export function useSignedOutReason(): SignedOutReason {
  return useQuery<SignedOutReason>({
    queryKey: SIGNED_OUT_KEY,
    queryFn: () => null,
    enabled: false,
    initialData: null,
  }).data;
}

/** After a ceremony: the member is signed in, any note about the last session goes. */
export function useSignedIn() {
  const client = useQueryClient();
  return (member: MeAnswer) => {
    client.setQueryData(SIGNED_OUT_KEY, null);
    client.setQueryData(ME_KEY, member);
    // The ceremony's answer does not carry the export/erase grant: /me does.
    void client.invalidateQueries({ queryKey: ME_KEY });
  };
}
