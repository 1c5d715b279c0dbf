/**
 * GET IDEA_RECEIPT_PATH/:id: the receipt page a form post is redirected to (decision 063). It shows the reference
 * and the times only, never what the visitor typed; an unknown or malformed id gets the site's 404 page. Not
 * cached, not indexed. With the status token the intake put in the redirect (`?link=`) and only when it is this
 * idea's, it also offers the status link (decision 084): the reference alone never reveals it.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { IDEA_RECEIPT_PATH } from '../../domain/endpoints';
import { RECEIPT_LINK_PARAM } from '../../domain/status-link';
import type { Database } from '../db/client';
import { isStatusToken, statusToken } from '../founder/status-token';
import { isIdeaId } from '../db/idea-ids';
import { receiptPage } from '../http/intake-pages';
import { receiptFor } from './send-idea-email';

function sameToken(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !isStatusToken(given)) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function ideaReceivedRoute(
  app: FastifyInstance,
  options: { database: Database; statusSecret: string },
): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    `${IDEA_RECEIPT_PATH}/:id`,
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const [row] = isIdeaId(id)
        ? await options.database.rows<{ received_at: Date | string }>(
            sql`select received_at from ideas where id = ${id}::uuid`,
          )
        : [];
      if (!row) return reply.callNotFound();
      const receipt = receiptFor(id, new Date(row.received_at), options.statusSecret);
      const withLink = sameToken(request.query[RECEIPT_LINK_PARAM], statusToken(options.statusSecret, id));
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          receiptPage({
            id,
            receivedAt: new Date(receipt.receivedAt),
            promisedBy: new Date(receipt.promisedBy),
            statusUrl: withLink ? receipt.statusUrl : undefined,
          }),
        );
    },
  );
}
