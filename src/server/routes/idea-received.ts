/**
 * GET IDEA_RECEIPT_PATH/:id: the receipt page a form post is redirected to (decision 063). It shows the reference
 * and the times only, never what the visitor typed; an unknown or malformed id gets the site's 404 page. Not
 * cached, not indexed.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { IDEA_RECEIPT_PATH } from '../../domain/endpoints';
import type { Database } from '../db/client';
import { isIdeaId } from '../ideas/idea-ids';
import { receiptPage } from '../http/intake-pages';
import { receiptFor } from './send-idea-email';

export async function ideaReceivedRoute(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.get<{ Params: { id: string } }>(`${IDEA_RECEIPT_PATH}/:id`, async (request, reply) => {
    const id = request.params.id.toLowerCase();
    const [row] = isIdeaId(id)
      ? await options.database.rows<{ received_at: Date | string }>(
          sql`select received_at from ideas where id = ${id}::uuid`,
        )
      : [];
    if (!row) return reply.callNotFound();
    const receipt = receiptFor(id, new Date(row.received_at));
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(receiptPage({ id, receivedAt: new Date(receipt.receivedAt), promisedBy: new Date(receipt.promisedBy) }));
  });
}
