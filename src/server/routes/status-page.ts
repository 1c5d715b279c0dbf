/**
 * The founder's status link (decision 084): GET /status/<token> (the page), /memo (the voice memo, with Range),
 * /data (the "my data" file); POST /delete-confirm (the confirmation page) and /delete (the erasure: eraseIdeas,
 * the same as the team's command). Every answer: no-store, noindex, no referrer; the pages carry their own CSP
 * (the count-down's hash). A token that finds nothing (malformed, altered, erased) gets the same Korean 404 page,
 * and nothing changes. The POSTs are checked for Origin like the intake. The page shows the thread with the team
 * (thread/, decision 101), whose own routes hang below the same link. Views, downloads and erasure are access
 * records by the visitor, with the idea's id and no address: after an erasure nothing in them points at the person.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { STATUS_PATH, statusSubpaths } from '../../domain/status-link';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ideaIdForToken, statusIdea, statusMemo } from '../founder/status-lookup';
import { statusPath } from '../founder/status-token';
import {
  confirmDeletePageHtml,
  deletedPageHtml,
  loadStatusShell,
  statusDownload,
  statusNotFoundHtml,
  statusPageCsp,
  statusPageHtml,
} from '../founder/status-page-html';
import { storeErasedAlerts } from '../alerts/alert-store';
import { eraseIdeas, keepsContractRecords } from '../ideas/erase-ideas';
import { byteRange, sendBytes } from '../http/byte-range';
import { FORM_POST_TYPE } from '../intake/content-type';
import { statusOriginGuard } from '../founder/status-origin-guard';
import { loadThread } from '../thread/thread-store';
import { contractDownload, threadDownload } from '../thread/thread-download';
import { loadContracts } from '../thread/contract-store';
import { threadSectionHtml } from '../thread/thread-html';
import { contractSection, contractSupplier } from '../thread/thread-status-routes';
import { appendAccessRecord, recordAccess } from '../team/access-records';
import type { EventBus } from '../events/event-bus';
import { bookingDownload, bookingSectionHtml } from '../booking/booking-status-html';
import { meetingsOf, meetingView } from '../booking/meetings';
import { kakaoDownload, sentKakaoMessages } from '../kakao/kakao-download';
import { leadReference } from '../../domain/lead-reference';

export interface StatusPageOptions {
  config: Config;
  database: Database;
  statusSecret: string;
  siteDir: string;
  /** Sends the alerts stored (the deletion's, to the team) now rather than at the alert job's next turn. */
  onAlert?: () => void;
  /** The workspace's live updates: an erasure here drops the lead from open workspaces. */
  events?: EventBus;
}

type TokenRequest = { Params: { token: string } };

