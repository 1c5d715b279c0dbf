/**
 * A local push service over HTTPS (decision 130), checking what a real one checks, and the browser's side of it:
 * - `subscribe(applicationServerKey)` makes a subscription as a browser would (a P-256 key pair and a 16-byte auth
 *   secret, an endpoint on this service) and returns PushSubscription.toJSON()'s shape.
 * - Each POST to an endpoint must carry `TTL`, `Content-Encoding: aes128gcm` and `Authorization: vapid t=…, k=…`
 *   whose JWT is ES256-signed by `k`, `k` being the key the subscription was made with, `aud` this service's origin,
 *   `exp` in the next 24 hours and `sub` a mailto: or https: URL (RFC 8292); the body is decrypted with the
 *   subscription's private key and auth secret (RFC 8188/8291), as the browser does. Anything else is refused with
 *   the status a push service answers and listed in `refused`.
 * - `script(endpoint, [500, 410])` answers the next requests to an endpoint with those statuses (then 201).
 * Its certificate is signed by a test CA made here with openssl; `agent` trusts it (the app's `pushAgent`).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BrowserSubscription } from '../../src/domain/push';

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
}

export interface FakePushService {
  readonly origin: string;
  readonly agent: https.Agent;
  readonly received: ReceivedPush[];
  /** Requests refused, with why (a test expects none unless it provokes one). */
  readonly refused: { endpoint: string; status: number; why: string }[];
  subscribe(applicationServerKey: string): BrowserSubscription;
  script(endpoint: string, statuses: number[]): void;
  /** Resolves once `count` notifications were received in all (or rejects after `timeoutMs`, a safety net). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Requests answered in all (refusals and scripted failures included). */
  readonly requests: number;
  stop(): Promise<void>;
}

interface TestCertificates {
  ca: string;
  key: string;
  cert: string;
}

let certificates: TestCertificates | undefined;

/** A CA and a certificate for localhost and 127.0.0.1 it signed (EC P-256: made in milliseconds), once per process. */
export function testCertificates(): TestCertificates {
  if (certificates) return certificates;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mvp24-push-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file('ca.key'));
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      file('ca.key'),
      '-subj',
      '/CN=mvp24 test CA',
      '-days',
      '2',
      '-out',
      file('ca.crt'),
    );
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file('server.key'));
    openssl('req', '-new', '-key', file('server.key'), '-subj', '/CN=localhost', '-out', file('server.csr'));
    fs.writeFileSync(file('ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    openssl(
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      file('ca.crt'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      file('ext.cnf'),
      '-out',
      file('server.crt'),
    );
    certificates = {
      ca: fs.readFileSync(file('ca.crt'), 'utf8'),
      key: fs.readFileSync(file('server.key'), 'utf8'),
      cert: fs.readFileSync(file('server.crt'), 'utf8'),
    };
    return certificates;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Subscriber {
  ecdh: crypto.ECDH;
  auth: Buffer;
  applicationServerKey: string;
  script: number[];
}

const b64 = (value: string) => Buffer.from(value, 'base64url');

/** The VAPID public key (65 bytes, uncompressed P-256 point) as a key object. */
function vapidKeyObject(raw: Buffer): crypto.KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; returns why it is refused, or null. */
function vapidRefusal(header: string | undefined, origin: string, expectedKey: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid Authorization';
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) return 'k is not the applicationServerKey of the subscription';
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return 'not a JWT';
  const header_ = JSON.parse(b64(head).toString()) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') return 'alg is not ES256';
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: vapidKeyObject(b64(key)), dsaEncoding: 'ieee-p1363' },
    b64(signature),
  );
  if (!valid) return 'bad JWT signature';
  const body = JSON.parse(b64(claims).toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `aud ${body.aud} is not ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp <= now || body.exp > now + 24 * 3600) return 'exp out of range';
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) return 'sub is not mailto: or https:';
  return null;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 (aes128gcm, one record) with the subscriber's keys, as the browser decrypts it. */
function decrypt(body: Buffer, subscriber: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const secret = subscriber.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(secret, subscriber.auth, info, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}

export async function startFakePushService(): Promise<FakePushService> {
  const { ca, key, cert } = testCertificates();
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  const arrivals = new EventEmitter();
  let requests = 0;
  let origin = '';

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      const endpoint = `${origin}${request.url ?? ''}`;
      const answer = (status: number, why?: string) => {
        if (why) refused.push({ endpoint, status, why });
        response.writeHead(status).end();
      };
      const subscriber = subscribers.get(endpoint);
      if (request.method !== 'POST' || !subscriber) return answer(404, 'no such subscription');
      const scripted = subscriber.script.shift();
      if (scripted !== undefined) return answer(scripted);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'no TTL');
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
      const why = vapidRefusal(request.headers.authorization, origin, subscriber.applicationServerKey);
      if (why) return answer(why.startsWith('k is') ? 403 : 401, why);
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), subscriber).toString('utf8'));
      } catch (error) {
        return answer(400, `cannot decrypt: ${(error as Error).message}`);
      }
      const urgency = request.headers.urgency;
      received.push({ endpoint, payload, ttl, urgency: typeof urgency === 'string' ? urgency : undefined });
      response.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
      arrivals.emit('push');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca, keepAlive: false });

  return {
    origin,
    agent,
    received,
    refused,
    get requests() {
      return requests;
    },
    subscribe(applicationServerKey) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${origin}/push/${crypto.randomUUID()}`;
      subscribers.set(endpoint, { ecdh, auth, applicationServerKey, script: [] });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    script(endpoint, statuses) {
      subscribers.get(endpoint)?.script.push(...statuses);
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          arrivals.off('push', check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          arrivals.off('push', check);
          reject(
            new Error(`${received.length} of ${count} push notifications arrived; refused: ${JSON.stringify(refused)}`),
          );
        }, timeoutMs);
        arrivals.on('push', check);
        check();
      });
    },
    async stop() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
