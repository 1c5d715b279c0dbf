/** The members screen's server state: the member list, removing a member, inviting one (owners only). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_AUTH_PATHS, type InviteAnswer, type MembersAnswer, type Role } from '../../../../domain/team-auth-api';
import { teamRequest } from '../../api/client';

const MEMBERS_KEY = ['members'] as const;

export const useMembers = () =>
  useQuery({ queryKey: MEMBERS_KEY, queryFn: () => teamRequest<MembersAnswer>('GET', TEAM_AUTH_PATHS.members) });

/** Removes a member; the list follows. Resolves to the member removed (for the notice). */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: { id: string; email: string }) =>
      teamRequest<void>('DELETE', TEAM_AUTH_PATHS.member(member.id)).then(() => member),
    onSuccess: () => void client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** Mails an invite; the list (with its pending invites) follows. */
export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invite: { email: string; role: Role }) =>
      teamRequest<InviteAnswer>('POST', TEAM_AUTH_PATHS.members, invite),
    onSuccess: () => void client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
