/**
 * POST IDEA_ENDPOINT: composes the intake guards, stores the idea (with its outbox row) and answers 202 with the
 * receipt only after commit. Order: API key → JSON only → size → rate limits (all before the body is read) →
 * schema → Idempotency-Key → bot check → store. Bots get the same 202 as people.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IDEA_ENDPOINT, PROMISE_HOURS, type IdeaReceipt } from '../../domain/idea';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { storeIdea } from '../ideas/idea-store';
import { apiKeyGuard } from '../intake/api-key';
import { bodyLimitGuard, INTAKE_BODY_LIMIT } from '../intake/body-limit';
import { spamReasonFor } from '../intake/bot-check';
import { jsonOnlyGuard } from '../intake/content-type';
import { idempotencyKeyOf, replayFor, requestHash } from '../intake/idempotency';
import { intakeRateLimitGuard } from '../intake/rate-limit';
import { validateIdeaRequest } from '../intake/validate-idea';

export interface SendIdeaEmailOptions {
  config: Config;
  database: Database;
  formSecret: string;
  /** Called after an idea with an outbox row was committed (wakes the mail worker). */
  onStored?: () => void;
}

export function receiptFor(id: string, receivedAt: Date): IdeaReceipt {
  return {
    id,
    receivedAt: receivedAt.toISOString(),
    promisedBy: new Date(receivedAt.getTime() + PROMISE_HOURS * 3_600_000).toISOString(),
  };
}

export async function sendIdeaEmailRoute(app: FastifyInstance, options: SendIdeaEmailOptions): Promise<void> {
  const { config, database } = options;
  const rateLimitGuard = await intakeRateLimitGuard(app, database, config.rateLimit);
  const botCheck = { secret: options.formSecret, minFillMs: config.form.minFillMs, maxAgeMs: config.form.tokenMaxAgeMs };

  app.post(
    IDEA_ENDPOINT,
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      // Answers are a few hundred bytes: skip the compression hooks.
      compress: false,
      onRequest: [apiKeyGuard(config.publicApiKey), jsonOnlyGuard, bodyLimitGuard, rateLimitGuard],
    },
    async (request, reply) => {
      const body = validateIdeaRequest(request.body);
      const key = idempotencyKeyOf(request);
      const spamReason = spamReasonFor(body, botCheck);
      const id = crypto.randomUUID();
      const receivedAt = new Date();
      const { idea, name, email, phone } = body;
      const result = await storeIdea(database, {
        id,
        receivedAt,
        fields: { idea, name, email, phone },
        spamReason,
        idempotency: key ? { key, requestHash: requestHash(request.body) } : undefined,
      });
      reply.header('cache-control', 'no-store');
      if (!result.created) {
        const replay = replayFor(result.existing, requestHash(request.body));
        request.log.info({ ideaId: replay.ideaId, outcome: 'idempotent_replay' }, 'idea already received');
        return reply.code(202).send(receiptFor(replay.ideaId, replay.receivedAt));
      }
      request.log.info({ ideaId: id, outcome: spamReason ? 'flagged_spam' : 'accepted', spamReason: spamReason ?? undefined }, 'idea stored');
      if (!spamReason) options.onStored?.();
      return reply.code(202).send(receiptFor(id, receivedAt));
    },
  );
}
