/**
 * The thread and the quote in the workspace API (decisions 101, 102), registered inside its scope (team/team-api.ts:
 * session, Origin, the one text rule): read a lead's thread (an access record; with what the mailbox reader kept for
 * the team, decision 127), send a message from a template, send
 * a quote, play a founder's memo. A message is stored first and its mail queued in the same transaction; the worker
 * is nudged and the open workspaces told.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { quoteDraftSchema } from '../../domain/quote';
import { threadMessageSchema } from '../../domain/thread';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { byteRange, sendBytes } from '../http/byte-range';
import { isIdeaId } from '../db/idea-ids';
import { appendAccessRecord, recordAccess } from '../team/access-records';
import { TeamApiError } from '../team/team-api-error';
import { loadThread, loadThreadMail, sendTeamMessage, threadMemo } from './thread-store';

export interface ThreadTeamRoutesOptions {
  database: Database;
  events: EventBus;
  /** Sends queued founder mails now rather than at the worker's next poll. */
  onMailQueued?: () => void;
}

type IdParams = { Params: { id: string } };

function ideaIdOf(request: FastifyRequest<IdParams>): string {
  const id = request.params.id.toLowerCase();
  if (!isIdeaId(id)) throw new TeamApiError(400, 'invalid');
  return id;
}

export async function threadTeamRoutes(scope: FastifyInstance, options: ThreadTeamRoutesOptions) {
  const { database, events } = options;
  const member = (request: FastifyRequest) => ({
    actor: 'member' as const,
    memberId: request.member!.id,
    ip: request.ip,
  });
  const exists = async (id: string) =>
    (await database.rows(sql`select 1 from ideas where id = ${id}::uuid`)).length === 1;

  scope.get<IdParams>('/leads/:id/thread', async (request) => {
    const id = ideaIdOf(request);
    if (!(await exists(id))) throw new TeamApiError(404, 'not_found');
    const thread = await loadThread(database, id);
    await recordAccess(database, {
      ...member(request),
      action: 'thread_viewed',
      ideaId: id,
      details: { messages: thread.messages.length },
    });
    // The mailbox reader's notes for the team (decision 127): a bounce, replies from another sender.
    return { ...thread, mail: await loadThreadMail(database, id) };
  });

  const send = async (request: FastifyRequest<IdParams>, kind: 'message' | 'quote') => {
    const id = ideaIdOf(request);
    let body: string;
    let quote;
    if (kind === 'quote') {
      const parsed = quoteDraftSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new TeamApiError(400, 'invalid');
      ({ body, ...quote } = parsed.data);
    } else {
      const parsed = threadMessageSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new TeamApiError(400, 'invalid');
      body = parsed.data.body;
    }
    const messageId = await sendTeamMessage(
      database,
      { ideaId: id, memberId: request.member!.id, body, ...(quote ? { quote } : {}) },
      (rows, messageId) =>
        appendAccessRecord(rows, {
          ...member(request),
          action: kind === 'quote' ? 'quote_sent' : 'message_sent',
          ideaId: id,
          details: { messageId },
        }),
    );
    if (!messageId) throw new TeamApiError(404, 'not_found');
    options.onMailQueued?.();
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return loadThread(database, id);
  };
  scope.post<IdParams>('/leads/:id/thread/messages', async (request) => send(request, 'message'));
  scope.post<IdParams>('/leads/:id/thread/quotes', async (request) => send(request, 'quote'));

  scope.get<{ Params: { id: string; messageId: string } }>(
    '/leads/:id/thread/memos/:messageId',
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const messageId = request.params.messageId.toLowerCase();
      if (!isIdeaId(id) || !isIdeaId(messageId)) throw new TeamApiError(400, 'invalid');
      const memo = await threadMemo(database, id, messageId);
      if (!memo) throw new TeamApiError(404, 'not_found');
      const range = byteRange(request.headers.range, memo.bytes.length);
      if (request.method === 'GET' && range !== null && (range === undefined || range.start === 0))
        await recordAccess(database, {
          ...member(request),
          action: 'thread_memo_played',
          ideaId: id,
          details: { messageId },
        });
      return sendBytes(reply, memo.bytes, memo.mimeType, range);
    },
  );
}
