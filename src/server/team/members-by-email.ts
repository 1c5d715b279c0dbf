/**
 * The member operations of `npm run team`: by e-mail address, acting as the CLI in the access records. One set for
 * both ways the CLI reaches the data: on the database itself (cli/team-members-direct.ts) and through a running
 * server's loopback admin API (admin/admin-api.ts), so the two cannot drift apart.
 */
import type { Role } from '../../domain/team-auth-api';
import type { Database } from '../db/client';
import {
  changeRole,
  createInvite,
  findMemberByEmail,
  InviteRoleError,
  listInvites,
  listMembers,
  removeMember,
  revokeInvites,
  setExportEraseGrant,
  type Actor,
  type CreatedInvite,
  type RemoveResult,
  type RoleResult,
} from './members';

const CLI: Actor = { actor: 'cli' };

export function membersByEmail(database: Database) {
  return {
    members: () => listMembers(database),
    /** The invite, or the role the address already has as a member (an invite changes no role). */
    invite: (email: string, role: Role): Promise<CreatedInvite | { currentRole: Role }> =>
      createInvite(database, { email, role }, CLI).catch((error: unknown) => {
        if (error instanceof InviteRoleError) return { currentRole: error.currentRole };
        throw error;
      }),
    invites: () => listInvites(database),
    /** Revokes the address's pending invites; how many. */
    revoke: (email: string) => revokeInvites(database, { email }, CLI),
    async setRole(email: string, role: Role): Promise<RoleResult> {
      const member = await findMemberByEmail(database, email);
      return member ? changeRole(database, member.id, role, CLI) : { ok: false, reason: 'not_found' };
    },
    /** false: no such member. */
    async setGrant(email: string, exportErase: boolean): Promise<boolean> {
      const member = await findMemberByEmail(database, email);
      return member ? setExportEraseGrant(database, member.id, exportErase, CLI) : false;
    },
    async remove(email: string): Promise<RemoveResult> {
      const member = await findMemberByEmail(database, email);
      return member ? removeMember(database, member.id, CLI) : { ok: false, reason: 'not_found' };
    },
  };
}
