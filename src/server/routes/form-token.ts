/** GET FORM_TOKEN_ENDPOINT → `{ token }`: the signed form-start time for the minimum fill-time check. */
import type { FastifyInstance } from 'fastify';
import { FORM_TOKEN_ENDPOINT } from '../../domain/idea';
import { createFormToken } from '../intake/form-token';

export async function formTokenRoute(app: FastifyInstance, options: { secret: string }): Promise<void> {
  app.get(FORM_TOKEN_ENDPOINT, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: createFormToken(options.secret) };
  });
}
