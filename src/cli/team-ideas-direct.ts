/**
 * The CLI on the database itself (connectTeamIdeas in team-ideas-client.ts loads this module only when no running
 * server answers for the data): PostgreSQL, or PGlite's files under the same lock the server takes.
 */
import type { Config } from '../server/config';
import { purgePendingErasures } from '../server/ideas/erase-ideas';
import {
  allIdeas,
  closeIdea,
  deleteIdea,
  findIdea,
  findVoiceMemo,
  listIdeas,
  releaseIdea,
  retryIdea,
} from '../server/ideas/team-ideas';
import { openCliDatabase } from './cli-connection';
import type { TeamIdeasClient } from './team-ideas-client';

export async function directClient(config: Config): Promise<TeamIdeasClient> {
  const { database, via, close } = await openCliDatabase(config);
  return {
    via,
    workerRunning: database.kind === 'postgres',
    list: (limit, spam) => listIdeas(database, limit, { spam }),
    all: () => allIdeas(database),
    find: (id) => findIdea(database, id),
    voiceMemo: async (id) => (await findVoiceMemo(database, id))?.bytes,
    retry: (id, force) => retryIdea(database, id, { force }),
    release: (id) => releaseIdea(database, id),
    closeConsultation: (id) => closeIdea(database, id),
    // No server runs the background purge here: the CLI runs it, over every table, before it answers (105, 111).
    erase: async (id) => {
      const erased = await deleteIdea(database, id, config.dataDir);
      if (erased) await purgePendingErasures(database, { everyTable: true });
      return erased;
    },
    disconnect: close,
  };
}
