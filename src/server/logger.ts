/**
 * pino options: JSON lines with the idea id and outcome, never idea text or contact details.
 * Requests are logged as method and path only (no client address, no query, no status link token); bodies are never
 * logged.
 * Errors are logged through `safeError` whatever threw them (decision 075): a database error carries the failed
 * query's parameters (every idea of a group commit, a memo's bytes) and the row that failed, an SMTP refusal may
 * echo the mail; only the kind of error, its codes, a message with the values taken out and the call stack remain.
 */
import type { DestinationStream } from 'pino';
import type { FastifyServerOptions } from 'fastify';
import { STATUS_PATH } from '../domain/status-link';
import type { Config } from './config';

/** The longest message a logged error keeps (a failed group commit's SQL alone runs to kilobytes). */
export const LOGGED_ERROR_MESSAGE_CHARS = 300;
const CAUSE_DEPTH = 3;

/** nodemailer's wording of a refused mail or command, then the server's reply. */
const SMTP_MESSAGE =
  /^(Message failed|Can't send mail|Data command failed|Mail command failed|Recipient command failed|Invalid login)\b/;
const ENHANCED_STATUS = /\b[245]\d\d[ -][245]\.\d{1,3}\.\d{1,3}\b/;
/** Up to the reply code and its enhanced status code, e.g. "Message failed: 550 5.7.1". */
const SMTP_REPLY = /^(.*?\b[245]\d\d(?:[ -][245]\.\d{1,3}\.\d{1,3})?)(?=[\s-]|$)/s;

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  /** The error's code: a PostgreSQL SQLSTATE, a Node or Fastify code, nodemailer's EENVELOPE/EMESSAGE. */
  code?: string;
  /** An SMTP reply code (550), without the reply's text. */
  responseCode?: number;
  stack?: string;
  cause?: SafeError | string;
}

/**
 * A message with what could be a visitor's value taken out: drizzle's `params:` part and everything after it, quoted
 * and bracketed parts ("…", '…', <…>, (…)), e-mail and IP addresses, long numbers (phones) and any run of non-ASCII
 * text (the visitors write Korean). What stays is the error's own English wording.
 */
export function withoutValues(text: string, options: { smtp?: boolean } = {}): string {
  let cut = text.split(/\n\s*params:/)[0]!;
  // An SMTP refusal's text is the remote server's free wording, which may quote the mail: only its codes are kept.
  if (options.smtp || SMTP_MESSAGE.test(cut) || ENHANCED_STATUS.test(cut)) {
    const reply = SMTP_REPLY.exec(cut);
    cut = reply ? `${reply[1]} …` : cut.split(':')[0]!;
  }
  const redacted = cut
    .replace(/"[^"]*"|'[^']*'|<[^>]*>|\([^()]*\)/g, '…')
    .replace(/[^\s@]+@[^\s@]+/g, '…')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}\b|\b[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}\b/gi, '…')
    .replace(/\+?\d(?:[\s().-]?\d){6,}/g, '…')
    .replace(/[^\x20-\x7e\n\t]+/g, '…');
  return redacted.length > LOGGED_ERROR_MESSAGE_CHARS ? `${redacted.slice(0, LOGGED_ERROR_MESSAGE_CHARS)}…` : redacted;
}

/** An error as it may be logged: see the module comment. Strings (an error's message passed on its own) are cleaned too. */
export function safeError(value: unknown, depth = 0): SafeError | string {
  if (typeof value === 'string') return withoutValues(value);
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) return withoutValues(String(value));
  const error = value as Error & { code?: unknown; responseCode?: unknown; cause?: unknown };
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : 'Error';
  const message = withoutValues(typeof error.message === 'string' ? error.message : '', {
    smtp: typeof error.responseCode === 'number',
  });
  const safe: SafeError = { type, message };
  if (typeof error.code === 'string' || typeof error.code === 'number')
    safe.code = withoutValues(String(error.code)).slice(0, 40);
  if (typeof error.responseCode === 'number') safe.responseCode = error.responseCode;
  // The frames only: the stack's first lines repeat the message, values and all.
  const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  if (frames.length > 0) safe.stack = [`${type}: ${message.split('\n')[0]}`, ...frames].join('\n');
  if (error.cause !== undefined && depth < CAUSE_DEPTH) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** Decodes percent escapes one at a time (a malformed one stays as it is), as the router reads the path. */
const decodePath = (path: string) =>
  path.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });

/** The path as a router or a proxy may read it: decoded, slashes merged, `.` and `..` segments resolved. */
export function normalizedPath(path: string): string {
  const segments: string[] = [];
  for (const segment of decodePath(path).replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * A request's path as logged: no query, and a status link's token (decision 084) replaced by `…` however the path is
 * spelled (`/%73tatus/…`, `//status/…`, `/x/../status/…`, any letter case): the token alone opens, downloads and
 * erases a visitor's data, so a log line must not hold it. The check runs on the decoded, normalized path; a
 * status path is logged as `/status/…` whatever followed.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0]!;
  const normalized = normalizedPath(path);
  if (normalized.toLowerCase() === STATUS_PATH || normalized.toLowerCase().startsWith(`${STATUS_PATH}/`))
    return `${STATUS_PATH}/…`;
  return path;
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
    // No client addresses in the logs: they are personal data the privacy policy keeps only briefly (decision 072).
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, url: loggedPath(request.url) }),
      // Typed by Fastify as Error in, stack out; pino passes whatever was logged as `err` (the outbox worker logs a message string).
      err: (error: unknown) => safeError(error) as SafeError & { stack: string },
    },
  };
}
