/**
 * The members screen's server state (owners only): the member list with the pending invites, removing a member,
 * inviting one (which also re-issues: the address's earlier link stops working), revoking an invite, changing a
 * member's role, and giving or taking back the export-and-erase grant.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_AUTH_PATHS, type InviteAnswer, type MembersAnswer, type Role } from '../../../../domain/team-auth-api';
import { teamRequest } from '../../api/client';

const MEMBERS_KEY = ['members'] as const;

export const useMembers = () =>
  useQuery({ queryKey: MEMBERS_KEY, queryFn: () => teamRequest<MembersAnswer>('GET', TEAM_AUTH_PATHS.members) });

/** A change to the list: the list follows it, whether it went through or not (another owner may have been first). */
function useMembersChange<T, R>(request: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => void client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** Removes a member. Resolves to the member removed (for the notice). */
export const useRemoveMember = () =>
  useMembersChange((member: { id: string; email: string }) =>
    teamRequest<void>('DELETE', TEAM_AUTH_PATHS.member(member.id)).then(() => member),
  );

/** Mails an invite; an earlier unused invite to the same address is revoked with it (a re-issue). */
export const useInviteMember = () =>
  useMembersChange((invite: { email: string; role: Role }) =>
    teamRequest<InviteAnswer>('POST', TEAM_AUTH_PATHS.members, invite),
  );

/** Revokes a pending invite: its link stops working. */
export const useRevokeInvite = () =>
  useMembersChange((invite: { id: string; email: string }) =>
    teamRequest<void>('DELETE', TEAM_AUTH_PATHS.invite(invite.id)).then(() => invite),
  );

/** Gives a member another role (the last owner stays one: the server answers `last_owner`). */
export const useChangeRole = () =>
  useMembersChange((change: { id: string; email: string; role: Role }) =>
    teamRequest<void>('POST', TEAM_AUTH_PATHS.memberRole(change.id), { role: change.role }).then(() => change),
  );

/** Allows a member to export every lead and erase leads, or takes it back. */
export const useSetGrant = () =>
  useMembersChange((change: { id: string; email: string; exportErase: boolean }) =>
    teamRequest<void>('POST', TEAM_AUTH_PATHS.memberGrant(change.id), { exportErase: change.exportErase }).then(
      () => change,
    ),
  );
