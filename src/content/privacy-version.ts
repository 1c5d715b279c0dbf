/**
 * The version of the privacy notice (decision 085): the first 12 hex digits of SHA-256 over the policy's text
 * (privacyPolicy() with placeholder operator details, so a deployment's own name and address do not change it).
 * The form sends it as a hidden field and the server stores it with each idea as its consent record. A test
 * (src/server/founder/privacy-version.test.ts) recomputes it and fails, naming the new value, when the text changed
 * and this line did not: a changed notice always gets a new version.
 */
export const PRIVACY_VERSION = '3dc92c36ee82';
