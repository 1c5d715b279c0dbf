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
import { leadQuotePdfPath, threadMessageSchema } from '../../domain/thread';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { byteRange, sendBytes } from '../http/byte-range';
import { isIdeaId } from '../db/idea-ids';
import { appendAccessRecord, recordAccess } from '../team/access-records';
import { TeamApiError } from '../team/team-api-error';
import {
  clearBounce,
  loadThread,
  loadThreadMail,
  sendTeamMessage,
  StaleQuoteError,
  threadMemo,
  withdrawQuote,
} from './thread-store';
import { quoteFormCopy } from '../../content/quote';
import { loadStatusShell, statusPageCsp } from '../founder/status-page-html';
import { quotePageHtml, type QuoteOperator } from './thread-html';
import { quotePdfFile } from './quote-pdf';
import { leadPagePath } from '../../domain/team-paths';
import { contractMailCopy, contractTeamCopy } from '../../content/contract';
import { contractDraftSchema, type ContractView } from '../../domain/contract';
import type { Config } from '../config';
import {
  countersignContract,
  loadContracts,
  markDepositReceived,
  sendContract,
  type ContractRefusal,
} from './contract-store';
import { contractPdfFile } from './contract-pdf';
import { sendDocument } from './document-download';
import type { ContractSupplier } from './contract-sheet';
import { storeContractAlerts } from './thread-alerts';

