/**
 * The intake's paths and wire names, apart from the idea schema (src/domain/idea.ts) so that code which only needs
 * these (the form's `action`, the API client) does not bring zod into the page's first load.
 */

/** Supabase-functions style path, so the same page can talk to our server or a Supabase project. */
export const IDEA_ENDPOINT = '/functions/v1/send-idea-email';
/** Issues the signed form-start token used for the minimum fill-time check. */
export const FORM_TOKEN_ENDPOINT = '/functions/v1/idea-form-token';

/** Name of the hidden honeypot input. People never see or fill it; naive bots do. */
export const HONEYPOT_FIELD = 'website';

/** The hidden field with the privacy notice's version the form showed (decision 085). */
export const CONSENT_VERSION_FIELD = 'consentVersion';

/**
 * GET FORM_TOKEN_ENDPOINT's answer: the signed form-start token, and how long after it was issued the server takes a
 * submission as a person's. The form waits out the rest of `minFillMs` before it sends, so a visitor who fills the
 * form fast (autofill, paste, or typing before the page code arrived) is not taken for a bot.
 */
export interface FormTokenAnswer {
  token: string;
  minFillMs: number;
}

/** The receipt page a form posted without the page's script is sent to: `${IDEA_RECEIPT_PATH}/<reference>`. */
export const IDEA_RECEIPT_PATH = '/idea-received';

/** The idea form's KakaoTalk updates checkbox (issue 49), apart from the consent; `on` when ticked. */
export const KAKAO_UPDATES_FIELD = 'kakaoUpdates';
