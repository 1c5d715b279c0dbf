/**
 * The idea request: the one contract between the idea form (browser) and the intake server.
 * Both sides validate with `ideaRequestSchema`; nothing else is shared between web and server.
 */
import { z } from 'zod';

import { CONSENT_VERSION_FIELD, HONEYPOT_FIELD, KAKAO_UPDATES_FIELD } from './endpoints';
import { withObject, withTopic } from './korean-particles';
import { KOREAN_MOBILE_INVALID, normalizeKoreanMobile } from './korean-mobile';
import { isBlank } from './visible-text';
import { REFERRER_HOST_MAX, SOURCE_PARAMS_FIELD, SOURCE_REFERRER_FIELD } from './landing';
import { VOICE_MEMO_MAX_MS } from './voice-memo';

/** The shape of a privacy notice version (12 hex digits; the field: CONSENT_VERSION_FIELD in endpoints.ts). */
export const CONSENT_VERSION_PATTERN = /^[0-9a-f]{12}$/;

export {
  CONSENT_VERSION_FIELD,
  FORM_TOKEN_ENDPOINT,
  HONEYPOT_FIELD,
  IDEA_ENDPOINT,
  KAKAO_UPDATES_FIELD,
} from './endpoints';

// zod 4 probes `new Function('')` to compile faster validators; the site's CSP forbids eval, and Chromium reports
// each probe as a CSP issue once the form's validation loads. The schema is small: interpreted is fast enough.
z.config({ jitless: true });

/** Whether the idea form's KakaoTalk opt-in (issue 49, KAKAO_UPDATES_FIELD) asks for the updates. */
export const wantsKakaoUpdates = (value: unknown): boolean => value === true || value === 'on' || value === 'true';

/** Maximum lengths in characters (after trimming). */
export const IDEA_LIMITS = {
  idea: 5000,
  name: 100,
  email: 254,
  phone: 30,
} as const;

export const IDEA_FIELD_LABELS = {
  idea: '아이디어',
  name: '이름',
  email: '이메일',
  phone: '연락처',
} as const;

export type IdeaField = keyof typeof IDEA_FIELD_LABELS;
export const REQUIRED_IDEA_FIELDS = ['idea', 'name', 'email'] as const satisfies readonly IdeaField[];

export function tooLong(field: IdeaField): string {
  return `${withTopic(IDEA_FIELD_LABELS[field])} ${IDEA_LIMITS[field].toLocaleString('ko-KR')}자 이내로 입력해주세요.`;
}

export function required(field: IdeaField): string {
  return `${withObject(IDEA_FIELD_LABELS[field])} 입력해주세요.`;
}

/** The idea is text or a voice memo: the message when there is neither. */
export const IDEA_OR_MEMO_REQUIRED = '아이디어를 글로 쓰거나 음성 메모로 남겨주세요.';

/** A field holding a character the database cannot store or the team would not see (a control character, half an emoji). */
export function unstorable(field: IdeaField): string {
  return `${IDEA_FIELD_LABELS[field]}에 저장할 수 없는 문자가 들어 있습니다. 붙여 넣은 부분을 지우고 다시 입력해주세요.`;
}

/**
 * What PostgreSQL cannot store in text (U+0000; a lone UTF-16 surrogate, which has no UTF-8 form) and C0 control
 * characters, which no keyboard types. The idea text may hold tab and line breaks; the one-line fields may not.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;
/* eslint-enable no-control-regex */