export interface ThreadTeamRoutesOptions {
  database: Database;
  events: EventBus;
  /** Sends queued founder mails now rather than at the worker's next poll. */
  onMailQueued?: () => void;
  /** The built site (the printed quote's page shell) and the operator it names. */
  siteDir: string;
  operator: QuoteOperator;
  /** The agency's details and deposit rate (config `agency`), and the supplier the agreement names (decision 150). */
  agency: Config['agency'];
  supplier: ContractSupplier;
  /** Sends stored alerts now (the concluded agreement's mail to the team). */
  onAlertStored?: () => void;
  alertOptions: { teamEmail: string; webhook: boolean };
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
  // The service agreements (decision 150) come with every answer that carries the thread.
  const contractViews = async (id: string): Promise<ContractView[]> =>
    (await loadContracts(database, id)).map(({ terms: _terms, ...view }) => view);
  const withContracts = async (id: string) => ({
    ...(await loadThread(database, id)),
    mail: await loadThreadMail(database, id),
    contracts: await contractViews(id),
  });
  const refused = (reason: ContractRefusal) =>
    reason === 'not_found'
      ? new TeamApiError(404, 'not_found')
      : new TeamApiError(409, 'conflict', contractTeamCopy.refused);

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
    // The mailbox reader's notes for the team (decision 127): a bounce, replies from another sender; the agreements
    // with the tax details given at signing (decision 150).
    return { ...thread, mail: await loadThreadMail(database, id), contracts: await contractViews(id) };
  });

  // The founder's address was fixed or checked (decision 140): the bounce mark cleared, mail goes to it again.
  // Idempotent: a second click (or another member's) finds no mark and records nothing.
  scope.post<IdParams>('/leads/:id/thread/bounce/clear', async (request) => {
    const id = ideaIdOf(request);
    if (!(await exists(id))) throw new TeamApiError(404, 'not_found');
    const cleared = await clearBounce(database, id, (rows) =>
      appendAccessRecord(rows, { ...member(request), action: 'bounce_cleared', ideaId: id, details: {} }),
    );
    if (cleared) {
      options.onMailQueued?.();
      void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    } else await recordAccess(database, { ...member(request), action: 'thread_viewed', ideaId: id, details: {} });
    return { ...(await loadThread(database, id)), mail: await loadThreadMail(database, id) };
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
    ).catch((error: unknown) => {
      if (error instanceof StaleQuoteError) throw new TeamApiError(409, 'conflict', quoteFormCopy.stale);
      throw error;
    });
    if (!messageId) throw new TeamApiError(404, 'not_found');
    options.onMailQueued?.();
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return withContracts(id);
  };
  scope.post<IdParams>('/leads/:id/thread/messages', async (request) => send(request, 'message'));
  scope.post<IdParams>('/leads/:id/thread/quotes', async (request) => send(request, 'quote'));

  type QuoteParams = { Params: { id: string; quoteId: string } };
  const quoteIds = (request: FastifyRequest<QuoteParams>) => {
    const id = request.params.id.toLowerCase();
    const quoteId = request.params.quoteId.toLowerCase();
    if (!isIdeaId(id) || !isIdeaId(quoteId)) throw new TeamApiError(400, 'invalid');
    return { id, quoteId };
  };

  // Withdrawn before the founder accepted it (issue 50): an event, an access record, the open workspaces told.
  scope.post<QuoteParams>('/leads/:id/thread/quotes/:quoteId/withdraw', async (request) => {
    const { id, quoteId } = quoteIds(request);
    const outcome = await withdrawQuote(
      database,
      { ideaId: id, quoteId, memberId: request.member!.id },
      (rows, quote) =>
        appendAccessRecord(rows, {
          ...member(request),
          action: 'quote_withdrawn',
          ideaId: id,
          details: { quoteId, version: quote.version },
        }),
    );
    if (!outcome.ok)
      throw outcome.reason === 'not_found'
        ? new TeamApiError(404, 'not_found')
        : new TeamApiError(409, 'conflict', quoteFormCopy.withdrawRefused);
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return withContracts(id);
  });

  // The printable sheet, as the founder's (thread-html.ts quotePageHtml), for the team to print or keep.
  const shell = loadStatusShell(options.siteDir);
  scope.get<QuoteParams>('/leads/:id/thread/quotes/:quoteId/print', async (request, reply) => {
    const { id, quoteId } = quoteIds(request);
    const [idea] = await database.rows<{ name: string }>(sql`select name from ideas where id = ${id}::uuid`);
    const quote = idea
      ? (await loadThread(database, id)).messages.find((message) => message.quote?.id === quoteId)?.quote
      : undefined;
    if (!idea || !quote) throw new TeamApiError(404, 'not_found');
    await recordAccess(database, { ...member(request), action: 'thread_viewed', ideaId: id, details: { quoteId } });
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', statusPageCsp(true))
      .type('text/html; charset=utf-8')
      .send(
        quotePageHtml(shell, quote, {
          ideaId: id,
          recipient: idea.name,
          back: leadPagePath(id),
          pdf: leadQuotePdfPath(id, quoteId),
          operator: options.operator,
        }),
      );
  });

  scope.get<QuoteParams>('/leads/:id/thread/quotes/:quoteId/pdf', async (request, reply) => {
    const { id, quoteId } = quoteIds(request);
    const file = await quotePdfFile(database, id, quoteId, options.operator);
    if (!file) throw new TeamApiError(404, 'not_found');
    await recordAccess(database, { ...member(request), action: 'thread_viewed', ideaId: id, details: { quoteId } });
    return sendDocument(reply, file);
  });

  // The service agreement (decision 150): sent from an accepted quote, countersigned, its deposit marked received.
  scope.post<IdParams>('/leads/:id/thread/contracts', async (request) => {
    const id = ideaIdOf(request);
    const parsed = contractDraftSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new TeamApiError(400, 'invalid', contractTeamCopy.invalid);
    const outcome = await sendContract(
      database,
      {
        ideaId: id,
        memberId: request.member!.id,
        quoteId: parsed.data.quoteId.toLowerCase(),
        schedule: parsed.data.schedule,
        depositPercent: options.agency.depositPercent,
        body: contractMailCopy.sentBody,
      },
      (rows, contractId) =>
        appendAccessRecord(rows, { ...member(request), action: 'contract_sent', ideaId: id, details: { contractId } }),
    );
    if (!outcome.ok) throw refused(outcome.reason);
    options.onMailQueued?.();
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return withContracts(id);
  });

  type ContractParams = { Params: { id: string; contractId: string } };
  const contractIds = (request: FastifyRequest<ContractParams>) => {
    const id = request.params.id.toLowerCase();
    const contractId = request.params.contractId.toLowerCase();
    if (!isIdeaId(id) || !isIdeaId(contractId)) throw new TeamApiError(400, 'invalid');
    return { id, contractId };
  };

  // Both have signed: the lead moves to 계약, the founder's mail and the team's carry the signed PDF.
  scope.post<ContractParams>('/leads/:id/thread/contracts/:contractId/countersign', async (request) => {
    const { id, contractId } = contractIds(request);
    const outcome = await countersignContract(
      database,
      { ideaId: id, contractId, memberId: request.member!.id },
      async (rows) => {
        await appendAccessRecord(rows, {
          ...member(request),
          action: 'contract_countersigned',
          ideaId: id,
          details: { contractId },
        });
        await storeContractAlerts(rows, id, 'contract_concluded', contractId, options.alertOptions);
      },
    );
    if (!outcome.ok) throw refused(outcome.reason);
    options.onMailQueued?.();
    options.onAlertStored?.();
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return withContracts(id);
  });

  scope.post<ContractParams>('/leads/:id/thread/contracts/:contractId/deposit', async (request) => {
    const { id, contractId } = contractIds(request);
    const outcome = await markDepositReceived(
      database,
      { ideaId: id, contractId, memberId: request.member!.id },
      (rows) =>
        appendAccessRecord(rows, {
          ...member(request),
          action: 'deposit_received',
          ideaId: id,
          details: { contractId },
        }),
    );
    if (!outcome.ok) throw refused(outcome.reason);
    void events.publish({ kind: 'lead_changed', ideaId: id, memberId: null, actorId: request.member!.id });
    return withContracts(id);
  });

  scope.get<ContractParams>('/leads/:id/thread/contracts/:contractId/pdf', async (request, reply) => {
    const { id, contractId } = contractIds(request);
    const file = await contractPdfFile(database, id, contractId, options.supplier);
    if (!file) throw new TeamApiError(404, 'not_found');
    await recordAccess(database, { ...member(request), action: 'thread_viewed', ideaId: id, details: { contractId } });
    return sendDocument(reply, file);
  });

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
