/**
 * POST IDEA_ENDPOINT: composes the intake guards, stores the idea (with its outbox row) and answers only after
 * commit. Two kinds of request reach it:
 * - JSON from the page's script: content type → Origin → API key → size (before the body is read) → schema →
 *   per-client rate limit → Idempotency-Key → bot check (honeypot + fill-time token) → store, the token's single
 *   use recorded in the same group commit → 202 with the receipt;
 * - the same as multipart when a voice memo comes along: the memo is read within its 2 MB limit and walked as its
 *   container, audio only (intake/voice-memo-upload.ts) before anything is counted or stored, then stored with it;
 * - the browser's own form post (no JavaScript, or sent before the page code arrived, decision 063): content type →
 *   Origin → size → the same schema → rate limit → honeypot → store (the key derived from the fields, so a
 *   re-sent form stores one idea) → 303 to the receipt page. Its refusals are Korean pages (error-handlers.ts).
 * Junk is refused before any database write where it can be (everything up to the schema); the rate limit counts
 * only well-formed requests, per client, never all clients together (decision 072). Bots get the same answer as
 * people: a flagged idea is stored in the spam folder, not mailed.
 */
import crypto from 'node:crypto';
import { formatKoreanMobile, normalizeKoreanMobile } from '../../domain/korean-mobile';
import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IDEA_ENDPOINT, IDEA_RECEIPT_PATH } from '../../domain/endpoints';
import { PROMISE_HOURS, type IdeaReceipt } from '../../domain/idea';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { storeIdea, type NewIdea } from '../ideas/idea-store';
import { apiKeyGuard } from '../intake/api-key';
import { bodyLimitGuard, INTAKE_BODY_LIMIT } from '../intake/body-limit';
import { checkScriptSubmission, honeypotFilled } from '../intake/bot-check';
import {
  intakeContentTypeGuard,
  intakeOriginGuard,
  isFormPost,
  isMultipart,
  scriptRequestsOnly,
} from '../intake/content-type';
import { ideaSourceOf } from '../intake/idea-source';
import { idempotencyKeyOf, replayFor, requestHash } from '../intake/idempotency';
import { intakeRateKey, OverLimit } from '../intake/rate-limit';
import { validateIdeaRequest, type IdeaRequestBody } from '../intake/validate-idea';
import { checkVoiceMemo, memoDigest, readMultipartIdea } from '../intake/voice-memo-upload';
import { kstDay } from '../../domain/kst';
import { RECEIPT_LINK_PARAM } from '../../domain/status-link';
import { statusPath, statusToken, statusTokenHash } from '../founder/status-token';

export interface SendIdeaEmailOptions {
  config: Config;
  database: Database;
  formSecret: string;
  /** The status links' HMAC key (founder/status-token.ts). */
  statusSecret: string;
  /**
   * Called after an idea with an outbox row was committed, with its stored `lead_received` event (wakes the mail
   * worker, announces the event to the open workspaces) and whether it came as the browser's own form post.
   */
  onStored?: (ideaId: string, eventId: number | undefined, via: { withoutScript: boolean }) => void;
  /** The event bus's transactionChannel: the group commit NOTIFYs its events there itself (PostgreSQL). */
  notifyChannel?: string | undefined;
}

export function receiptFor(id: string, receivedAt: Date, statusSecret: string): IdeaReceipt {
  return {
    id,
    receivedAt: receivedAt.toISOString(),
    promisedBy: new Date(receivedAt.getTime() + PROMISE_HOURS * 3_600_000).toISOString(),
    statusUrl: statusPath(statusToken(statusSecret, id)),
  };
}

/**
 * The idempotency key of a form post, which carries none: the same fields sent again on the same day (KST) are the
 * same submission (a refresh that re-posts, a double press), and replay the first receipt.
 */
export function formPostKey(body: IdeaRequestBody, receivedAt: Date): string {
  const fields = [kstDay(receivedAt), body.idea, body.name, body.email.toLowerCase(), body.phone];
  return `form:${crypto.createHash('sha256').update(JSON.stringify(fields)).digest('base64url')}`;
}

