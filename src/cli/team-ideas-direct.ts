/**
 * The CLI on the database itself (connectTeamIdeas in team-ideas-client.ts loads this module only when no running
 * server answers for the data): PostgreSQL, or PGlite's files under the same lock the server takes.
 */
import type { Config } from '../server/config';
import { openDatabase } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
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
import type { TeamIdeasClient } from './team-ideas-client';

/** Opens the database itself: PostgreSQL, or PGlite's files under the data-dir lock (no server holds them). */
export async function directClient(config: Config): Promise<TeamIdeasClient> {
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, 'cli').release;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    return {
      via:
        database.kind === 'postgres'
          ? 'PostgreSQL (DATABASE_URL)'
          : `PGlite files in ${config.dataDir} (no server running)`,
      workerRunning: database.kind === 'postgres',
      list: (limit, spam) => listIdeas(database, limit, { spam }),
      all: () => allIdeas(database),
      find: (id) => findIdea(database, id),
      voiceMemo: async (id) => (await findVoiceMemo(database, id))?.bytes,
      retry: (id, force) => retryIdea(database, id, { force }),
      release: (id) => releaseIdea(database, id),
      closeConsultation: (id) => closeIdea(database, id),
      erase: (id) => deleteIdea(database, id, config.dataDir),
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
