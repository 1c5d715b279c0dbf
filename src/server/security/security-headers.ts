/**
 * Security headers (helmet) and CORS. The CSP allows scripts only from 'self' plus hashes of the prerendered
 * inline scripts; styles may be inline (React/Radix style attributes); nothing may frame the site.
 * HSTS is sent only when the site is served over https (behind a TLS proxy: TRUST_PROXY).
 * helmet's middleware is built once, at start (decision 117): the headers are the same for every answer.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { siteInlineScriptHashes } from './inline-script-hashes';

export function contentSecurityDirectives(scriptHashes: string[], https: boolean): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.trustProxy !== false;
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(siteInlineScriptHashes(config.siteDir), https),
    },
    // The site embeds nothing cross-origin; COEP would only get in the way of future embeds.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  // On the root instance: every answer, the 404s and the error pages included.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(cors, {
    // Same-origin requests need no CORS; other origins only when listed in ALLOWED_ORIGINS.
    origin: config.allowedOrigins.length > 0 ? config.allowedOrigins : false,
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'apikey', 'authorization', 'idempotency-key', 'x-client-info'],
    maxAge: 600,
  });
}
