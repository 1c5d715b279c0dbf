/**
 * A local SOLAPI (issue 49, part 2) checking what the real one and Kakao check of `POST /messages/v4/send-many/detail`:
 * - the `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…` header: a known key, a date within 15 minutes, a salt
 *   not seen before, the signature the HMAC-SHA256 of date + salt with the key's secret (else 401, SOLAPI's
 *   `SignatureDoesNotMatch` and friends);
 * - each message: an `ATA` from the registered sender on the registered channel, a template id it was given with its
 *   approved text, exactly that template's variables, and a `text` equal to the approved text with them filled in —
 *   Kakao refuses anything else (listed in `failedMessageList` with code 3034, as a template mismatch);
 * - a number in `withoutKakao` cannot take a 알림톡: with `disableSms: false` it is sent as an SMS/LMS of the same
 *   text (the provider's fallback), else it fails.
 * Accepted messages are in `sent` with how they went out.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSolapiMessage {
  to: string;
  templateId: string;
  text: string;
  variables: Record<string, string>;
  via: 'kakao' | 'sms' | 'lms';
}

export interface FakeSolapi {
  readonly baseUrl: string;
  readonly sent: FakeSolapiMessage[];
  /** Refusals of whole requests and of single messages, with why. */
  readonly refused: { status: number; code: string; why: string }[];
  /** Numbers whose phone has no KakaoTalk (or blocked the channel). */
  readonly withoutKakao: Set<string>;
  /** Send requests answered in all (two instances sharing an outbox: each batch once). */
  readonly requests: number;
  /** The next requests are answered with these HTTP statuses (then normally). */
  script(statuses: number[]): void;
  /** Resolves once `count` messages were accepted in all (rejects after `timeoutMs`, a safety net). */
  waitFor(count: number, timeoutMs?: number): Promise<FakeSolapiMessage[]>;
  stop(): Promise<void>;
}

export interface FakeSolapiAccount {
  apiKey: string;
  apiSecret: string;
  sender: string;
  pfId: string;
  /** What the agency registered and Kakao approved: each template id's text. */
  templates: Record<string, string>;
}

const HEADER = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]{64})$/;

interface SentMessage {
  to?: string;
  from?: string;
  type?: string;
  text?: string;
  kakaoOptions?: { pfId?: string; templateId?: string; variables?: Record<string, string>; disableSms?: boolean };
}

export async function startFakeSolapi(account: FakeSolapiAccount): Promise<FakeSolapi> {
  const sent: FakeSolapiMessage[] = [];
  const refused: FakeSolapi['refused'] = [];
  const withoutKakao = new Set<string>();
  const salts = new Set<string>();
  const scripted: number[] = [];
  const arrivals = new EventEmitter();
  let requests = 0;

  const authRefusal = (header: string | undefined): string | null => {
    const match = HEADER.exec(header ?? '');
    if (!match) return 'InvalidAuthorizationHeader';
    const [, apiKey, date, salt, signature] = match as unknown as [string, string, string, string, string];
    if (apiKey !== account.apiKey) return 'InvalidApiKey';
    const at = Date.parse(date);
    if (!Number.isFinite(at) || Math.abs(Date.now() - at) > 15 * 60_000) return 'RequestTimeTooSkewed';
    if (salts.has(salt)) return 'DuplicatedSignature';
    salts.add(salt);
    const expected = crypto
      .createHmac('sha256', account.apiSecret)
      .update(date + salt)
      .digest('hex');
    return expected === signature ? null : 'SignatureDoesNotMatch';
  };

  const messageRefusal = (message: SentMessage): string | null => {
    const options = message.kakaoOptions ?? {};
    if (message.type !== 'ATA') return 'not an ATA message';
    if (message.from !== account.sender) return 'sender not registered';
    if (options.pfId !== account.pfId) return 'channel not registered';
    const template = options.templateId ? account.templates[options.templateId] : undefined;
    if (template === undefined) return 'no such template';
    const names = [...new Set([...template.matchAll(/#\{[^}]+\}/g)].map((match) => match[0]))].sort();
    const given = Object.keys(options.variables ?? {}).sort();
    // The button's link variable is allowed besides the text's.
    const unknown = given.filter((name) => !names.includes(name) && name !== '#{진행상황링크}');
    if (names.some((name) => !given.includes(name)) || unknown.length > 0) return 'variables do not match the template';
    let filled = template;
    for (const [name, value] of Object.entries(options.variables ?? {})) filled = filled.split(name).join(value);
    if (message.text !== filled) return 'text does not match the template';
    if (!/^01\d{8,9}$/.test(message.to ?? '')) return 'not a mobile number';
    return null;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || request.url !== '/messages/v4/send-many/detail')
        return answer(404, { errorCode: 'NotFound' });
      requests += 1;
      const status = scripted.shift();
      if (status !== undefined) return answer(status, { errorCode: `Scripted${status}` });
      const why = authRefusal(request.headers.authorization);
      if (why) {
        refused.push({ status: 401, code: why, why });
        return answer(401, { errorCode: why, errorMessage: why });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages?: SentMessage[] };
      const failedMessageList: { to?: string; errorCode: string; errorMessage: string }[] = [];
      const messageList: { to?: string; messageId: string }[] = [];
      for (const message of body.messages ?? []) {
        const refusal = messageRefusal(message);
        if (refusal) {
          refused.push({ status: 200, code: '3034', why: refusal });
          failedMessageList.push({ to: message.to, errorCode: '3034', errorMessage: refusal });
          continue;
        }
        const to = message.to!;
        const text = message.text!;
        let via: FakeSolapiMessage['via'] = 'kakao';
        if (withoutKakao.has(to)) {
          if (message.kakaoOptions?.disableSms !== false) {
            failedMessageList.push({ to, errorCode: '3015', errorMessage: 'no KakaoTalk, SMS disabled' });
            continue;
          }
          via = Buffer.byteLength(text, 'utf8') > 90 ? 'lms' : 'sms';
        }
        sent.push({
          to,
          templateId: message.kakaoOptions!.templateId!,
          text,
          variables: message.kakaoOptions!.variables ?? {},
          via,
        });
        arrivals.emit('sent');
        messageList.push({ to, messageId: `M4V${crypto.randomBytes(8).toString('hex').toUpperCase()}` });
      }
      return answer(200, {
        groupInfo: { groupId: `G4V${crypto.randomBytes(8).toString('hex').toUpperCase()}` },
        failedMessageList,
        messageList,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    refused,
    withoutKakao,
    get requests() {
      return requests;
    },
    script: (statuses) => scripted.push(...statuses),
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (sent.length < count) return;
          arrivals.off('sent', check);
          clearTimeout(timer);
          resolve(sent);
        };
        const timer = setTimeout(() => {
          arrivals.off('sent', check);
          reject(new Error(`${sent.length} of ${count} messages arrived; refused: ${JSON.stringify(refused)}`));
        }, timeoutMs);
        arrivals.on('sent', check);
        check();
      });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
