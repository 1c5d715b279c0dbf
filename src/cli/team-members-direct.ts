/** `npm run team` on the database itself (loaded only when no running server answers for the data). */
import type { Config } from '../server/config';
import { verifyAccessChain } from '../server/team/access-records';
import { membersByEmail } from '../server/team/members-by-email';
import { openCliDatabase } from './cli-connection';
import type { TeamMembersClient } from './team-members-client';

export async function directMembersClient(config: Config): Promise<TeamMembersClient> {
  const { database, via, close } = await openCliDatabase(config);
  return {
    via,
    ...membersByEmail(database),
    checkRecords: () => verifyAccessChain(database, { retentionDays: config.team.accessRecordRetentionDays }),
    disconnect: close,
  };
}
