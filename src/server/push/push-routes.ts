/**
 * The member's devices in the workspace API (decision 130), registered inside its scope (team/team-api.ts: session,
 * Origin, the one text rule): GET lists the signed-in member's devices with the VAPID public key to subscribe with,
 * POST stores this device's subscription (the browser's own JSON) and choices, DELETE removes one of theirs.
 */
import type { FastifyInstance } from 'fastify';
import { PUSH_SUBSCRIPTIONS_PATH, pushSubscriptionRequestSchema, type PushDevicesAnswer } from '../../domain/push';
import { TEAM_API_PATH } from '../../domain/team-paths';
import type { Database } from '../db/client';
import { isIdeaId } from '../db/idea-ids';
import { TeamApiError } from '../team/team-api-error';
import { devicesOf, removeSubscription, storeSubscription } from './push-subscriptions';

export interface PushRoutesOptions {
  database: Database;
  publicKey: string;
}

/** Inside the workspace API's scope, whose prefix is TEAM_API_PATH. */
const path = PUSH_SUBSCRIPTIONS_PATH.slice(TEAM_API_PATH.length);

export async function pushRoutes(scope: FastifyInstance, options: PushRoutesOptions) {
  const { database, publicKey } = options;
  scope.get(path, async (request): Promise<PushDevicesAnswer> => ({
    publicKey,
    devices: await devicesOf(database, request.member!.id),
  }));
  scope.post(path, async (request, reply) => {
    const parsed = pushSubscriptionRequestSchema.safeParse(request.body);
    if (!parsed.success) throw new TeamApiError(400, 'invalid');
    return reply.code(201).send(await storeSubscription(database, request.member!.id, parsed.data));
  });
  scope.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
    const id = request.params.id.toLowerCase();
    if (!isIdeaId(id)) throw new TeamApiError(400, 'invalid');
    if (!(await removeSubscription(database, request.member!.id, id))) throw new TeamApiError(404, 'not_found');
    return reply.code(204).send();
  });
}
