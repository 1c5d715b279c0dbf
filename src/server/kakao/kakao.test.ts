/**
 * KakaoTalk 알림톡 through SOLAPI (issue 49, part 2) against a local SOLAPI that checks the HMAC signature and holds
 * each sent text to the template registered for its id (test-support/server/fake-solapi.ts): every template of
 * content/kakao-templates.ts, filled with its variables, is what the provider accepts; a text that drifted from the
 * registered one, a wrong secret, a number without KakaoTalk (the SMS/LMS fallback) and the settings at boot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KAKAO_TEMPLATE_KEYS,
  kakaoTemplates,
  templateVariables,
  type KakaoTemplateKey,
} from '../../content/kakao-templates';
import { loadConfig, testConfig } from '../config';
import { startFakeSolapi, type FakeSolapi } from '../../../test-support/server/fake-solapi';
import { SolapiProvider, type KakaoMessage } from './solapi-client';

const templateIds = Object.fromEntries(
  KAKAO_TEMPLATE_KEYS.map((key, index) => [key, `KA01TP${1000 + index}`]),
) as Record<KakaoTemplateKey, string>;
const account = {
  apiKey: 'NCSTESTAPIKEY0001',
  apiSecret: 'TESTSECRET0123456789ABCDEFGHIJKLMN',
  sender: '0212345678',
  pfId: 'KA01PF0000000001',
  // What the agency registered: the content's texts, exactly.
  templates: Object.fromEntries(KAKAO_TEMPLATE_KEYS.map((key) => [templateIds[key], kakaoTemplates[key].text])),
};
const env = (baseUrl: string, overrides: Record<string, string> = {}) => ({
  SOLAPI_BASE_URL: baseUrl,
  SOLAPI_API_KEY: account.apiKey,
  SOLAPI_API_SECRET: account.apiSecret,
  SOLAPI_SENDER: account.sender,
  KAKAO_PFID: account.pfId,
  KAKAO_TEMPLATE_IDS: KAKAO_TEMPLATE_KEYS.map((key) => `${key}=${templateIds[key]}`).join(','),
  ...overrides,
});

/** Sample values for a template's variables: the reference, a KST time, a status link. */
const sample: Record<string, string> = {
  접수번호: '3f2a9c1e',
  약속시각: '11월 29일 (일) 오후 2:30',
  미팅일시: '12월 1일 (화) 오전 10:00',
  진행상황링크: 'https://mvp24.example/status/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde',
};
const message = (template: KakaoTemplateKey, to = '01012345678'): KakaoMessage => ({
  to,
  template,
  variables: Object.fromEntries(templateVariables(kakaoTemplates[template]).map((name) => [name, sample[name]!])),
});

describe('KakaoTalk 알림톡 through SOLAPI', () => {
  let solapi: FakeSolapi;
  beforeAll(async () => {
    solapi = await startFakeSolapi(account);
  });
  afterAll(async () => {
    await solapi?.stop();
  });

  it('sends every template filled with its variables, as registered, signed; informational, with the status link', async () => {
    const provider = new SolapiProvider(testConfig(env(solapi.baseUrl)).kakao!);
    const outcomes = await provider.send(KAKAO_TEMPLATE_KEYS.map((key) => message(key)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(KAKAO_TEMPLATE_KEYS.map(() => 'accepted'));
    expect(solapi.refused).toEqual([]);
    expect(solapi.sent).toHaveLength(KAKAO_TEMPLATE_KEYS.length);
    for (const [index, key] of KAKAO_TEMPLATE_KEYS.entries()) {
      const sent = solapi.sent[index]!;
      expect(sent.templateId).toBe(templateIds[key]);
      expect(sent.text).toContain(sample.접수번호);
      expect(sent.text).not.toMatch(/#\{/);
      expect(sent.via).toBe('kakao');
      // One button, the status page; the text names no founder and advertises nothing.
      expect(kakaoTemplates[key].button).toEqual({ name: '진행 상황 보기', link: '#{진행상황링크}' });
      expect(sent.variables['#{진행상황링크}']).toBe(sample.진행상황링크);
      expect(sent.text).not.toMatch(/할인|이벤트|광고|무료/);
    }
    solapi.sent.length = 0;
  });

  it('is refused when the text drifted from the registered template, or the signature is not the secret', async () => {
    const drifted = new SolapiProvider({
      ...testConfig(env(solapi.baseUrl)).kakao!,
      // As if the receipt's id pointed at the meeting's approved text.
      templateIds: { ...testConfig(env(solapi.baseUrl)).kakao!.templateIds, receipt: templateIds.meeting_invitation },
    });
    expect(await drifted.send([message('receipt')])).toEqual([{ status: 'refused', code: '3034' }]);
    expect(solapi.refused.at(-1)?.why).toMatch(/template/);

    const wrongSecret = new SolapiProvider(
      testConfig(env(solapi.baseUrl, { SOLAPI_API_SECRET: 'not-the-secret' })).kakao!,
    );
    expect(await wrongSecret.send([message('receipt')])).toEqual([
      { status: 'refused', code: 'SignatureDoesNotMatch' },
    ]);
    solapi.script([503]);
    const provider = new SolapiProvider(testConfig(env(solapi.baseUrl)).kakao!);
    expect(await provider.send([message('receipt')])).toEqual([{ status: 'retry', code: 'Scripted503' }]);
    expect(solapi.sent).toEqual([]);
    solapi.refused.length = 0;
  });

  it('falls back to an SMS/LMS of the same text from the sender when the phone cannot take a 알림톡', async () => {
    solapi.withoutKakao.add('01098765432');
    const provider = new SolapiProvider(testConfig(env(solapi.baseUrl)).kakao!);
    const outcomes = await provider.send([message('meeting_hour_before', '01098765432'), message('receipt')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['accepted', 'accepted']);
    expect(solapi.sent.map((sent) => [sent.to, sent.via])).toEqual([
      ['01098765432', 'lms'],
      ['01012345678', 'kakao'],
    ]);
  });

  it('is off unless every setting is there, and names what is missing', () => {
    expect(testConfig().kakao).toBeUndefined();
    expect(() => loadConfig({ SOLAPI_API_KEY: 'k' })).toThrow(
      /SOLAPI_API_SECRET, SOLAPI_SENDER, KAKAO_PFID, KAKAO_TEMPLATE_IDS/,
    );
    expect(() => loadConfig(env('https://api.solapi.com', { KAKAO_TEMPLATE_IDS: 'receipt=KA01' }))).toThrow(
      /KAKAO_TEMPLATE_IDS: no template id for message/,
    );
    expect(() => loadConfig(env('https://api.solapi.com', { SOLAPI_SENDER: '010-1234-5678' }))).toThrow(
      /SOLAPI_SENDER/,
    );
  });
});
