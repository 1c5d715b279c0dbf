/** `npm run team` on the database itself (loaded only when no running server answers for the data). */
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
import { verifyAccessChain } from '../server/team/access-records';
import { createInvite, findMemberByEmail, listMembers, removeMember } from '../server/team/members';
import type { TeamMembersClient } from './team-members-client';

export async function directMembersClient(config: Config): Promise<TeamMembersClient> {
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, 'cli').release;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    return {
      via:
        database.kind === 'postgres'
          ? 'PostgreSQL (DATABASE_URL)'
          : `PGlite files in ${config.dataDir} (no server running)`,
      members: () => listMembers(database),
      invite: (email, role) => createInvite(database, { email, role }, { actor: 'cli' }),
      async remove(email) {
        const member = await findMemberByEmail(database, email);
        return member ? removeMember(database, member.id, { actor: 'cli' }) : { ok: false, reason: 'not_found' };
      },
      checkRecords: () => verifyAccessChain(database),
      async disconnect() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
