/**
 * Body size guard: the limit holds the largest valid idea (domain/idea.ts's IDEA_LIMITS) in either encoding the
 * intake takes: a Korean syllable is three bytes of JSON, but nine urlencoded by the browser's own form post
 * (`%EA%B0%80`). A submission with a voice memo (multipart) may add the memo at its largest (the domain's
 * VOICE_MEMO_MAX_BYTES). A declared Content-Length above the limit is refused with 413 before any byte is read;
 * chunked bodies are cut off at the same limits by Fastify's route `bodyLimit` and, for multipart, by the memo
 * reader's own limits (intake/voice-memo-upload.ts).
 *
 * Every body limit of the app and of the guide's proxy lives here (the memo's own limit is the domain's, shared with
 * the recorder): the app's default `bodyLimit` (app.ts), the intake's, and nginx's `client_max_body_size` in
 * deploy/nginx-site.conf, which tests/deploy/nginx-proxy.test.ts reads and compares with PROXY_BODY_LIMIT.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import { IDEA_LIMITS } from '../../domain/idea';
import { VOICE_MEMO_MAX_BYTES } from '../../domain/voice-memo';
import { ApiError } from '../http/api-error';
import { isMultipart } from './content-type';

/** Bytes one character can take once the browser urlencodes it: a Korean syllable is three `%XX` escapes. */
const URLENCODED_BYTES_PER_CHAR = 9;
/** Field names, the honeypot, the form token and the separators, generously. */
const FORM_OVERHEAD_BYTES = 4 * 1024;
/**
 * The largest valid submission, urlencoded (its costliest encoding), rounded up to 16 KB. It follows IDEA_LIMITS,
 * so a longer idea never meets a body limit of its own.
 */
export const INTAKE_BODY_LIMIT =
  Math.ceil(
    (Object.values(IDEA_LIMITS).reduce((sum, max) => sum + max, 0) * URLENCODED_BYTES_PER_CHAR + FORM_OVERHEAD_BYTES) /
      (16 * 1024),
  ) *
  (16 * 1024);
/** The fields, the memo at its largest, and room for the multipart framing. */
export const MEMO_BODY_LIMIT = INTAKE_BODY_LIMIT + VOICE_MEMO_MAX_BYTES;
/**
 * The reverse proxy's ceiling (nginx's `client_max_body_size` in deploy/nginx-site.conf, which
 * tests/deploy/nginx-proxy.test.ts holds to this value): above MEMO_BODY_LIMIT, so every body the app could
 * take reaches it and every body the app refuses up to this size is refused by the app itself, with its Korean
 * answer; beyond it nginx answers 413 on its own (the form reads any 413 as "too large" either way).
 */
export const PROXY_BODY_LIMIT = 4 * 1024 * 1024;

export const bodyLimitGuard: onRequestAsyncHookHandler = async (request) => {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared)) return;
  if (isMultipart(request)) {
    if (declared > MEMO_BODY_LIMIT) throw new ApiError(413, 'memo_too_large');
  } else if (declared > INTAKE_BODY_LIMIT) throw new ApiError(413, 'payload_too_large');
};
