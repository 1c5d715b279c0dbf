/**
 * The purge erasures wait for (decision 105): an erasure deletes the rows and answers; this job, once a minute on one
 * instance at a time (the scheduler's turn), rewrites once, for every erasure queued since its last turn, the tables
 * those erasures deleted from (ideas/erase-ideas.ts `purgePendingErasures`, decision 111; retention's hourly turn
 * rewrites every table). A turn with nothing queued is one small query. With
 * the scheduler's tick, an erasure's bytes leave the data files within `retentionPromise.purgeMinutes`, what the
 * privacy page promises (the test checks the two agree).
 */
import type { Database } from '../db/client';
import { purgePendingErasures } from '../ideas/erase-ideas';
import type { ScheduledJob } from './scheduler';

export const ERASURE_PURGE_EVERY_MS = 60_000;

export function erasurePurgeJob(database: Database): ScheduledJob {
  return {
    name: 'erasure-purge',
    everyMs: ERASURE_PURGE_EVERY_MS,
    async run() {
      const purged = await purgePendingErasures(database);
      return purged === 0 ? 'nothing to purge' : `${purged} erasures purged`;
    },
  };
}
