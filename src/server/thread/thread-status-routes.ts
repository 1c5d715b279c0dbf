/**
 * The founder's side of the thread (decisions 101, 102), below the status link: POST …/answer (a multipart form
 * post: the text and an optional voice memo, read within the intake's memo limit and walked as an audio container
 * like the idea form's), GET …/thread-memo/<message> (a memo, with Range), GET …/quote/<quote> (the printable quote)
 * and POST …/quote/<quote>/confirm (「견적 확인」). The posts pass the status page's Origin check and answer 303 to
 * the page, so they work without JavaScript; a refusal shows the page again with the Korean message at the form
 * and the text as typed, and stores nothing. A token that finds nothing gets the status page's 404. Answers and
 * confirmations are access records by the visitor; the team is told by the unread marker, a live event, a mail and
 * the chat webhook (thread-alerts.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { developmentSiteSettings } from '../../content/site';
import { answerErrors } from '../../content/thread';
import { storable } from '../../domain/idea';
import { visibleOrEmpty } from '../../domain/visible-text';
import { STATUS_PATH } from '../../domain/status-link';
import { ANSWER_FIELDS, THREAD_ANCHOR, THREAD_LIMITS, threadSubpaths } from '../../domain/thread';
import { VOICE_MEMO_DURATION_FIELD, VOICE_MEMO_MAX_BYTES, VOICE_MEMO_MAX_MS } from '../../domain/voice-memo';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { statusIdea, ideaIdForToken } from '../founder/status-lookup';
import { statusPath } from '../founder/status-token';
import { byteRange, sendBytes } from '../http/byte-range';
import { ApiError } from '../http/api-error';
import { loadStatusShell, statusNotFoundHtml, statusPageCsp, statusPageHtml } from '../founder/status-page-html';
import { isIdeaId } from '../db/idea-ids';
import { audioContainerOf } from '../intake/audio-container';
import { FORM_POST_TYPE } from '../intake/content-type';
import { readMultipartIdea } from '../intake/voice-memo-upload';
import { AUDIO_CONTAINERS } from '../../domain/voice-memo';
import { statusOriginGuard } from '../founder/status-origin-guard';
import { appendAccessRecord } from '../team/access-records';
import { storeAnsweredAlerts, storeQuoteAcceptedAlerts } from './thread-alerts';
import { quotePdfFile } from './quote-pdf';
import { quotePageHtml, threadSectionHtml, type AnswerFormState, type QuoteOperator } from './thread-html';
import { acceptQuote, loadThread, storeAnswer, threadMemo, type QuoteRefusal } from './thread-store';
import { quoteAcceptanceSchema, QUOTE_ACCEPT_FIELDS } from '../../domain/quote';
import { quoteCopy } from '../../content/quote';
import { contractCopy } from '../../content/contract';
import { CONTRACT_FIELDS, contractSignatureSchema, contractSubpaths, taxDetailsSchema } from '../../domain/contract';
import { contractSectionHtml, CONTRACT_ANCHOR, type ContractFormState } from './contract-html';
import { loadContracts, signContract } from './contract-store';
import { sendDocument, STATUS_DOCUMENT_HEADERS } from './document-download';
import { contractPdfFile } from './contract-pdf';
import type { ContractSupplier } from './contract-sheet';
import { storeContractAlerts } from './thread-alerts';

/** The supplier the agreement names: the build's operator and the agency's own details (AGENCY_*, decision 150). */
export function contractSupplier(siteDir: string, agency: Config['agency']): ContractSupplier {
  return { ...quoteOperator(siteDir), businessNumber: agency.businessNumber, address: agency.address };
}

/** The status page's agreement section for the lead (contract-html.ts), '' while there is none. */
export async function contractSection(
  database: Database,
  idea: { id: string; name: string },
  base: string,
  options: { supplier: ContractSupplier; bank: Config['agency']['bank'] },
  form?: ContractFormState,
): Promise<string> {
  const contracts = await loadContracts(database, idea.id);
  return contractSectionHtml(
    contracts,
    base,
    idea.id,
    { recipient: idea.name, supplier: options.supplier, bank: options.bank },
    form,
  );
}

export interface ThreadStatusRoutesOptions {
  config: Config;
  database: Database;
  siteDir: string;
  events?: EventBus;
  /** Sends the stored alerts (the owner's mail, the chat) now. */
  onAlert?: () => void;
}

