/**
 * The idea form's whole client contract with the intake server (see src/domain/idea.ts and src/domain/endpoints.ts):
 * - GET  `${base}${FORM_TOKEN_ENDPOINT}` → { token, minFillMs } once per form start, as soon as the form is live
 *   (failure tolerated: sent without one); a submission waits until `minFillMs` have passed since the token arrived,
 *   so a quick person (autofill, paste, typing before the page code) is not taken for a bot;
 * - POST `${base}${IDEA_ENDPOINT}` JSON { idea, name, email, phone, website, formToken, sourceParams, sourceReferrer }, or the same fields as
 *   multipart with `memo` (the recording) and `memoDurationMs` when a voice memo comes along; with
 *   `apikey` + `Authorization: Bearer` (only when a public key is configured) and `Idempotency-Key`:
 *   a new UUID per attempt, reused when the visitor retries a failed attempt with unchanged values and memo.
 * - 202 → IdeaReceipt. Every refusal is told apart by what the visitor can do about it (docs/decisions/078):
 *   400 validation_failed with `fields` → the fields to fix, each with the server's Korean message; 429 → wait
 *   (Retry-After in seconds); 413/415/400 about the memo → re-record it (also a bare 413, e.g. a proxy's own page,
 *   when a memo went along); 413 otherwise → shorten; any other 4xx → the server's Korean message (reload and resend);
 *   network failure, 5xx, anything unreadable → failure (try again).
 * Build config: VITE_API_BASE_URL (default: same origin) and VITE_PUBLIC_API_KEY (default: none).
 */
import {
  CONSENT_VERSION_FIELD,
  FORM_TOKEN_ENDPOINT,
  HONEYPOT_FIELD,
  IDEA_ENDPOINT,
  type FormTokenAnswer,
} from '../../../../domain/endpoints';
import { SOURCE_PARAMS_FIELD, SOURCE_REFERRER_FIELD } from '../../../../domain/landing';
import { notedLanding } from '../../boot/landing-source';
import { PRIVACY_VERSION } from '../../../../content/privacy-version';
import type { ApiErrorBody, ApiErrorCode, IdeaField, IdeaReceipt, IdeaRequest } from '../../../../domain/idea';
import { AUDIO_CONTAINERS, VOICE_MEMO_DURATION_FIELD, VOICE_MEMO_FIELD } from '../../../../domain/voice-memo';
import type { VoiceMemo } from '../voice-memo/voice-memo';

export interface IdeaValues {
  idea: string;
  name: string;
  email: string;
  phone: string;
  /** Issue 49: the KakaoTalk updates' checkbox, when ticked. */
  kakaoUpdates?: 'on';
}

/** A refusal's Korean message: the server's, or undefined when the answer carried none (a proxy's own page). */
type ServerMessage = string | undefined;

export type SubmitOutcome =
  | { kind: 'accepted'; receipt: IdeaReceipt }
  /** 400 validation_failed: the server's Korean message for each field it refused. */
  | { kind: 'invalid'; fields: Partial<Record<IdeaField, string>> }
  /** 429: `retryAfterSeconds` from Retry-After when the answer had one. */
  | { kind: 'rate-limited'; message: ServerMessage; retryAfterSeconds: number | undefined }
  /** The voice memo was refused (not audio, too big, cut short); the memo stays for the visitor to re-record. */
  | { kind: 'memo-refused'; reason: 'too-large' | 'unsupported' | 'incomplete'; message: ServerMessage }
  /** 413 for the text itself. */
  | { kind: 'too-large'; message: ServerMessage }
  /** Any other 4xx (unauthorized, forbidden origin, an idempotency conflict, a malformed request): sending the same again will not help. */
  | { kind: 'refused'; message: ServerMessage }
  /** No answer, a 5xx, or an answer that makes no sense: trying again can work. */
  | { kind: 'failed'; error: unknown };