export async function statusPageRoutes(app: FastifyInstance, options: StatusPageOptions): Promise<void> {
  const { database, config } = options;
  const shell = loadStatusShell(options.siteDir);
  const csp = statusPageCsp(config.trustProxy !== false);
  const originGuard = statusOriginGuard(config.allowedOrigins);
  // The two forms post nothing but their own button: any form body is read and ignored.
  app.addContentTypeParser(FORM_POST_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  const privateHeaders = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer');
  const page = (reply: FastifyReply, html: string, code = 200) =>
    privateHeaders(reply).code(code).header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);
  const notFound = (reply: FastifyReply) => page(reply, statusNotFoundHtml(shell), 404);
  const base = (token: string) => statusPath(token);
  const agreement = { supplier: contractSupplier(options.siteDir, config.agency), bank: config.agency.bank };

  app.get<TokenRequest & { Querystring: { answered?: string } }>(`${STATUS_PATH}/:token`, async (request, reply) => {
    const idea = await statusIdea(database, request.params.token);
    if (!idea) return notFound(reply);
    await recordAccess(database, { actor: 'visitor', action: 'status_viewed', ideaId: idea.id });
    // The meeting section (booking/, decision 104): the free slots or the booked meeting, as plain forms.
    const meeting = bookingSectionHtml(await meetingView(database, idea.id), base(request.params.token));
    // The conversation with the team (decision 101); ?answered=1 is where an answer's 303 lands.
    const thread = threadSectionHtml(await loadThread(database, idea.id), base(request.params.token), {
      sent: request.query.answered === '1',
    });
    // The service agreement (decision 150), above the conversation while there is one.
    const contract = await contractSection(database, idea, base(request.params.token), agreement);
    return page(reply, statusPageHtml(shell, idea, base(request.params.token), new Date(), meeting, contract + thread));
  });

  app.get<TokenRequest>(`${STATUS_PATH}/:token/${statusSubpaths.memo}`, async (request, reply) => {
    const memo = await statusMemo(database, request.params.token);
    if (!memo) return notFound(reply);
    privateHeaders(reply);
    const range = byteRange(request.headers.range, memo.bytes.length);
    // The visitor's own playback is a record too (decision 090): one per playback, from its first byte.
    if (request.method === 'GET' && range !== null && (range === undefined || range.start === 0))
      await recordAccess(database, { actor: 'visitor', action: 'visitor_memo_played', ideaId: memo.ideaId });
    return sendBytes(reply, memo.bytes, memo.mimeType, range);
  });

  app.get<TokenRequest>(`${STATUS_PATH}/:token/${statusSubpaths.data}`, async (request, reply) => {
    const idea = await statusIdea(database, request.params.token);
    if (!idea) return notFound(reply);
    await recordAccess(database, { actor: 'visitor', action: 'visitor_downloaded', ideaId: idea.id });
    const file = statusDownload(idea, {
      ...bookingDownload(await meetingsOf(database, idea.id)),
      ...threadDownload(await loadThread(database, idea.id)),
      ...kakaoDownload(idea, await sentKakaoMessages(database, idea.id)),
      ...contractDownload(await loadContracts(database, idea.id)),
    });
    return privateHeaders(reply)
      .header(
        'content-disposition',
        `attachment; filename="mvp24-data-${leadReference(idea.id)}.json"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .type('application/json; charset=utf-8')
      .send(file.body);
  });

  app.post<TokenRequest>(
    `${STATUS_PATH}/:token/${statusSubpaths.confirmDelete}`,
    { onRequest: [originGuard] },
    async (request, reply) => {
      const id = await ideaIdForToken(database, request.params.token);
      if (!id) return notFound(reply);
      return page(
        reply,
        confirmDeletePageHtml(shell, base(request.params.token), await keepsContractRecords(database, id)),
      );
    },
  );

  // No more KakaoTalk updates (issue 49): the opt-in is withdrawn and what waits to be sent is skipped, in one
  // transaction; the page is shown again without the section (303, so a reload does not post again).
  app.post<TokenRequest>(
    `${STATUS_PATH}/:token/${statusSubpaths.stopKakao}`,
    { onRequest: [originGuard] },
    async (request, reply) => {
      const id = await ideaIdForToken(database, request.params.token);
      if (!id) return notFound(reply);
      await database.transaction(async (rows) => {
        await rows(sql`update ideas set kakao_updates = false where id = ${id}::uuid`);
        await rows(sql`update kakao_messages set status = 'skipped'
          where idea_id = ${id}::uuid and status = 'pending'`);
      });
      request.log.info({ ideaId: id, outcome: 'kakao_stopped' }, 'KakaoTalk updates stopped by the founder');
      return privateHeaders(reply).redirect(base(request.params.token), 303);
    },
  );

  app.post<TokenRequest>(
    `${STATUS_PATH}/:token/${statusSubpaths.delete}`,
    { onRequest: [originGuard] },
    async (request, reply) => {
      const id = await ideaIdForToken(database, request.params.token);
      if (!id) return notFound(reply);
      // The record commits with the erasure or neither does (the .eml files go after the commit, uncounted here).
      // The team is told in the same transaction (a mail and a chat alert naming the reference only, asking it to
      // delete its team mail too): the status page's promise that the deletion reaches the team (decision 092).
      const outcome = await eraseIdeas(database, [id], config.dataDir, {
        inTransaction: async (rows, erased) => {
          await appendAccessRecord(rows, {
            actor: 'visitor',
            action: 'visitor_erased',
            ideaId: id,
            details: {
              ideas: erased.ideas,
              voiceMemos: erased.voiceMemos,
              founderMails: erased.founderMails,
              messages: erased.messages,
              threadMemos: erased.threadMemos,
              contractsKept: erased.contractsKept,
            },
          });
          if (erased.ideas > 0)
            await storeErasedAlerts(rows, id, {
              teamEmail: config.mail.teamEmail,
              webhook: Boolean(config.alerts.webhookUrl),
              // The replies by mail are expunged by the mailbox reader (decision 141), when one reads them.
              repliesExpunged: Boolean(config.mailbox.imapUrl && config.mailbox.replyToBase),
            });
        },
      });
      options.onAlert?.();
      request.log.info({ ideaId: id, outcome: 'erased_by_visitor' }, 'idea erased by its sender');
      void options.events?.publish({ kind: 'lead_erased', ideaId: id });
      return page(reply, deletedPageHtml(shell, outcome.contractsKept > 0));
    },
  );
}
