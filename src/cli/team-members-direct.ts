/** `npm run team` on the database itself (loaded only when no running server answers for the data). */
import type { Config } from '../server/config';
import { verifyAccessChain } from '../server/team/access-records';
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
} from '../server/team/members';
import { openCliDatabase } from './cli-connection';
import type { TeamMembersClient } from './team-members-client';

export async function directMembersClient(config: Config): Promise<TeamMembersClient> {
  const { database, via, close } = await openCliDatabase(config);
  return {
    via,
    members: () => listMembers(database),
    invite: (email, role) =>
      createInvite(database, { email, role }, { actor: 'cli' }).catch((error: unknown) => {
        if (error instanceof InviteRoleError) return { currentRole: error.currentRole };
        throw error;
      }),
    invites: () => listInvites(database),
    revoke: (email) => revokeInvites(database, { email }, { actor: 'cli' }),
    async setRole(email, role) {
      const member = await findMemberByEmail(database, email);
      return member ? changeRole(database, member.id, role, { actor: 'cli' }) : { ok: false, reason: 'not_found' };
    },
    async setGrant(email, exportErase) {
      const member = await findMemberByEmail(database, email);
      return member ? setExportEraseGrant(database, member.id, exportErase, { actor: 'cli' }) : false;
    },
    async remove(email) {
      const member = await findMemberByEmail(database, email);
      return member ? removeMember(database, member.id, { actor: 'cli' }) : { ok: false, reason: 'not_found' };
    },
    checkRecords: () => verifyAccessChain(database, { retentionDays: config.team.accessRecordRetentionDays }),
    disconnect: close,
  };
}
