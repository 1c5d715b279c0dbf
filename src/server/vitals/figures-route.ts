/**
 * GET FIELD_FIGURES_PATH inside the workspace API's scope (a session needed, team/team-api.ts): the 현황 screen's
 * figures (vitals-figures.ts). Counts and percentiles only: nothing in them is personal data, so reading them is
 * no access record.
 */
import type { FastifyInstance } from 'fastify';
import { FIELD_FIGURES_PATH } from '../../domain/vitals';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Database } from '../db/client';
import { vitalsFigures } from './vitals-figures';

export async function fieldFiguresRoute(scope: FastifyInstance, options: { database: Database; enabled: boolean }) {
  scope.get(FIELD_FIGURES_PATH.slice(TEAM_API_PATH.length), async () =>
    vitalsFigures(options.database, { enabled: options.enabled }),
  );
}
