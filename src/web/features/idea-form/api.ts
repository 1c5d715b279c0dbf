/**
 * The idea form's whole client contract with the intake server (see src/domain/idea.ts and src/domain/endpoints.ts):
 * - GET  `${base}${FORM_TOKEN_ENDPOINT}` → { token, minFillMs } once per form start, as soon as the form is live
 *   (failure tolerated: sent without one); a submission waits until `minFillMs` have passed since the token arrived,
 *   so a quick person (autofill, paste, typing before the page code) is not taken for a bot;
 * - POST `${base}${IDEA_ENDPOINT}` JSON { idea, name, email, phone, website, formToken } with
 *   `apikey` + `Authorization: Bearer` (only when a public key is configured) and `Idempotency-Key`:
 *   a new UUID per attempt, reused when the visitor retries a failed attempt with unchanged values.
 * - 202 → IdeaReceipt; 429 → the server's Korean message; anything else → failure.
 * Build config: VITE_API_BASE_URL (default: same origin) and VITE_PUBLIC_API_KEY (default: none).
 */
import { FORM_TOKEN_ENDPOINT, HONEYPOT_FIELD, IDEA_ENDPOINT, type FormTokenAnswer } from '../../../domain/endpoints';
import type { ApiErrorBody, IdeaReceipt, IdeaRequest } from '../../../domain/idea';

export interface IdeaValues {
  idea: string;
  name: string;
  email: string;
  phone: string;
}

export type SubmitOutcome =
  | { kind: 'accepted'; receipt: IdeaReceipt }
  | { kind: 'rate-limited'; message: string }
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
  return typeof body === 'object' && body !== null && typeof receipt.id === 'string' && typeof receipt.promisedBy === 'string';
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

  /** Starts (once per form start) the form-start token request; resolves undefined when it fails. */
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
      .catch(() => undefined);
    return token;
  }

  async function submit(values: IdeaValues, honeypot: string): Promise<SubmitOutcome> {
    const start = await prepare();
    if (start && start.readyAt > now()) await wait(start.readyAt - now());
    const formToken = start?.token;
    const payload: IdeaRequest = { ...values, [HONEYPOT_FIELD]: honeypot, formToken };
    const fingerprint = JSON.stringify([values, honeypot]);
    const key = lastFailed?.fingerprint === fingerprint ? lastFailed.key : config.newKey();
    try {
      const response = await config.fetch(`${config.baseUrl}${IDEA_ENDPOINT}`, {
        method: 'POST',
        headers: { ...authHeaders(), 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(payload),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 202 && isReceipt(body)) {
        lastFailed = null;
        token = null; // the next submission is a new form start
        return { kind: 'accepted', receipt: body };
      }
      lastFailed = { fingerprint, key };
      if (response.status === 429 && isErrorBody(body)) return { kind: 'rate-limited', message: body.error.message };
      return { kind: 'failed', error: new HttpError(response.status, body) };
    } catch (error) {
      lastFailed = { fingerprint, key };
      return { kind: 'failed', error };
    }
  }

  return { prepare, submit };
}

export type IdeaClient = ReturnType<typeof createIdeaClient>;

let shared: IdeaClient | null = null;
/** The page's one client: the form starts its token with it when it hydrates, and submits with it. */
export const sharedIdeaClient = (): IdeaClient => (shared ??= createIdeaClient());
