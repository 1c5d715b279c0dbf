/**
 * The Origin check of the status page's form posts (decision 084; the thread's, decision 101): the intake's, and one
 * more case. The pages send no referrer (Referrer-Policy: no-referrer), and with it a browser names the origin of
 * their form posts `null`; Sec-Fetch-Site, which a page cannot set, then says whether the post came from this site.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import { intakeOriginGuard } from '../intake/content-type';

export function statusOriginGuard(allowedOrigins: readonly string[]): onRequestAsyncHookHandler {
  const intakeGuard = intakeOriginGuard(allowedOrigins);
  return async function (request, reply) {
    if (request.headers.origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return;
    return intakeGuard.call(this, request, reply);
  };
}
