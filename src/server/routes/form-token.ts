/**
 * GET FORM_TOKEN_ENDPOINT → `{ token, minFillMs }`: the signed form-start time for the minimum fill-time check, and
 * that minimum, so the form can wait out the rest before it sends instead of having a quick person flagged.
 */
import type { FastifyInstance } from 'fastify';
import { FORM_TOKEN_ENDPOINT, type FormTokenAnswer } from '../../domain/endpoints';
import { createFormToken } from '../intake/form-token';

export async function formTokenRoute(
  app: FastifyInstance,
  options: { secret: string; minFillMs: number },
): Promise<void> {
  app.get(FORM_TOKEN_ENDPOINT, async (_request, reply): Promise<FormTokenAnswer> => {
    reply.header('cache-control', 'no-store');
    return { token: createFormToken(options.secret), minFillMs: options.minFillMs };
  });
}