export function storable(text: string, multiline: boolean): boolean {
  return !(multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(text) && !LONE_SURROGATE.test(text);
}

/** Trimmed; invisible-only becomes '' (so it is missing); refused when it holds what cannot be stored. */
const text = (field: IdeaField, message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .trim()
    .refine((value) => storable(value, field === 'idea'), { error: unstorable(field), abort: true })
    .overwrite((value) => (isBlank(value) ? '' : value));

const requiredText = (field: IdeaField) =>
  text(field, required(field))
    .min(1, { error: required(field) })
    .max(IDEA_LIMITS[field], { error: tooLong(field) });

/** The visitor's submission: what is stored and mailed to the team. Unknown keys are stripped. */
export const ideaFieldsSchema = z.object({
  // May be empty when a voice memo carries the idea (ideaRequestSchema checks that one of the two is there).
  idea: text('idea', IDEA_OR_MEMO_REQUIRED)
    .max(IDEA_LIMITS.idea, { error: tooLong('idea') })
    .default(''),
  name: requiredText('name'),
  email: requiredText('email').pipe(z.email({ error: '올바른 이메일 주소를 입력해주세요.' })),
  phone: text('phone')
    .max(IDEA_LIMITS.phone, { error: tooLong('phone') })
    .optional()
    .default(''),
  /**
   * Issue 49: the founder asks for KakaoTalk updates at `phone` (a checkbox apart from the privacy consent: `on` from
   * a form post or the page). A Korean mobile number is then required (ideaRequestSchema refuses it at its field).
   */
  [KAKAO_UPDATES_FIELD]: z
    .union([z.boolean(), z.literal('on'), z.literal('true')])
    .optional()
    .transform((value) => wantsKakaoUpdates(value)),
});

/**
 * The request body: the fields plus the anti-abuse extras the page sends along, and the voice memo's length when a
 * memo file comes with it (multipart). An idea needs its text or a memo.
 */
export const ideaRequestSchema = ideaFieldsSchema
  .extend({
    [HONEYPOT_FIELD]: z.string().max(500).optional(),
    formToken: z.string().max(500).optional(),
    /**
     * The privacy notice's version the form showed (a hidden field; content/privacy-version.ts). Stored with the
     * idea as its consent record; a missing or malformed one never refuses the idea (decision 085).
     */
    [CONSENT_VERSION_FIELD]: z
      .string()
      .regex(CONSENT_VERSION_PATTERN)
      .optional()
      .catch(() => undefined),
    /** Where the visit began (domain/lead-source.ts, decision 134); a malformed one is dropped, never refused. */
    [SOURCE_PARAMS_FIELD]: z
      .string()
      .max(1000)
      .optional()
      .catch(() => undefined),
    [SOURCE_REFERRER_FIELD]: z
      .string()
      .max(REFERRER_HOST_MAX)
      .optional()
      .catch(() => undefined),
    memoDurationMs: z.coerce
      .number()
      .int()
      .min(0)
      .max(VOICE_MEMO_MAX_MS + 10_000)
      .optional(),
  })
  .refine((request) => request.idea !== '' || request.memoDurationMs !== undefined, {
    path: ['idea'],
    message: IDEA_OR_MEMO_REQUIRED,
    // Checked even when another field failed, so every missing field is named at once.
    when: () => true,
  })
  // KakaoTalk updates need a Korean mobile number: refused at the phone field, even when another field failed.
  .refine(
    (request) =>
      !wantsKakaoUpdates(request[KAKAO_UPDATES_FIELD]) ||
      (typeof request.phone === 'string' && normalizeKoreanMobile(request.phone) !== null),
    { path: ['phone'], message: KOREAN_MOBILE_INVALID, when: () => true },
  );

export type IdeaFields = z.output<typeof ideaFieldsSchema>;
export type IdeaRequest = z.input<typeof ideaRequestSchema>;

/** The required fields left empty (blank: nothing visible): the form then sends nothing. A voice memo stands in for the idea text. */
export function missingRequiredFields(
  input: Partial<Record<IdeaField, string>>,
  options: { hasVoiceMemo?: boolean } = {},
): IdeaField[] {
  return REQUIRED_IDEA_FIELDS.filter(
    (field) => isBlank(input[field] ?? '') && !(field === 'idea' && options.hasVoiceMemo),
  );
}

/**
 * 202 answer. `promisedBy` is `receivedAt` + 24 hours. Both are ISO 8601 instants (UTC). `statusUrl` is the
 * founder's status page, a path on the site's origin (`/status/<token>`, decision 084).
 */
export interface IdeaReceipt {
  id: string;
  receivedAt: string;
  promisedBy: string;
  statusUrl: string;
}

export const PROMISE_HOURS = 24;

export type ApiErrorCode =
  | 'invalid_json'
  | 'validation_failed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'unsupported_audio'
  | 'memo_too_large'
  | 'memo_incomplete'
  | 'unauthorized'
  | 'forbidden_origin'
  | 'rate_limited'
  | 'idempotency_conflict'
  | 'not_found'
  | 'internal_error'
  | 'unavailable';

/** Every error answer has this shape; `message` is Korean and safe to show to the visitor. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    fields?: Partial<Record<IdeaField, string>>;
  };
}
