/**
 * KakaoTalk 알림톡 through SOLAPI's REST API (issue 49, part 2), on `fetch`, so its base URL is a setting
 * (SOLAPI_BASE_URL; the tests point it at a local fake). One request, `POST /messages/v4/send-many/detail`, signed
 * with SOLAPI's HMAC-SHA256 scheme: `Authorization: HMAC-SHA256 apiKey=…, date=<ISO 8601>, salt=<random>,
 * signature=<hex HMAC-SHA256 of date + salt with the API secret>`. Each message is an `ATA` (알림톡) with its
 * template's id, its variables and the text the template renders to — Kakao compares that text to the approved
 * template — and `disableSms: false`, so SOLAPI replaces a 알림톡 Kakao cannot deliver (no KakaoTalk on the phone, a
 * blocked channel) with an SMS/LMS of the same text from SOLAPI_SENDER: the fallback is the provider's own.
 * Other providers can follow behind `KakaoProvider`.
 */
import crypto from 'node:crypto';
import { kakaoTemplates, renderTemplate, type KakaoTemplateKey } from '../../content/kakao-templates';
import type { Config } from '../config';

export const SOLAPI_SEND_PATH = '/messages/v4/send-many/detail';
/** One request to the provider is cut off after this long. */
export const KAKAO_TIMEOUT_MS = 10_000;

export interface KakaoMessage {
  /** The founder's mobile number, digits only (domain/korean-mobile.ts). */
  to: string;
  template: KakaoTemplateKey;
  /** The template's variables by Kakao's names (`접수번호` …), values already formatted. */
  variables: Record<string, string>;
}

/** What became of one message: accepted (sent as 알림톡 or by the fallback), refused for good, or to be tried again. */
export type KakaoOutcome =
  | { status: 'accepted'; messageId: string | undefined }
  | { status: 'refused'; code: string }
  | { status: 'retry'; code: string };

export interface KakaoProvider {
  send(messages: KakaoMessage[]): Promise<KakaoOutcome[]>;
}

type SolapiSettings = NonNullable<Config['kakao']>;

/** The Authorization header of one request (a new salt each time). */
export function solapiAuthorization(apiKey: string, apiSecret: string, now = new Date()): string {
  const date = now.toISOString();
  const salt = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

interface SolapiAnswer {
  failedMessageList?: { to?: string; errorCode?: string; statusCode?: string }[];
  messageList?: { to?: string; messageId?: string }[];
  errorCode?: string;
}

export class SolapiProvider implements KakaoProvider {
  constructor(
    private readonly settings: SolapiSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The request body of `messages` (what the fake provider checks against the templates). */
  body(messages: KakaoMessage[]) {
    return {
      messages: messages.map((message) => {
        const template = kakaoTemplates[message.template];
        const variables = Object.fromEntries(
          Object.entries(message.variables).map(([name, value]) => [`#{${name}}`, value]),
        );
        return {
          to: message.to,
          from: this.settings.sender,
          type: 'ATA',
          text: renderTemplate(template, message.variables),
          kakaoOptions: {
            pfId: this.settings.pfId,
            templateId: this.settings.templateIds[message.template],
            variables,
            disableSms: false,
          },
        };
      }),
      showMessageList: true,
    };
  }

  async send(messages: KakaoMessage[]): Promise<KakaoOutcome[]> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.settings.baseUrl}${SOLAPI_SEND_PATH}`, {
        method: 'POST',
        headers: {
          authorization: solapiAuthorization(this.settings.apiKey, this.settings.apiSecret),
          'content-type': 'application/json',
        },
        body: JSON.stringify(this.body(messages)),
        signal: AbortSignal.timeout(KAKAO_TIMEOUT_MS),
      });
    } catch (error) {
      const code = error instanceof Error ? error.name : 'network';
      return messages.map(() => ({ status: 'retry', code }));
    }
    const answer = (await response.json().catch(() => ({}))) as SolapiAnswer;
    if (!response.ok) {
      // 429 and 5xx pass; any other refusal of the whole request (a bad key or signature, a bad body) does not.
      const temporary = response.status === 429 || response.status >= 500;
      const code = answer.errorCode ?? `HTTP ${response.status}`;
      return messages.map(() => (temporary ? { status: 'retry', code } : { status: 'refused', code }));
    }
    const failed = answer.failedMessageList ?? [];
    const ids = answer.messageList ?? [];
    // The lists name messages by their number: each failure and each id is matched to one message with that number,
    // in order (two messages to one founder in a request keep their own ids).
    const failures = [...failed];
    const accepted = [...ids];
    return messages.map((message) => {
      const index = failures.findIndex((failure) => failure.to === message.to);
      if (index >= 0) {
        const [failure] = failures.splice(index, 1);
        return { status: 'refused', code: failure?.errorCode ?? failure?.statusCode ?? 'failed' };
      }
      const found = accepted.findIndex((entry) => entry.to === message.to);
      const [entry] = found >= 0 ? accepted.splice(found, 1) : [];
      return { status: 'accepted', messageId: entry?.messageId };
    });
  }
}