export interface ApiClientConfig {
  baseUrl: string;
  publicKey: string;
  fetch: typeof fetch;
  newKey: () => string;
  /** Resolves after `ms` (a timer; tests pass their own). */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultConfig = (): ApiClientConfig => ({
  baseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  publicKey: import.meta.env.VITE_PUBLIC_API_KEY ?? '',
  fetch: (...args) => globalThis.fetch(...args),
  newKey: () => crypto.randomUUID(),
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ApiErrorBody).error?.message === 'string';
}

function isReceipt(body: unknown): body is IdeaReceipt {
  const receipt = body as IdeaReceipt;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof receipt.id === 'string' &&
    typeof receipt.promisedBy === 'string'
  );
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface FormStart {
  token: string;
  /** When the server takes a submission as a person's (client clock). */
  readyAt: number;
}

export function createIdeaClient(config: ApiClientConfig = defaultConfig()) {
  const { wait = timer, now = () => Date.now() } = config;
  let token: Promise<FormStart | undefined> | null = null;
  let lastFailed: { fingerprint: string; key: string } | null = null;

  const authHeaders = (): Record<string, string> =>
    config.publicKey ? { apikey: config.publicKey, Authorization: `Bearer ${config.publicKey}` } : {};

  /**
   * Starts (once per form start) the form-start token request; resolves undefined when it fails, and forgets the
   * failure so that the next call (the press) asks again.
   */
  function prepare(): Promise<FormStart | undefined> {
    token ??= config
      .fetch(`${config.baseUrl}${FORM_TOKEN_ENDPOINT}`, { headers: authHeaders(), credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new HttpError(response.status, null);
        const body = (await response.json()) as Partial<FormTokenAnswer>;
        if (typeof body.token !== 'string') return undefined;
        const minFillMs = typeof body.minFillMs === 'number' ? body.minFillMs : 0;
        return { token: body.token, readyAt: now() + minFillMs };
      })
      .catch(() => undefined)
      .then((start) => {
        if (!start) token = null;
        return start;
      });
    return token;
  }

  async function submit(values: IdeaValues, honeypot: string, memo: VoiceMemo | null = null): Promise<SubmitOutcome> {
    // A token that could not be fetched when the form started is asked for again: without one the idea is set aside.
    const start = (await prepare()) ?? (await prepare());
    if (start && start.readyAt > now()) await wait(start.readyAt - now());
    const formToken = start?.token;
    const payload: IdeaRequest = {
      ...values,
      [HONEYPOT_FIELD]: honeypot,
      formToken,
      [CONSENT_VERSION_FIELD]: PRIVACY_VERSION,
      ...sourceFields(),
    };
    const fingerprint = JSON.stringify([values, honeypot, memo && [memo.blob.size, memo.durationMs, memo.mimeType]]);
    const key = lastFailed?.fingerprint === fingerprint ? lastFailed.key : config.newKey();
    try {
      const headers = { ...authHeaders(), 'Idempotency-Key': key };
      const response = await config.fetch(`${config.baseUrl}${IDEA_ENDPOINT}`, {
        method: 'POST',
        // With a memo, multipart (the browser sets its boundary); otherwise JSON.
        ...(memo
          ? { headers, body: memoForm(payload, memo) }
          : { headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(payload) }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 202 && isReceipt(body)) {
        lastFailed = null;
        token = null; // the next submission is a new form start
        return { kind: 'accepted', receipt: body };
      }
      lastFailed = { fingerprint, key };
      return refusalOf(response, body, memo !== null);
    } catch (error) {
      lastFailed = { fingerprint, key };
      return { kind: 'failed', error };
    }
  }

  return { prepare, submit };
}

const MEMO_ERRORS: Partial<Record<ApiErrorCode, 'too-large' | 'unsupported' | 'incomplete'>> = {
  memo_too_large: 'too-large',
  unsupported_audio: 'unsupported',
  memo_incomplete: 'incomplete',
};

/** What a non-202 answer means for the visitor (see the header). */
function refusalOf(response: Response, body: unknown, withMemo: boolean): SubmitOutcome {
  const { status } = response;
  const error = isErrorBody(body) ? body.error : undefined;
  const message = error?.message;
  if (status >= 500 || status < 400) return { kind: 'failed', error: new HttpError(status, body) };
  if (status === 400 && error?.code === 'validation_failed' && error.fields && Object.keys(error.fields).length > 0) {
    return { kind: 'invalid', fields: error.fields };
  }
  if (status === 429)
    return { kind: 'rate-limited', message, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) };
  const memoReason = error ? MEMO_ERRORS[error.code] : undefined;
  if (memoReason) return { kind: 'memo-refused', reason: memoReason, message };
  if (status === 413) {
    // A 413 without the app's answer came from a proxy in front of it: with a memo along, the memo made it too big.
    return withMemo && error?.code !== 'payload_too_large'
      ? { kind: 'memo-refused', reason: 'too-large', message }
      : { kind: 'too-large', message };
  }
  if (status === 415 && withMemo && !error) return { kind: 'memo-refused', reason: 'unsupported', message };
  return { kind: 'refused', message };
}

/** Retry-After as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** The multipart body of a submission with a voice memo: the same fields, the recording and its length. */
function memoForm(payload: IdeaRequest, memo: VoiceMemo): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload)) if (typeof value === 'string') form.append(name, value);
  form.append(VOICE_MEMO_DURATION_FIELD, String(Math.round(memo.durationMs)));
  const container =
    Object.values(AUDIO_CONTAINERS).find((candidate) => memo.mimeType.startsWith(candidate.mimeType)) ??
    AUDIO_CONTAINERS.webm;
  form.append(VOICE_MEMO_FIELD, memo.blob, `memo.${container.extension}`);
  return form;
}

/** Where the visit began, as the request's two source fields (decision 134); none when nothing was noted. */
function sourceFields(): Pick<IdeaRequest, typeof SOURCE_PARAMS_FIELD | typeof SOURCE_REFERRER_FIELD> {
  const landing = notedLanding();
  return landing ? { [SOURCE_PARAMS_FIELD]: landing.params, [SOURCE_REFERRER_FIELD]: landing.referrer } : {};
}

export type IdeaClient = ReturnType<typeof createIdeaClient>;

let shared: IdeaClient | null = null;
/** The page's one client: the form starts its token with it when it hydrates, and submits with it. */
export const sharedIdeaClient = (): IdeaClient => (shared ??= createIdeaClient());
