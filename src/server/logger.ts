/**
 * pino options: JSON lines with the idea id and outcome, never idea text or contact details.
 * Requests are logged as method and path only (no client address, no query); bodies are never logged.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
    // No client addresses in the logs: they are personal data the privacy policy keeps only briefly (decision 072).
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?')[0] }),
    },
  };
}
