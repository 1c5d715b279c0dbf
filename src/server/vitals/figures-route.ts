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
import { sql } from 'drizzle-orm';
import {
  SOURCE_FUNNEL_PATH,
  sourceFunnelQuerySchema,
  WEEKLY_MAIL_PATH,
  weeklyMailChoiceSchema,
  type WeeklyMailChoice,
} from '../../domain/source-funnel';
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
  // The signed-in member's opt-in to the weekly mail (decision 136); owners always get it.
  const choiceOf = async (memberId: string): Promise<WeeklyMailChoice> => {
    const [row] = await options.database.rows<{ on: boolean; owner: boolean }>(sql`
      select weekly_mail as on, role = 'owner' as owner from team_members where id = ${memberId}::uuid`);
    return { on: Boolean(row?.on) || Boolean(row?.owner), owner: Boolean(row?.owner) };
  };
  const weeklyMail = WEEKLY_MAIL_PATH.slice(TEAM_API_PATH.length);
  scope.get(weeklyMail, async (request) => choiceOf(request.member!.id));
  scope.post(weeklyMail, async (request) => {
    const choice = weeklyMailChoiceSchema.safeParse(request.body);
    if (!choice.success) throw new TeamApiError(400, 'invalid');
    await options.database.rows(
      sql`update team_members set weekly_mail = ${choice.data.on} where id = ${request.member!.id}::uuid`,
    );
    return choiceOf(request.member!.id);
  });
}
