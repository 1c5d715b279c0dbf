/**
 * A reverse proxy in front without TRUST_PROXY (decision 089): every client then has the proxy's address, so every
 * per-address count (the intake's limit, failed sign-ins) counts all visitors as one. Detected from the requests
 * themselves: one that carries X-Forwarded-For from a loopback peer while TRUST_PROXY is unset came through a
 * proxy on this machine (nginx as docs/deploy.md sets it up). The first such request is logged as a warning, and
 * `/healthz` reports it under `proxy` as degraded until the setting is fixed and the server restarted. At start,
 * listening on loopback only without TRUST_PROXY is warned about as well (only a proxy can reach such a server).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { HealthCheck } from '../http/health-check';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const isLoopbackHost = (host: string) => host === 'localhost' || LOOPBACK.test(host);

export interface ProxyDetection {
  /** True once a forwarded request came from loopback while TRUST_PROXY is unset. */
  readonly detected: boolean;
  healthCheck: HealthCheck;
}

export function detectUntrustedProxy(app: FastifyInstance, config: Config): ProxyDetection {
  const trusted = config.trustProxy !== false;
  let detected = false;
  if (!trusted)
    app.addHook('onRequest', async (request) => {
      if (detected || request.headers['x-forwarded-for'] === undefined) return;
      if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return;
      detected = true;
      request.log.warn(
        'a proxy on this machine forwards requests (X-Forwarded-For from loopback) but TRUST_PROXY is unset: every ' +
          'client counts as the proxy in per-address limits. Set TRUST_PROXY=127.0.0.1 (docs/deploy.md)',
      );
    });
  return {
    get detected() {
      return detected;
    },
    healthCheck: {
      name: 'proxy',
      check: async () => ({ degraded: detected, trustProxy: trusted, forwardedFromLoopback: detected }),
    },
  };
}

/**
 * The warning at start: a production server on loopback only is reached through a proxy, which needs TRUST_PROXY
 * (a developer's `npm start` on localhost is reached directly: no warning).
 */
export function warnAtStart(config: Config, log: FastifyBaseLogger): void {
  if (config.env === 'production' && config.trustProxy === false && isLoopbackHost(config.host))
    log.warn(
      `listening on ${config.host} only without TRUST_PROXY: behind a proxy every client would count as the proxy; ` +
        'set TRUST_PROXY=127.0.0.1 for nginx on this machine (docs/deploy.md)',
    );
}