/**
 * The operator the printed quote names: the build's settings (dist/build-settings.json beside the built site, the
 * values the privacy page was rendered with), else the development build's.
 */
export function quoteOperator(siteDir: string): QuoteOperator {
  const fallback = developmentSiteSettings.operator;
  try {
    const recorded = JSON.parse(fs.readFileSync(path.join(siteDir, '..', 'build-settings.json'), 'utf8')) as Record<
      string,
      string | undefined
    >;
    // An unset representative is left off the sheet, never printed as the development build's placeholder.
    return {
      name: recorded.SITE_OPERATOR_NAME || fallback.name,
      representative: recorded.SITE_OPERATOR_REPRESENTATIVE || '',
      contactEmail: recorded.SITE_PRIVACY_EMAIL || fallback.contactEmail,
    };
  } catch {
    return { ...fallback, representative: '' };
  }
}

type TokenRequest = { Params: { token: string } };
type QuoteRequest = { Params: { token: string; quoteId: string } };

const MEGABYTES = Math.round(VOICE_MEMO_MAX_BYTES / (1024 * 1024));

/** The Korean refusal of an upload error the intake's reader raised. */
function uploadRefusal(error: unknown): { code: number; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'memo_too_large' || error.code === 'payload_too_large')
    return { code: 413, message: answerErrors.memoTooLarge(MEGABYTES) };
  if (error.code === 'memo_incomplete') return { code: 400, message: answerErrors.memoIncomplete };
  return { code: 400, message: answerErrors.empty };
}

