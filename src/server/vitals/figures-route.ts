/**
 * GET FIELD_FIGURES_PATH inside the workspace API's scope (a session needed, team/team-api.ts): the 현황 screen's
 * figures (vitals-figures.ts) and the funnel by source (source-funnel.ts). Counts and percentiles only: nothing in them is personal data, so reading them is
 * no access record.
 */
import type { FastifyInstance } from 'fastify';
import { FIELD_FIGURES_PATH } from '../../domain/vitals';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Database } from '../db/client';
import { vitalsFigures } from './vitals-figures';
import { SOURCE_FUNNEL_PATH, sourceFunnelQuerySchema } from '../../domain/source-funnel';
import { sourceFunnel } from './source-funnel';
import { TeamApiError } from '../team/team-api-error';

export async function fieldFiguresRoute(scope: FastifyInstance, options: { database: Database; enabled: boolean }) {
  scope.get(FIELD_FIGURES_PATH.slice(TEAM_API_PATH.length), async () =>
    vitalsFigures(options.database, { enabled: options.enabled }),
  );
  // The funnel to a contract by source over 7, 30 or 90 Korean days (decision 135): counts only, as above.
  scope.get(SOURCE_FUNNEL_PATH.slice(TEAM_API_PATH.length), async (request) => {
    const query = sourceFunnelQuerySchema.safeParse(request.query ?? {});
    if (!query.success) throw new TeamApiError(400, 'invalid');
    return sourceFunnel(options.database, query.data.days);
  });
}
