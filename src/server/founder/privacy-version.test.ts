import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { privacyPolicy } from '../../content/privacy';
import { PRIVACY_VERSION } from '../../content/privacy-version';
import { CONSENT_VERSION_PATTERN } from '../../domain/idea';

/** The notice's text with placeholder operator details: the version follows the wording, not the deployment. */
function privacyTextVersion(): string {
  const text = JSON.stringify(
    privacyPolicy({ name: '{operator}', representative: '{representative}', contactEmail: '{email}' }),
  );
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, 12);
}

describe('the privacy notice version', () => {
  it('is the hash of the notice text: change content/privacy-version.ts with the text', () => {
    expect(PRIVACY_VERSION, 'the privacy text changed: set PRIVACY_VERSION to the new value').toBe(
      privacyTextVersion(),
    );
    expect(PRIVACY_VERSION).toMatch(CONSENT_VERSION_PATTERN);
  });
});
