/**
 * POST VITALS_ENDPOINT (decision 098): one page view's field Web Vitals and funnel steps, sent by the page's beacon.
 * Guards, cheapest first: Origin (a page of this site, like the intake) and the fetch's site → content type → size
 * (BEACON_MAX_BYTES, before the body is read) → the schema (unknown route or metric, a value past its maximum, an
 * impossible order: 400) → bots by User-Agent (204, not counted) → a per-address limit held in this instance's
 * memory only (429) → counted in memory (field-counts.ts), 204. No cookie is set, nothing is logged about the
 * visitor, and the address and User-Agent are read, never stored: the device class is all that is kept of them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { vitalsRefusals } from '../../content/field-figures';
import { BEACON_MAX_BYTES, deviceOf, isBotUserAgent, VITALS_ENDPOINT } from '../../domain/vitals';
import { beaconSchemaFor } from '../../domain/vitals-schema';
import { routes } from '../../content/site';
import { intakeOriginGuard } from '../intake/content-type';
import type { FieldCounts } from './field-counts';

export interface VitalsRouteOptions {
  counts: FieldCounts;
  allowedOrigins: readonly string[];
  perIp: number;
  windowMs: number;
}

type Refusal = keyof typeof vitalsRefusals;

/** The routes measured: every page served at a path of its own (content/site.ts's route list). */
export const VITAL_ROUTES = routes.flatMap((route) => (route.path === null ? [] : [route.id])) as [string, ...string[]];
const beaconSchema = beaconSchemaFor(VITAL_ROUTES);

const refuse = (reply: FastifyReply, status: number, code: Refusal) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: { code, message: vitalsRefusals[code] } });

/**
 * Fixed windows per address, in memory: nothing about an address outlives its window or leaves the process. With n
 * instances one address may be counted n × perIp times a window (the bound decision 098 states).
 */
export class AddressWindows {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly perIp: number,
    private readonly windowMs: number,
    private readonly maxAddresses = 100_000,
  ) {}

  allow(address: string, now = Date.now()): boolean {
    let window = this.windows.get(address);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= this.maxAddresses) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(address, window);
    }
    window.count += 1;
    return window.count <= this.perIp;
  }

  private sweep(now: number) {
    for (const [address, window] of this.windows) if (window.resetAt <= now) this.windows.delete(address);
    // Still full (a flood from very many addresses): start over rather than grow without end.
    if (this.windows.size >= this.maxAddresses) this.windows.clear();
  }
}

export async function vitalsRoute(app: FastifyInstance, options: VitalsRouteOptions): Promise<void> {
  const windows = new AddressWindows(options.perIp, options.windowMs);
  const originGuard = intakeOriginGuard(options.allowedOrigins);
  // sendBeacon sends a Blob with its own type (application/json) or a string (text/plain); both are read as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    VITALS_ENDPOINT,
    {
      bodyLimit: BEACON_MAX_BYTES,
      compress: false,
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.headers['sec-fetch-site'] === 'cross-site') return refuse(reply, 403, 'forbidden_origin');
        try {
          await originGuard.call(app, request, reply);
        } catch {
          return refuse(reply, 403, 'forbidden_origin');
        }
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json' && type !== 'text/plain') return refuse(reply, 415, 'unsupported_media_type');
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > BEACON_MAX_BYTES) return refuse(reply, 413, 'payload_too_large');
      },
      // What Fastify refuses before the handler (a body past the limit, an unreadable one) is the client's error.
      errorHandler: (error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === undefined || status >= 500) {
          request.log.error({ err: error }, 'beacon not counted');
          void reply.code(500).send();
        } else if (status === 413) void refuse(reply, 413, 'payload_too_large');
        else if (status === 415) void refuse(reply, 415, 'unsupported_media_type');
        else void refuse(reply, 400, 'invalid_beacon');
      },
    },
    async (request, reply) => {
      let json: unknown;
      try {
        json = JSON.parse(String(request.body ?? ''));
      } catch {
        return refuse(reply, 400, 'invalid_beacon');
      }
      const parsed = beaconSchema.safeParse(json);
      if (!parsed.success) return refuse(reply, 400, 'invalid_beacon');
      const userAgent = request.headers['user-agent'];
      reply.header('cache-control', 'no-store');
      if (isBotUserAgent(userAgent)) return reply.code(204).send();
      if (!windows.allow(request.ip)) return refuse(reply, 429, 'rate_limited');
      options.counts.addBeacon(parsed.data, deviceOf(userAgent!));
      return reply.code(204).send();
    },
  );
}
