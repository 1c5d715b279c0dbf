/**
 * pino options: JSON lines with the idea id and outcome, never idea text or contact details.
 * Request headers that carry keys are redacted; bodies are never logged.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
  };
}
