/**
 * The status page's booking posts (decision 104): POST /status/<token>/meeting/book, /move (a `start` field: the
 * slot's instant, the button's value) and /cancel (twice: without BOOKING_CANCEL_CONFIRM's field it answers a page
 * that asks, whose form posts the field), plain form posts that answer with a page (no JavaScript needed). The same guards and headers as the status page's other posts (routes/status-page.ts): Origin
 * (founder/status-origin-guard.ts: a no-referrer page's `null` Origin passes only with Sec-Fetch-Site
 * same-origin), no-store, noindex, no referrer, the status pages' CSP. A token that finds nothing (forged, altered, erased) gets the status 404 page and nothing
 * changes; every refusal is a Korean page that says why, and nothing changes (a refused time lists the free slots
 * under the reason, so the founder who lost a race picks again there). One link makes at most
 * FOUNDER_MEETING_CHANGES_PER_HOUR changes an hour, and the team's mail of each waits FOUNDER_BURST_MS. Booked, moved and cancelled are
 * access records by the visitor and timeline events with no member (unread for every member); the open workspaces
 * hear of it (lead_changed), the chat by a `founder_meeting` alert (meeting-alerts.ts), the owner by the
 * invitation mail.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOKING_CANCEL_CONFIRM, bookingSubpaths, FOUNDER_MEETING_CHANGES_PER_HOUR } from '../../domain/booking';
import { STATUS_PATH } from '../../domain/status-link';
import type { Config } from '../config';
import type { Database, RowsFn } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { statusOriginGuard } from '../founder/status-origin-guard';
import { ideaIdForToken } from '../founder/status-lookup';
import { statusPath } from '../founder/status-token';
import { loadStatusShell, statusNotFoundHtml, statusPageCsp } from '../founder/status-page-html';
import { FORM_POST_TYPE } from '../intake/content-type';
import { appendAccessRecord } from '../team/access-records';
import { bookingAnswerHtml, cancelConfirmHtml, RETRY_REFUSALS, type BookingAnswer } from './booking-status-html';
import { storeMeetingAlert } from './meeting-alerts';
import { bookMeeting, cancelMeeting, meetingView, moveMeeting, type Meeting, type MeetingChange } from './meetings';

export interface BookingStatusRoutesOptions {
  config: Config;
  database: Database;
  siteDir: string;
  events?: EventBus;
  /** Sends the queued mails now rather than at the worker's next poll. */
  onQueued?: () => void;
  /** Sends the stored alerts (the chat) now. */
  onAlert?: () => void;
}

type TokenRequest = { Params: { token: string }; Body: Record<string, string> | undefined };

/** The longest form body a booking post may carry (one ISO instant and the button's name). */
const BOOKING_BODY_LIMIT = 1024;

export async function bookingStatusRoutes(app: FastifyInstance, options: BookingStatusRoutesOptions): Promise<void> {
  const { database, config } = options;
  const shell = loadStatusShell(options.siteDir);
  const csp = statusPageCsp(config.trustProxy !== false);
  const originGuard = statusOriginGuard(config.allowedOrigins);
  app.addContentTypeParser(
    FORM_POST_TYPE,
    { parseAs: 'string', bodyLimit: BOOKING_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const page = (reply: FastifyReply, html: string, code = 200) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', csp)
      .code(code)
      .type('text/html; charset=utf-8')
      .send(html);

  const startOf = (request: FastifyRequest<TokenRequest>): Date | undefined => {
    const value = request.body?.start;
    if (typeof value !== 'string' || value.length > 40 || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value)) return undefined;
    const start = new Date(value);
    return Number.isNaN(start.getTime()) ? undefined : start;
  };

  const answer = async (
    request: FastifyRequest<TokenRequest>,
    reply: FastifyReply,
    action: 'book' | 'move' | 'cancel',
  ) => {
    const base = statusPath(request.params.token);
    const ideaId = await ideaIdForToken(database, request.params.token);
    if (!ideaId) return page(reply, statusNotFoundHtml(shell), 404);
    if (action === 'cancel' && request.body?.[BOOKING_CANCEL_CONFIRM.field] !== BOOKING_CANCEL_CONFIRM.value) {
      // The status page's cancel button: a page that asks, whose form posts the confirmation. Nothing changes yet.
      const view = await meetingView(database, ideaId);
      if (!view.meeting || !view.mayChange) {
        const refusal = view.meeting ? 'too_late' : 'no_meeting';
        return page(reply, bookingAnswerHtml(shell, { kind: 'refused', refusal }, base), 409);
      }
      return page(reply, cancelConfirmHtml(shell, view.meeting, base));
    }
    const start = action === 'cancel' ? undefined : startOf(request);
    if (action !== 'cancel' && !start)
      return page(reply, bookingAnswerHtml(shell, { kind: 'refused', refusal: 'invalid' }, base), 400);
    const context = {
      founderMail: config.founder.mail,
      founder: {
        changesPerHour: FOUNDER_MEETING_CHANGES_PER_HOUR,
        teamMailDelayMs: config.founder.burstMs,
      },
      record: async (rows: RowsFn, meeting: Meeting) => {
        const change: MeetingChange = action === 'book' ? 'booked' : action === 'move' ? 'moved' : 'cancelled';
        await appendAccessRecord(rows, { actor: 'visitor', action: `meeting_${change}`, ideaId });
        // The chat hears it (the owner's mail is the meeting's invitation, queued with it).
        if (config.alerts.webhookUrl) await storeMeetingAlert(rows, meeting, change, config.founder.burstMs);
      },
    };
    const outcome =
      action === 'book'
        ? await bookMeeting(database, ideaId, start!, context)
        : action === 'move'
          ? await moveMeeting(database, ideaId, start!, context)
          : await cancelMeeting(database, ideaId, 'founder', context);
    if (!outcome) return page(reply, statusNotFoundHtml(shell), 404);
    if ('refused' in outcome) {
      // A time that cannot be had (a race lost, too soon, off the hours): the answer offers what is free now.
      const view = RETRY_REFUSALS.has(outcome.refused) ? await meetingView(database, ideaId) : undefined;
      return page(
        reply,
        bookingAnswerHtml(shell, { kind: 'refused', refusal: outcome.refused, ...(view ? { view } : {}) }, base),
        409,
      );
    }
    options.onQueued?.();
    options.onAlert?.();
    void options.events?.publish({ kind: 'lead_changed', ideaId });
    request.log.info({ ideaId, outcome: `meeting_${action}` }, 'meeting changed by the founder');
    const done: BookingAnswer =
      action === 'cancel'
        ? { kind: 'cancelled' }
        : { kind: action === 'book' ? 'booked' : 'moved', meeting: outcome.meeting };
    return page(reply, bookingAnswerHtml(shell, done, base));
  };

  for (const action of ['book', 'move', 'cancel'] as const)
    app.post<TokenRequest>(
      `${STATUS_PATH}/:token/${bookingSubpaths[action]}`,
      { onRequest: [originGuard] },
      (request, reply) => answer(request, reply, action),
    );
}
