/**
 * The field figures' retention (decision 098): day histograms, funnel counts and visits by source older than VITALS_RETENTION_DAYS
 * (the privacy policy's promise) are deleted once a day. They hold no personal data; the limit keeps the promise
 * and the tables small. Runs whether or not VITALS is on, so turning it off still lets the old figures go.
 */
import type { Database } from '../db/client';
import { deleteOldFieldFigures } from '../vitals/vitals-figures';
import type { ScheduledJob } from './scheduler';

export function fieldFiguresRetentionJob(database: Database, options: { retentionDays: number }): ScheduledJob {
  return {
    name: 'field-figures-retention',
    everyMs: 24 * 3_600_000,
    async run(now) {
      const gone = await deleteOldFieldFigures(database, options.retentionDays, now);
      return `${gone.histogramRows} histogram rows, ${gone.funnelRows} funnel rows, ${gone.visitRows} visit rows removed`;
    },
  };
}