export async function threadStatusRoutes(app: FastifyInstance, options: ThreadStatusRoutesOptions): Promise<void> {
  const { database, config } = options;
  const shell = loadStatusShell(options.siteDir);
  const csp = statusPageCsp(config.trustProxy !== false);
  const operator = quoteOperator(options.siteDir);
  const originGuard = statusOriginGuard(config.allowedOrigins);
  await app.register(multipart);
  // A form post without the memo (a script, an old browser): the text field only, within a small limit.
  app.addContentTypeParser(FORM_POST_TYPE, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
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
  const notFound = (reply: FastifyReply) => page(reply, statusNotFoundHtml(shell), 404);

  const supplier = contractSupplier(options.siteDir, config.agency);
  const agreement = { supplier, bank: config.agency.bank };
  /** The status page again, with the answer form's state (a refusal, or the text kept) or the agreement's. */
  const statusAgain = async (
    reply: FastifyReply,
    token: string,
    code: number,
    form: AnswerFormState,
    contractForm?: ContractFormState,
  ) => {
    const idea = await statusIdea(database, token);
    if (!idea) return notFound(reply);
    const base = statusPath(token);
    const thread = threadSectionHtml(await loadThread(database, idea.id), base, form);
    const contract = await contractSection(database, idea, base, agreement, contractForm);
    return page(reply, statusPageHtml(shell, idea, base, new Date(), contract + thread), code);
  };

  app.post<TokenRequest>(
    `${STATUS_PATH}/:token/${threadSubpaths.answer}`,
    { onRequest: [originGuard], bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const token = request.params.token;
      const ideaId = await ideaIdForToken(database, token);
      if (!ideaId) return notFound(reply);
      let fields: Record<string, string>;
      let memoBytes: Buffer | undefined;
      if (request.isMultipart()) {
        try {
          ({ fields, memo: memoBytes } = await readMultipartIdea(request));
        } catch (error) {
          const refusal = uploadRefusal(error);
          if (!refusal) throw error;
          return statusAgain(reply, token, refusal.code, { error: refusal.message });
        }
      } else fields = (request.body ?? {}) as Record<string, string>;
      // Nothing visible (spaces, zero-width characters) is no answer: the intake's rule (domain/visible-text.ts).
      const body = visibleOrEmpty(
        (typeof fields[ANSWER_FIELDS.body] === 'string' ? fields[ANSWER_FIELDS.body] : '')!.replace(/\r\n/g, '\n'),
      );
      const refuse = (code: number, error: string) => statusAgain(reply, token, code, { error, body });
      if (!storable(body, true)) return refuse(400, answerErrors.invalidText);
      if (body.length > THREAD_LIMITS.answerMax) return refuse(400, answerErrors.tooLong(THREAD_LIMITS.answerMax));
      // An empty file input sends an empty part: no memo.
      const bytes = memoBytes && memoBytes.length > 0 ? memoBytes : undefined;
      let memo: { mimeType: string; durationMs: number; bytes: Buffer } | undefined;
      if (bytes) {
        const container = audioContainerOf(bytes);
        if (!container) return refuse(415, answerErrors.notAudio);
        // The recorder's declared length when a script sent one; a file from the phone's recorder has none.
        const declared = Number(fields[VOICE_MEMO_DURATION_FIELD]);
        const durationMs = Number.isInteger(declared) && declared > 0 && declared <= VOICE_MEMO_MAX_MS ? declared : 0;
        memo = { mimeType: AUDIO_CONTAINERS[container].mimeType, durationMs, bytes };
      }
      if (body === '' && !memo) return refuse(400, answerErrors.empty);
      const outcome = await storeAnswer(
        database,
        { ideaId, body, memo, perHour: THREAD_LIMITS.answersPerHour },
        async (rows, messageId) => {
          await appendAccessRecord(rows, {
            actor: 'visitor',
            action: 'visitor_answered',
            ideaId,
            details: { messageId, memo: Boolean(memo) },
          });
          await storeAnsweredAlerts(rows, ideaId, messageId, {
            teamEmail: config.mail.teamEmail,
            webhook: Boolean(config.alerts.webhookUrl),
            burstMs: config.founder.burstMs,
          });
        },
      );
      if (!outcome.ok)
        return outcome.reason === 'not_found'
          ? notFound(reply)
          : refuse(429, answerErrors.rateLimited(THREAD_LIMITS.answersPerHour));
      request.log.info({ ideaId, outcome: 'founder_answered' }, 'founder answered in the thread');
      options.onAlert?.();
      void options.events?.publish({ kind: 'lead_changed', ideaId, memberId: null, actorId: null });
      return reply.redirect(`${statusPath(token)}?answered=1#${THREAD_ANCHOR}`, 303);
    },
  );

  app.get<{ Params: { token: string; messageId: string } }>(
    `${STATUS_PATH}/:token/${threadSubpaths.memo}/:messageId`,
    async (request, reply) => {
      const ideaId = await ideaIdForToken(database, request.params.token);
      const messageId = request.params.messageId.toLowerCase();
      if (!ideaId || !isIdeaId(messageId)) return notFound(reply);
      const memo = await threadMemo(database, ideaId, messageId);
      if (!memo) return notFound(reply);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      reply.header('referrer-policy', 'no-referrer');
      return sendBytes(reply, memo.bytes, memo.mimeType, byteRange(request.headers.range, memo.bytes.length));
    },
  );

  const quoteOf = async (token: string, quoteId: string) => {
    const idea = await statusIdea(database, token);
    const id = quoteId.toLowerCase();
    if (!idea || !isIdeaId(id)) return undefined;
    const thread = await loadThread(database, idea.id);
    const quote = thread.messages.find((message) => message.quote?.id === id)?.quote ?? undefined;
    return quote ? { ideaId: idea.id, name: idea.name, quote } : undefined;
  };

  app.get<QuoteRequest>(`${STATUS_PATH}/:token/${threadSubpaths.quote}/:quoteId`, async (request, reply) => {
    const found = await quoteOf(request.params.token, request.params.quoteId);
    if (!found) return notFound(reply);
    const base = statusPath(request.params.token);
    return page(
      reply,
      quotePageHtml(shell, found.quote, {
        ideaId: found.ideaId,
        recipient: found.name,
        back: `${base}#quote-${found.quote.id}`,
        pdf: `${base}/${threadSubpaths.quote}/${found.quote.id}/${threadSubpaths.pdf}`,
        operator,
      }),
    );
  });

  // The quote as a PDF file (issue 50): the same content as the sheet, to keep or forward.
  app.get<QuoteRequest>(
    `${STATUS_PATH}/:token/${threadSubpaths.quote}/:quoteId/${threadSubpaths.pdf}`,
    async (request, reply) => {
      const found = await quoteOf(request.params.token, request.params.quoteId);
      if (!found) return notFound(reply);
      const file = await quotePdfFile(database, found.ideaId, found.quote.id, operator);
      if (!file) return notFound(reply);
      return sendDocument(reply, file, STATUS_DOCUMENT_HEADERS);
    },
  );

  const refusals: Record<Exclude<QuoteRefusal, 'not_found' | 'accepted'>, string> = {
    expired: quoteCopy.refusals.expired,
    superseded: quoteCopy.refusals.superseded,
    withdrawn: quoteCopy.refusals.withdrawn,
  };

  // 「동의합니다」 and the founder's name (issue 50): a refusal shows the page again at the quote, the name kept.
  app.post<QuoteRequest>(
    `${STATUS_PATH}/:token/${threadSubpaths.quote}/:quoteId/${threadSubpaths.confirm}`,
    { onRequest: [originGuard] },
    async (request, reply) => {
      const token = request.params.token;
      const found = await quoteOf(token, request.params.quoteId);
      if (!found) return notFound(reply);
      const quoteId = found.quote.id;
      const fields = (request.isMultipart() ? {} : (request.body ?? {})) as Record<string, unknown>;
      const typed =
        typeof fields[QUOTE_ACCEPT_FIELDS.name] === 'string' ? (fields[QUOTE_ACCEPT_FIELDS.name] as string) : '';
      const name = visibleOrEmpty(typed.replace(/\s+/g, ' '));
      const parsed = quoteAcceptanceSchema.safeParse({
        [QUOTE_ACCEPT_FIELDS.name]: name,
        [QUOTE_ACCEPT_FIELDS.agree]: fields[QUOTE_ACCEPT_FIELDS.agree],
      });
      if (!parsed.success || !storable(name, false)) {
        const field =
          parsed.success || parsed.error.issues.some((issue) => issue.path[0] === QUOTE_ACCEPT_FIELDS.name)
            ? 'name'
            : 'agree';
        const error = field === 'name' ? quoteCopy.refusals.signature : quoteCopy.refusals.agree;
        const agreed = fields[QUOTE_ACCEPT_FIELDS.agree] !== undefined && fields[QUOTE_ACCEPT_FIELDS.agree] !== '';
        return statusAgain(reply, token, 400, {
          quote: { id: quoteId, error, name: typed.slice(0, 200), agreed, field },
        });
      }
      const outcome = await acceptQuote(database, { ideaId: found.ideaId, quoteId, name }, async (rows, quote) => {
        await appendAccessRecord(rows, {
          actor: 'visitor',
          action: 'visitor_quote_confirmed',
          ideaId: found.ideaId,
          details: { quoteId, version: quote.version },
        });
        await storeQuoteAcceptedAlerts(rows, found.ideaId, quote, {
          teamEmail: config.mail.teamEmail,
          webhook: Boolean(config.alerts.webhookUrl),
        });
      });
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') return notFound(reply);
        // A second press (another tab, a double tap) changes nothing and lands on what was recorded.
        if (outcome.reason === 'accepted') return reply.redirect(`${statusPath(token)}#quote-${quoteId}`, 303);
        return statusAgain(reply, token, 409, { quote: { id: quoteId, error: refusals[outcome.reason] } });
      }
      request.log.info({ ideaId: found.ideaId, outcome: 'quote_accepted' }, 'founder accepted a quote');
      options.onAlert?.();
      void options.events?.publish({ kind: 'lead_changed', ideaId: found.ideaId, memberId: null, actorId: null });
      return reply.redirect(`${statusPath(token)}#quote-${quoteId}`, 303);
    },
  );

  const contractOf = async (token: string, contractId: string) => {
    const idea = await statusIdea(database, token);
    const id = contractId.toLowerCase();
    if (!idea || !isIdeaId(id)) return undefined;
    const contract = (await loadContracts(database, idea.id)).find((entry) => entry.id === id);
    return contract ? { idea, contract } : undefined;
  };

  // The agreement as a PDF (decision 150), signed or not: the same content as the page's card.
  app.get<{ Params: { token: string; contractId: string } }>(
    `${STATUS_PATH}/:token/${contractSubpaths.contract}/:contractId/${contractSubpaths.pdf}`,
    async (request, reply) => {
      const found = await contractOf(request.params.token, request.params.contractId);
      if (!found) return notFound(reply);
      const file = await contractPdfFile(database, found.idea.id, found.contract.id, supplier);
      if (!file) return notFound(reply);
      return sendDocument(reply, file, STATUS_DOCUMENT_HEADERS);
    },
  );

  /** Which field a refused tax detail belongs to, and its Korean message. */
  const taxRefusal = (path: PropertyKey | undefined): { field: string; error: string } => {
    const key = String(path ?? 'kind') as keyof typeof contractCopy.refusals;
    const field = key === 'kind' ? CONTRACT_FIELDS.kind : (CONTRACT_FIELDS[key as keyof typeof CONTRACT_FIELDS] ?? '');
    return { field, error: contractCopy.refusals[key] ?? contractCopy.refusals.kind };
  };

  // 「동의합니다」, the name and the tax details (decision 150): a plain form post; a refusal shows the page again at
  // the agreement with what was typed kept (400), or says why it cannot be signed (409).
  app.post<{ Params: { token: string; contractId: string } }>(
    `${STATUS_PATH}/:token/${contractSubpaths.contract}/:contractId/${contractSubpaths.sign}`,
    { onRequest: [originGuard] },
    async (request, reply) => {
      const token = request.params.token;
      const found = await contractOf(token, request.params.contractId);
      if (!found) return notFound(reply);
      const { idea, contract } = found;
      const raw = (request.isMultipart() ? {} : (request.body ?? {})) as Record<string, unknown>;
      const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).slice(0, 300) : '');
      const values: Record<string, string> = Object.fromEntries(
        Object.values(CONTRACT_FIELDS)
          .filter((name) => name !== CONTRACT_FIELDS.agree)
          .map((name) => [name, text(name)]),
      );
      const refuse = (code: number, refusal: { field?: string; error: string }) =>
        statusAgain(reply, token, code, {}, { id: contract.id, values, ...refusal });
      const kind = values[CONTRACT_FIELDS.kind];
      const tax = taxDetailsSchema.safeParse(
        kind === 'individual'
          ? { kind, receiptNumber: values[CONTRACT_FIELDS.receiptNumber] }
          : {
              kind,
              businessNumber: values[CONTRACT_FIELDS.businessNumber],
              company: values[CONTRACT_FIELDS.company],
              representative: values[CONTRACT_FIELDS.representative],
              businessType: values[CONTRACT_FIELDS.businessType],
              businessItem: values[CONTRACT_FIELDS.businessItem],
              invoiceEmail: values[CONTRACT_FIELDS.invoiceEmail],
            },
      );
      if (!tax.success) return refuse(400, taxRefusal(tax.error.issues[0]?.path[0]));
      const name = visibleOrEmpty(values[CONTRACT_FIELDS.name]!.replace(/\s+/g, ' '));
      const signature = contractSignatureSchema.safeParse({
        [CONTRACT_FIELDS.name]: name,
        [CONTRACT_FIELDS.agree]: raw[CONTRACT_FIELDS.agree],
      });
      if (!signature.success || !storable(name, false)) {
        const named = signature.success || signature.error.issues.some((i) => i.path[0] === CONTRACT_FIELDS.name);
        return refuse(
          400,
          named
            ? { field: CONTRACT_FIELDS.name, error: contractCopy.refusals.signature }
            : { error: contractCopy.refusals.agree },
        );
      }
      const outcome = await signContract(
        database,
        { ideaId: idea.id, contractId: contract.id, name, tax: tax.data },
        async (rows) => {
          await appendAccessRecord(rows, {
            actor: 'visitor',
            action: 'visitor_contract_signed',
            ideaId: idea.id,
            details: { contractId: contract.id },
          });
          await storeContractAlerts(rows, idea.id, 'contract_signed', contract.id, {
            teamEmail: config.mail.teamEmail,
            webhook: Boolean(config.alerts.webhookUrl),
          });
        },
      );
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') return notFound(reply);
        return refuse(409, {
          error:
            outcome.reason === 'already_signed' ? contractCopy.refusals.signed : contractCopy.refusals.quoteChanged,
        });
      }
      request.log.info({ ideaId: idea.id, outcome: 'contract_signed' }, 'founder signed the agreement');
      options.onAlert?.();
      void options.events?.publish({ kind: 'lead_changed', ideaId: idea.id, memberId: null, actorId: null });
      return reply.redirect(`${statusPath(token)}#${CONTRACT_ANCHOR}`, 303);
    },
  );
}
