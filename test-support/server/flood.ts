/**
 * A junk flood and a genuine visitor, over real HTTP, for the flood test and `npm run bench:intake`. The junk is
 * what was seen in the wild: invalid bodies and well-formed bodies without a form token (plus some honeypot
 * fills), and on request well-formed plain form posts (no JavaScript, so no token), from many addresses (X-Forwarded-For; the server must run with TRUST_PROXY). The visitor does what the
 * page does: fetch the form token, wait out the minimum fill time, post JSON with an Idempotency-Key.
 */
import crypto from 'node:crypto';
import { FORM_TOKEN_ENDPOINT, IDEA_ENDPOINT, type FormTokenAnswer } from '../../src/domain/endpoints';

export type JunkKind = 'invalid_json' | 'invalid_fields' | 'no_token' | 'honeypot' | 'form';
/** The flood's kinds by default; `form` (well-formed plain form posts, as with JavaScript off: decision 075) is opt-in. */
export const SCRIPT_JUNK: JunkKind[] = ['invalid_json', 'invalid_fields', 'no_token', 'honeypot'];
const ALL_KINDS: JunkKind[] = [...SCRIPT_JUNK, 'form'];

/** The address junk request `i` comes from: `10.<kind>.x.y`, spread over `addresses` per kind. */
export function junkAddress(kind: JunkKind, i: number, addresses: number): string {
  const n = i % addresses;
  return `10.${ALL_KINDS.indexOf(kind) + 1}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Plain form posts' addresses (`10.5.x.y`), for telling their ideas apart afterwards. */
export const FORM_JUNK_EMAIL_DOMAIN = 'form-spam.example';

function junkBody(kind: JunkKind, i: number): string {
  switch (kind) {
    case 'form':
      return new URLSearchParams({
        idea: `cheap loans form ${i}`,
        name: 'bot',
        email: `form${i}@${FORM_JUNK_EMAIL_DOMAIN}`,
        phone: '',
        website: '',
      }).toString();
    case 'invalid_json':
      return `{"idea": "spam ${i}`;
    case 'invalid_fields':
      return JSON.stringify({ idea: '', name: 'x', email: 'not-an-email' });
    case 'no_token':
      return JSON.stringify({
        idea: `buy cheap followers ${i}`,
        name: 'bot',
        email: `bot${i}@spam.example`,
        phone: '',
      });
    case 'honeypot':
      return JSON.stringify({
        idea: `seo offer ${i}`,
        name: 'bot',
        email: `seo${i}@spam.example`,
        website: 'https://spam.example',
      });
  }
}

export interface FloodOptions {
  /** One or more instances' base URLs; requests go round-robin. */
  baseUrls: string[];
  total: number;
  concurrency: number;
  /** Distinct addresses per junk kind. */
  addresses: number;
  /** Stop early when this resolves (e.g. the genuine visitors are done). */
  until?: Promise<unknown>;
  /** The junk kinds, in turn (default SCRIPT_JUNK). */
  kinds?: JunkKind[];
  /** Called with the number of answers so far after each answer (a test waits for the flood to be under way). */
  onAnswer?: (answered: number) => void;
}

/** Resolves once `count` answers of the flood came back: it is under way (pass `onAnswer` to `flood`). */
export function answersSeen(count: number): { onAnswer: (answered: number) => void; reached: Promise<void> } {
  let resolve!: () => void;
  const reached = new Promise<void>((done) => (resolve = done));
  return { onAnswer: (answered) => answered >= count && resolve(), reached };
}

export interface FloodResult {
  sent: number;
  byStatus: Record<number, number>;
  ms: number;
}

export async function flood(options: FloodOptions): Promise<FloodResult> {
  const byStatus: Record<number, number> = {};
  let next = 0;
  let answered = 0;
  let stop = false;
  void options.until?.then(() => (stop = true));
  const kinds = options.kinds ?? SCRIPT_JUNK;
  const started = performance.now();
  const worker = async () => {
    while (!stop && next < options.total) {
      const i = next++;
      const kind = kinds[i % kinds.length]!;
      const contentType = kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      const response = await fetch(`${options.baseUrls[i % options.baseUrls.length]}${IDEA_ENDPOINT}`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          'x-forwarded-for': junkAddress(kind, Math.floor(i / kinds.length), options.addresses),
        },
        body: junkBody(kind, i),
        redirect: 'manual',
      }).catch(() => undefined);
      const status = response?.status ?? 0;
      await response?.arrayBuffer().catch(() => {});
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      answered += 1;
      options.onAnswer?.(answered);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { sent: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, ms: performance.now() - started };
}

export interface GenuineResult {
  status: number;
  id: string | undefined;
  /** From the submit press (after the fill time) to the answer. */
  latencyMs: number;
}

/** One visitor through the page's calls; `address` is theirs (X-Forwarded-For). */
export async function genuineSubmission(
  baseUrl: string,
  address: string,
  fields: { idea: string; name: string; email: string },
): Promise<GenuineResult> {
  const headers = { 'x-forwarded-for': address };
  const answer = (await (await fetch(`${baseUrl}${FORM_TOKEN_ENDPOINT}`, { headers })).json()) as FormTokenAnswer;
  await new Promise((resolve) => setTimeout(resolve, answer.minFillMs + 50));
  const started = performance.now();
  const response = await fetch(`${baseUrl}${IDEA_ENDPOINT}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ ...fields, phone: '', website: '', formToken: answer.token }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string };
  return { status: response.status, id: body.id, latencyMs: performance.now() - started };
}