export async function sendIdeaEmailRoute(app: FastifyInstance, options: SendIdeaEmailOptions): Promise<void> {
  const { config, database } = options;
  const overLimit: OverLimit = new OverLimit();
  const { digestThreshold, formDigestThreshold, digestPeriodMs } = config.mail;
  const storePolicy = {
    digestThreshold,
    formDigestThreshold,
    digestPeriodMs,
    founderConfirmations: config.founder.mail ? { perDay: config.founder.confirmationsPerDay } : undefined,
    rateLimit: { perClient: config.rateLimit.perIp, windowMs: config.rateLimit.windowMs },
    notifyChannel: options.notifyChannel,
  };
  const { statusSecret } = options;
  const botCheckOptions = {
    secret: options.formSecret,
    minFillMs: config.form.minFillMs,
    maxAgeMs: config.form.tokenMaxAgeMs,
  };
  // The browser's own form post; the route's bodyLimit applies to it as to JSON.
  await app.register(formBody);
  // A submission with a voice memo; read in the handler, within the limits voice-memo-upload.ts sets.
  await app.register(multipart);

  app.post(
    IDEA_ENDPOINT,
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      // Answers are a few hundred bytes: skip the compression hooks.
      compress: false,
      onRequest: [
        intakeContentTypeGuard,
        intakeOriginGuard(config.allowedOrigins),
        scriptRequestsOnly(apiKeyGuard(config.publicApiKey)),
        bodyLimitGuard,
      ],
    },
    async (request, reply) => {
      const viaForm = isFormPost(request);
      const upload = isMultipart(request) ? await readMultipartIdea(request) : undefined;
      const raw = upload ? upload.fields : request.body;
      const body = validateIdeaRequest(raw, { memoPossible: !viaForm });
      // A memo only comes from the page's script; the browser's own form cannot record one.
      const voiceMemo = viaForm ? undefined : checkVoiceMemo(upload?.memo, body.memoDurationMs);
      // The client's hit is counted in the group commit; one known to be over its limit is refused here.
      const rateKey = intakeRateKey(request);
      overLimit.check(rateKey, request, reply);
      const receivedAt = new Date();
      const id = crypto.randomUUID();
      const key = viaForm ? formPostKey(body, receivedAt) : idempotencyKeyOf(request);
      // The fill-time token needs the page's script; a form post is checked by its honeypot alone. The token's use
      // is recorded with the idea, in its group commit: a token another submission used makes it `token_reused`,
      // unless this is a retry with the first use's Idempotency-Key (then the store replays it).
      const check = viaForm
        ? { spamReason: honeypotFilled(body) ? ('honeypot' as const) : null, tokenUse: undefined }
        : checkScriptSubmission(body, key, botCheckOptions, receivedAt.getTime());
      const hash = requestHash(
        viaForm ? [body.idea, body.name, body.email, body.phone] : voiceMemo ? [raw, memoDigest(voiceMemo.bytes)] : raw,
      );
      const { idea, name, email, phone, kakaoUpdates } = body;
      // KakaoTalk updates (issue 49): the number the schema accepted, kept as 010-1234-5678.
      const mobile = kakaoUpdates ? normalizeKoreanMobile(phone) : null;
      const newIdea: NewIdea = {
        id,
        receivedAt,
        fields: {
          idea,
          name,
          email,
          phone: mobile ? formatKoreanMobile(mobile) : phone,
          kakaoUpdates: mobile !== null,
        },
        spamReason: check.spamReason,
        tokenUse: check.tokenUse,
        withoutScript: viaForm,
        clientIp: request.ip,
        voiceMemo: voiceMemo && {
          mimeType: voiceMemo.mimeType,
          durationMs: voiceMemo.durationMs,
          bytes: voiceMemo.bytes,
        },
        idempotency: key ? { key, requestHash: hash } : undefined,
        statusTokenHash: statusTokenHash(statusToken(statusSecret, id)),
        consentVersion: body.consentVersion ?? null,
        source: ideaSourceOf(request, body, viaForm),
        rateKey,
      };
      const result = await storeIdea(database, newIdea, storePolicy);
      if (!result.created && result.rateLimited) overLimit.refuse(rateKey, result.rate, request, reply);
      reply.header('cache-control', 'no-store');
      let receipt: IdeaReceipt;
      if (result.created) {
        const { spamReason } = result;
        request.log.info(
          {
            ideaId: id,
            via: viaForm ? 'form' : 'script',
            outcome: spamReason ? 'flagged_spam' : 'accepted',
            spamReason: spamReason ?? undefined,
          },
          'idea stored',
        );
        if (!spamReason) options.onStored?.(id, result.eventId, { withoutScript: viaForm });
        receipt = receiptFor(id, receivedAt, statusSecret);
      } else {
        const replay = replayFor(result.existing, hash);
        request.log.info({ ideaId: replay.ideaId, outcome: 'idempotent_replay' }, 'idea already received');
        receipt = receiptFor(replay.ideaId, replay.receivedAt, statusSecret);
      }
      // The receipt page offers the status link only with the token (the reference alone is not a key to it).
      if (viaForm)
        return reply
          .header('referrer-policy', 'no-referrer')
          .redirect(
            `${IDEA_RECEIPT_PATH}/${receipt.id}?${RECEIPT_LINK_PARAM}=${receipt.statusUrl.split('/').pop()!}`,
            303,
          );
      return reply.code(202).send(receipt);
    },
  );
}
