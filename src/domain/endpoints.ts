/**
 * The intake's paths, apart from the idea schema (src/domain/idea.ts) so that code which only needs a path (the
 * form's `action`) does not bring zod into the page's first load.
 */

/** Supabase-functions style path, so the same page can talk to our server or a Supabase project. */
export const IDEA_ENDPOINT = '/functions/v1/send-idea-email';
/** Issues the signed form-start token used for the minimum fill-time check. */
export const FORM_TOKEN_ENDPOINT = '/functions/v1/idea-form-token';
