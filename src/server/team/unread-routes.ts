/** The signed-in member's unread leads (lead-reads.ts) at UNREAD_LEADS_PATH; a lead is read by opening its page. */
import type { FastifyInstance } from 'fastify';
import { TEAM_API_PATH } from '../../domain/team-paths';
import { UNREAD_LEADS_PATH } from '../../domain/workspace-events';
import type { Database } from '../db/client';
import { unreadLeads } from './lead-reads';

export async function unreadRoutes(scope: FastifyInstance, options: { database: Database }) {
  scope.get(UNREAD_LEADS_PATH.slice(TEAM_API_PATH.length), async (request) =>
    unreadLeads(options.database, request.member!.id),
  );
}
